"""The pool of instances (threads, recycling) and the cache of the
compiled module."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

import mcpresult
from mcpresult import McpResult, _engine


def test_calls_from_8_threads(m: McpResult) -> None:
    api = mcpresult.load(pool_size=3)
    want = {i: api.json_of(api.tool(api.text(f"n{i}"), structured_content={"i": i})) for i in range(8)}
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def work(i: int) -> None:
        try:
            barrier.wait()
            for _ in range(50):
                r = api.tool(api.text(f"n{i}"), structured_content={"i": i})
                assert api.json_of(r) == want[i]
                assert api.serialize(r, protocol_version="2025-06-18") == want[i]
        except BaseException as e:  # noqa: BLE001 - handed to the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    st = api.stats()
    assert 1 <= st["instances"] <= 3
    assert st["discarded"] == 0


def test_an_instance_past_the_high_water_mark_is_replaced() -> None:
    api = mcpresult.load(pool_size=1, high_water_bytes=1)
    api.info()
    api.info()
    st = api.stats()
    assert st["recycled"] == 2  # after each call
    assert st["instances"] == 2  # the load's, then a new one for the second call
    assert st["max_memory_bytes"] > 1


def test_the_second_load_reads_the_cache(tmp_path: Path) -> None:
    wasm = _engine._WASM_PATH.read_bytes()
    first = _engine.compile_module(wasm, tmp_path)
    assert first.source == "compiled"
    assert first.cache_file is not None and first.cache_file.exists()
    assert first.cache_file.parent == tmp_path
    assert _engine.wasmtime_version() in first.cache_file.name
    second = _engine.compile_module(wasm, tmp_path)
    assert second.source == "cache"
    api = mcpresult.load(cache_dir=tmp_path, module=wasm)
    assert api.stats()["module"] == "cache"
    assert api.serialize(api.tool(api.text("hi"))) == '{"content":[{"type":"text","text":"hi"}],"isError":false}'


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # cut short
        lambda b: b[:100] + bytes([b[100] ^ 0xFF]) + b[101:],  # a byte changed
        lambda b: b"not a compiled module",
        lambda b: b"",
    ],
    ids=["cut", "changed", "foreign", "empty"],
)
def test_a_damaged_cache_file_is_ignored_and_rewritten(tmp_path: Path, damage: object) -> None:
    wasm = _engine._WASM_PATH.read_bytes()
    first = _engine.compile_module(wasm, tmp_path)
    assert first.cache_file is not None
    good = first.cache_file.read_bytes()
    first.cache_file.write_bytes(damage(good))  # type: ignore[operator]
    again = _engine.compile_module(wasm, tmp_path)
    assert again.source == "compiled"
    assert first.cache_file.read_bytes() == good
    assert _engine.compile_module(wasm, tmp_path).source == "cache"


def test_a_cache_of_another_wasmtime_is_not_read(tmp_path: Path) -> None:
    wasm = _engine._WASM_PATH.read_bytes()
    first = _engine.compile_module(wasm, tmp_path)
    assert first.cache_file is not None
    # wasmtime refuses what another version (or build) serialized, even
    # with a header that checks: the file is named for the version anyway
    body = b"\x7fELF" + b"\x00" * 64
    import hashlib

    first.cache_file.write_bytes(_engine._CACHE_MAGIC + hashlib.sha256(body).digest() + body)
    assert _engine.compile_module(wasm, tmp_path).source == "compiled"


def test_the_cache_dir_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MCPRESULT_CACHE_DIR", str(tmp_path))
    assert _engine.default_cache_dir() == tmp_path
    monkeypatch.setenv("MCPRESULT_CACHE_DIR", "")
    assert _engine.default_cache_dir() is None
    monkeypatch.delenv("MCPRESULT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if sys.platform not in ("win32", "darwin"):
        assert _engine.default_cache_dir() == tmp_path / "mcpresult"
