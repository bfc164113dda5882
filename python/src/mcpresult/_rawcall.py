"""The ABI's calls into an instance through wasmtime's C API directly.

wasmtime's Func.__call__ asks the function's type of the engine, converts
each argument to a Val and each result back, at every call: about 15 µs a
call, where the call itself (wasmtime_func_call_unchecked with arguments
already in place) takes about 1 µs. A build was four calls (alloc, call, two
frees), so the public path spent most of a small build there. This path
calls wasmtime_func_call_unchecked with one argument array an instance
keeps and arguments made once, writes small requests into one buffer the
instance keeps (two calls a build: the op and the response's free), and
reads and writes linear memory by its address, each access checked
against the memory's size (the memory may move when it grows, so where it
is and its size are read again after every call that may grow it).

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

ffi: Any
try:
    from wasmtime import _ffi as ffi
except ImportError:  # pragma: no cover - a wasmtime without its bindings module
    ffi = None

_NAMES = ("dll", "wasmtime_func_call_unchecked", "wasmtime_val_raw_t", "wasm_trap_t", "wasmtime_memory_data", "wasmtime_memory_data_size", "wasmtime_error_t")


class CallFailed(Exception):
    """A trap, an exit or an error of wasmtime in a raw call."""


def _sig(store: wasmtime.Store, f: Any) -> tuple[list[str], list[str]]:
    ty = f.type(store)
    return [str(p) for p in ty.params], [str(r) for r in ty.results]


#: Requests up to this size are written into one buffer an instance keeps
#: (the ABI leaves the request buffer to the host once a call returns), so
#: that a call is two calls into the module (the op, and the response's
#: free) rather than four; a larger one has a buffer of its own.
KEEP_REQUEST_BUFFER = 64 << 10


def _own(name: str, restype: Any) -> Any:
    """A foreign function of wasmtime's library of its own (not the one its
    bindings configured), taking its arguments as they are given: ctypes
    values made once, so a call converts nothing."""
    assert ffi is not None
    f = ffi.dll._FuncPtr((name, ffi.dll))
    f.restype = restype
    f.argtypes = None  # none: the arguments are ctypes values
    return f


class RawCalls:
    """The ABI's calls of one instance, without wasmtime's per-call
    conversions. Not safe from two threads at once (as the Store is not)."""

    def __init__(self, store: wasmtime.Store, memory: Any, alloc: Any, free: Any, call: Any) -> None:
        assert ffi is not None
        vp = ctypes.c_void_p
        self._store = store  # kept alive while its context is used
        self._memory = memory
        self._funcs = (alloc, free, call)
        self._ctx = vp(ctypes.cast(store._context(), vp).value)
        self._mem = vp(ctypes.addressof(memory._memory))
        self._alloc = vp(ctypes.addressof(alloc._func))
        self._free = vp(ctypes.addressof(free._func))
        self._call = vp(ctypes.addressof(call._func))
        self._args = (ffi.wasmtime_val_raw_t * 3)()
        self._args_p = vp(ctypes.addressof(self._args))
        self._trap = ctypes.POINTER(ffi.wasm_trap_t)()
        self._trap_p = vp(ctypes.addressof(self._trap))
        self._n1 = ctypes.c_size_t(1)
        self._n3 = ctypes.c_size_t(3)
        self._fn = _own("wasmtime_func_call_unchecked", vp)
        self._data = _own("wasmtime_memory_data", vp)
        self._data_size = _own("wasmtime_memory_data_size", ctypes.c_size_t)
        self._req = 0  # the kept request buffer, once allocated
        self.base = 0
        self.size = 0
        self._refresh()

    def _invoke(self, func: Any, n: Any) -> None:
        err = self._fn(self._ctx, func, self._args_p, n, self._trap_p)
        if err:
            # owned by the error object, which frees it
            raise CallFailed(str(wasmtime.WasmtimeError._from_ptr(ctypes.cast(ctypes.c_void_p(err), ctypes.POINTER(ffi.wasmtime_error_t)))))
        if self._trap:
            trap = wasmtime.Trap._from_ptr(ctypes.cast(ctypes.c_void_p(ctypes.cast(self._trap, ctypes.c_void_p).value), ctypes.POINTER(ffi.wasm_trap_t)))
            ctypes.memset(self._trap_p, 0, ctypes.sizeof(ctypes.c_void_p))
            raise CallFailed(str(trap))

    def _refresh(self) -> None:
        """Reads where linear memory is and its size: after every call that
        may grow it (alloc, call), since growing may move it."""
        self.size = self._data_size(self._ctx, self._mem)
        self.base = self._data(self._ctx, self._mem) or 0

    def _allocate(self, n: int) -> int:
        self._args[0].i32 = n
        self._invoke(self._alloc, self._n1)
        self._refresh()
        ptr: int = self._args[0].i32 & 0xFFFFFFFF
        if ptr == 0:
            raise RuntimeError("the module could not allocate the request")
        return ptr

    def call(self, op: int, req: bytes | bytearray) -> bytes:
        """The response of op to req, as Instance.call gives it."""
        args = self._args
        n = len(req)
        kept = n <= KEEP_REQUEST_BUFFER
        if kept:
            if self._req == 0:
                self._req = self._allocate(KEEP_REQUEST_BUFFER)
            ptr = self._req
        else:
            ptr = self._allocate(n)
        if ptr + n > self.size:
            raise CallFailed("the request buffer is outside the module's memory")
        if n:
            ctypes.memmove(self.base + ptr, req if type(req) is bytes else bytes(req), n)
        args[0].i32 = op
        args[1].i32 = ptr
        args[2].i32 = n
        self._invoke(self._call, self._n3)
        self._refresh()
        packed = args[0].i64 & 0xFFFFFFFFFFFFFFFF
        rptr, rlen = packed >> 32, packed & 0xFFFFFFFF
        if rptr + rlen > self.size:
            raise CallFailed("the response is outside the module's memory")
        resp = ctypes.string_at(self.base + rptr, rlen)
        args[0].i32 = rptr
        self._invoke(self._free, self._n1)
        if not kept:
            args[0].i32 = ptr
            self._invoke(self._free, self._n1)
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
