"""The adapter of the official MCP Python SDK 2.x: ``adapt(server, m)``
makes an ``MCPServer`` (``mcp.server.mcpserver``) write every tool result
and resource-read result with this package, for the revision of each
request.

>>> from mcp.server.mcpserver import MCPServer
>>> server = adapt(MCPServer("weather"), m, on_error=log)

Tools and resources are registered as the SDK has them (``@server.tool()``
with typed parameters, ``@server.resource(uri)``), before or after
``adapt``. After it:

- every ``tools/call`` runs the tool's function as the SDK would (its
  arguments validated by the SDK's model of its parameters, a ``Context``
  parameter and ``Resolve(...)`` parameters filled in), then guarded (see
  ``mcpresult._guard``): a result built with ``m`` or a plain dict in the
  wire shape passes, checked; a raised ``ClientError`` is shown; anything
  else is ``tool execution failed`` or ``tool output was invalid``, the
  detail going only to ``on_error``. Arguments that fail the SDK's
  validation are a client error naming the fields (never their values).
- A tool's output schema is the SDK's, made from its return annotation
  (``-> Weather``, a ``TypedDict``, model or dataclass); a tool annotated
  ``-> ToolResult`` (or with no structured annotation) has none. A tool
  with an output schema may return its structured value itself (a
  ``Weather``): it is converted as the SDK converts it (including its
  ``{"result": …}`` wrapping of a non-object type) and built with
  ``m.tool(structured_content=…)``, whose text fallback the module
  writes; or it returns a result. A result that is no error must then
  have structured content that the schema validates (JSON Schema, the
  draft the schema names, else 2020-12), else the output is invalid.
- What the client receives is exactly ``m.serialize(result,
  protocol_version=<the request's revision>)``: an older client gets no
  ``structuredContent``, no ``resource_link`` and so on. At 2026-07-28 the
  protocol-owned fields are written too (``finalize``, since the SDK
  requires them), and the SDK adds its ``serverInfo`` entry to ``_meta``
  as it does to every result of that revision.
- ``tools/list`` lists each output schema as ``m.output_schema`` gives it
  for the request's revision (none before 2025-06-18; an object schema
  wrapping a non-object one).
- ``resources/read`` runs the resource's function (or reads a static
  resource) and builds its result: a result built with ``m.resource`` or a
  plain dict with ``contents`` passes, checked; a ``str`` or ``bytes`` is
  one text or blob entry at the requested URI (its MIME type the
  resource's, else ``text/plain`` or ``application/octet-stream``, as the
  SDK has it). A raised ``ClientError`` is the JSON-RPC error -32602 with
  its message (and ``{"code": …}`` as data); any other failure is -32603
  ``resource read failed`` or ``resource output was invalid``.
- An ``MCPError`` a tool or resource raises is the protocol error the
  author chose, as in the SDK (it is how the SDK's own flows, URL
  elicitation among them, answer); an unknown tool or resource is -32602.

``adapt`` refuses (``McpResultError``), at once: anything but an
``MCPServer`` of mcp 2.x, a server that has extensions (their tool-call
interceptors would be skipped), and a server adapted before. A
``tools/call`` or ``resources/read`` handler replaced after ``adapt`` (an
extension added later registers its own) is answered with the JSON-RPC
error -32603 rather than with a result the adapter did not write. FastMCP
(PyPI ``fastmcp`` 4.x, on the SDK's low-level server) is refused with a
message that says why: a FastMCP tool's return value is converted into
FastMCP's own ``ToolResult`` inside the tool's ``run`` (its middleware's
``on_call_tool`` sees only that), and its ``tools/call`` and
``resources/read`` handlers turn results into the SDK's models, which the
SDK re-dumps; there is no hook that sees a handler's own result or that
writes the wire result for the request's revision, and replacing those
handlers would skip FastMCP's own pipeline (its middleware, auth,
visibility, transforms, mounted and proxied servers).
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._errors import McpResultError
from ._guard import OnError, _Failed, client_error_of, failed_kind, report, settle
from ._types import ResourceResult, ToolResult

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from ._api import McpResult

__all__ = ["RESOURCE_READ_FAILED_TEXT", "INVALID_RESOURCE_OUTPUT_TEXT", "adapt"]

#: The message of the JSON-RPC error (-32603) of a resource read that
#: failed privately.
RESOURCE_READ_FAILED_TEXT = "resource read failed"
#: The message of the JSON-RPC error (-32603) of a resource read whose
#: result failed its checks.
INVALID_RESOURCE_OUTPUT_TEXT = "resource output was invalid"

#: Where an adapted handler leaves the exact result it wrote, for the
#: middleware to answer with (the SDK re-dumps a handler's result through
#: its own models, which reorders and re-types it).
_WRITTEN: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar("mcpresult_written", default=None)
_SERVER_INFO = "io.modelcontextprotocol/serverInfo"
_ADAPTED = "_mcpresult_adapted"


def _refuse(message: str) -> McpResultError:
    return McpResultError("invalid_value", "", message)


def _modern(revision: str) -> bool:
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    return revision in MODERN_PROTOCOL_VERSIONS


def _is_result_type(model: Any) -> bool:
    return model is ToolResult or model is ResourceResult


def _schema_of(tool: Any) -> dict[str, Any] | None:
    """The output schema the tool lists: the SDK's, but none for a tool
    annotated as returning a result."""
    if _is_result_type(tool.fn_metadata.output_model):
        return None
    schema: dict[str, Any] | None = tool.output_schema
    return schema


def _pointer(parts: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


class _Schemas:
    """The compiled validators of the tools' output schemas."""

    def __init__(self) -> None:
        self._by_name: dict[str, tuple[Any, Any]] = {}

    def check(self, name: str, schema: dict[str, Any], structured: Any) -> None:
        import jsonschema

        had = self._by_name.get(name)
        if had is None or had[0] is not schema:
            cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
            had = (schema, cls(schema))
            self._by_name[name] = had
        err = jsonschema.exceptions.best_match(had[1].iter_errors(structured))
        if err is not None:
            raise McpResultError(
                "invalid_value",
                "/structuredContent" + _pointer(err.absolute_path),
                "the structured content does not match the tool's output schema (" + str(err.validator) + ")",
            )


