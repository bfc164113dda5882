"""The calls into the module through wasmtime's C API directly (_rawcall):
used with every wasmtime tested, the same bytes as wasmtime's public
calls, and a module that answers outside its memory or traps is an
internal error, never a read of memory that is not the module's."""

from __future__ import annotations

import json
from typing import Any

import pytest
import wasmtime

import mcpresult
from mcpresult import McpResultError, _engine, _rawcall

from vectors import ROOT

FIXTURES: list[dict[str, Any]] = json.loads((ROOT / "testdata" / "abi" / "fixtures.json").read_text("utf-8"))


def _instance(raw: bool) -> _engine.Instance:
    compiled = _engine.bundled(None)
    linker = wasmtime.Linker(compiled.engine)
    linker.define_wasi()
    inst = _engine.Instance(compiled, linker)
    if not raw:
        inst.raw = None
    return inst


def test_the_raw_calls_are_used() -> None:
    assert isinstance(_instance(True).raw, _rawcall.RawCalls)


def test_the_raw_calls_answer_as_the_public_ones() -> None:
    raw, public = _instance(True), _instance(False)
    assert public.raw is None
    for fx in FIXTURES:
        req = bytes.fromhex(fx["request"])
        got = raw.call(fx["op"], req)
        assert got == public.call(fx["op"], req), fx["name"]
        assert got.hex() == fx["response"], fx["name"]
        # a request given as a bytearray (the encoder's buffer) is read alike
        assert raw.call(fx["op"], bytearray(req)) == got, fx["name"]


def test_a_large_request_and_response(m: mcpresult.McpResult) -> None:
    text = "é\n\"x\" " * 60_000
    r = m.tool(m.text(text))
    assert r["content"][0]["text"] == text
    assert json.loads(m.serialize(r))["content"][0]["text"] == text


def _module(call_body: str, free_param: str = "i32") -> bytes:
    wat = f"""(module
      (memory (export "memory") 1)
      (func (export "_initialize"))
      (func (export "mcpresult_abi_version") (result i32) i32.const 1)
      (func (export "mcpresult_alloc") (param i32) (result i32) i32.const 16)
      (func (export "mcpresult_free") (param {free_param}))
      (func (export "mcpresult_call") (param i32 i32 i32) (result i64) {call_body}))"""
    return bytes(wasmtime.wat2wasm(wat))


@pytest.mark.parametrize(
    "body",
    [
        "i64.const 0x0000fff000000100",  # a response that ends past the memory's one page
        "i64.const 0xffffffff00000010",  # one that starts past it
        "unreachable",
    ],
)
def test_a_response_outside_memory_or_a_trap_is_internal(body: str) -> None:
    m = mcpresult.load(module=_module(body), cache_dir=None, pool_size=1)
    inst = m._pool._take()
    assert isinstance(inst.raw, _rawcall.RawCalls)
    m._pool._give(inst)
    for _ in range(2):
        with pytest.raises(McpResultError) as e:
            m.info()
        assert e.value.code == "internal"
    assert m.stats()["discarded"] == 2


def test_exports_of_other_types_take_the_public_path() -> None:
    m = mcpresult.load(module=_module("i64.const 0", free_param="i64"), cache_dir=None, pool_size=1)
    inst = m._pool._take()
    assert inst.raw is None
    m._pool._give(inst)
    with pytest.raises(McpResultError) as e:
        m.info()
    assert e.value.code == "internal"
