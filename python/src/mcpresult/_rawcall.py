"""The ABI's calls into an instance through wasmtime's C API directly.

wasmtime's Func.__call__ asks the function's type of the engine, converts
each argument to a Val and each result back, at every call: about 15 µs a
call, where the call itself (wasmtime_func_call_unchecked with arguments
already in place) takes about 1 µs. A build is four calls (alloc, call, two
frees), so the public path spent most of a small build there. This path
keeps one argument array per instance and one byref of each function, and
reads and writes the linear memory by its address, each bound checked
against the memory's size at the moment of the access (the memory may
move when it grows, so its address is asked again after every call into
the module).

It reaches into wasmtime's ctypes bindings (wasmtime._ffi) and three
private members (Func._func, Memory._memory, Store._context), which every
wasmtime the package declares has (the tests run on both ends of its
range); where one is missing, raw_calls gives None and the public path is
used. The functions' types are checked first: an unchecked call of a
function of another type would be undefined behaviour, so a module whose
exports are not of the ABI's types gets the public path (which then
fails as such a module must).
"""

from __future__ import annotations

import ctypes
from typing import Any

import wasmtime

try:
    from wasmtime import _ffi as ffi
except ImportError:  # pragma: no cover - a wasmtime without its bindings module
    ffi = None

_NAMES = ("wasmtime_func_call_unchecked", "wasmtime_val_raw_t", "wasm_trap_t", "wasmtime_memory_data", "wasmtime_memory_data_size", "wasmtime_error_t")


class CallFailed(Exception):
    """A trap, an exit or an error of wasmtime in a raw call."""


def _sig(store: wasmtime.Store, f: Any) -> tuple[list[str], list[str]]:
    ty = f.type(store)
    return [str(p) for p in ty.params], [str(r) for r in ty.results]


class RawCalls:
    """The ABI's four calls of one instance, without wasmtime's per-call
    conversions. Not safe from two threads at once (as the Store is not)."""

    def __init__(self, store: wasmtime.Store, memory: Any, alloc: Any, free: Any, call: Any) -> None:
        assert ffi is not None
        self._store = store  # kept alive while its context is used
        self._ctx = store._context()
        self._mem = ctypes.byref(memory._memory)
        self._alloc = ctypes.byref(alloc._func)
        self._free = ctypes.byref(free._func)
        self._call = ctypes.byref(call._func)
        self._args = (ffi.wasmtime_val_raw_t * 3)()
        self._trap = ctypes.POINTER(ffi.wasm_trap_t)()
        self._trap_ref = ctypes.byref(self._trap)
        self._fn = ffi.wasmtime_func_call_unchecked
        self._data = ffi.wasmtime_memory_data
        self._size = ffi.wasmtime_memory_data_size

    def _invoke(self, func: Any, n: int) -> None:
        err = self._fn(self._ctx, func, self._args, n, self._trap_ref)
        if err:
            # owned by the error object, which frees it
            raise CallFailed(str(wasmtime.WasmtimeError._from_ptr(err)))
        if self._trap:
            trap = wasmtime.Trap._from_ptr(self._trap)
            self._trap = ctypes.POINTER(ffi.wasm_trap_t)()
            self._trap_ref = ctypes.byref(self._trap)
            raise CallFailed(str(trap))

    def _base(self, end: int) -> int:
        """The address of linear memory, with end (exclusive) within it."""
        if end > self._size(self._ctx, self._mem):
            raise CallFailed("outside the module's memory")
        return ctypes.addressof(self._data(self._ctx, self._mem).contents)

    def call(self, op: int, req: bytes | bytearray) -> bytes:
        """The response of op to req, as Instance.call gives it."""
        args = self._args
        n = len(req)
        args[0].i32 = n
        self._invoke(self._alloc, 1)
        ptr = args[0].i32 & 0xFFFFFFFF
        if ptr == 0 and n > 0:
            raise RuntimeError("the module could not allocate the request")
        if n:
            base = self._base(ptr + n)
            if type(req) is bytes:
                ctypes.memmove(base + ptr, req, n)
            else:
                ctypes.memmove(base + ptr, (ctypes.c_char * n).from_buffer(req), n)
        args[0].i32 = op
        args[1].i32 = ptr
        args[2].i32 = n
        self._invoke(self._call, 3)
        packed = args[0].i64 & 0xFFFFFFFFFFFFFFFF
        rptr, rlen = packed >> 32, packed & 0xFFFFFFFF
        resp = ctypes.string_at(self._base(rptr + rlen) + rptr, rlen)
        args[0].i32 = ptr
        self._invoke(self._free, 1)
        args[0].i32 = rptr
        self._invoke(self._free, 1)
        return resp


def raw_calls(store: wasmtime.Store, memory: Any, alloc: Any, free: Any, call: Any) -> RawCalls | None:
    """The raw calls of an instance, or None where this wasmtime lacks what
    they need or the exports are not of the ABI's types."""
    if ffi is None or not all(hasattr(ffi, n) for n in _NAMES):
        return None
    if not (hasattr(memory, "_memory") and all(hasattr(f, "_func") for f in (alloc, free, call)) and hasattr(store, "_context")):
        return None
    try:
        if (
            _sig(store, alloc) != (["i32"], ["i32"])
            or _sig(store, free) != (["i32"], [])
            or _sig(store, call) != (["i32", "i32", "i32"], ["i64"])
            or not isinstance(memory, wasmtime.Memory)
        ):
            return None
        return RawCalls(store, memory, alloc, free, call)
    except (AttributeError, TypeError, wasmtime.WasmtimeError):
        return None
