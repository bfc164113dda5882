"""guard: what a handler returns or raises, however hostile, reaches the
client only as a checked result, a ClientError's message, or one of the
two failure results; the private detail reaches on_error alone."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from mcpresult import ClientError, FailureInfo, McpResult, McpResultError, ToolResult

FAILED = {"content": [{"type": "text", "text": "tool execution failed"}], "isError": True}
INVALID = {"content": [{"type": "text", "text": "tool output was invalid"}], "isError": True}
SECRET = "hunter2"


class Raising(dict):  # type: ignore[type-arg]
    def __iter__(self) -> Any:
        raise RuntimeError("__iter__ ran " + SECRET)

    def items(self) -> Any:
        raise RuntimeError("items ran " + SECRET)

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ ran " + SECRET)


class Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("__repr__ ran " + SECRET)

    def __str__(self) -> str:
        raise RuntimeError("__str__ ran " + SECRET)

    def __iter__(self) -> Any:
        raise RuntimeError("__iter__ ran " + SECRET)

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("__getattr__ ran " + SECRET)


class LoudError(Exception):
    """An exception whose text would leak if anything read it."""

    def __str__(self) -> str:
        raise RuntimeError("__str__ ran " + SECRET)

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ ran " + SECRET)


class SlyClientError(ClientError):
    """A ClientError whose message is no string."""

    def __init__(self) -> None:
        super().__init__("x")
        self.message = Hostile()  # type: ignore[assignment]


class RaisingClientError(ClientError):
    @property
    def message(self) -> str:
        raise RuntimeError("message ran " + SECRET)

    @message.setter
    def message(self, v: str) -> None:
        pass


def _shown(result: Any) -> str:
    return json.dumps(result)


def _run(m: McpResult, value: Any = None, exc: BaseException | None = None) -> tuple[Any, list[FailureInfo]]:
    seen: list[FailureInfo] = []

    def handler() -> ToolResult:
        if exc is not None:
            raise exc
        out: ToolResult = value
        return out

    return m.guard(handler, on_error=seen.append)(), seen


def test_built_and_plain_results_pass(m: McpResult) -> None:
    built = m.tool(m.text("Paris"), structured_content={"city": "Paris"})
    out, seen = _run(m, built)
    assert out == {"content": [{"type": "text", "text": "Paris"}], "structuredContent": {"city": "Paris"}, "isError": False}
    assert out is not built and seen == []
    out, seen = _run(m, {"content": [{"type": "text", "text": "hi"}], "_meta": {"com.example/k": 1}})
    assert out == {"content": [{"type": "text", "text": "hi"}], "isError": False, "_meta": {"com.example/k": 1}}
    assert seen == []
    out, _ = _run(m, m.error("Say which city.", "weather.no_city"))
    assert out == {"content": [{"type": "text", "text": "Say which city."}], "isError": True, "_meta": {"io.github.mcpresult/errorCode": "weather.no_city"}}


def test_a_result_changed_after_it_was_built_is_checked_again(m: McpResult) -> None:
    built = m.tool(m.text("ok"))
    block: Any = built["content"][0]
    block["text"] = 7
    out, seen = _run(m, built)
    assert out == INVALID
    assert [(s["kind"], s["code"], s["path"]) for s in seen] == [("invalid_output", "invalid_type", "/content/0/text")]


@pytest.mark.parametrize(
    "value",
    [
        {"content": [{"type": "text", "text": "token sk-" + SECRET, "annotations": {"priority": 7}}]},
        {"contents": [{"uri": "file:///a.txt", "text": SECRET}]},
        "a string " + SECRET,
        [{"type": "text", "text": SECRET}],
        Raising(content=[{"type": "text", "text": SECRET}]),
        Hostile(),
        {"content": [{"type": "text", "text": SECRET}], "structuredContent": {"x": Hostile()}},
        {"content": [{"type": "text", "text": SECRET}], "structuredContent": {"ratio": float("nan")}},
    ],
    ids=["bad-annotations", "resource-shape", "str", "list", "dict-subclass", "object", "object-inside", "nan"],
)
def test_invalid_outputs_are_withheld(m: McpResult, value: Any) -> None:
    out, seen = _run(m, value)
    assert out == INVALID
    assert SECRET not in _shown(out)
    assert len(seen) == 1 and seen[0]["kind"] == "invalid_output"
    assert isinstance(seen[0]["error"], McpResultError) and seen[0]["code"] is not None


def test_a_resource_result_from_a_tool_is_invalid(m: McpResult) -> None:
    out, seen = _run(m, m.resource(m.text_resource("file:///a.txt", SECRET)))
    assert out == INVALID
    assert seen[0]["code"] == "invalid_value"


@pytest.mark.parametrize(
    "exc",
    [
        ValueError("dial tcp 10.0.0.7:5432: password " + SECRET + " refused"),
        LoudError(),
        KeyError(SECRET),
    ],
    ids=["value-error", "loud-error", "key-error"],
)
def test_raised_exceptions_are_private(m: McpResult, exc: Exception) -> None:
    out, seen = _run(m, exc=exc)
    assert out == FAILED
    assert [s["error"] for s in seen] == [exc]
    assert seen[0]["kind"] == "execution_failed"


def test_a_raised_mcpresult_error_is_an_invalid_output(m: McpResult) -> None:
    def handler() -> ToolResult:
        return m.tool(m.text("token " + SECRET), structured_content={"ratio": float("nan")})

    seen: list[FailureInfo] = []
    out = m.guard(handler, on_error=seen.append)()
    assert out == INVALID and SECRET not in _shown(out)
    assert [(s["kind"], s["code"], s["path"]) for s in seen] == [("invalid_output", "non_finite_number", "/structuredContent/ratio")]


def test_no_result_is_a_failed_execution(m: McpResult) -> None:
    out, seen = _run(m, None)
    assert out == FAILED
    assert seen[0]["kind"] == "execution_failed"


def test_a_client_error_is_shown(m: McpResult) -> None:
    out, seen = _run(m, exc=ClientError("Say which city.", "weather.no_city"))
    assert out == {"content": [{"type": "text", "text": "Say which city."}], "isError": True, "_meta": {"io.github.mcpresult/errorCode": "weather.no_city"}}
    assert seen == []
    out, _ = _run(m, exc=ClientError("Say which city."))
    assert out == {"content": [{"type": "text", "text": "Say which city."}], "isError": True}


def test_hostile_client_errors_are_private(m: McpResult) -> None:
    out, seen = _run(m, exc=SlyClientError())
    assert out == INVALID and seen[0]["code"] == "invalid_type" and seen[0]["path"] == "/message"
    out, seen = _run(m, exc=RaisingClientError("x"))
    assert out == FAILED and isinstance(seen[0]["error"], RuntimeError)
    out, seen = _run(m, exc=ClientError("", "bad code!"))
    assert out == INVALID and seen[0]["kind"] == "invalid_output"


def test_a_failing_on_error_is_ignored(m: McpResult) -> None:
    def on_error(info: FailureInfo) -> None:
        raise RuntimeError("on_error " + SECRET)

    def handler() -> ToolResult:
        raise ValueError(SECRET)

    assert m.guard(handler, on_error=on_error)() == FAILED
    assert m.guard(handler)() == FAILED


def test_async_handlers(m: McpResult) -> None:
    seen: list[FailureInfo] = []

    async def ok(city: str) -> ToolResult:
        await asyncio.sleep(0)
        return m.tool(m.text("Hello, " + city + "."))

    async def failing(city: str) -> ToolResult:
        await asyncio.sleep(0)
        raise ValueError(SECRET)

    guarded = m.guard(ok, on_error=seen.append)
    assert asyncio.iscoroutinefunction(guarded)
    assert asyncio.run(guarded("Oslo")) == {"content": [{"type": "text", "text": "Hello, Oslo."}], "isError": False}
    assert asyncio.run(m.guard(failing, on_error=seen.append)(city="Oslo")) == FAILED
    assert [type(s["error"]) for s in seen] == [ValueError]


def test_a_sync_handler_returning_a_coroutine_is_a_failure(m: McpResult) -> None:
    seen: list[FailureInfo] = []

    async def inner() -> ToolResult:
        raise AssertionError("never awaited")

    def handler() -> Any:
        return inner()

    assert m.guard(handler, on_error=seen.append)() == FAILED
    assert seen[0]["kind"] == "execution_failed"


def test_cancellation_is_not_caught(m: McpResult) -> None:
    def handler() -> ToolResult:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        m.guard(handler)()


def test_the_signature_is_kept(m: McpResult) -> None:
    def weather(city: str, days: int = 1) -> ToolResult:
        """The forecast."""
        return m.tool(m.text(city * days))

    g = m.guard(weather)
    assert g.__name__ == "weather" and g.__doc__ == "The forecast."
    assert g("ab", days=2)["content"] == [{"type": "text", "text": "abab"}]
