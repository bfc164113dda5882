"""The API over a pool of instances: what load returns, and what
for_server returns with a server's settings. Every rule about results is
checked in the module, so a Python caller gets the same bytes, checks and
codes as a Go or JS caller; this file decides only how a call's Python
values become its request."""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast, overload

from . import _encode, _refs
from ._apps import AppsMixin, holds_app_page, page_settings
from ._encode import MODE_JSON, MODE_STRICT, EncodeLimit, Encoder
from ._engine import DEFAULT_HIGH_WATER, Pool, bundled, compile_module, default_cache_dir
from ._errors import McpResultError
from ._guard import GuardMethod
from ._facts import (
    CALL_ERROR_CODES,
    DEFAULT_MAX_JSON_BYTES,
    DEFAULT_MAX_NODES,
    MAX_MAX_JSON_BYTES,
    MAX_MAX_NODES,
    MAX_PARSE_DEPTH,
    MAX_REQUEST,
    MAX_RESULT_DEPTH,
    MIN_MAX_JSON_BYTES,
    MIN_MAX_NODES,
    NODE_ALLOWANCE,
    OP_BUILD,
    OP_INFO,
    OP_OUTPUT_SCHEMA,
    OP_SERIALIZE,
    OP_VALIDATE,
    msg_max_bytes,
    msg_max_depth,
    msg_max_nodes,
)
from ._types import (
    Annotations,
    AudioBlock,
    BlobContents,
    Canonicalization,
    Contents,
    EmbeddedResourceBlock,
    FinalizeOptions,
    Icon,
    ImageBlock,
    ModuleInfo,
    Report,
    ResourceLinkBlock,
    ResourceResult,
    Settings,
    TextBlock,
    TextContents,
    ToolResult,
)


class _Unset:
    """The default of an argument not given (None is JSON null)."""

    _instance: _Unset | None = None

    def __new__(cls) -> _Unset:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


class Built(dict):  # type: ignore[type-arg]
    """A result as built: a dict (the module's JSON parsed) that also holds
    the exact JSON the module wrote and the settings it was built with, so
    that serialize measures the budget it was built under. The JSON of a
    build whose long strings came back by reference is made whole when it
    is first asked for."""

    __slots__ = ("_text", "_refs", "_settings")

    _text: str
    _refs: Any
    _settings: Any

    @property
    def _json(self) -> str:
        if self._refs is not None:
            self._text = _refs.whole_json(self._text, *self._refs)
            self._refs = None
        return self._text

    @_json.setter
    def _json(self, text: str) -> None:
        self._text = text
        self._refs = None


_encode._built_type[0] = Built


def _max_bytes_of(s: Any) -> int:
    n = s.get("maxJsonBytes") if type(s) is dict else None
    return n if type(n) is int and MIN_MAX_JSON_BYTES <= n <= MAX_MAX_JSON_BYTES else DEFAULT_MAX_JSON_BYTES


def _max_nodes_of(s: Any) -> int:
    n = s.get("maxNodes") if type(s) is dict else None
    return n if type(n) is int and MIN_MAX_NODES <= n <= MAX_MAX_NODES else DEFAULT_MAX_NODES


def _mode_of(s: Any) -> int:
    c = s.get("canonicalization") if type(s) is dict else None
    return MODE_JSON if c == "json" else MODE_STRICT


def _write_input(enc: Encoder, v: Any, mode: int, max_depth: int, max_nodes: int, max_bytes: int, cut: bool = False) -> None:
    """Writes the caller's value within the bounds the module reads a
    request's input within (as the Go packages bound a Go value): at most
    max_nodes values, or (max_bytes+1)//2 when lower, and the module's
    allowance more; the request at most 5 × max_bytes and 64 KiB long
    (MessagePack takes at most 4.5 times the compact JSON of what it
    holds), and (but in validate) no string longer than the budget itself. With cut (validate), a value past the node bound is sent as far
    as the bound, for the module to report what it read."""
    nodes, over_nodes, over_bytes = _encode.limits(max_nodes, max_bytes, NODE_ALLOWANCE, cut)
    # a string's JSON takes at least its code points and two quotes (but
    # validate reports the findings of what it read beside the budget's)
    enc.limit(nodes, over_nodes, len(enc.buf) + 5 * max_bytes + 65536, over_bytes, cut, 1 << 62 if cut else max_bytes - 2)
    try:
        enc.value(v, mode, 1, max_depth)
        enc.end()
    except EncodeLimit as e:
        if e is over_nodes and enc.whole:
            enc.unlimit()  # cut where the bound is: the request goes on
            return
        enc.unlimit()
        raise e if e.input else EncodeLimit(e.code, e.message, True) from None


