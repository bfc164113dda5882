"""The ABI fixtures of testdata/abi replayed through the raw binding: the
exact request bytes in, the exact response bytes out."""

from __future__ import annotations

import json
from typing import Any

import pytest
import wasmtime

from mcpresult import McpResultError, _engine

from vectors import ROOT

FIXTURES: list[dict[str, Any]] = json.loads((ROOT / "testdata" / "abi" / "fixtures.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def instance() -> _engine.Instance:
    compiled = _engine.bundled(None)
    linker = wasmtime.Linker(compiled.engine)
    linker.define_wasi()
    return _engine.Instance(compiled, linker)


def test_the_fixtures_are_found() -> None:
    assert len(FIXTURES) > 60
    assert {f["op"] for f in FIXTURES} >= {0, 1, 2, 3, 4, 5}


@pytest.mark.parametrize("fx", FIXTURES, ids=[f["name"] for f in FIXTURES])
def test_fixture(instance: _engine.Instance, fx: dict[str, Any]) -> None:
    got = instance.call(fx["op"], bytes.fromhex(fx["request"]))
    assert got.hex() == fx["response"]


def test_the_module_is_checked_at_load() -> None:
    engine = wasmtime.Engine()
    not_ours = wasmtime.Module(engine, '(module (memory (export "memory") 1) (func (export "_initialize")))')
    with pytest.raises(McpResultError) as e:
        _engine.check_module(not_ours)
    assert e.value.code == "internal"
    assert "does not export mcpresult_abi_version" in e.value.message


def test_another_abi_major_version_is_refused() -> None:
    wat = """(module
      (import "wasi_snapshot_preview1" "proc_exit" (func (param i32)))
      (memory (export "memory") 1)
      (func (export "_initialize"))
      (func (export "mcpresult_abi_version") (result i32) i32.const 2)
      (func (export "mcpresult_alloc") (param i32) (result i32) i32.const 0)
      (func (export "mcpresult_free") (param i32))
      (func (export "mcpresult_call") (param i32 i32 i32) (result i64) i64.const 0))"""
    import mcpresult

    with pytest.raises(McpResultError) as e:
        mcpresult.load(module=wasmtime.wat2wasm(wat), cache_dir=None)
    assert e.value.code == "internal"
    assert "ABI version 2" in e.value.message


def test_a_trap_replaces_the_instance() -> None:
    wat = """(module
      (memory (export "memory") 1)
      (func (export "_initialize"))
      (func (export "mcpresult_abi_version") (result i32) i32.const 1)
      (func (export "mcpresult_alloc") (param i32) (result i32) i32.const 16)
      (func (export "mcpresult_free") (param i32))
      (func (export "mcpresult_call") (param i32 i32 i32) (result i64) unreachable))"""
    import mcpresult

    m = mcpresult.load(module=wasmtime.wat2wasm(wat), cache_dir=None, pool_size=1)
    for _ in range(2):
        with pytest.raises(McpResultError) as e:
            m.info()
        assert e.value.code == "internal"
    st = m.stats()
    assert st["discarded"] == 2
    assert st["instances"] == 2  # the one load started (which the first call discarded), and a new one
