"""mcpresult.sdk.adapt on a real MCPServer of the official Python SDK:
what a client receives at each revision is exactly what m.serialize
writes for it; failures reach the client only as the safe results, their
detail reaching on_error; output schemas are listed per revision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcpwire import REVISIONS, wire, without_server_info

from mcpresult import ClientError, FailureInfo, McpResult, McpResultError, ResourceResult, ToolResult
from mcpresult.sdk import adapt

SECRET = "hunter2"


class Weather(TypedDict):
    city: str
    high: float


def weather_server(m: McpResult, errors: list[FailureInfo]) -> MCPServer:
    server = MCPServer("weather")

    @server.tool()
    def greet(name: str) -> ToolResult:
        """A greeting, a link and a sound."""
        return m.tool([m.text("Hello, " + name + "."), m.resource_link("file:///report.pdf", "report.pdf"), m.audio(b"RIFF", "audio/wav")])

    @server.tool()
    async def forecast(city: str) -> Weather:
        """The forecast: its structured value, the SDK's way."""
        return {"city": city, "high": 21.5}

    @server.tool()
    def built_forecast(city: str) -> Weather:
        """The forecast as a result built with m."""
        out: Any = m.tool(structured_content={"city": city, "high": 19})
        return out  # type: ignore[no-any-return]

    @server.tool()
    def wrong_forecast(city: str) -> Weather:
        out: Any = m.tool(structured_content={"city": city, "high": "warm, " + SECRET})
        return out  # type: ignore[no-any-return]

    @server.tool()
    def failing(city: str) -> ToolResult:
        raise RuntimeError("dial tcp 10.0.0.7:5432: password " + SECRET + " refused")

    @server.tool()
    def refusing(city: str) -> ToolResult:
        raise ClientError("Say which city.", "weather.no_city")

    @server.tool()
    def invalid(city: str) -> ToolResult:
        return {"content": [{"type": "text", "text": "token sk-" + SECRET, "annotations": {"priority": 7}}], "isError": False}

    @server.resource("file:///docs/readme.txt")
    def readme() -> ResourceResult:
        return m.resource(m.text_resource("file:///docs/readme.txt", "Read me.", mime_type="text/plain", meta={"com.example/etag": "v7"}), meta={"com.example/source": "cache"})

    @server.resource("file:///docs/plain.txt")
    def plain() -> str:
        return "Plain text."

    @server.resource("file:///docs/secret.txt")
    def secret() -> str:
        raise RuntimeError("open /srv/docs: password " + SECRET)

    return adapt(server, m, on_error=errors.append)


CALLS: list[tuple[str, dict[str, Any]]] = [
    ("greet", {"name": "Oslo"}),
    ("forecast", {"city": "Oslo"}),
    ("built_forecast", {"city": "Oslo"}),
    ("refusing", {"city": "Oslo"}),
]


def expected_tool(m: McpResult, name: str, revision: str) -> str:
    """What m writes for the tool's result at the revision."""
    built: dict[str, Any] = {
        "greet": m.tool([m.text("Hello, Oslo."), m.resource_link("file:///report.pdf", "report.pdf"), m.audio(b"RIFF", "audio/wav")]),
        "forecast": m.tool(structured_content={"city": "Oslo", "high": 21.5}),
        "built_forecast": m.tool(structured_content={"city": "Oslo", "high": 19}),
        "refusing": m.error("Say which city.", "weather.no_city"),
    }
    return m.serialize(built[name], protocol_version=revision, finalize=revision >= "2026-07-28")