def _member(enc: Encoder, key: str, v: Any) -> None:
    """A member of small values (options, settings), written strictly."""
    enc.string(key)
    enc.value(v, MODE_STRICT, 1, MAX_RESULT_DEPTH)


def _path_value(v: Any, path: str) -> Any:
    if path == "":
        return v
    for p in path[1:].split("/"):
        k = p.replace("~1", "/").replace("~0", "~")
        if type(v) is dict or type(v) is Built:
            if k not in v:
                return UNSET
            v = v[k]
        elif type(v) is list:
            if not k.isdigit() or int(k) >= len(v):
                return UNSET
            v = v[int(k)]
        else:
            return UNSET
    return v


def _py_kind(v: Any) -> str:
    """Names a Python value with no JSON form, or gives ""."""
    if v is UNSET or v is None or type(v) in (bool, int, float, str, list, dict, bytes, bytearray, Built):
        return ""
    if type(v) is datetime.datetime and v.tzinfo is not None:
        return ""
    return "a value of type " + type(v).__name__


def _fail(resp: dict[str, Any], root: Any) -> McpResultError:
    """The McpResultError of a failed response, about the value root the
    caller gave: the message of an unsupported_value about a Python value
    names its type."""
    e = resp["error"]
    msg = e["message"]
    if e["code"] == "unsupported_value":
        kind = _py_kind(_path_value(root, e["path"]))
        if kind:
            msg = kind + ' has no JSON form (canonicalization "json" writes what json.dumps writes, where it is JSON)'
    return McpResultError(e["code"], e["path"], msg)


def _options(given: Mapping[str, Any] | None, **named: Any) -> dict[str, Any] | None:
    """The options of a call in wire names: those given as a mapping (as
    JS has them), and the keyword ones given (duplicate_option when both
    name one)."""
    out: dict[str, Any] = {}
    if given is not None:
        if not isinstance(given, Mapping):
            raise McpResultError("invalid_option", "", "the options are a mapping of their wire names")
        out.update(given)
    for k, v in named.items():
        if v is UNSET:
            continue
        if k in out:
            raise McpResultError("duplicate_option", "/" + k, "this option is given twice")
        out[k] = v
    return out if given is not None or out else None


def _with_options(block: dict[str, Any], **named: Any) -> dict[str, Any]:
    for k, v in named.items():
        if v is UNSET:
            continue
        block["_meta" if k == "meta" else k] = v
    return block