def adapt(server: MCPServer, m: McpResult, *, on_error: OnError | None = None) -> MCPServer:
    """server adapted: see the module's docs. It returns the server."""
    try:
        from mcp.server.mcpserver import MCPServer
    except ImportError:
        raise _refuse("mcpresult.sdk adapts an MCPServer of the official MCP Python SDK 2.x (PyPI mcp), which is not installed") from None
    if any(c.__module__.split(".")[0] in ("fastmcp", "fastmcp_slim") for c in type(server).__mro__):
        raise _refuse(
            "adapt does not adapt FastMCP: FastMCP converts what a tool returns into its own ToolResult before any "
            "hook of its sees it, and writes tools/call and resources/read results through its own models, so no "
            "result could be written for the request's revision; adapt an MCPServer of mcp 2.x (mcp.server.mcpserver)"
        )
    if not isinstance(server, MCPServer):
        t = type(server)
        raise _refuse(f"adapt takes an MCPServer of mcp 2.x (mcp.server.mcpserver), not a {t.__module__}.{t.__qualname__}")
    version = _version()
    if not version.startswith("2."):
        raise _refuse(f"adapt supports mcp 2.x, not mcp {version}")
    for attr in ("_lowlevel_server", "_tool_manager", "_resource_manager", "_subscriptions", "_extensions"):
        if not hasattr(server, attr):
            raise _refuse(f"this MCPServer (mcp {version}) has no {attr}: not a shape adapt knows")
    if getattr(server, _ADAPTED, False):
        raise _refuse("this MCPServer is adapted already")
    if server._extensions:
        raise _refuse("adapt does not adapt an MCPServer with extensions (their tool-call interceptors would not run)")
    low = server._lowlevel_server
    from mcp_types import CallToolRequestParams, ReadResourceRequestParams

    schemas = _Schemas()
    handlers = {
        "tools/call": _tool_handler(server, m, on_error, schemas),
        "resources/read": _resource_handler(server, m, on_error),
    }
    low.add_request_handler("tools/call", CallToolRequestParams, handlers["tools/call"])
    low.add_request_handler("resources/read", ReadResourceRequestParams, handlers["resources/read"])
    low.middleware.append(_Exact(server, m, handlers))
    setattr(server, _ADAPTED, True)
    return server


def _version() -> str:
    from importlib.metadata import version

    return version("mcp")


