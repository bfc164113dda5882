"""The conformance-vector runner of the Python package: it turns a vector's
notation into Python values, runs the vector through the public API, and
compares the outcome with the expectation (as js/test/vectors.js does)."""

from __future__ import annotations

import base64
import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import mcpresult
from mcpresult import McpResult, McpResultError

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "testdata" / "vectors"


class NoPythonForm(Exception):
    """A vector value Python cannot hold (the reason is the message)."""


def load_files() -> list[tuple[str, list[dict[str, Any]]]]:
    """Every vector file but the adapters', by its path under testdata/vectors."""
    out = []
    for p in sorted(VECTORS.rglob("*.json")):
        if p.name.startswith("adapter"):
            continue
        out.append((str(p.relative_to(VECTORS)), json.loads(p.read_text("utf-8"), parse_int=_number)))
    return out


_U64 = (1 << 64) - 1


def _number(s: str) -> int | float:
    """A vector number without fraction or exponent is an integer when it
    fits in int64 or uint64, else a float64."""
    n = int(s)
    return n if -(1 << 63) <= n <= _U64 else float(s)


def skip_reason(vec: dict[str, Any]) -> str | None:
    """Why a vector does not run in Python, or None."""
    rt = vec.get("runtimes")
    if isinstance(rt, list) and "python" not in rt:
        return "runtimes " + ",".join(rt)
    return None


_TS = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$")


def _timestamp(s: str) -> dt.datetime:
    m = _TS.match(s)
    if m is None:
        raise ValueError("not an RFC 3339 timestamp: " + s)
    frac = (m.group(2) or "")[:6].ljust(6, "0")
    zone = "+00:00" if m.group(3) == "Z" else m.group(3)
    return dt.datetime.fromisoformat(f"{m.group(1)}.{frac}{zone}")


def native(v: Any) -> Any:
    """The notation for values JSON cannot carry as Python values: $bin
    bytes, $timestamp an aware datetime, $float a float, $int an int,
    $pairs a dict (keys of any hashable type, each once)."""
    if isinstance(v, list):
        return [native(x) for x in v]
    if not isinstance(v, dict):
        return v
    if len(v) == 1:
        (k, x), = v.items()
        if k == "$bin":
            return base64.b64decode(x)
        if k == "$timestamp":
            return _timestamp(x)
        if k == "$float":
            return float({"NaN": "nan", "Infinity": "inf", "-Infinity": "-inf"}[x])
        if k == "$int":
            return int(x)
        if k == "$undefined":
            raise NoPythonForm("undefined has no Python form")
        if k == "$pairs":
            out: dict[Any, Any] = {}
            for key, val in x:
                if isinstance(key, (list, dict)):
                    raise NoPythonForm("a list or dict key has no Python form")
                if key in out or (type(key) in (int, float, bool) and any(type(o) is not type(key) and o == key for o in out)):
                    raise NoPythonForm("a repeated key has no Python form")
                out[key] = native(val)
            return out
    return {k: native(x) for k, x in v.items()}


_TOOL_KEYS = {
    "content": "content",
    "structuredContent": "structured_content",
    "isError": "is_error",
    "meta": "meta",
    "maxJsonBytes": "max_json_bytes",
    "canonicalization": "canonicalization",
}
_SERIALIZE_KEYS = {"protocolVersion": "protocol_version", "format": "format", "finalize": "finalize", "unsupported": "unsupported"}
_VALIDATE_KEYS = {"kind": "kind", "protocolVersion": "protocol_version", "stage": "stage"}


def _named(d: Any, names: dict[str, str]) -> dict[str, Any] | None:
    """d's members as keyword arguments, or None when d is not a dict of
    those names only."""
    if type(d) is not dict or not all(type(k) is str and k in names for k in d):
        return None
    return {names[k]: x for k, x in d.items()}


