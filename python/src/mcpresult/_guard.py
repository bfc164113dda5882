"""guard: a tool handler whose failures never reach the client, except as
the results below or as a ClientError's message; and what the SDK adapter
(mcpresult.sdk) shares of it.

Whatever a handler returns or raises is hostile. It is read once, inside
the guard, by the module's encoder, which tells types with ``type()`` and
never runs the value's own code (no ``__iter__``, ``__repr__``,
``__str__`` or ``items`` of the caller's); what the caller gets back is a
new dict made from the JSON the module wrote, never the handler's object.

The outcomes:

- a result built with this package (``tool``, ``error``, ``from_value``),
  or a plain ``dict`` in the wire shape of a tool result, is checked (a
  built result again, since a dict can be changed after it was built) and
  written; one that fails its checks, a resource result, or any other
  value (a ``str``, a ``list``, an object) is an invalid output:
  ``{"content":[{"type":"text","text":"tool output was invalid"}],"isError":true}``;
- ``None`` (no result) and any ``Exception`` raised is a failed execution:
  ``{"content":[{"type":"text","text":"tool execution failed"}],"isError":true}``;
  but an ``McpResultError`` raised (a build of the handler's own that
  failed its checks) is an invalid output, as in the Go and JS packages;
- a raised ``ClientError`` becomes ``error(message, code)``: its message
  and code are read once each, and one whose message or code is no
  ``str`` (or that ``error`` refuses) is an invalid output.

``BaseException``s that are not ``Exception``s (cancellation,
``KeyboardInterrupt``, ``SystemExit``) are not caught: they end the call
as Python means them to. A sync handler that returns a coroutine (it was
meant to be async) is a failed execution, and the coroutine is closed
unawaited; any other awaitable is no result, an invalid output.

The private detail goes only to ``on_error``, called with one
``FailureInfo`` (what failed, the exception, and the code and path of an
``McpResultError``); what ``on_error`` raises is ignored.
"""

from __future__ import annotations

import functools
import inspect
import json
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypedDict, TypeVar, cast


from ._errors import ClientError, McpResultError
from ._types import ToolResult

if TYPE_CHECKING:
    from ._api import McpResult

P = ParamSpec("P")
R = TypeVar("R")

#: The text of the tool result given in place of a handler that failed
#: privately (raised, returned nothing).
EXECUTION_FAILED_TEXT = "tool execution failed"
#: The text of the tool result given in place of a handler's result that
#: failed its checks.
INVALID_OUTPUT_TEXT = "tool output was invalid"


class FailureInfo(TypedDict):
    """What on_error is given: ``kind`` is ``"execution_failed"`` or
    ``"invalid_output"`` (the text the client got says which), ``error``
    the exception (the handler's own, or an ``McpResultError`` of the
    checks), ``code`` and ``path`` those of an ``McpResultError`` (else
    ``None``)."""

    kind: Literal["execution_failed", "invalid_output"]
    error: BaseException
    code: str | None
    path: str | None


OnError = Callable[[FailureInfo], object]


class _Failed(Exception):
    """A private failure on its way to on_error and to the failure result."""

    def __init__(self, kind: Literal["execution_failed", "invalid_output"], error: BaseException) -> None:
        super().__init__(kind)
        self.kind: Literal["execution_failed", "invalid_output"] = kind
        self.error = error


def failure(text: str) -> dict[str, Any]:
    """The result given in place of a private failure."""
    return {"content": [{"type": "text", "text": text}], "isError": True}


def report(on_error: OnError | None, failed: _Failed) -> None:
    """Hands the failure to on_error, ignoring what on_error raises."""
    if on_error is None:
        return
    err = failed.error
    is_mcp = type(err) is McpResultError
    info: FailureInfo = {
        "kind": failed.kind,
        "error": err,
        "code": err.code if is_mcp else None,  # type: ignore[attr-defined]
        "path": err.path if is_mcp else None,  # type: ignore[attr-defined]
    }
    try:
        on_error(info)
    except Exception:  # noqa: BLE001 - a failing on_error must not reach the client either
        pass


def failed_kind(err: BaseException) -> Literal["execution_failed", "invalid_output"]:
    """What a raised exception that is no ClientError stands for: an
    McpResultError is an invalid output (the handler's result failed its
    checks as it was built), anything else a failed execution."""
    try:
        return "invalid_output" if isinstance(err, McpResultError) else "execution_failed"
    except Exception:  # a __class__ that raises
        return "execution_failed"