class McpResult(AppsMixin, GuardMethod):
    """The API, after load(). Every call is synchronous, safe to make from
    any thread, and raises McpResultError on a failure."""

    def __init__(self, pool: Pool, settings: Settings | None, inherit: bool) -> None:
        self._pool = pool
        self._settings: Any = dict(settings) if isinstance(settings, Mapping) else settings
        self._inherit = inherit

    @property
    def settings(self) -> Settings | None:
        """A copy of the settings of for_server or of load(settings=…)."""
        return cast(Settings, dict(self._settings)) if type(self._settings) is dict else self._settings

    # The requests.

    def _send(self, op: int, enc: Encoder, root: Any) -> dict[str, Any]:
        resp = self._pool.call(op, enc.buf)
        if not resp["ok"]:
            raise _fail(resp, root)
        return resp

    def _settings_member(self, enc: Encoder, s: Any) -> None:
        if s is not UNSET:
            _member(enc, "settings", s)

    def build(self, kind: Literal["tool", "resource", "error", "value", "appResource", "appToolMeta"], input: Any, settings: Any = UNSET, inherit: bool | None = None) -> Any:
        """The module's build op, as the Go host has it: kind tool,
        resource, error or value, with explicit settings and inheritance
        (by default those of this API)."""
        s = self._settings if settings is UNSET else settings
        if kind == "resource" and holds_app_page(input):
            s = page_settings(s)
        inh = self._inherit if inherit is None else inherit
        strict = kind in ("resource", "appResource", "appToolMeta")  # the MCP Apps kinds are always strict
        mode = MODE_STRICT if strict else _mode_of(s)
        max_bytes = _max_bytes_of(s)
        if type(input) is dict:
            c = input.get("canonicalization")
            if c in ("json", "strict") and not strict:
                mode = MODE_JSON if c == "json" else MODE_STRICT
            m = input.get("maxJsonBytes")
            if type(m) is int and max_bytes < m <= MAX_MAX_JSON_BYTES and not inh:
                max_bytes = m
        has_settings = s is not None and s is not UNSET
        refs = _refs.ENABLED and (kind == "tool" or kind == "resource")
        enc = Encoder(MAX_REQUEST)
        enc.map_header(2 + (1 if has_settings else 0) + (1 if inh else 0) + (1 if refs else 0))
        if refs:
            enc.longs, enc.refs_min = [], _refs.REFS_MIN
        _member(enc, "kind", kind)
        enc.string("input")
        try:
            if kind == "value":
                _write_input(enc, input, mode, MAX_PARSE_DEPTH + 1, 1 << 62, max_bytes)
            else:
                _write_input(enc, input, mode, MAX_RESULT_DEPTH, _max_nodes_of(s), max_bytes)
        except EncodeLimit as e:
            raise McpResultError(e.code, "", e.message) from None
        if has_settings:
            _member(enc, "settings", s)
        if inh:
            enc.string("inherit")
            enc.boolean(True)
        if refs:
            enc.string("refs")
            enc.integer(_refs.REFS_MIN)
        resp = self._send(OP_BUILD, enc, input)
        text = resp["json"]
        out = Built(json.loads(text))
        out._json = text
        if "refs" in resp:
            # the caller's own strings, put in their places
            out._refs = (resp["refs"], _refs.place(out, resp["refs"], enc.longs or []))
        # the settings the module built it with (a per-call maxJsonBytes
        # included), which serialize sends
        out._settings = resp.get("settings")
        return out

    def _value_request(self, key: str, v: Any, options: Any, s: Any, cut: bool = False, max_depth: int = MAX_PARSE_DEPTH) -> Encoder:
        """The request of a serialize (key "result"), validate ("value") or
        outputSchema ("schema"): the value, the options, the settings. It
        raises the EncodeLimit of a value past the budget."""
        mode = _mode_of(s)
        if type(v) in (dict, Built) and "contents" in v and "content" not in v:
            mode = MODE_STRICT
        if key == "schema":
            mode = MODE_STRICT
        has_settings = s is not None
        enc = Encoder(MAX_REQUEST)
        enc.map_header(1 + (1 if options is not None else 0) + (1 if has_settings else 0))
        enc.string(key)
        _write_input(enc, v, mode, max_depth, _max_nodes_of(s), _max_bytes_of(s), cut)
        if options is not None:
            _member(enc, "options", options)
        if has_settings:
            _member(enc, "settings", s)
        return enc

    def _after_options(self, limit: EncodeLimit, op: int, key: str, stand_in: Any, options: Any, s: Any) -> McpResultError:
        """The error of a value past the budget, or that of the call's own
        options or settings, which come first, as in Go: the call is sent
        with a stand-in value, and an error of its options raised instead."""
        try:
            self._send(op, self._value_request(key, stand_in, options, s), stand_in)
        except McpResultError as e:
            if e.code in CALL_ERROR_CODES:
                return e
        return McpResultError(limit.code, "", limit.message)

    # The results.

    def tool(
        self,
        content: Any = UNSET,
        *,
        structured_content: Any = UNSET,
        is_error: bool | _Unset = UNSET,
        meta: Mapping[str, Any] | _Unset = UNSET,
        max_json_bytes: int | _Unset = UNSET,
        canonicalization: Canonicalization | _Unset = UNSET,
    ) -> ToolResult:
        """A tool result: content (one block or a list; omitted, the compact
        JSON of structured_content becomes its one text block), structured
        content, is_error, meta (written _meta) and per-call settings."""
        input: dict[str, Any] = {}
        for k, v in (
            ("content", content),
            ("structuredContent", structured_content),
            ("isError", is_error),
            ("meta", meta),
            ("maxJsonBytes", max_json_bytes),
            ("canonicalization", canonicalization),
        ):
            if v is not UNSET:
                input[k] = v
        return cast(ToolResult, self.build("tool", input))

    def resource(self, contents: Any, *, meta: Mapping[str, Any] | _Unset = UNSET, max_json_bytes: int | _Unset = UNSET) -> ResourceResult:
        """A resource-read result: one contents entry or a list, and meta."""
        input: dict[str, Any] = {"contents": contents}
        if meta is not UNSET:
            input["meta"] = meta
        if max_json_bytes is not UNSET:
            input["maxJsonBytes"] = max_json_bytes
        return cast(ResourceResult, self.build("resource", input))

    def error(self, message: str, code: str | None = None) -> ToolResult:
        """A client error: a message safe to show, with an optional stable
        code."""
        input: dict[str, Any] = {"message": message}
        if code is not None:
            input["code"] = code
        return cast(ToolResult, self.build("error", input))

    def from_value(self, value: Any, *, max_json_bytes: int | _Unset = UNSET, canonicalization: Canonicalization | _Unset = UNSET) -> ToolResult:
        """An ordinary value as a result: a str verbatim, anything else as
        its compact JSON, in one text block."""
        input: dict[str, Any] = {"value": value}
        if max_json_bytes is not UNSET:
            input["maxJsonBytes"] = max_json_bytes
        if canonicalization is not UNSET:
            input["canonicalization"] = canonicalization
        return cast(ToolResult, self.build("value", input))

    # The blocks: plain dicts in wire names, checked when a result is built
    # from them (with their path in it).

    @staticmethod
    def text(text: str, *, annotations: Annotations | _Unset = UNSET, meta: Mapping[str, Any] | _Unset = UNSET) -> TextBlock:
        """A text block."""
        return cast(TextBlock, _with_options({"type": "text", "text": text}, annotations=annotations, meta=meta))

    @staticmethod
    def image(data: str | bytes, mime_type: str, *, annotations: Annotations | _Unset = UNSET, meta: Mapping[str, Any] | _Unset = UNSET) -> ImageBlock:
        """An image block: data as base64 or bytes."""
        return cast(ImageBlock, _with_options({"type": "image", "data": data, "mimeType": mime_type}, annotations=annotations, meta=meta))

    @staticmethod
    def audio(data: str | bytes, mime_type: str, *, annotations: Annotations | _Unset = UNSET, meta: Mapping[str, Any] | _Unset = UNSET) -> AudioBlock:
        """An audio block: data as base64 or bytes."""
        return cast(AudioBlock, _with_options({"type": "audio", "data": data, "mimeType": mime_type}, annotations=annotations, meta=meta))

    @staticmethod
    def resource_link(
        uri: str,
        name: str,
        *,
        title: str | _Unset = UNSET,
        description: str | _Unset = UNSET,
        mime_type: str | _Unset = UNSET,
        size: int | _Unset = UNSET,
        icons: Sequence[Icon] | _Unset = UNSET,
        annotations: Annotations | _Unset = UNSET,
        meta: Mapping[str, Any] | _Unset = UNSET,
    ) -> ResourceLinkBlock:
        """A resource_link block."""
        return cast(
            ResourceLinkBlock,
            _with_options(
                {"type": "resource_link", "uri": uri, "name": name},
                title=title,
                description=description,
                mimeType=mime_type,
                size=size,
                icons=icons,
                annotations=annotations,
                meta=meta,
            ),
        )

    @staticmethod
    def embedded_resource(contents: Contents, *, annotations: Annotations | _Unset = UNSET, meta: Mapping[str, Any] | _Unset = UNSET) -> EmbeddedResourceBlock:
        """A resource block holding contents."""
        return cast(EmbeddedResourceBlock, _with_options({"type": "resource", "resource": contents}, annotations=annotations, meta=meta))

    @staticmethod
    def text_resource(uri: str, text: str, *, mime_type: str | _Unset = UNSET, meta: Mapping[str, Any] | _Unset = UNSET) -> TextContents:
        """A resource's text contents."""
        c: dict[str, Any] = {"uri": uri}
        if mime_type is not UNSET:
            c["mimeType"] = mime_type
        c["text"] = text
        return cast(TextContents, _with_options(c, meta=meta))

    @staticmethod
    def blob_resource(uri: str, blob: str | bytes, *, mime_type: str | _Unset = UNSET, meta: Mapping[str, Any] | _Unset = UNSET) -> BlobContents:
        """A resource's blob contents: base64 or bytes."""
        c: dict[str, Any] = {"uri": uri}
        if mime_type is not UNSET:
            c["mimeType"] = mime_type
        c["blob"] = blob
        return cast(BlobContents, _with_options(c, meta=meta))

    # Writing and checking.

    @overload
    def serialize(
        self,
        result: Mapping[str, Any],
        options: Mapping[str, Any] | None = None,
        *,
        protocol_version: str | _Unset = UNSET,
        format: Literal["wire", "jcs"] | _Unset = UNSET,
        finalize: bool | FinalizeOptions | _Unset = UNSET,
        unsupported: Literal["convert", "error"] | _Unset = UNSET,
        output: Literal["json"] = "json",
    ) -> str: ...

    @overload
    def serialize(
        self,
        result: Mapping[str, Any],
        options: Mapping[str, Any] | None = None,
        *,
        protocol_version: str | _Unset = UNSET,
        format: Literal["wire", "jcs"] | _Unset = UNSET,
        finalize: bool | FinalizeOptions | _Unset = UNSET,
        unsupported: Literal["convert", "error"] | _Unset = UNSET,
        output: Literal["object"],
    ) -> dict[str, Any]: ...

    def serialize(
        self,
        result: Mapping[str, Any],
        options: Mapping[str, Any] | None = None,
        *,
        protocol_version: str | _Unset = UNSET,
        format: Literal["wire", "jcs"] | _Unset = UNSET,
        finalize: bool | FinalizeOptions | _Unset = UNSET,
        unsupported: Literal["convert", "error"] | _Unset = UNSET,
        output: Literal["json", "object"] = "json",
    ) -> str | dict[str, Any]:
        """The result written for a protocol revision (default: the latest):
        its JSON (output "json"), or the same as a dict (output "object",
        what a handler hands to an SDK). finalize adds the protocol-owned
        fields of 2026-07-28 (an SDK adds them otherwise); options may also
        be given as a mapping of their wire names."""
        if output not in ("json", "object"):
            raise McpResultError("invalid_option", "/output", 'output is "json" (the default) or "object"')
        opts = _options(options, protocolVersion=protocol_version, format=format, finalize=finalize, unsupported=unsupported)
        s = result._settings if type(result) is Built else self._settings
        try:
            enc = self._value_request("result", result, opts, s)
        except EncodeLimit as e:
            raise self._after_options(e, OP_SERIALIZE, "result", None, opts, s) from None
        text: str = self._send(OP_SERIALIZE, enc, result)["json"]
        return json.loads(text) if output == "object" else text

    def validate(
        self,
        value: Any,
        options: Mapping[str, Any] | None = None,
        *,
        kind: Literal["tool", "resource"] | _Unset = UNSET,
        protocol_version: str | _Unset = UNSET,
        stage: Literal["wire", "handler"] | _Unset = UNSET,
    ) -> Report:
        """Every finding (up to 100) about a result anyone built, for a
        revision, at stage "wire" (what travels, the default) or "handler"
        (what a handler hands to its SDK). A value past the budget is
        invalid, with the budget's error at "" and the findings of what was
        read up to it."""
        opts = _options(options, kind=kind, protocolVersion=protocol_version, stage=stage)
        s = self._settings
        try:
            enc = self._value_request("value", value, opts, s, cut=True)
        except EncodeLimit as e:
            # as the Go packages report a Go value past the budget: invalid,
            # with the budget's finding at "" alone, once the module has
            # checked the options and settings on an empty value
            self._send(OP_VALIDATE, self._value_request("value", None, opts, s), None)
            message = {"max_nodes": msg_max_nodes(_max_nodes_of(s)), "max_depth": msg_max_depth(MAX_RESULT_DEPTH)}.get(e.code, msg_max_bytes(_max_bytes_of(s)))
            return {"valid": False, "errors": [{"code": e.code, "path": "", "message": message}], "warnings": []}
        resp = self._send(OP_VALIDATE, enc, value)
        errors = [_fail({"error": f}, value) for f in resp["errors"]]
        return {
            "valid": resp["valid"],
            "errors": [{"code": e.code, "path": e.path, "message": e.message} for e in errors],
            "warnings": resp["warnings"],
        }

    def output_schema(self, schema: Mapping[str, Any] | bool, protocol_version: str | Mapping[str, Any] | None = None) -> Any:
        """The output schema to advertise in tools/list for a revision: the
        schema itself, an object schema wrapping it, or None (omit it). The
        second argument is the revision, or the options ({protocolVersion})."""
        opts = None if protocol_version is None else dict(protocol_version) if isinstance(protocol_version, Mapping) else {"protocolVersion": protocol_version}
        s = self._settings
        try:
            enc = self._value_request("schema", schema, opts, s, max_depth=MAX_RESULT_DEPTH)
        except EncodeLimit as e:
            raise self._after_options(e, OP_OUTPUT_SCHEMA, "schema", True, opts, s) from None
        resp = self._send(OP_OUTPUT_SCHEMA, enc, schema)
        j = resp.get("json")
        return json.loads(j) if type(j) is str else None

    def json_of(self, result: Any) -> str | None:
        """The exact JSON the module wrote for a result built by any API of
        this package (None for any other value)."""
        return result._json if type(result) is Built else None

    def for_server(self, settings: Settings | None = None) -> McpResult:
        """The same API with a server's settings, which builds inherit and
        may not override (option_not_allowed). The settings are checked at
        once."""
        s: Any = {} if settings is None else dict(settings) if isinstance(settings, Mapping) else settings
        api = McpResult(self._pool, s, True)
        api._send(OP_VALIDATE, api._value_request("value", None, None, s), None)
        return api

    def info(self) -> ModuleInfo:
        """The module's versions, protocol revisions and default settings."""
        enc = Encoder(MAX_REQUEST)
        enc.map_header(0)
        r = self._send(OP_INFO, enc, None)
        del r["ok"]
        return cast(ModuleInfo, r)

    def stats(self) -> dict[str, Any]:
        """Counters of the pool's instances, and how the module was had
        ("cache" or "compiled")."""
        st = self._pool.stats
        with st.lock:
            return {
                "instances": st.instances,
                "discarded": st.discarded,
                "recycled": st.recycled,
                "max_memory_bytes": st.max_memory_bytes,
                "pool_size": self._pool.size,
                "module": self._pool.compiled.source,
            }


