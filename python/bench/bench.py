"""The Python figures of make bench: the package beside the official Python
SDK's own way of making the same result (its CallToolResult model built,
validated with model_validate and dumped with model_dump_json), for the
README's weather result (m.tool) and a 100 KB text result (m.tool +
m.serialize); where a small call's time goes; and the first result in a
new interpreter, with an empty cache directory (cold: the module compiled)
and with the compiled module cached. It prints one line per run in the
form of go test -bench (name, iterations, value unit pairs), which
internal/cmd/benchtable reads beside the Go and Node benchmarks:

    python python/bench/bench.py > bin/bench-python.txt
    go run ./internal/cmd/benchtable ... -python bin/bench-python.txt < bin/bench.txt

Every timed figure is the p50 of the per-op time of many small batches in
one run, after a warm-up; the runs of all benchmarks are interleaved, each
starts after a full garbage collection, and the table takes the median of
the runs. Nothing here passes or fails on time.

Options: --count N (runs, default 5), --spawns N (new processes with the
module cached, default 7), --cold N (new processes with an empty cache
directory, default 3), --run-ms, --warmup-ms, --filter REGEXP.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import mcpresult
from mcpresult import _api, _refs
from mcpresult._facts import OP_BUILD

import mcp.types as sdk_types

TEXT_100KB = 'lorem ipsum "dolor" sit amet\n' * ((100 * 1024) // 30)


def weather_tool(m: mcpresult.McpResult) -> Any:
    """The README's weather result, as a handler gives it to m.tool (which
    writes its text copy)."""
    return m.tool(structured_content={"city": "Paris", "tempC": 18.5})


def weather_sdk() -> str:
    """The same result the official SDK's way: the text copy written with
    json.dumps, the model validated and dumped."""
    sc = {"city": "Paris", "tempC": 18.5}
    r = sdk_types.CallToolResult.model_validate({"content": [{"type": "text", "text": json.dumps(sc, separators=(",", ":"))}], "structuredContent": sc})
    return r.model_dump_json(by_alias=True, exclude_none=True)


def big_tool(m: mcpresult.McpResult) -> str:
    return m.serialize(m.tool(m.text(TEXT_100KB)))


def without_refs(fn: Callable[[], Any]) -> Callable[[], Any]:
    """fn with builds that do not ask for their long strings by reference
    (what the package did before it did), for the figure beside."""

    def run() -> Any:
        _refs.ENABLED = False
        try:
            return fn()
        finally:
            _refs.ENABLED = True

    return run


def big_sdk() -> str:
    r = sdk_types.CallToolResult.model_validate({"content": [{"type": "text", "text": TEXT_100KB}]})
    return r.model_dump_json(by_alias=True, exclude_none=True)


def same_result(ours: str, theirs: str) -> None:
    """The two sides write the same result but for the SDK's resultType
    (which it always adds) and mcpresult's isError (which it always
    writes)."""
    a, b = json.loads(ours), json.loads(theirs)
    a.pop("isError", None)
    b.pop("isError", None)
    b.pop("resultType", None)
    if a != b:
        raise SystemExit(f"bench: the SDK's result differs from mcpresult's:\n{ours[:300]}\n{theirs[:300]}")


def p50_per_op(fn: Callable[[], Any], run_ms: float, warmup_ms: float) -> tuple[float, int]:
    """The median per-op time (ns) of batches of fn run for run_ms, after
    warmup_ms of warm-up, and the number of ops run."""
    end = time.perf_counter() + warmup_ms / 1e3
    while time.perf_counter() < end:
        fn()
    # a batch of about a millisecond
    t0 = time.perf_counter_ns()
    fn()
    one = max(time.perf_counter_ns() - t0, 1)
    batch = max(1, min(1000, 1_000_000 // one))
    gc.collect()
    samples: list[float] = []
    ops = 0
    end = time.perf_counter() + run_ms / 1e3
    while time.perf_counter() < end or len(samples) < 5:
        t0 = time.perf_counter_ns()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter_ns() - t0) / batch)
        ops += batch
    return statistics.median(samples), ops


def parts(m: mcpresult.McpResult) -> dict[str, Callable[[], Any]]:
    """A small m.tool in its parts: the request encoded, the module's call
    (wasmtime: alloc, write, call, read, two frees), the response decoded
    (msgpack), the result's JSON parsed (json.loads)."""
    from mcpresult._encode import MODE_STRICT, Encoder
    from mcpresult._facts import MAX_REQUEST, MAX_RESULT_DEPTH

    import msgpack

    pool = m._pool

    def encode() -> Any:
        enc = Encoder(MAX_REQUEST)
        enc.map_header(2)
        _api._member(enc, "kind", "tool")
        enc.string("input")
        _api._write_input(enc, {"structuredContent": {"city": "Paris", "tempC": 18.5}}, MODE_STRICT, MAX_RESULT_DEPTH, 100_000, 2_000_000)
        return enc.buf

    req = bytes(encode())
    inst = pool._take()
    pool._give(inst)
    raw = inst.call(OP_BUILD, req)
    text = msgpack.unpackb(raw, raw=False)["json"]

    def call() -> Any:
        i = pool._take()
        try:
            return i.call(OP_BUILD, req)
        finally:
            pool._give(i)

    return {
        "encode": encode,
        "call": call,
        "unpack": lambda: msgpack.unpackb(raw, raw=False, use_list=True, strict_map_key=True),
        "json": lambda: json.loads(text),
    }


