"""examples/quickstart.py, started as a subprocess over stdio: (a) the
official Python client calls its tools; (b) a raw JSON-RPC client speaks
each revision, 2024-11-05 to 2026-07-28, and every result it gets is
valid for that revision's official JSON Schema and is what m.serialize
writes for it; (c) mcpresult check finds no error in it."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client, StdioServerParameters

from mcpresult import McpResult

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "python" / "examples" / "quickstart.py"
SCHEMAS = ROOT / "testdata" / "mcp-schemas"
REVISIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28")
SERVER_INFO = "io.modelcontextprotocol/serverInfo"
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")


def expected(m: McpResult) -> dict[str, Any]:
    """What each call's result is, as m builds it."""
    return {
        "weather": m.tool(structured_content={"city": "Oslo", "tempC": 21.5}),
        "top_cities": m.tool(structured_content={"result": [{"name": "Tokyo", "population": 37}, {"name": "Delhi", "population": 34}]}),
        "pixel": m.tool(m.image(PNG, "image/png")),
        "lookup": m.error("no record 42", "not_found"),
        "crash": {"content": [{"type": "text", "text": "tool execution failed"}], "isError": True},
    }


ARGS: dict[str, dict[str, Any]] = {"weather": {"city": "Oslo"}, "top_cities": {}, "pixel": {}, "lookup": {"id": "42"}, "crash": {}}


def env() -> dict[str, str]:
    e = dict(os.environ)
    e.setdefault("MCPRESULT_CACHE_DIR", str(ROOT / "bin" / "python-cache"))
    return e


class Raw:
    """A raw JSON-RPC client of the quick start over its stdin/stdout, one
    request at a time."""

    def __init__(self, revision: str) -> None:
        self.revision = revision
        self.proc = subprocess.Popen(
            [sys.executable, str(QUICKSTART)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), text=True, encoding="utf-8"
        )
        self.id = 0

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def ask(self, method: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The response's line as the server wrote it, and parsed."""
        self.id += 1
        if self.revision >= "2026-07-28" and method != "initialize":
            params = {
                **params,
                "_meta": {
                    "io.modelcontextprotocol/protocolVersion": self.revision,
                    "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1.0.0"},
                    "io.modelcontextprotocol/clientCapabilities": {},
                },
            }
        self.send({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            assert line != "", "the server closed its stdout"
            msg = json.loads(line)
            if msg.get("id") == self.id:
                return line, msg

    def close(self) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        assert self.proc.stderr is not None
        return self.proc.stderr.read()


def validator(revision: str, definition: str) -> Any:
    schema = json.loads((SCHEMAS / revision / "schema.json").read_text(encoding="utf-8"))
    defs = "$defs" if "$defs" in schema else "definitions"
    cls = jsonschema.validators.validator_for(schema)
    return cls({**schema, "$ref": f"#/{defs}/{definition}"})


@pytest.mark.parametrize("revision", REVISIONS)
def test_a_raw_client_at_each_revision(m: McpResult, revision: str) -> None:
    raw = Raw(revision)
    try:
        if revision < "2026-07-28":
            _, init = raw.ask("initialize", {"protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1.0.0"}})
            assert init["result"]["protocolVersion"] == revision
            raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tool_result = validator(revision, "CallToolResult")
        finalize = revision >= "2026-07-28"
        for name, want in expected(m).items():
            line, resp = raw.ask("tools/call", {"name": name, "arguments": ARGS[name]})
            result = resp["result"]
            errors = [e.message for e in tool_result.iter_errors(result)]
            assert errors == [], (name, errors)
            if finalize:
                meta = result["_meta"]
                assert SERVER_INFO in meta
                del meta[SERVER_INFO]
                if not meta:
                    del result["_meta"]
            assert json.dumps(result, separators=(",", ":"), ensure_ascii=False) == m.serialize(want, protocol_version=revision, finalize=finalize), name
            assert "hunter2" not in line
            assert ("structuredContent" in result) == (name in ("weather", "top_cities") and revision >= "2025-06-18")
        _, listed = raw.ask("tools/list", {})
        schemas = {t["name"]: t.get("outputSchema") for t in listed["result"]["tools"]}
        assert (schemas["weather"] is None) == (revision < "2025-06-18")
        assert schemas["pixel"] is None and schemas["crash"] is None
        _, read = raw.ask("resources/read", {"uri": "docs://readme"})
        assert [e.message for e in validator(revision, "ReadResourceResult").iter_errors(read["result"])] == []
        assert read["result"]["contents"] == [{"uri": "docs://readme", "mimeType": "text/plain", "text": "Hello from mcpresult."}]
    finally:
        stderr = raw.close()
    assert "private: execution_failed RuntimeError('db password=hunter2 refused')" in stderr


def test_the_official_client_over_stdio() -> None:
    async def run() -> None:
        params = StdioServerParameters(command=sys.executable, args=[str(QUICKSTART)], env=env())
        async with Client(params) as client:
            r = await client.call_tool("weather", {"city": "Oslo"})
            assert r.structured_content == {"city": "Oslo", "tempC": 21.5}
            assert r.is_error is False
            r = await client.call_tool("lookup", {"id": "42"})
            assert r.is_error is True and r.content[0].model_dump()["text"] == "no record 42"
            r = await client.call_tool("crash", {})
            assert r.is_error is True and r.content[0].model_dump()["text"] == "tool execution failed"
            read = await client.read_resource("docs://readme")
            assert read.contents[0].model_dump()["text"] == "Hello from mcpresult."

    anyio.run(run)


def cli(tmp_path: Path) -> str:
    """The mcpresult command: $MCPRESULT_CLI, else the repository's
    bin/mcpresult, else built from cmd/mcpresult with the go on PATH."""
    given = os.environ.get("MCPRESULT_CLI")
    if given:
        return given
    built = ROOT / "bin" / "mcpresult"
    if built.is_file():
        return str(built)
    go = shutil.which("go")
    assert go is not None, "set MCPRESULT_CLI, or put go on PATH to build cmd/mcpresult"
    out = tmp_path / "mcpresult"
    subprocess.run([go, "build", "-o", str(out), "./cmd/mcpresult"], cwd=ROOT, check=True)
    return str(out)


def test_mcpresult_check_finds_no_error(tmp_path: Path) -> None:
    command = f"{sys.executable} {QUICKSTART}"
    done = subprocess.run([cli(tmp_path), "check", "--stdio", command, "--json"], capture_output=True, text=True, env=env(), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert "hunter2" not in done.stdout
    totals = report["totals"]
    assert (totals["error"], totals["warning"], totals["revisionsChecked"], totals["revisionsFailed"]) == (0, 0, 5, 0), totals
    assert [(r["revision"], r["status"], r["negotiated"]) for r in report["revisions"]] == [(r, "checked", r) for r in REVISIONS]
    assert totals["toolCalls"] == 25 and totals["resourceReads"] == 5
