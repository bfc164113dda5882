"""A raw JSON-RPC client of an MCPServer in memory, for the adapter's
tests: it speaks a given revision (initialize first at a revision before
2026-07-28; at 2026-07-28 each request alone with its _meta envelope) and
gives each response as the JSON the server wrote."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.shared.memory import create_client_server_memory_streams
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCNotification, JSONRPCRequest

REVISIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28")
SERVER_INFO = "io.modelcontextprotocol/serverInfo"


def envelope(revision: str) -> dict[str, Any]:
    """The per-request _meta of a 2026-07-28 request."""
    return {
        "io.modelcontextprotocol/protocolVersion": revision,
        "io.modelcontextprotocol/clientInfo": {"name": "tests", "version": "1.0.0"},
        "io.modelcontextprotocol/clientCapabilities": {},
    }


class Wire:
    """ask(method, params) sends one request and gives its response: a
    dict parsed from the JSON the server wrote, keys in its order."""

    def __init__(self, read: Any, write: Any, revision: str) -> None:
        self._read = read
        self._write = write
        self.revision = revision
        self._id = 0

    async def ask(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._id += 1
        if self.revision >= "2026-07-28" and method != "initialize":
            params = {**params, "_meta": envelope(self.revision)}
        await self._write.send(SessionMessage(JSONRPCRequest(jsonrpc="2.0", id=self._id, method=method, params=params)))
        while True:
            msg = await self._read.receive()
            if isinstance(msg, Exception):
                raise msg
            if getattr(msg.message, "id", None) == self._id:
                out: dict[str, Any] = json.loads(msg.message.model_dump_json(by_alias=True, exclude_unset=True))
                return out


@asynccontextmanager
async def wire(server: MCPServer, revision: str) -> AsyncIterator[Wire]:
    """A connection to server at revision."""
    low = server._lowlevel_server
    async with create_client_server_memory_streams() as (client, srv):
        async with anyio.create_task_group() as tg:

            async def run() -> None:
                await low.run(srv[0], srv[1], low.create_initialization_options())

            tg.start_soon(run)
            w = Wire(client[0], client[1], revision)
            if revision < "2026-07-28":
                init = await w.ask("initialize", {"protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "tests", "version": "1.0.0"}})
                assert init["result"]["protocolVersion"] == revision, init
                await client[1].send(SessionMessage(JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized")))
            try:
                yield w
            finally:
                tg.cancel_scope.cancel()


def without_server_info(result: dict[str, Any], revision: str) -> dict[str, Any]:
    """result without the serverInfo entry the SDK adds to _meta at
    2026-07-28 (checked to be there then, and only then)."""
    out = dict(result)
    meta = out.get("_meta")
    if revision >= "2026-07-28":
        assert type(meta) is dict and SERVER_INFO in meta, result
        meta = {k: v for k, v in meta.items() if k != SERVER_INFO}
        if meta:
            out["_meta"] = meta
        else:
            del out["_meta"]
    else:
        assert type(meta) is not dict or SERVER_INFO not in meta, result
    return out