def load(
    settings: Settings | None = None,
    *,
    pool_size: int | None = None,
    high_water_bytes: int = DEFAULT_HIGH_WATER,
    cache_dir: str | os.PathLike[str] | None | _Unset = UNSET,
    module: bytes | bytearray | None = None,
) -> McpResult:
    """Compiles the bundled module (once a process, through the cache) and
    returns the API, with an instance started at once so that a module of
    another ABI version is refused here.

    settings are those of standalone builds, serialize and validate;
    pool_size the most instances (default: the number of CPUs, at most 8);
    high_water_bytes the memory past which an instance is replaced;
    cache_dir where the compiled module is kept (default:
    $MCPRESULT_CACHE_DIR, else the user's cache directory; None: no cache);
    module other module bytes than the bundled ones (compiled anew)."""
    cdir = default_cache_dir() if isinstance(cache_dir, _Unset) else (Path(cache_dir) if cache_dir is not None else None)
    compiled = compile_module(module, cdir) if module is not None else bundled(cdir)
    size = pool_size if pool_size is not None else min(os.cpu_count() or 1, 8)
    pool = Pool(compiled, size, high_water_bytes)
    pool.start()
    api = McpResult(pool, settings, False)
    if settings is not None:
        api._send(OP_VALIDATE, api._value_request("value", None, None, api._settings), None)
    return api
