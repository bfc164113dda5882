"""The API's own shape: keyword arguments, the blocks, the outputs of
serialize, settings and inheritance, the errors."""

from __future__ import annotations

import pytest

import mcpresult
from mcpresult import ClientError, McpResult, McpResultError


def test_blocks_are_dicts_in_wire_names(m: McpResult) -> None:
    assert m.text("a", meta={"k": 1}) == {"type": "text", "text": "a", "_meta": {"k": 1}}
    assert m.image("AA==", "image/png", annotations={"priority": 0.5}) == {"type": "image", "data": "AA==", "mimeType": "image/png", "annotations": {"priority": 0.5}}
    assert m.resource_link("https://e.x/a", "a", mime_type="text/plain", size=3) == {"type": "resource_link", "uri": "https://e.x/a", "name": "a", "mimeType": "text/plain", "size": 3}
    assert m.text_resource("file:///a", "t", mime_type="text/plain") == {"uri": "file:///a", "mimeType": "text/plain", "text": "t"}
    assert m.embedded_resource(m.text_resource("file:///a", "t")) == {"type": "resource", "resource": {"uri": "file:///a", "text": "t"}}


def test_a_tool_result_and_its_json(m: McpResult) -> None:
    r = m.tool(structured_content={"ok": True, "count": 2})
    assert m.json_of(r) == '{"content":[{"type":"text","text":"{\\"ok\\":true,\\"count\\":2}"}],"structuredContent":{"ok":true,"count":2},"isError":false}'
    assert r["content"] == [{"type": "text", "text": '{"ok":true,"count":2}'}]
    assert m.json_of({"content": []}) is None
    assert m.tool(m.text("a"), structured_content=None)["structuredContent"] is None


def test_error_and_from_value(m: McpResult) -> None:
    assert m.json_of(m.error("no such city", "not_found")) == m.json_of(m.build("error", {"message": "no such city", "code": "not_found"}))
    assert m.error("x")["isError"] is True
    assert m.from_value("verbatim")["content"] == [{"type": "text", "text": "verbatim"}]
    assert m.from_value([1, 2])["content"] == [{"type": "text", "text": "[1,2]"}]


def test_serialize_outputs(m: McpResult) -> None:
    r = m.tool(m.text("a"), structured_content=[1])
    assert m.serialize(r, protocol_version="2025-06-18", output="object")["structuredContent"] == {"result": [1]}
    assert m.serialize(r, finalize=True).startswith('{"resultType":"complete",')
    assert m.serialize(r, {"protocolVersion": "2025-06-18"}) == m.serialize(r, protocol_version="2025-06-18")
    with pytest.raises(McpResultError) as e:
        m.serialize(r, {"protocolVersion": "2025-06-18"}, protocol_version="2025-06-18")
    assert (e.value.code, e.value.path) == ("duplicate_option", "/protocolVersion")
    with pytest.raises(McpResultError) as e:
        m.serialize(r, protocol_version="1999-01-01")
    assert e.value.code == "unsupported_protocol_version"
    with pytest.raises(McpResultError) as e:
        m.serialize(r, output="yaml")  # type: ignore[call-overload]
    assert (e.value.code, e.value.path) == ("invalid_option", "/output")


def test_serialize_measures_the_budget_a_result_was_built_under(m: McpResult) -> None:
    r = m.tool(m.text("x" * 2_500_000), max_json_bytes=3_000_000)
    assert len(m.serialize(r)) > 2_500_000
    with pytest.raises(McpResultError) as e:
        m.serialize(dict(r))  # a copy: the API's budget
    assert e.value.code == "max_bytes"


def test_output_schema(m: McpResult) -> None:
    s = {"type": "array"}
    assert m.output_schema(s, "2026-07-28") == s
    assert m.output_schema(s, "2025-06-18") == {"type": "object", "properties": {"result": s}, "required": ["result"]}
    assert m.output_schema(s, "2025-03-26") is None


def test_for_server_settings_are_inherited(m: McpResult) -> None:
    server = m.for_server({"maxJsonBytes": 1000})
    assert server.settings == {"maxJsonBytes": 1000}
    with pytest.raises(McpResultError) as e:
        server.tool(m.text("a"), max_json_bytes=5000)
    assert e.value.code == "option_not_allowed"
    with pytest.raises(McpResultError) as e:
        server.tool(m.text("x" * 2000))
    assert e.value.code == "max_bytes"
    assert m.tool(m.text("x" * 2000))["content"][0]["text"] == "x" * 2000
    with pytest.raises(McpResultError) as e:
        m.for_server({"maxJsonBytes": 1})
    assert (e.value.code, e.value.path) == ("invalid_option", "/maxJsonBytes")


def test_load_checks_its_settings() -> None:
    with pytest.raises(McpResultError) as e:
        mcpresult.load({"maxNodes": 0})
    assert e.value.code == "invalid_option"


def test_validate_with_keywords(m: McpResult) -> None:
    r = m.validate({"contents": [{"uri": "file:///a"}]}, kind="resource", protocol_version="2025-06-18")
    assert not r["valid"]
    assert r["errors"][0]["path"].startswith("/contents/0")


def test_the_errors_read_as_in_go() -> None:
    e = McpResultError("invalid_type", "/a\nb", "m")
    assert str(e) == "mcpresult: invalid_type at /a\\u000ab: m"
    assert e.path == "/a\nb"
    assert str(McpResultError("max_bytes", "", "m")) == 'mcpresult: max_bytes at "": m'
    c = ClientError("not found", "not_found")
    assert (str(c), c.code) == ("not found", "not_found")