class _Exact:
    """The middleware that answers an adapted tools/call or resources/read
    with the result as the adapter wrote it, and lists output schemas per
    revision."""

    def __init__(self, server: Any, m: McpResult, handlers: dict[str, Any]) -> None:
        self._server = server
        self._m = m
        self._handlers = handlers

    async def __call__(self, ctx: Any, call_next: Callable[[Any], Any]) -> Any:
        method = ctx.method
        if method not in ("tools/call", "resources/read", "tools/list"):
            return await call_next(ctx)
        own = self._handlers.get(method)
        if own is not None:
            entry = self._server._lowlevel_server.get_request_handler(method)
            if entry is None or entry.handler is not own:
                # the handler was replaced after adapt (an extension added
                # later, say): a result the adapter did not write is never
                # served
                from mcp.shared.exceptions import MCPError
                from mcp_types import INTERNAL_ERROR

                raise MCPError(code=INTERNAL_ERROR, message=f"{method} is no longer adapted: the server's handler was replaced after adapt")
        holder: list[dict[str, Any]] = []
        token = _WRITTEN.set(holder)
        try:
            out = await call_next(ctx)
        finally:
            _WRITTEN.reset(token)
        if method == "tools/list":
            return self._list(ctx.protocol_version, out)
        if not holder:
            return out
        exact = holder[0]
        meta = out.get("_meta") if type(out) is dict else None
        if type(meta) is dict and _SERVER_INFO in meta:
            own = exact.get("_meta")
            exact["_meta"] = {**(own if type(own) is dict else {}), _SERVER_INFO: meta[_SERVER_INFO]}
        return exact

    def _list(self, revision: str, out: Any) -> Any:
        if type(out) is not dict or type(out.get("tools")) is not list:
            return out
        for t in out["tools"]:
            tool = self._server._tool_manager.get_tool(t.get("name")) if type(t) is dict else None
            if tool is None:
                continue
            schema = _schema_of(tool)
            listed = None if schema is None else self._m.output_schema(schema, revision)
            if listed is None:
                t.pop("outputSchema", None)
            else:
                t["outputSchema"] = listed
        return out


def _written(result: dict[str, Any]) -> dict[str, Any]:
    """result, left for the middleware to answer with, and given to the
    SDK (which checks it against the revision's shape)."""
    holder = _WRITTEN.get()
    if holder is not None:
        holder.append(result)
    return result


def _tool_handler(server: Any, m: McpResult, on_error: OnError | None, schemas: _Schemas) -> Callable[[Any, Any], Any]:
    from mcp.server.mcpserver import Context
    from mcp.server.mcpserver.resolve import resolve_arguments
    from mcp.shared.exceptions import MCPError
    from mcp_types import INVALID_PARAMS, InputRequiredResult
    from pydantic import ValidationError

    async def call_tool(ctx: Any, params: Any) -> Any:
        revision = ctx.protocol_version
        name = params.name
        tool = server._tool_manager.get_tool(name)
        if tool is None:
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {name}")
        context = Context(request_context=ctx, mcp_server=server, input_params=params, subscriptions=server._subscriptions)
        schema = _schema_of(tool)
        meta = tool.fn_metadata
        thrown: list[Exception] = []
        value: Any = None
        try:
            try:
                validated = meta.validate_arguments(params.arguments or {})
            except ValidationError as exc:
                from ._errors import ClientError

                fields = sorted({".".join(str(p) for p in e["loc"]) for e in exc.errors()})
                raise ClientError(f"Invalid arguments for tool {name}: " + ", ".join(fields)) from None
            passed: dict[str, Any] = {}
            if tool.context_kwarg is not None:
                passed[tool.context_kwarg] = context
            if tool.resolved_params:
                resolved = await resolve_arguments(tool.resolved_params, tool.resolver_plans, validated, context)
                if isinstance(resolved, InputRequiredResult):
                    return resolved
                passed |= resolved
            value = await meta.call_fn(tool.fn, tool.is_async, validated, passed)
            if isinstance(value, InputRequiredResult):
                return value
        except MCPError:
            raise
        except Exception as e:
            thrown.append(e)

        def outcome() -> Any:
            if thrown:
                raise thrown[0]
            if schema is not None and value is not None and not _is_result(value):
                return m.tool(structured_content=_structured(meta, value))
            return value

        def write(result: Any) -> dict[str, Any]:
            if schema is not None and result.get("isError") is not True:
                # the result as the module read it: what the schema checks
                # and what is written
                copy = m.serialize(result, output="object")
                if "structuredContent" not in copy:
                    raise McpResultError("missing_field", "/structuredContent", "a tool with an output schema must give structured content")
                schemas.check(name, schema, copy["structuredContent"])
                result = copy
            out: dict[str, Any] = json.loads(m.serialize(result, protocol_version=revision, finalize=_modern(revision)))
            return out

        return _written(settle(m, outcome, on_error, write))

    return call_tool


