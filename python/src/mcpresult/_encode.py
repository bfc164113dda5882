"""The MessagePack encoder of the requests.

The walk over a caller's value is where the Python-only rules live: which
Python values are JSON values, which ones the module decides about (bytes,
datetimes, non-string keys, ints of 64 bits) and which ones have no JSON
form. It encodes as it walks, within the bounds the module reads a request
within, so that a value far larger than the budget (or one that shares its
parts, or refers to itself) costs no more than the budget allows: the walk
stops at the node bound, stops writing at the byte bound, and refuses
nesting past the depth bound at once. Everything about what is allowed
where is checked in the module, with the same codes as in Go and JS.

No code of the caller's runs while a value is walked: types are told with
type(), never isinstance() or an attribute lookup, and the members of a
subclass (json canonicalization) are read through the base type's own
methods, so a __getattr__, __iter__ or items() that raises is never called.
"""

from __future__ import annotations

import datetime as _dt
import struct
from typing import Any

from ._facts import msg_max_bytes, msg_max_depth, msg_max_nodes

MODE_STRICT = 0
MODE_JSON = 1

#: The ABI's extension type for a value with no JSON form: any extension
#: type other than -1 (timestamps) is unsupported_value in the module, at
#: the value's path.
EXT_NO_JSON = 1
_NO_JSON = b"\xd4\x01\x00"

_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)

_pack_d = struct.Struct(">d").pack
_pack_ts = struct.Struct(">BBbIq").pack

_U64 = (1 << 64) - 1
_I64_MIN = -(1 << 63)


