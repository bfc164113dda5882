"""The facts the package shares with the module and the other hosts.

Each value is the one the Go packages define (the JS package has the same
values in js/src/facts.js, generated from them); the tests compare the
defaults and the versions with what the module's info op reports.
"""

from __future__ import annotations

from typing import Final

#: The ABI major version this package speaks; a module of another one is refused.
ABI_VERSION: Final = 1

OP_INFO: Final = 1
OP_BUILD: Final = 2
OP_SERIALIZE: Final = 3
OP_VALIDATE: Final = 4
OP_OUTPUT_SCHEMA: Final = 5

MIN_MAX_JSON_BYTES: Final = 512
MAX_MAX_JSON_BYTES: Final = 64_000_000
DEFAULT_MAX_JSON_BYTES: Final = 2_000_000
#: The byte budget of an MCP Apps build (a page) when the settings give none.
APP_PAGE_MAX_JSON_BYTES: Final = 16_777_216
MIN_MAX_NODES: Final = 1
MAX_MAX_NODES: Final = 10_000_000
DEFAULT_MAX_NODES: Final = 100_000
#: The deepest nesting of a result, the result object being level 1.
MAX_RESULT_DEPTH: Final = 64
#: The deepest nesting of JSON the module parses (an ordinary value, which a
#: result holds only as text).
MAX_PARSE_DEPTH: Final = 256
#: The largest request the module accepts; a larger one is refused before
#: the call with max_bytes.
MAX_REQUEST: Final = 2 * 64_000_000 + (64 << 10)
#: How many values past the budget's bound the module reads of a request's
#: input (room for the request's own options).
NODE_ALLOWANCE: Final = 64

#: The codes of an error of a call itself (its options), which comes before
#: any fault of the value.
CALL_ERROR_CODES: Final = frozenset(
    {"unknown_option", "duplicate_option", "invalid_option", "unsupported_protocol_version"}
)


def msg_max_bytes(n: int) -> str:
    """The message of max_bytes, word for word the module's."""
    return f"the result is more than maxJsonBytes ({n}) bytes of JSON"


def msg_max_nodes(n: int) -> str:
    """The message of max_nodes, word for word the module's."""
    return f"the result has more than {n} JSON values"


def msg_max_depth(n: int) -> str:
    """The message of max_depth, word for word the module's."""
    return f"the result nests objects and arrays deeper than {n} levels"
