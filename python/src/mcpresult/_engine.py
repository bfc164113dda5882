"""The module under wasmtime: compiling it (once, through a cache), its
instances and the ABI calls.

The compiled module is shared by every API of the process; each API has a
pool of instances. A wasmtime Store is not safe to use from two threads at
once, so an instance serves one call at a time: a call takes a free
instance from the pool (making one when fewer than the pool's size exist,
else waiting for one), and gives it back after. An instance is discarded
after a trap, an exit or a malformed response (the call is internal), and
replaced once its linear memory, which never shrinks, grew past the
high-water mark.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from pathlib import Path
from typing import Any

import msgpack
import wasmtime

from ._errors import McpResultError
from ._facts import ABI_VERSION, MAX_REQUEST
from ._rawcall import raw_calls

#: The memory past which an instance is replaced after a call (as in JS).
DEFAULT_HIGH_WATER = 64 * 1024 * 1024
#: The most memory an instance may have: the Go host's default, in which
#: the module answers every request up to its largest.
MEMORY_LIMIT = 1 << 30

_WASM_PATH = Path(__file__).with_name("mcpresult.wasm")
_EXPORTS = ("memory", "_initialize", "mcpresult_abi_version", "mcpresult_alloc", "mcpresult_free", "mcpresult_call")
_WASI = frozenset(
    {
        "args_get",
        "args_sizes_get",
        "environ_get",
        "environ_sizes_get",
        "clock_time_get",
        "fd_write",
        "random_get",
        "poll_oneoff",
        "sched_yield",
        "proc_exit",
    }
)
#: What a cache file starts with, before the sha256 of the rest (the
#: serialized module), so that a file cut short or changed is never handed
#: to wasmtime, which trusts what it deserializes.
_CACHE_MAGIC = b"mcpresult-cwasm\x00"
#: Whether instances call the module through wasmtime's C API directly
#: (_rawcall) where wasmtime allows; the tests turn it off to compare.
RAW_CALLS = True


def wasmtime_version() -> str:
    """The version of the wasmtime package installed: read from the name of
    its dist-info folder beside it (importlib.metadata, which would read it
    too, takes longer to import than the rest of the package), else asked of
    importlib.metadata."""
    found = list(Path(wasmtime.__file__).parent.parent.glob("wasmtime-*.dist-info"))
    if len(found) == 1:
        return found[0].name[len("wasmtime-") : -len(".dist-info")]
    import importlib.metadata

    try:
        return importlib.metadata.version("wasmtime")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def default_cache_dir() -> Path | None:
    """Where the compiled module is kept: $MCPRESULT_CACHE_DIR (empty: no
    cache), else the user's cache directory of the platform."""
    env = os.environ.get("MCPRESULT_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "mcpresult" / "Cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "mcpresult"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mcpresult"


class Compiled:
    """A compiled module and how it was had: "cache" (read from the cache
    directory) or "compiled". (Plain classes here and in Stats: dataclasses
    would add its import, inspect's, to the package's.)"""

    def __init__(self, engine: wasmtime.Engine, module: wasmtime.Module, source: str, cache_file: Path | None) -> None:
        self.engine = engine
        self.module = module
        self.source = source
        self.cache_file = cache_file


def check_module(module: wasmtime.Module) -> None:
    """Refuses a module that is not an mcpresult module this package can run:
    its exports, and imports of WASI that wasmtime provides."""
    names = {e.name for e in module.exports}
    for want in _EXPORTS:
        if want not in names:
            raise McpResultError("internal", "", f"not an mcpresult module: it does not export {want}")
    for imp in module.imports:
        if imp.module != "wasi_snapshot_preview1" or imp.name not in _WASI:
            raise McpResultError("internal", "", f"the module imports {imp.module}.{imp.name}, which this package does not provide")


def _machine() -> str:
    """platform.machine(), without importing platform where os.uname
    answers the same (platform's import is a tenth of the package's)."""
    if hasattr(os, "uname"):
        return os.uname().machine
    import platform

    return platform.machine()


def _cache_name(wasm: bytes | bytearray) -> str:
    digest = hashlib.sha256(wasm).hexdigest()
    machine = _machine() or "any"
    return f"mcpresult-{digest[:32]}-wasmtime-{wasmtime_version()}-{sys.platform}-{machine}.cwasm"


def _read_cache(engine: wasmtime.Engine, path: Path) -> wasmtime.Module | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(_CACHE_MAGIC)
    if len(data) < head + 32 or data[:head] != _CACHE_MAGIC:
        return None
    body = memoryview(data)[head + 32 :]
    if hashlib.sha256(body).digest() != data[head : head + 32]:
        return None
    try:
        return wasmtime.Module.deserialize(engine, bytes(body))
    except wasmtime.WasmtimeError:
        return None  # another wasmtime's, or another machine's


def _write_cache(path: Path, module: wasmtime.Module) -> None:
    import tempfile  # only when a cache is written

    try:
        body = bytes(module.serialize())
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".cwasm")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(_CACHE_MAGIC + hashlib.sha256(body).digest() + body)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except (OSError, wasmtime.WasmtimeError):
        pass  # a cache that cannot be written is no cache


