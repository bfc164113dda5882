"""The errors of the package."""

from __future__ import annotations

import re
from typing import Any

# The characters a path is printed with escaped: C0 controls, DEL, C1
# controls, the line and paragraph separators, and the bidirectional
# embedding, override and isolate controls, which could make a message read
# as something other than what it says (the set of the Go packages).
_UNPRINTABLE = re.compile("[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]")


def printable_path(p: str) -> str:
    """A path as a message prints it: each unprintable character as a JSON
    escape \\uXXXX (lower-case hex). The error's path keeps the exact JSON
    Pointer."""
    return _UNPRINTABLE.sub(lambda m: "\\u%04x" % ord(m.group()), p)


class McpResultError(Exception):
    """What a failing call raises: a stable code, a JSON Pointer path to the
    offending place in the value as the caller gave it, and a message for
    people that never repeats the rejected value. str() of it reads as the
    Go error does: ``mcpresult: <code> at <path>: <message>`` (``""`` for
    the empty path), the path's control characters escaped."""

    code: str
    path: str
    message: str
    errors: list[dict[str, Any]] | None

    def __init__(self, code: str, path: str, message: str, errors: list[dict[str, Any]] | None = None) -> None:
        shown = '""' if path == "" else printable_path(path)
        super().__init__(f"mcpresult: {code} at {shown}: {message}")
        self.code = code
        self.path = path
        self.message = message
        self.errors = errors


class ClientError(Exception):
    """An error whose message is safe to show to the client, with an
    optional stable code: what a guarded handler raises to answer with
    error(message, code); every other exception stays private."""

    code: str | None

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
