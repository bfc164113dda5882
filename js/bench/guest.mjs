// Runs a Go test binary built for wasip1 under V8, with Node's WASI: the
// guest's own share of a call, as the module runs in Node. For example,
// the guest's benchmarks of the dispatch (see internal/guest/bench_test.go):
//
//   GOOS=wasip1 GOARCH=wasm go test -c -o guest.wasm ./internal/guest
//   node js/bench/guest.mjs guest.wasm -test.run='^$' -test.bench=Handle
import { readFileSync } from "node:fs";
import { WASI } from "node:wasi";

const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [file, ...args], env: {}, returnOnExit: true });
const instance = await WebAssembly.instantiate(await WebAssembly.compile(readFileSync(file)), wasi.getImportObject());
process.exitCode = wasi.start(instance);
