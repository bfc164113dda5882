"""The long strings of a build by reference (the build key refs).

A build of a tool or resource result asks for the strings of its input of
REFS_MIN bytes or more by reference: the module checks such a string of a
content block or of resource contents and counts its JSON against the
budget, but writes it as "" and says where it goes (refs: where its
MessagePack starts in the request, where its "" starts in the JSON, its
JSON Pointer in the result). The caller's own str is then put in its place
in the parsed result, so that a long text is neither copied back out of
the module, decoded, nor parsed again; the JSON the module would have
written without refs is made only when it is asked for (whole_json).
"""

from __future__ import annotations

import json
from typing import Any

from ._errors import McpResultError

#: The length in bytes from which a build asks for its strings by reference
#: (as the JS package does): below it, a string costs less written than
#: placed.
REFS_MIN = 512
#: Whether builds ask for refs at all (the tests compare with and without).
ENABLED = True

_escape = json.JSONEncoder(ensure_ascii=False).encode


def _malformed() -> McpResultError:
    return McpResultError("internal", "", "malformed response from the module (its refs)")


def place(out: Any, refs: Any, longs: list[Any]) -> list[str]:
    """Puts the strings refs holds by reference into out, the built result
    parsed: each the caller's own str, which the encoder wrote at that place
    of the request (longs: [where, str, ...]). It gives the strings in the
    order of refs. A ref that the request or the result does not bear out
    is the module's fault."""
    if type(refs) is not list or len(refs) % 3 != 0:
        raise _malformed()
    at_of = {longs[j]: longs[j + 1] for j in range(0, len(longs), 2)}
    placed: list[str] = []
    for i in range(0, len(refs), 3):
        s = at_of.get(refs[i]) if type(refs[i]) is int else None
        ptr = refs[i + 2]
        if s is None or type(refs[i + 1]) is not int or type(ptr) is not str or not ptr.startswith("/"):
            raise _malformed()
        steps = [p.replace("~1", "/").replace("~0", "~") for p in ptr[1:].split("/")]
        o = out
        for k in steps[:-1]:
            o = _step(o, k)
        last = steps[-1]
        if isinstance(o, dict):
            if o.get(last) != "":
                raise _malformed()
            o[last] = s
        elif type(o) is list and last.isdigit() and int(last) < len(o) and o[int(last)] == "":
            o[int(last)] = s
        else:
            raise _malformed()
        placed.append(s)
    return placed


def _step(o: Any, k: str) -> Any:
    if isinstance(o, dict) and k in o:  # the parsed result (a Built at its root)
        return o[k]
    if type(o) is list and k.isdigit() and int(k) < len(o):
        return o[int(k)]
    raise _malformed()


def whole_json(text: str, refs: list[Any], placed: list[str]) -> str:
    """The JSON the module would have written without refs: text with each
    "" that refs place written as the string placed there, escaped as the
    module escapes strings (as JSON.stringify does)."""
    b = text.encode("utf-8")
    parts: list[str] = []
    last = 0
    for i in range(0, len(refs), 3):
        at = refs[i + 1]
        if not last <= at <= len(b) - 2 or b[at : at + 2] != b'""':
            raise _malformed()
        parts.append(b[last:at].decode("utf-8"))
        parts.append(_escape(placed[i // 3]))
        last = at + 2
    parts.append(b[last:].decode("utf-8"))
    return "".join(parts)