def run(m: McpResult, vec: dict[str, Any]) -> dict[str, Any]:
    """Runs one vector: {json, object}, {error}, {report}, {schema} or
    {omit}. The API is the public one: for_server for inherited settings,
    tool, resource, error, from_value, serialize, validate and
    output_schema with their keyword arguments where the vector's input is
    only what they name (else the mapping of wire names, or build)."""
    inp = native(vec.get("input"))
    options = native(vec["options"]) if "options" in vec else None
    settings = native(vec["settings"]) if "settings" in vec else None
    try:
        op = vec["op"]
        api = m if settings is None or op == "build" else m.for_server(settings)
        if op == "build":
            r = _build(m, vec["kind"], inp, settings, vec.get("inherit") is True)
            j = m.json_of(r)
            assert isinstance(j, str), "json_of gave nothing for a built result"
            return {"json": j, "object": r}
        if op == "serialize":
            kw = _named(options, _SERIALIZE_KEYS) if options is not None else {}
            if kw is not None:
                return {"json": api.serialize(inp, **kw)}
            return {"json": api.serialize(inp, options)}
        if op == "validate":
            kw = _named(options, _VALIDATE_KEYS) if options is not None else {}
            if kw is not None:
                return {"report": api.validate(inp, **kw)}
            return {"report": api.validate(inp, options)}
        if op == "outputSchema":
            out = api.output_schema(inp, options)
            return {"omit": True} if out is None else {"schema": out}
        raise AssertionError("unknown op " + op)
    except McpResultError as e:
        return {"error": {"code": e.code, "path": e.path, "message": e.message}}


def _build(m: McpResult, kind: str, inp: Any, settings: Any, inherit: bool) -> Any:
    if settings is not None and not inherit:
        return m.build(kind, inp, settings)  # type: ignore[arg-type]
    api = m.for_server(settings) if inherit else m
    if kind == "tool":
        kw = _named(inp, _TOOL_KEYS)
        if kw is not None:
            return api.tool(**kw)
    elif kind == "resource":
        if type(inp) is dict and "contents" in inp and set(inp) <= {"contents", "meta", "maxJsonBytes"}:
            kw = {"meta": inp["meta"]} if "meta" in inp else {}
            if "maxJsonBytes" in inp:
                kw["max_json_bytes"] = inp["maxJsonBytes"]
            return api.resource(inp["contents"], **kw)
    elif kind == "error":
        if type(inp) is dict and "message" in inp and set(inp) <= {"message", "code"} and inp.get("code", "") is not None:
            return api.error(inp["message"], inp["code"]) if "code" in inp else api.error(inp["message"])
    elif kind == "value":
        if type(inp) is dict and "value" in inp and set(inp) <= {"value", "maxJsonBytes", "canonicalization"}:
            rest = {_TOOL_KEYS[k]: x for k, x in inp.items() if k != "value"}
            return api.from_value(inp["value"], **rest)
    if inherit:
        return api.build(kind, inp, settings if settings is not None else {}, True)  # type: ignore[arg-type]
    return m.build(kind, inp, settings if settings is not None else mcpresult.UNSET)  # type: ignore[arg-type]


def check(vec: dict[str, Any], got: dict[str, Any]) -> str:
    """What differs between an outcome and the vector's expectation ("" when
    it passes)."""
    want = vec["expect"]
    if "json" in want:
        if "error" in got:
            e = got["error"]
            return f'want {want["json"]}\ngot error {e["code"]} at "{e["path"]}" ({e["message"]})'
        if "json" in got:
            if got["json"] != want["json"]:
                return f'want {want["json"]}\ngot  {got["json"]}'
            if "object" in got and got["object"] != json.loads(want["json"]):
                return "the returned object is not the parsed JSON"
            return ""
        if "schema" in got:
            a = json.dumps(got["schema"])
            b = json.dumps(json.loads(want["json"]))
            return "" if a == b else f"want {b}\ngot  {a}"
        return f'want {want["json"]}\ngot {got!r}'
    if "omit" in want:
        return "" if got.get("omit") else f"want the schema omitted\ngot {got!r}"
    if "error" in want:
        w = want["error"]
        if "error" not in got:
            return f'want error {w["code"]} at "{w["path"]}"\ngot {got!r}'
        e = got["error"]
        if e["code"] != w["code"] or e["path"] != w["path"]:
            return f'want error {w["code"]} at "{w["path"]}"\ngot  error {e["code"]} at "{e["path"]}" ({e["message"]})'
        return ""
    if "valid" in want or vec["op"] == "validate":
        if "report" not in got:
            return f"want a report, got {got!r}"
        r = got["report"]
        diffs = []
        if "valid" in want and want["valid"] != r["valid"]:
            diffs.append(f'valid = {r["valid"]}, want {want["valid"]}')
        for key in ("errors", "warnings"):
            if key not in want:
                continue
            wl = sorted(f'{f["code"]} at "{f["path"]}"' for f in want[key])
            gl = sorted(f'{f["code"]} at "{f["path"]}"' for f in r[key])
            if wl != gl:
                diffs.append(f"{key}\nwant {wl}\ngot  {gl}")
        return "\n".join(diffs)
    return "expect has neither json, omit, error nor valid"
