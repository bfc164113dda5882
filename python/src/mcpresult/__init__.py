"""Build, check and serialize Model Context Protocol tool and resource
results in Python: the same WebAssembly module, and so the same bytes,
checks and error codes, as the Go and JS packages.

>>> import mcpresult
>>> m = mcpresult.load()
>>> m.serialize(m.tool(m.text("hi")))
'{"content":[{"type":"text","text":"hi"}],"isError":false}'

load() compiles the bundled module once (caching the compiled code where
wasmtime allows); every call after it is synchronous and thread-safe.
"""

from __future__ import annotations

from ._api import UNSET, McpResult, load
from ._apps import APP_MIME_TYPE, AppContents, AppCsp, AppPermissions, AppVisibility
from ._errors import ClientError, McpResultError
from ._facts import ABI_VERSION
from ._guard import FailureInfo
from ._types import (
    Annotations,
    AudioBlock,
    BlobContents,
    Block,
    Contents,
    EmbeddedResourceBlock,
    FinalizeOptions,
    Finding,
    Icon,
    ImageBlock,
    JSONValue,
    ModuleInfo,
    Report,
    ResourceLinkBlock,
    ResourceResult,
    Settings,
    TextBlock,
    TextContents,
    ToolResult,
)

#: The version of the package, the module's version (info()["module"]).
__version__ = "0.3.0"

__all__ = [
    "ABI_VERSION",
    "APP_MIME_TYPE",
    "AppContents",
    "AppCsp",
    "AppPermissions",
    "AppVisibility",
    "UNSET",
    "Annotations",
    "AudioBlock",
    "BlobContents",
    "Block",
    "ClientError",
    "Contents",
    "EmbeddedResourceBlock",
    "FailureInfo",
    "FinalizeOptions",
    "Finding",
    "Icon",
    "ImageBlock",
    "JSONValue",
    "McpResult",
    "McpResultError",
    "ModuleInfo",
    "Report",
    "ResourceLinkBlock",
    "ResourceResult",
    "Settings",
    "TextBlock",
    "TextContents",
    "ToolResult",
    "__version__",
    "load",
]