CHILD = r"""
import os, sys, time
t0 = time.perf_counter_ns()
import mcpresult
t1 = time.perf_counter_ns()
m = mcpresult.load()
t2 = time.perf_counter_ns()
r = m.serialize(m.tool(structured_content={"city": "Paris", "tempC": 18.5}))
t3 = time.perf_counter_ns()
assert r.startswith('{"content":[{"type":"text","text":'), r
print(t1 - t0, t2 - t1, t3 - t2, m.stats()["module"])
"""


def first_result(cache_dir: str) -> tuple[int, int, int, int, str]:
    """A new interpreter that imports mcpresult, loads and builds (and
    writes) one result: import, load, the first call, and the whole
    process's wall time, in ns, and how the module was had."""
    env = dict(os.environ, MCPRESULT_CACHE_DIR=cache_dir)
    t0 = time.perf_counter_ns()
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, check=True, capture_output=True, text=True).stdout.split()
    wall = time.perf_counter_ns() - t0
    return int(out[0]), int(out[1]), int(out[2]), wall, out[3]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--spawns", type=int, default=7)
    ap.add_argument("--cold", type=int, default=3)
    ap.add_argument("--run-ms", type=float, default=500)
    ap.add_argument("--warmup-ms", type=float, default=300)
    ap.add_argument("--filter", default="")
    args = ap.parse_args()

    m = mcpresult.load()
    same_result(m.json_of(weather_tool(m)) or "", weather_sdk())
    same_result(big_tool(m), big_sdk())

    print(f"goos: {sys.platform}")
    print(f"goarch: {platform.machine()}")
    print("pkg: mcpresult/python/bench")
    print(f"python: {platform.python_implementation()} {platform.python_version()}")
    print(f"wasmtime: {importlib.metadata.version('wasmtime')}")
    print(f"pysdk: {importlib.metadata.version('mcp')}")
    print(f"pydantic: {importlib.metadata.version('pydantic')}")
    print(f"# {os.cpu_count()} cores; p50 per op of each run, {args.count} runs interleaved, {args.warmup_ms:.0f} ms warm-up each", flush=True)

    benches: dict[str, Callable[[], Any]] = {
        "BenchmarkPythonToolWeather": lambda: weather_tool(m),
        "BenchmarkPythonSDKWeather": weather_sdk,
        "BenchmarkPythonToolSerialize100KB": lambda: big_tool(m),
        "BenchmarkPythonSDK100KB": big_sdk,
        "BenchmarkPythonTool100KB": lambda: m.tool(m.text(TEXT_100KB)),
        "BenchmarkPythonToolSerialize100KBNoRefs": without_refs(lambda: big_tool(m)),
        "BenchmarkPythonTool100KBNoRefs": without_refs(lambda: m.tool(m.text(TEXT_100KB))),
    }
    for k, fn in parts(m).items():
        benches["BenchmarkPythonWeatherParts/" + k] = fn
    pattern = re.compile(args.filter)
    for _ in range(args.count):
        for name, fn in benches.items():
            if not pattern.search(name):
                continue
            ns, ops = p50_per_op(fn, args.run_ms, args.warmup_ms)
            print(f"{name}\t{ops}\t{ns:.1f}\tns/op", flush=True)

    # The first result in a new process: the cache filled once, then each
    # spawn reads it; a cold spawn has an empty cache directory of its own.
    with tempfile.TemporaryDirectory(prefix="mcpresult-bench-") as tmp:
        warm = os.path.join(tmp, "warm")
        first_result(warm)
        runs: list[tuple[str, str]] = [("warm", warm)] * args.spawns
        runs += [("cold", os.path.join(tmp, f"cold-{i}")) for i in range(args.cold)]
        for kind, cdir in runs:
            imp, load, call, wall, source = first_result(cdir)
            if source != ("cache" if kind == "warm" else "compiled"):
                raise SystemExit(f"bench: a {kind} spawn had its module {source!r}")
            total = imp + load + call
            print(f"BenchmarkPythonFirstResult/{kind}\t1\t{total}\tns/op\t{imp}\tns-import\t{load}\tns-load\t{call}\tns-call\t{wall}\tns-process", flush=True)


if __name__ == "__main__":
    main()
