"""Values no JSON encoder would take, and values built to hurt: each is
refused with a code and a path, runs none of its own code, and costs no
more memory than the budget allows."""

from __future__ import annotations

import datetime as dt
import tracemalloc
from collections import OrderedDict
from typing import Any

import pytest

from mcpresult import McpResult, McpResultError


class Raising(dict):  # type: ignore[type-arg]
    def __iter__(self) -> Any:
        raise RuntimeError("__iter__ ran")

    def items(self) -> Any:
        raise RuntimeError("items ran")

    def keys(self) -> Any:
        raise RuntimeError("keys ran")


class Getattr:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("__getattr__ ran for " + name)

    def __getattribute__(self, name: str) -> Any:
        raise RuntimeError("__getattribute__ ran for " + name)


def _error(m: McpResult, value: Any, **kw: Any) -> McpResultError:
    with pytest.raises(McpResultError) as e:
        m.tool(m.text("t"), structured_content=value, **kw)
    return e.value


def _cyclic() -> dict[str, Any]:
    d: dict[str, Any] = {}
    d["self"] = d
    return d


def _nested(n: int) -> list[Any]:
    v: list[Any] = []
    for _ in range(n):
        v = [v]
    return v


@pytest.mark.parametrize(
    ("value", "code", "path"),
    [
        (float("nan"), "non_finite_number", "/structuredContent"),
        ({"x": float("inf")}, "non_finite_number", "/structuredContent/x"),
        ({"x": {1, 2}}, "unsupported_value", "/structuredContent/x"),
        ({"x": (1, 2)}, "unsupported_value", "/structuredContent/x"),
        ({"x": Getattr()}, "unsupported_value", "/structuredContent/x"),
        ({"x": Raising(a=1)}, "unsupported_value", "/structuredContent/x"),
        ({"x": OrderedDict(a=1)}, "unsupported_value", "/structuredContent/x"),
        ({"x": b"\x00\x01"}, "unsupported_value", "/structuredContent/x"),
        ({"x": dt.datetime(2024, 1, 2)}, "unsupported_value", "/structuredContent/x"),
        ({"x": dt.datetime(2024, 1, 2, tzinfo=dt.timezone.utc)}, "unsupported_value", "/structuredContent/x"),
        ({"x": [1, 2**64]}, "unsupported_value", "/structuredContent/x/1"),
        ({"x": -(2**63) - 1}, "unsupported_value", "/structuredContent/x"),
        ({1: "a"}, "invalid_map_key", "/structuredContent"),
        ({(1, 2): "a"}, "invalid_map_key", "/structuredContent"),
        (_cyclic(), "max_depth", ""),
        (_nested(100), "max_depth", ""),
    ],
    ids=repr,
)
def test_refused_strictly(m: McpResult, value: Any, code: str, path: str) -> None:
    e = _error(m, value)
    assert (e.code, e.path) == (code, path), str(e)


def test_a_python_value_is_named_in_the_message(m: McpResult) -> None:
    e = _error(m, {"x": {1, 2}})
    assert "a value of type set has no JSON form" in e.message
    assert str(e).startswith("mcpresult: unsupported_value at /structuredContent/x: ")


def test_json_canonicalization_reads_subclasses_through_their_base_type(m: McpResult) -> None:
    r = m.tool(m.text("t"), structured_content={"d": Raising(a=1), "t": (1, "b"), "o": OrderedDict(z=1)}, canonicalization="json")
    assert r["structuredContent"] == {"d": {"a": 1}, "t": [1, "b"], "o": {"z": 1}}
    assert m.json_of(r) == '{"content":[{"type":"text","text":"t"}],"structuredContent":{"d":{"a":1},"t":[1,"b"],"o":{"z":1}},"isError":false}'


def test_json_canonicalization_refuses_what_json_dumps_refuses(m: McpResult) -> None:
    for v in ({1, 2}, Getattr(), object()):
        e = _error(m, {"x": v}, canonicalization="json")
        assert (e.code, e.path) == ("unsupported_value", "/structuredContent/x")


def test_json_canonicalization_writes_keys_and_timestamps(m: McpResult) -> None:
    t = dt.datetime(2024, 1, 2, 3, 4, 5, 678000, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    r = m.tool(m.text("t"), structured_content={7: True, False: 2, "at": t, "b": b"hi"}, canonicalization="json")
    assert r["structuredContent"] == {"7": True, "false": 2, "at": "2024-01-02T01:04:05.678Z", "b": "aGk="}


def test_integers_of_64_bits_are_exact(m: McpResult) -> None:
    r = m.tool(m.text("t"), structured_content={"max": 2**64 - 1, "min": -(2**63), "above53": 2**53 + 1})
    assert r["structuredContent"] == {"max": 2**64 - 1, "min": -(2**63), "above53": 2**53 + 1}
    with pytest.raises(McpResultError) as e:
        m.serialize(r, format="jcs")
    assert (e.value.code, e.value.path) == ("not_i_json", "/structuredContent/above53")  # jcs sorts the keys


def test_bytes_where_the_wire_takes_base64(m: McpResult) -> None:
    r = m.tool([m.image(b"\x89PNG", "image/png"), m.audio("AAAA", "audio/wav")])
    assert r["content"][0]["data"] == "iVBORw=="
    res = m.resource([m.blob_resource("file:///a.bin", b"\x00\xff")])
    assert res["contents"][0]["blob"] == "AP8="


def test_a_string_past_the_budget_is_refused_before_it_is_copied(m: McpResult) -> None:
    big = "x" * 10_000_000
    tracemalloc.start()
    try:
        with pytest.raises(McpResultError) as e:
            m.tool(m.text(big))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (e.value.code, e.value.path) == ("max_bytes", "")
    assert peak < 2_000_000, f"the refusal allocated {peak} bytes"


def test_a_wide_value_is_refused_at_the_node_bound(m: McpResult) -> None:
    wide = list(range(1_000_000))
    tracemalloc.start()
    try:
        e = _error(m, wide)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (e.code, e.path) == ("max_nodes", "")
    assert peak < 4_000_000, f"the refusal allocated {peak} bytes"


def test_a_shared_value_is_bounded(m: McpResult) -> None:
    v: list[Any] = [1]
    for _ in range(60):
        v = [v, v]  # 2^60 paths
    e = _error(m, v)
    assert e.code in ("max_nodes", "max_bytes")


def test_validate_reports_a_cycle_and_what_it_read(m: McpResult) -> None:
    r = m.validate({"content": [{"type": "text", "text": "a"}], "isError": False, "resultType": "complete", "structuredContent": _cyclic()})
    assert not r["valid"]
    assert [(f["code"], f["path"]) for f in r["errors"]] == [("max_depth", "")]
