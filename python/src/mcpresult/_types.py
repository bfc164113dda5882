"""The types of the API: blocks, contents, results, options and reports as
the dicts they are, in the wire names of MCP (``mimeType``, ``_meta``),
so that a result built here is the very dict an SDK or a client reads."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, Union

#: A JSON value as results carry it.
JSONValue = Union[None, bool, int, float, str, list[Any], dict[str, Any]]

Canonicalization = Literal["strict", "json"]


class Settings(TypedDict, total=False):
    """Runtime settings: the byte budget of a result's compact JSON
    (512..64,000,000, default 2,000,000), the node budget (1..10,000,000,
    default 100,000) and the canonicalization of free-form values."""

    maxJsonBytes: int
    maxNodes: int
    canonicalization: Canonicalization


class Annotations(TypedDict, total=False):
    """The annotations of a block or resource."""

    audience: list[Literal["user", "assistant"]]
    priority: float
    lastModified: str


class Icon(TypedDict, total=False):
    """An icon of a resource link."""

    src: str
    mimeType: str
    sizes: list[str]
    theme: Literal["light", "dark"]


class _Extras(TypedDict, total=False):
    """What every block may have beside its own fields."""

    annotations: Annotations
    _meta: dict[str, Any]


class _Text(TypedDict):
    type: Literal["text"]
    text: str


class TextBlock(_Text, _Extras, total=False):
    """A text block."""


class _Image(TypedDict):
    type: Literal["image"]
    data: str | bytes
    mimeType: str


class ImageBlock(_Image, _Extras, total=False):
    """An image: data as base64, or raw bytes (encoded by the module)."""


class _Audio(TypedDict):
    type: Literal["audio"]
    data: str | bytes
    mimeType: str


class AudioBlock(_Audio, _Extras, total=False):
    """An audio block: data as base64, or raw bytes (encoded by the module)."""


class _Link(TypedDict):
    type: Literal["resource_link"]
    uri: str
    name: str


class ResourceLinkBlock(_Link, _Extras, total=False):
    title: str
    description: str
    mimeType: str
    size: int
    icons: list[Icon]


class _TextContents(TypedDict):
    uri: str
    text: str


class TextContents(_TextContents, total=False):
    mimeType: str
    _meta: dict[str, Any]


class _BlobContents(TypedDict):
    uri: str
    blob: str | bytes


class BlobContents(_BlobContents, total=False):
    mimeType: str
    _meta: dict[str, Any]


Contents = Union[TextContents, BlobContents]


class _Embedded(TypedDict):
    type: Literal["resource"]
    resource: Contents


class EmbeddedResourceBlock(_Embedded, _Extras, total=False):
    """A resource block: contents embedded in a tool result."""


Block = Union[TextBlock, ImageBlock, AudioBlock, ResourceLinkBlock, EmbeddedResourceBlock]


class _Tool(TypedDict):
    content: list[dict[str, Any]]
    isError: bool


class ToolResult(_Tool, total=False):
    """A tool result as built: plain data (bytes are base64 in it), the
    dict to hand to an SDK."""

    structuredContent: Any
    _meta: dict[str, Any]


class _Resource(TypedDict):
    contents: list[dict[str, Any]]


class ResourceResult(_Resource, total=False):
    """A resource-read result as built."""

    _meta: dict[str, Any]


class FinalizeOptions(TypedDict, total=False):
    """A server's own values for the protocol-owned fields of a 2026-07-28
    result."""

    serverInfo: dict[str, str]
    ttlMs: int
    cacheScope: Literal["public", "private"]


class Finding(TypedDict):
    """One finding of validate, or the error of a call."""

    code: str
    path: str
    message: str


class Report(TypedDict):
    """What validate gives: every finding, up to 100."""

    valid: bool
    errors: list[Finding]
    warnings: list[Finding]


class ModuleInfo(TypedDict):
    """What info() reports about the module."""

    module: str
    abi: int
    abiMinor: int
    protocolVersions: list[str]
    latestProtocolVersion: str
    settings: dict[str, Any]