def _is_result(value: Any) -> bool:
    from ._api import Built

    t = type(value)
    return t is Built or (t is dict and "content" in value)


def _structured(meta: Any, value: Any) -> Any:
    """The structured content of a tool's value, converted as the SDK
    converts it; a value its output model refuses is an invalid output."""
    try:
        model = meta.output_model
        if model is None:
            return value
        if meta.wrap_output:
            value = {"result": value}
        adapter = meta._output_adapter(model)
        validated = adapter.validate_python(value, by_alias=True, by_name=True)
        from pydantic import BaseModel

        if isinstance(validated, BaseModel):
            return validated.model_dump(mode="json", by_alias=True)
        return adapter.dump_python(validated, mode="json", by_alias=True)
    except Exception as e:
        raise _Failed("invalid_output", e) from None


def _resource_handler(server: Any, m: McpResult, on_error: OnError | None) -> Callable[[Any, Any], Any]:
    import anyio
    from mcp.server.mcpserver import Context
    from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
    from mcp.server.mcpserver.resources import FunctionResource
    from mcp.shared._callable_inspection import is_async_callable
    from mcp.shared.exceptions import MCPError
    from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, InputRequiredResult

    def failed(f: _Failed) -> MCPError:
        report(on_error, f)
        text = INVALID_RESOURCE_OUTPUT_TEXT if f.kind == "invalid_output" else RESOURCE_READ_FAILED_TEXT
        return MCPError(code=INTERNAL_ERROR, message=text)

    def shown(e: BaseException) -> MCPError | None:
        try:
            r = client_error_of(m, e)
        except _Failed as f:
            return failed(f)
        if r is None:
            return None
        code = r.get("_meta", {}).get("io.github.mcpresult/errorCode")
        return MCPError(code=INVALID_PARAMS, message=r["content"][0]["text"], data=None if code is None else {"code": code})

    async def read_resource(ctx: Any, params: Any) -> Any:
        revision = ctx.protocol_version
        uri = str(params.uri)
        context = Context(request_context=ctx, mcp_server=server, input_params=params, subscriptions=server._subscriptions)
        try:
            resource = await server._resource_manager.get_resource(uri, context)
        except ResourceNotFoundError:
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown resource: {uri}", data={"uri": uri}) from None
        except MCPError:
            raise
        except Exception as e:
            # a template's function failed: the SDK wraps what it raised
            cause = e.__cause__ if isinstance(e, ResourceError) and e.__cause__ is not None else e
            err = shown(cause)
            raise (err if err is not None else failed(_Failed(failed_kind(cause), cause))) from None
        if isinstance(resource, InputRequiredResult):
            return resource
        try:
            if isinstance(resource, FunctionResource):
                fn = resource.fn
                value = await fn() if is_async_callable(fn) else await anyio.to_thread.run_sync(fn)
            else:
                value = await resource.read()
        except MCPError:
            raise
        except Exception as e:
            err = shown(e)
            raise (err if err is not None else failed(_Failed(failed_kind(e), e))) from None
        mime = resource.mime_type
        try:
            t = type(value)
            if value is None:
                raise _Failed("execution_failed", McpResultError("invalid_value", "", "the resource handler returned no result"))
            if t is str:
                value = m.resource(m.text_resource(uri, value, mime_type=mime or "text/plain"))
            elif t is bytes or t is bytearray:
                value = m.resource(m.blob_resource(uri, bytes(value), mime_type=mime or "application/octet-stream"))
            elif not _is_resource(value):
                raise _Failed("invalid_output", McpResultError("invalid_type", "", "a resource handler returns a resource result, a str or bytes"))
            out: dict[str, Any] = json.loads(m.serialize(value, protocol_version=revision, finalize=_modern(revision)))
        except _Failed as f:
            raise failed(f) from None
        except Exception as e:
            raise failed(_Failed("invalid_output", e)) from None
        return _written(out)

    return read_resource


def _is_resource(value: Any) -> bool:
    from ._api import Built

    t = type(value)
    return (t is Built or t is dict) and "contents" in value and "content" not in value