def client_error_of(m: McpResult, err: BaseException) -> dict[str, Any] | None:
    """The result of a raised ClientError (None for any other exception).
    Its message and code are read once each; a message or code of another
    type, or one error() refuses, is an invalid output."""
    try:
        if not isinstance(err, ClientError):
            return None
    except Exception as e:  # a __class__ that raises
        raise _Failed("execution_failed", e) from None
    try:
        message = err.message
        code = err.code
    except Exception as e:
        raise _Failed("execution_failed", e) from None
    try:
        if type(message) is not str:
            raise McpResultError("invalid_type", "/message", "a ClientError's message must be a string")
        if code is not None and type(code) is not str:
            raise McpResultError("invalid_type", "/code", "a ClientError's code must be a string")
        return dict(m.error(message, code))
    except McpResultError as e:
        raise _Failed("invalid_output", e) from None


def returned(value: Any) -> Any:
    """value when it may be a tool result as the guard reads it (a dict,
    built or plain), else the _Failed it stands for."""
    from ._api import Built

    t = type(value)
    if value is None:
        raise _Failed("execution_failed", McpResultError("invalid_value", "", "the tool handler returned no result"))
    if t is not dict and t is not Built:
        raise _Failed("invalid_output", McpResultError("invalid_type", "", "a tool handler returns a tool result (a dict)"))
    if "contents" in value and "content" not in value:
        raise _Failed("invalid_output", McpResultError("invalid_value", "", "a tool handler returned a resource result"))
    return value


def settle(m: McpResult, outcome: Callable[[], Any], on_error: OnError | None, write: Callable[[Any], Any]) -> Any:
    """What a handler's outcome gives: outcome() runs the handler (or gives
    what it returned); write(value) checks and writes a returned result,
    raising McpResultError when it fails its checks. A private failure is
    reported and gives failure(text) written by write_failure."""
    try:
        try:
            value = outcome()
        except _Failed:
            raise
        except Exception as e:
            shown = client_error_of(m, e)
            if shown is None:
                raise _Failed(failed_kind(e), e) from None
            return write(shown)
        try:
            return write(returned(value))
        except _Failed:
            raise
        except Exception as e:
            raise _Failed("invalid_output", e) from None
    except _Failed as f:
        report(on_error, f)
        text = INVALID_OUTPUT_TEXT if f.kind == "invalid_output" else EXECUTION_FAILED_TEXT
        return write(failure(text))


def _written(m: McpResult) -> Callable[[Any], dict[str, Any]]:
    def write(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(m.serialize(value))
        return out

    return write


def _raise(e: Exception) -> Any:
    raise e


def guard(m: McpResult, handler: Callable[P, R], *, on_error: OnError | None = None) -> Callable[P, R]:
    """handler guarded for m (McpResult.guard): see the module's docs. An
    async handler (a coroutine function) gives an async function, any
    other a sync one; both keep the handler's signature (functools.wraps),
    so an SDK that reads it (parameters, annotations) sees the handler's,
    and its type is the handler's (what it returns is a new dict, the
    handler's result as checked, or a failure result)."""
    write = _written(m)
    if inspect.iscoroutinefunction(handler):

        @functools.wraps(handler)
        async def guarded_async(*args: P.args, **kwargs: P.kwargs) -> Any:
            try:
                value = await handler(*args, **kwargs)
            except Exception as e:
                err = e
                return settle(m, lambda: _raise(err), on_error, write)
            return settle(m, lambda: value, on_error, write)

        return cast(Callable[P, R], guarded_async)

    @functools.wraps(handler)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> Any:
        def outcome() -> Any:
            value: Any = handler(*args, **kwargs)
            if type(value) is types.CoroutineType:
                value.close()
                raise _Failed("execution_failed", McpResultError("invalid_value", "", "a sync tool handler returned a coroutine"))
            return value

        return settle(m, outcome, on_error, write)

    return cast(Callable[P, R], guarded)


class GuardMethod:
    """McpResult.guard: the method of the API, as guard above."""

    def guard(self, handler: Callable[P, R], *, on_error: OnError | None = None) -> Callable[P, R]:
        """handler guarded: a built result or a plain dict is checked and
        given as a new dict; a raised ClientError becomes error(message,
        code); anything else becomes a failure result, its detail going
        to on_error(info) only (see mcpresult._guard)."""
        return guard(cast("McpResult", self), handler, on_error=on_error)
