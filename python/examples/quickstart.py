"""The Python quick start: an MCPServer of the official Python SDK,
adapted, served over stdio. Every result is checked and written for the
revision of the request it answers (2024-11-05 to 2026-07-28); a raised
error stays private.

    python examples/quickstart.py
"""

from __future__ import annotations

import base64
import sys

from mcp.server.mcpserver import MCPServer
from typing_extensions import TypedDict  # pydantic reads this one on every Python

import mcpresult
from mcpresult.sdk import adapt

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")

m = mcpresult.load()
server = MCPServer("quickstart", version="1.0.0")


class Weather(TypedDict):
    city: str
    tempC: float


class City(TypedDict):
    name: str
    population: int


@server.tool()
def weather(city: str) -> Weather:
    """The weather of a city"""
    return {"city": city, "tempC": 21.5}  # its output schema from the annotation; text fallback made for you


@server.tool()
def crash() -> mcpresult.ToolResult:
    """A private failure"""
    raise RuntimeError("db password=hunter2 refused")  # the client sees only "tool execution failed"


@server.tool()
def top_cities() -> list[City]:
    """The largest cities: a list, which the SDK wraps as {"result": [...]}"""
    return [{"name": "Tokyo", "population": 37}, {"name": "Delhi", "population": 34}]


@server.tool()
def pixel() -> mcpresult.ToolResult:
    """A 1x1 PNG, from bytes"""
    return m.tool(m.image(PNG, "image/png"))  # bytes: base64 written for you


@server.tool()
def lookup(id: str) -> mcpresult.ToolResult:
    """Always a client error"""
    raise mcpresult.ClientError(f"no record {id}", "not_found")  # shown to the client, with its code


@server.resource("docs://readme", mime_type="text/plain")
def readme() -> mcpresult.ResourceResult:
    return m.resource(m.text_resource("docs://readme", "Hello from mcpresult.", mime_type="text/plain"))


def private(info: mcpresult.FailureInfo) -> None:
    print("private:", info["kind"], repr(info["error"]), file=sys.stderr)  # stderr: stdout carries the protocol


adapt(server, m, on_error=private)

if __name__ == "__main__":
    server.run("stdio")
