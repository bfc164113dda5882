"""The long strings of a build by reference: every build vector, its texts
lengthened past the length from which a build asks for them by
reference, gives the same result, the same JSON, the same serialize at
every revision and the same error as a build that does not ask; the
caller's own str is what the result holds."""

from __future__ import annotations

from typing import Any

import pytest

from mcpresult import McpResult, _refs

from vectors import load_files, native, run, skip_reason

LONG = " " + 'lorem "ipsum"\n\u00e9 ' * 60


def _long(s: Any) -> Any:
    return s + LONG if type(s) is str else s


def _block(b: Any) -> Any:
    if type(b) is not dict:
        return b
    out = dict(b)
    if out.get("type") == "text":
        out["text"] = _long(out.get("text"))
    r = out.get("resource")
    if out.get("type") == "resource" and type(r) is dict and type(r.get("text")) is str:
        out["resource"] = {**r, "text": _long(r["text"])}
    return out


def _entry(e: Any) -> Any:
    return {**e, "text": _long(e["text"])} if type(e) is dict and type(e.get("text")) is str else e


def lengthened(kind: str, inp: Any) -> Any:
    """A build input with each text of its content (a text block's, an
    embedded resource's) or of its contents made long."""
    if type(inp) is not dict:
        return inp
    out = dict(inp)
    if kind == "tool" and "content" in out:
        c = out["content"]
        out["content"] = [_block(b) for b in c] if type(c) is list else _block(c)
    if kind == "resource" and "contents" in out:
        c = out["contents"]
        out["contents"] = [_entry(e) for e in c] if type(c) is list else _entry(c)
    return out


BUILDS = [v for _, vs in load_files() for v in vs if v.get("op") == "build" and v.get("kind") in ("tool", "resource") and skip_reason(v) is None]


def _outcome(m: McpResult, vec: dict[str, Any], revisions: list[str]) -> dict[str, Any]:
    from mcpresult import McpResultError

    got = run(m, vec)
    if "object" in got:
        obj = got["object"]
        wire: list[str] = []
        for r in revisions:
            try:
                wire.append(m.serialize(obj, protocol_version=r))
            except McpResultError as e:
                wire.append(e.code + " " + e.path)
        got["object"], got["wire"] = dict(obj), wire
    return got


def test_every_build_lengthened_is_the_same_with_and_without_refs(m: McpResult, monkeypatch: pytest.MonkeyPatch) -> None:
    revisions = m.info()["protocolVersions"]
    answered = 0
    place = _refs.place

    def counting(out: Any, refs: Any, longs: list[Any]) -> list[str]:
        nonlocal answered
        answered += 1
        return place(out, refs, longs)

    monkeypatch.setattr(_refs, "place", counting)
    checked = 0
    for vec0 in BUILDS:
        vec = {**vec0, "input": lengthened(vec0["kind"], native(vec0.get("input")))}
        with_refs = _outcome(m, vec, revisions)
        monkeypatch.setattr(_refs, "ENABLED", False)
        try:
            without = _outcome(m, vec, revisions)
        finally:
            monkeypatch.setattr(_refs, "ENABLED", True)
        assert with_refs == without, vec["name"]
        checked += 1
    assert len(BUILDS) > 200 and checked == len(BUILDS)
    assert 0 < answered < checked, f"{answered} builds answered strings by reference, of {checked}"


def test_the_result_holds_the_callers_own_string(m: McpResult) -> None:
    text = "a long text, é and \"quotes\"\n\t\x01 " * 100
    r = m.tool([m.text("short"), m.embedded_resource(m.text_resource("file:///a", text))], structured_content={"x": text})
    assert r["content"][1]["resource"]["text"] is text
    # structured content is not a field of a block: written, parsed anew
    assert r["structuredContent"]["x"] == text
    rr = m.resource([m.text_resource("file:///b", text, mime_type="text/plain")])
    assert rr["contents"][0]["text"] is text
    built: Any
    for built in (r, rr):
        j = m.json_of(built)
        assert j is not None and '""' not in j
        _refs.ENABLED = False
        try:
            plain = m.tool(built["content"], structured_content=built["structuredContent"]) if "content" in built else m.resource(built["contents"])
        finally:
            _refs.ENABLED = True
        assert j == m.json_of(plain)


def test_a_long_string_changed_after_the_build_is_serialized_as_changed(m: McpResult) -> None:
    text = "a long text " * 100
    r = m.tool(m.text(text))
    r["content"][0]["text"] = text + "!"
    assert '"a long text ' in m.serialize(r) and m.serialize(r).count("!") == 1
    assert m.json_of(r) is not None and "!" not in (m.json_of(r) or "")


@pytest.mark.parametrize(
    "refs",
    [
        [1, 2],  # not of three values
        [10**6, 0, "/content/0/text"],  # a place in the request no long string starts at
        ["x", 0, "/content/0/text"],
        [None, 0, "content/0/text"],
    ],
)
def test_refs_the_request_does_not_bear_out_are_internal(refs: list[Any]) -> None:
    from mcpresult import McpResultError

    out = {"content": [{"type": "text", "text": ""}]}
    with pytest.raises(McpResultError) as e:
        _refs.place(out, refs, [7, "s" * 600])
    assert e.value.code == "internal"


@pytest.mark.parametrize("ptr", ["/content/0/type", "/content/1/text", "/content/x/text", "/nothing"])
def test_a_pointer_to_no_empty_string_is_internal(ptr: str) -> None:
    from mcpresult import McpResultError

    out = {"content": [{"type": "text", "text": ""}]}
    with pytest.raises(McpResultError) as e:
        _refs.place(out, [7, 0, ptr], [7, "s" * 600])
    assert e.value.code == "internal"