def compile_module(wasm: bytes | bytearray, cache_dir: Path | None) -> Compiled:
    """Compiles wasm, or reads it compiled from cache_dir: the file is named
    by the sha256 of the module, wasmtime's version and the platform, and
    one that is corrupt or another wasmtime's is ignored and rewritten."""
    engine = wasmtime.Engine()
    path = cache_dir / _cache_name(wasm) if cache_dir is not None else None
    if path is not None:
        module = _read_cache(engine, path)
        if module is not None:
            check_module(module)
            return Compiled(engine, module, "cache", path)
    try:
        module = wasmtime.Module(engine, bytes(wasm))
    except wasmtime.WasmtimeError as e:
        raise McpResultError("internal", "", f"the module does not compile: {e}") from None
    check_module(module)
    if path is not None:
        _write_cache(path, module)
    return Compiled(engine, module, "compiled", path)


_bundled_lock = threading.Lock()
_bundled: dict[Path | None, Compiled] = {}


def bundled(cache_dir: Path | None) -> Compiled:
    """The package's own module, compiled once per process."""
    with _bundled_lock:
        c = _bundled.get(cache_dir)
        if c is None:
            c = compile_module(_WASM_PATH.read_bytes(), cache_dir)
            _bundled[cache_dir] = c
        return c


class Instance:
    """One instance of the module, in a Store of its own, with WASI that
    has no arguments, no environment, no preopened directory and no
    standard streams (what the module would write is dropped)."""

    def __init__(self, compiled: Compiled, linker: wasmtime.Linker) -> None:
        store = wasmtime.Store(compiled.engine)
        store.set_wasi(wasmtime.WasiConfig())
        store.set_limits(memory_size=MEMORY_LIMIT)
        inst = linker.instantiate(store, compiled.module)
        ex = inst.exports(store)
        self.store = store
        self.memory: Any = ex["memory"]
        self.alloc: Any = ex["mcpresult_alloc"]
        self.free: Any = ex["mcpresult_free"]
        self.call_fn: Any = ex["mcpresult_call"]
        start: Any = ex["_initialize"]
        version: Any = ex["mcpresult_abi_version"]
        start(store)
        v = version(store)
        if v != ABI_VERSION:
            raise McpResultError("internal", "", f"the module speaks ABI version {v}, this package {ABI_VERSION}")
        # the calls through wasmtime's C API directly, where this wasmtime
        # allows (see _rawcall); else wasmtime's public Func.__call__
        self.raw = raw_calls(store, self.memory, self.alloc, self.free, self.call_fn) if RAW_CALLS else None

    def call(self, op: int, req: bytes | bytearray) -> bytes:
        """The response of op to req, as the ABI says: the request written
        into a buffer of mcpresult_alloc, the call, the response read at the
        address in the high 32 bits of the result, of the length in the low
        32, then both buffers freed."""
        if self.raw is not None:
            return self.raw.call(op, req)
        store = self.store
        n = len(req)
        ptr = self.alloc(store, n)
        if ptr == 0 and n > 0:
            raise RuntimeError("the module could not allocate the request")
        if n:
            self.memory.write(store, req, ptr)
        packed = self.call_fn(store, op, ptr, n) & 0xFFFFFFFFFFFFFFFF
        rptr, rlen = packed >> 32, packed & 0xFFFFFFFF
        resp = bytes(self.memory.read(store, rptr, rptr + rlen))
        self.free(store, ptr)
        self.free(store, rptr)
        return resp

    def memory_bytes(self) -> int:
        if self.raw is not None:
            return int(self.raw.size)  # as read after the last call
        return int(self.memory.data_len(self.store))