def compact(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("revision", REVISIONS)
def test_results_are_written_for_the_revision(m: McpResult, revision: str) -> None:
    errors: list[FailureInfo] = []
    server = weather_server(m, errors)

    async def run() -> None:
        async with wire(server, revision) as w:
            for name, args in CALLS:
                resp = await w.ask("tools/call", {"name": name, "arguments": args})
                got = without_server_info(resp["result"], revision)
                assert compact(got) == expected_tool(m, name, revision), name
            resp = await w.ask("resources/read", {"uri": "file:///docs/readme.txt"})
            want = m.resource(m.text_resource("file:///docs/readme.txt", "Read me.", mime_type="text/plain", meta={"com.example/etag": "v7"}), meta={"com.example/source": "cache"})
            assert compact(without_server_info(resp["result"], revision)) == m.serialize(want, protocol_version=revision, finalize=revision >= "2026-07-28")
            resp = await w.ask("resources/read", {"uri": "file:///docs/plain.txt"})
            want = m.resource(m.text_resource("file:///docs/plain.txt", "Plain text.", mime_type="text/plain"))
            assert compact(without_server_info(resp["result"], revision)) == m.serialize(want, protocol_version=revision, finalize=revision >= "2026-07-28")

    anyio.run(run)
    assert errors == []


@pytest.mark.parametrize("revision", REVISIONS)
def test_failures_are_safe(m: McpResult, revision: str) -> None:
    errors: list[FailureInfo] = []
    server = weather_server(m, errors)

    async def run() -> list[dict[str, Any]]:
        async with wire(server, revision) as w:
            return [
                await w.ask("tools/call", {"name": "failing", "arguments": {"city": "Oslo"}}),
                await w.ask("tools/call", {"name": "invalid", "arguments": {"city": "Oslo"}}),
                await w.ask("tools/call", {"name": "wrong_forecast", "arguments": {"city": "Oslo"}}),
                await w.ask("resources/read", {"uri": "file:///docs/secret.txt"}),
                await w.ask("tools/call", {"name": "greet", "arguments": {"name": 7}}),
            ]

    failing, invalid, wrong, secret, bad_args = anyio.run(run)
    finalize = revision >= "2026-07-28"
    assert compact(without_server_info(failing["result"], revision)) == m.serialize(
        {"content": [{"type": "text", "text": "tool execution failed"}], "isError": True}, protocol_version=revision, finalize=finalize
    )
    for r in (invalid, wrong):
        assert compact(without_server_info(r["result"], revision)) == m.serialize(
            {"content": [{"type": "text", "text": "tool output was invalid"}], "isError": True}, protocol_version=revision, finalize=finalize
        )
    assert secret["error"] == {"code": -32603, "message": "resource read failed"}
    assert bad_args["result"]["isError"] is True
    assert bad_args["result"]["content"] == [{"type": "text", "text": "Invalid arguments for tool greet: name"}]
    for r in (failing, invalid, wrong, secret, bad_args):
        assert SECRET not in json.dumps(r)
    assert [e["kind"] for e in errors] == ["execution_failed", "invalid_output", "invalid_output", "execution_failed"]
    assert SECRET in str(errors[0]["error"]) and SECRET in str(errors[3]["error"])
    assert (errors[1]["code"], errors[1]["path"]) == ("invalid_annotations", "/content/0/annotations/priority")
    assert (errors[2]["code"], errors[2]["path"]) == ("invalid_value", "/structuredContent/high")


@pytest.mark.parametrize("revision", REVISIONS)
def test_output_schemas_are_listed_per_revision(m: McpResult, revision: str) -> None:
    server = weather_server(m, [])

    async def run() -> dict[str, Any]:
        async with wire(server, revision) as w:
            return await w.ask("tools/list", {})

    tools = {t["name"]: t for t in anyio.run(run)["result"]["tools"]}
    sdk_schema = server._tool_manager.get_tool("forecast").output_schema  # type: ignore[union-attr]
    assert sdk_schema is not None
    want = m.output_schema(sdk_schema, revision)
    for name in ("forecast", "built_forecast", "wrong_forecast"):
        assert tools[name].get("outputSchema") == want
    for name in ("greet", "failing", "refusing", "invalid"):
        assert "outputSchema" not in tools[name]
    assert (want is None) == (revision < "2025-06-18")


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_the_official_client(m: McpResult, mode: str) -> None:
    errors: list[FailureInfo] = []
    server = weather_server(m, errors)

    async def run() -> None:
        async with Client(server, mode=mode) as client:
            revision = client.protocol_version
            for name, args in CALLS:
                r = await client.call_tool(name, args)
                got = without_server_info(r.model_dump(by_alias=True, mode="json", exclude_none=True), revision)
                got.pop("resultType", None)
                want = json.loads(expected_tool(m, name, revision))
                want.pop("resultType", None)
                assert got == want, name
            r = await client.call_tool("failing", {"city": "Oslo"})
            assert r.is_error is True and r.content[0].model_dump()["text"] == "tool execution failed"

    anyio.run(run)
    assert len(errors) == 1 and SECRET in str(errors[0]["error"])


def test_adapt_refuses_what_it_cannot_adapt(m: McpResult) -> None:
    with pytest.raises(McpResultError) as e:
        adapt(object(), m)  # type: ignore[arg-type]
    assert e.value.code == "invalid_value" and "builtins.object" in e.value.message
    server = adapt(MCPServer("twice"), m)
    with pytest.raises(McpResultError) as e:
        adapt(server, m)
    assert "adapted already" in e.value.message


def test_unknown_tools_and_resources_are_protocol_errors(m: McpResult) -> None:
    server = weather_server(m, [])

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        async with wire(server, "2025-06-18") as w:
            return await w.ask("tools/call", {"name": "nope", "arguments": {}}), await w.ask("resources/read", {"uri": "file:///nope"})

    tool, resource = anyio.run(run)
    assert tool["error"]["code"] == -32602 and tool["error"]["message"] == "Unknown tool: nope"
    assert resource["error"]["code"] == -32602


# The adapter vectors (testdata/vectors/adapter*.json), which the Go and JS
# adapters run too: for each vector and revision, an adapted MCPServer gets
# the vector's one tool ("vector") or resource (file:///vector.txt), whose
# handler does what the vector's input says, and the response the raw
# client receives must be the vector's answer. The protocol-owned fields
# the SDK and the adapter write at 2026-07-28 (resultType, the serverInfo
# _meta, a resource's ttlMs and cacheScope) are taken out of what is
# compared, and checked to be there.

VECTOR_DIR = Path(__file__).resolve().parents[2] / "testdata" / "vectors"
VECTOR_URI = "file:///vector.txt"


class Panic(Exception):
    """What stands for a panic: an exception whose text no one may read."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        raise RuntimeError("the panic's text was read")

    def __repr__(self) -> str:
        raise RuntimeError("the panic's text was read")


def _adapter_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for f in sorted(VECTOR_DIR.glob("adapter*.json")):
        out.extend(json.loads(f.read_text(encoding="utf-8")))
    return out


ADAPTER_VECTORS = _adapter_vectors()


def _vector_handler(m: McpResult, vin: dict[str, Any]) -> Any:
    def handler() -> Any:
        if "build" in vin:
            b = vin["build"]
            return m.resource(**_resource_input(b["input"])) if b["kind"] == "resource" else m.build("tool", b["input"])
        if "clientError" in vin:
            raise ClientError(vin["clientError"]["message"], vin["clientError"].get("code"))
        if "error" in vin:
            raise RuntimeError(vin["error"])
        if "panic" in vin:
            raise Panic(vin["panic"])
        if vin.get("none") is True:
            return None
        raise AssertionError("the vector's input does nothing: " + json.dumps(vin))

    return handler


def _resource_input(v: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"contents": v["contents"]}
    if "meta" in v:
        out["meta"] = v["meta"]
    return out


def _vector_server(m: McpResult, vec: dict[str, Any], errors: list[FailureInfo]) -> MCPServer:
    server = MCPServer("vectors")
    handler = _vector_handler(m, vec["input"])
    if vec["kind"] == "tool":

        def vector() -> ToolResult:
            out: ToolResult = handler()
            return out

        server.tool()(vector)
        schema = (vec.get("options") or {}).get("outputSchema")
        if schema is not None:
            # the vector's output schema as its JSON Schema, as a tool
            # whose return annotation the SDK made it from would list it
            tool = server._tool_manager.get_tool("vector")
            assert tool is not None
            tool.fn_metadata.output_model = None
            tool.fn_metadata.output_schema = schema
    else:

        def resource() -> ResourceResult:
            out: ResourceResult = handler()
            return out

        server.resource(VECTOR_URI)(resource)
    return adapt(server, m, on_error=errors.append)


def _protocol_owned(result: dict[str, Any], kind: str, revision: str) -> dict[str, Any]:
    out = without_server_info(result, revision)
    if revision >= "2026-07-28":
        assert out.pop("resultType") == "complete", result
        if kind == "resource":
            assert "ttlMs" in out and "cacheScope" in out, result
            del out["ttlMs"], out["cacheScope"]
    return out


def test_the_adapter_vectors_are_found() -> None:
    assert len(ADAPTER_VECTORS) >= 20
    for v in ADAPTER_VECTORS:
        assert v["op"] == "adapter" and "python" in v["runtimes"], v["name"]
        assert sorted(v["expect"]["revisions"]) == list(REVISIONS), v["name"]


@pytest.mark.parametrize("vec", ADAPTER_VECTORS, ids=[v["name"] for v in ADAPTER_VECTORS])
def test_adapter_vector(m: McpResult, vec: dict[str, Any]) -> None:
    for revision in REVISIONS:
        errors: list[FailureInfo] = []
        server = _vector_server(m, vec, errors)
        request = ("tools/call", {"name": "vector", "arguments": {}}) if vec["kind"] == "tool" else ("resources/read", {"uri": VECTOR_URI})

        async def run() -> dict[str, Any]:
            async with wire(server, revision) as w:
                return await w.ask(*request)

        resp = anyio.run(run)
        want = vec["expect"]["revisions"][revision]
        where = vec["name"] + " at " + revision
        if "json" in want:
            assert "result" in resp, where + ": " + json.dumps(resp)
            assert _protocol_owned(resp["result"], vec["kind"], revision) == json.loads(want["json"]), where
        else:
            assert resp.get("error") == want["error"], where + ": " + json.dumps(resp)
        assert (len(errors) == 1) == vec["expect"]["private"], where
        withheld = vec["expect"].get("withheld")
        if withheld is not None:
            assert withheld not in json.dumps(resp), where
            err = errors[0]["error"]
            if "error" in vec["input"]:
                assert withheld in str(err), where
            if "panic" in vec["input"]:
                assert isinstance(err, Panic) and withheld in err.text, where


def test_fastmcp_is_refused_with_the_reason(m: McpResult) -> None:
    from fastmcp import FastMCP

    server = FastMCP("refused")

    @server.tool()
    def hello() -> str:
        return "hello"

    with pytest.raises(McpResultError) as e:
        adapt(server, m)  # type: ignore[arg-type]
    assert e.value.code == "invalid_value"
    assert "adapt does not adapt FastMCP" in e.value.message and "request's revision" in e.value.message
    assert not hasattr(server, "_mcpresult_adapted")


def test_templates_and_context(m: McpResult) -> None:
    errors: list[FailureInfo] = []
    server = MCPServer("templates")

    @server.tool()
    async def who(ctx: Context) -> ToolResult:
        return m.tool(m.text("request " + str(ctx.request_id)))

    @server.resource("weather://{city}", mime_type="text/plain")
    def city_weather(city: str) -> str:
        if city == "none":
            raise ClientError("No such city.", "weather.no_city")
        if city == "secret":
            raise RuntimeError("password " + SECRET)
        return "Sunny in " + city + "."

    adapt(server, m, on_error=errors.append)

    async def run() -> list[dict[str, Any]]:
        async with wire(server, "2025-11-25") as w:
            return [
                await w.ask("tools/call", {"name": "who", "arguments": {}}),
                await w.ask("resources/read", {"uri": "weather://Oslo"}),
                await w.ask("resources/read", {"uri": "weather://none"}),
                await w.ask("resources/read", {"uri": "weather://secret"}),
            ]

    who_r, oslo, none, secret = anyio.run(run)
    assert who_r["result"]["content"][0]["text"].startswith("request ")
    assert compact(oslo["result"]) == m.serialize(m.resource(m.text_resource("weather://Oslo", "Sunny in Oslo.", mime_type="text/plain")), protocol_version="2025-11-25")
    assert none["error"] == {"code": -32602, "message": "No such city.", "data": {"code": "weather.no_city"}}
    assert secret["error"] == {"code": -32603, "message": "resource read failed"}
    assert len(errors) == 1 and SECRET in str(errors[0]["error"])


def test_a_handler_replaced_after_adapt_is_never_served(m: McpResult) -> None:
    from mcp_types import CallToolRequestParams

    server = weather_server(m, [])

    async def unadapted(ctx: Any, params: Any) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": "not written by the adapter"}], "isError": False}

    server._lowlevel_server.add_request_handler("tools/call", CallToolRequestParams, unadapted)

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        async with wire(server, "2025-06-18") as w:
            return await w.ask("tools/call", {"name": "greet", "arguments": {"name": "Oslo"}}), await w.ask("resources/read", {"uri": "file:///docs/plain.txt"})

    call, read = anyio.run(run)
    assert call["error"]["code"] == -32603 and "no longer adapted" in call["error"]["message"]
    assert "not written" not in json.dumps(call)
    assert read["result"]["contents"][0]["text"] == "Plain text."