class EncodeLimit(Exception):
    """A bound the request breaks before the module sees it; the caller
    turns it into an McpResultError. input says it is a bound of the
    caller's value (not of options or settings)."""

    def __init__(self, code: str, message: str, input: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.input = input


REQUEST_TOO_LARGE = EncodeLimit("max_bytes", "the request is larger than the module accepts")


def too_deep(max_depth: int) -> EncodeLimit:
    return EncodeLimit("max_depth", msg_max_depth(max_depth))


def _int_bytes(n: int) -> bytes | None:
    """The smallest MessagePack form of an int of 64 bits, or None."""
    if n >= 0:
        if n < 0x80:
            return bytes((n,))
        if n < 0x100:
            return bytes((0xCC, n))
        if n < 0x10000:
            return b"\xcd" + n.to_bytes(2, "big")
        if n < 0x100000000:
            return b"\xce" + n.to_bytes(4, "big")
        if n <= _U64:
            return b"\xcf" + n.to_bytes(8, "big")
        return None
    if n >= -32:
        return bytes((n & 0xFF,))
    if n >= -0x80:
        return b"\xd0" + n.to_bytes(1, "big", signed=True)
    if n >= -0x8000:
        return b"\xd1" + n.to_bytes(2, "big", signed=True)
    if n >= -0x80000000:
        return b"\xd2" + n.to_bytes(4, "big", signed=True)
    if n >= _I64_MIN:
        return b"\xd3" + n.to_bytes(8, "big", signed=True)
    return None


def _header(n: int, fix: int, fix_max: int, c8: int, c16: int, c32: int) -> bytes:
    if n < fix_max:
        return bytes((fix | n,))
    if c8 and n < 0x100:
        return bytes((c8, n))
    if n < 0x10000:
        return bytes((c16,)) + n.to_bytes(2, "big")
    return bytes((c32,)) + n.to_bytes(4, "big")


def _str_header(n: int) -> bytes:
    return _header(n, 0xA0, 32, 0xD9, 0xDA, 0xDB)


def _utf8(s: str) -> bytes:
    """s as UTF-8; a lone surrogate as its WTF-8 bytes (ED A0 80 for
    U+D800), which are not UTF-8, so that the module refuses it
    (invalid_utf8) rather than the encoder replacing it."""
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        return s.encode("utf-8", "surrogatepass")


class Encoder:
    """Writes one request into a buffer of its own (a request is copied
    into the module's memory at once)."""

    def __init__(self, request_max: int) -> None:
        self.buf = bytearray()
        self.request_max = request_max
        #: With refs (a build that asks for its long strings by reference):
        #: [where, str, ...] of each string of refs_min bytes or more written.
        self.longs: list[Any] | None = None
        self.refs_min = 1 << 62
        self.unlimit()

    # The bounds (see write_input in _request.py).

    def limit(self, nodes: int, over_nodes: EncodeLimit, max_bytes: int, over_bytes: EncodeLimit, cut: bool = False, max_string: int = 1 << 62) -> None:
        """Bounds the value written next: at most nodes values (past them
        over_nodes is raised), the request at most max_bytes long
        (over_bytes). Past the bytes nothing more is written, but the rest
        of the value is still walked, counting its values, so that a value
        also past the node bound or too deep gives that code, as the Go
        packages (which count values before they measure bytes) give it.
        With cut, the containers being written when the node bound is met
        are closed with what was written whole (their headers rewritten),
        so that the request holds the value as far as the bound. A string
        of more than max_string code points (whose JSON alone passes the
        byte budget) is past the bytes at once, never encoded."""
        self.max_string = max_string
        self.nodes_left = nodes
        self.over_nodes: EncodeLimit | None = over_nodes
        self.max_bytes = min(max_bytes, self.request_max)
        self.over_bytes = over_bytes if max_bytes < self.request_max else REQUEST_TOO_LARGE
        self.counting = True
        self.sink = False
        self.sink_pos = len(self.buf)
        self.sink_limit: EncodeLimit | None = None
        self.cutting = cut
        self.whole = False

    def end(self) -> None:
        """Ends the value limit bounds: raises the byte bound the value went
        past, if any, and lifts the bounds."""
        over = self.sink_limit
        if over is not None:
            del self.buf[self.sink_pos :]
        self.unlimit()
        if over is not None:
            raise over

    def unlimit(self) -> None:
        self.max_string = 1 << 62
        self.nodes_left = 1 << 62
        self.over_nodes = None
        self.cutting = False
        self.max_bytes = self.request_max
        self.over_bytes = REQUEST_TOO_LARGE
        self.counting = False
        self.sink = False
        self.sink_limit = None

    def _past(self, over: EncodeLimit) -> None:
        if not self.counting:
            raise over
        if self.sink_limit is None:
            self.sink_limit = over
        self.sink = True
        del self.buf[self.sink_pos :]

    def put(self, b: bytes) -> None:
        if self.sink:
            return
        if len(self.buf) + len(b) > self.max_bytes:
            self._past(self.over_bytes)
            return
        self.buf += b

    # Writers.

    def map_header(self, n: int) -> None:
        self.put(_header(n, 0x80, 16, 0, 0xDE, 0xDF))

    def string(self, s: str) -> None:
        if self.sink:
            return
        buf = self.buf
        n = len(s)
        # a str of n code points takes at least n bytes: one that cannot fit
        # is not encoded first and measured after
        if n > self.max_string or n > self.max_bytes - len(buf):
            self._past(self.over_bytes)
            return
        # (_utf8 and _str_header written out: the most frequent call of a
        # request's encoding)
        try:
            b = s.encode("utf-8")
        except UnicodeEncodeError:
            b = s.encode("utf-8", "surrogatepass")
        m = len(b)
        if len(buf) + m + 5 > self.max_bytes:
            self._past(self.over_bytes)
            return
        if m < 32:
            buf.append(0xA0 | m)
        else:
            if self.longs is not None and m >= self.refs_min:
                self.longs += (len(buf), s)
            buf += _str_header(m)
        buf += b

    def boolean(self, b: bool) -> None:
        self.put(b"\xc3" if b else b"\xc2")

    def integer(self, n: int) -> None:
        b = _int_bytes(n)
        self.put(b if b is not None else _NO_JSON)

    def value(self, v: Any, mode: int, depth: int, max_depth: int) -> None:
        """Writes a caller's value at depth (the outermost request value
        being 1), refusing nesting deeper than max_depth with max_depth."""
        self.nodes_left -= 1
        if self.nodes_left < 0:
            self.whole = False
            assert self.over_nodes is not None
            raise self.over_nodes
        t = type(v)
        if t is str:
            self.string(v)
        elif t is int:
            self.integer(v)
        elif t is float:
            self.put(b"\xcb" + _pack_d(v))
        elif t is bool:
            self.put(b"\xc3" if v else b"\xc2")
        elif v is None:
            self.put(b"\xc0")
        elif t is dict or t is _built_type[0]:
            if depth > max_depth:
                raise too_deep(max_depth)
            self.mapping(dict.items(v), len(v), mode, depth, max_depth)
        elif t is list:
            if depth > max_depth:
                raise too_deep(max_depth)
            self.array(v, mode, depth, max_depth)
        elif t is bytes or t is bytearray:
            self.binary(v)
        elif t is _dt.datetime:
            self.timestamp(v)
        elif mode == MODE_JSON:
            self.converted(v, mode, depth, max_depth)
        else:
            self.put(_NO_JSON)

    def converted(self, v: Any, mode: int, depth: int, max_depth: int) -> None:
        """A value json canonicalization turns into JSON as Python's json
        module does: a subclass of dict, list, tuple, str, int or float as
        its base type (its members read through the base type, so none of
        its own code runs), a tuple as an array. Anything else (a set, an
        arbitrary object, which json.dumps refuses) has no JSON form."""
        t = type(v)
        if issubclass(t, dict):
            if depth > max_depth:
                raise too_deep(max_depth)
            self.mapping(dict.items(v), dict.__len__(v), mode, depth, max_depth)
        elif issubclass(t, (list, tuple)):
            if depth > max_depth:
                raise too_deep(max_depth)
            self.array(list.copy(v) if issubclass(t, list) else tuple.__getitem__(v, slice(None)), mode, depth, max_depth)
        elif issubclass(t, str):
            self.string(str.__str__(v))
        elif issubclass(t, int):
            self.integer(int.__int__(v))
        elif issubclass(t, float):
            self.put(b"\xcb" + _pack_d(float.__float__(v)))
        else:
            self.put(_NO_JSON)

    def array(self, v: list[Any] | tuple[Any, ...], mode: int, depth: int, max_depth: int) -> None:
        n = len(v)
        h = _header(n, 0x90, 16, 0, 0xDC, 0xDD)
        self.put(h)
        at = len(self.buf)
        i = 0
        try:
            for x in v:
                self.value(x, mode, depth + 1, max_depth)
                i += 1
        except EncodeLimit as e:
            if e is self.over_nodes and self.cutting and not self.sink:
                self._cut(at, len(h), i + (1 if self.whole else 0), 0x90)
            raise

    def mapping(self, items: Any, n: int, mode: int, depth: int, max_depth: int) -> None:
        h = _header(n, 0x80, 16, 0, 0xDE, 0xDF)
        self.put(h)
        at = len(self.buf)
        count = 0
        key = at
        try:
            for k, x in items:
                key = len(self.buf)
                self.key(k)
                self.value(x, mode, depth + 1, max_depth)
                count += 1
        except EncodeLimit as e:
            if e is self.over_nodes and self.cutting and not self.sink:
                if self.whole:
                    count += 1
                else:
                    del self.buf[key:]  # its key without its value
                self._cut(at, len(h), count, 0x80)
            raise

    def key(self, k: Any) -> None:
        """A map key: a str as it is; an int, a bool, None or a float as
        MessagePack has it, for the module to refuse (strict:
        invalid_map_key) or to write as json.dumps writes it as a key
        (json); any other key (a tuple, a frozenset) has no JSON form."""
        t = type(k)
        if t is str:
            self.string(k)
        elif t is bool:
            self.boolean(k)
        elif t is int:
            self.integer(k)
        elif k is None:
            self.put(b"\xc0")
        elif t is float:
            self.put(b"\xcb" + _pack_d(k))
        else:
            self.put(_NO_JSON)

    def _cut(self, at: int, h: int, count: int, kind: int) -> None:
        """Rewrites the header (h bytes, ending at at) of an array (kind
        0x90) or map (0x80) for the count written whole, in the width it
        was written in; the container is then a whole value."""
        start = at - h
        if h == 1:
            self.buf[start] = kind | count
        elif h == 3:
            self.buf[start : start + 3] = bytes((0xDC if kind == 0x90 else 0xDE,)) + count.to_bytes(2, "big")
        else:
            self.buf[start : start + 5] = bytes((0xDD if kind == 0x90 else 0xDF,)) + count.to_bytes(4, "big")
        self.whole = True

    def binary(self, b: bytes | bytearray) -> None:
        if self.sink:
            return
        n = len(b)
        if n > self.max_bytes - len(self.buf):
            self._past(self.over_bytes)
            return
        self.put(_header(n, 0, 0, 0xC4, 0xC5, 0xC6) + bytes(b))

    def timestamp(self, t: _dt.datetime) -> None:
        """An aware datetime as the MessagePack timestamp extension (-1,
        96-bit form); a naive one, which names no instant, has no JSON
        form."""
        if t.utcoffset() is None:
            self.put(_NO_JSON)
            return
        d = t - _EPOCH
        sec = d.days * 86400 + d.seconds
        self.put(_pack_ts(0xC7, 12, -1, d.microseconds * 1000, sec))


# The type of the results built (see _api.Built), set there: the encoder
# takes it as a plain dict. A list so that this module imports nothing of
# the API's.
_built_type: list[type] = [dict]


def limits(max_nodes: int, max_bytes: int, slack: int, cut: bool) -> tuple[int, EncodeLimit, EncodeLimit]:
    """The node bound of a request's input and its two errors: at most
    max_nodes values, or (max_bytes+1)//2 when that is lower (n values take
    at least 2n-1 bytes of JSON), and slack more."""
    by_bytes = (max_bytes + 1) // 2
    over_bytes = EncodeLimit("max_bytes", msg_max_bytes(max_bytes), True)
    over_nodes = EncodeLimit("max_nodes", msg_max_nodes(max_nodes), True) if max_nodes <= by_bytes else over_bytes
    nodes = min(max_nodes, by_bytes) + slack + (1 if cut else 0)
    return nodes, over_nodes, over_bytes