class Stats:
    """Counters of the instances a pool made."""

    def __init__(self) -> None:
        self.instances = 0
        self.discarded = 0
        self.recycled = 0
        self.max_memory_bytes = 0
        self.lock = threading.Lock()


class Pool:
    """At most size instances, each serving one call at a time."""

    def __init__(self, compiled: Compiled, size: int, high_water: int) -> None:
        self.compiled = compiled
        self.size = max(1, size)
        self.high_water = high_water
        self.linker = wasmtime.Linker(compiled.engine)
        self.linker.define_wasi()
        self.cond = threading.Condition()
        self.waiting = 0  # the calls waiting for an instance (under cond)
        self.free: list[Instance] = []
        self.live = 0
        self.stats = Stats()

    def _take(self) -> Instance:
        with self.cond:
            while True:
                if self.free:
                    return self.free.pop()
                if self.live < self.size:
                    self.live += 1
                    break
                self.waiting += 1
                try:
                    self.cond.wait()
                finally:
                    self.waiting -= 1
        try:
            inst = Instance(self.compiled, self.linker)
        except BaseException:
            self._lost()
            raise
        with self.stats.lock:
            self.stats.instances += 1
        return inst

    def _lost(self) -> None:
        with self.cond:
            self.live -= 1
            if self.waiting:  # notify is Python code: only when a call waits
                self.cond.notify()

    def _give(self, inst: Instance) -> None:
        with self.cond:
            self.free.append(inst)
            if self.waiting:  # notify is Python code: only when a call waits
                self.cond.notify()

    def start(self) -> None:
        """Starts an instance now (so that a module of another ABI version
        is refused at load)."""
        self._give(self._take())

    def call(self, op: int, req: bytes | bytearray) -> dict[str, Any]:
        """Sends req to op and gives the decoded response. A trap, an exit
        or a malformed response discards the instance and raises
        McpResultError internal."""
        if len(req) > MAX_REQUEST:
            raise McpResultError("max_bytes", "", "the request is larger than the module accepts")
        try:
            inst = self._take()
        except McpResultError:
            raise
        except Exception as e:  # noqa: BLE001 - wasmtime's errors, whatever their class
            raise McpResultError("internal", "", f"the module could not start ({e})") from None
        try:
            raw = inst.call(op, req)
            resp: dict[str, Any] = msgpack.unpackb(raw, raw=False, use_list=True, strict_map_key=True)
        except Exception as e:  # noqa: BLE001 - a trap, an exit, bytes that are not MessagePack
            self._discard()
            raise McpResultError("internal", "", f"the module failed ({e}); a new instance serves the next call") from None
        except BaseException:
            # interrupted (KeyboardInterrupt) in the middle of a call: the
            # instance's state is unknown, and its place in the pool is freed
            self._discard()
            raise
        if not _well_formed(resp):
            self._discard()
            raise McpResultError("internal", "", "malformed response from the module")
        size = inst.memory_bytes()
        recycle = size > self.high_water
        if recycle or size > self.stats.max_memory_bytes:  # read without the lock, updated under it
            with self.stats.lock:
                if size > self.stats.max_memory_bytes:
                    self.stats.max_memory_bytes = size
                if recycle:
                    self.stats.recycled += 1
        if recycle:
            self._lost()
        else:
            self._give(inst)
        return resp

    def _discard(self) -> None:
        with self.stats.lock:
            self.stats.discarded += 1
        self._lost()


def _well_formed(r: Any) -> bool:
    if type(r) is not dict or type(r.get("ok")) is not bool:
        return False
    if r["ok"]:
        return True
    e = r.get("error")
    return type(e) is dict and all(type(e.get(k)) is str for k in ("code", "path", "message"))
