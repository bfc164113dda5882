"""The MCP Apps builders (extension io.modelcontextprotocol/ui): an app's
page as resource contents, and the _meta of the tool that shows it. The
module checks and writes both (build kinds appResource and appToolMeta, ABI
minor version 4), with the same bytes, codes and paths as Go and JS; this
file only puts the arguments into a request."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ._facts import APP_PAGE_MAX_JSON_BYTES


#: The media type of an app's page.
APP_MIME_TYPE = "text/html;profile=mcp-app"

#: Who may call an app's tool: the model, the page, or both (the default).
AppVisibility = Literal["model", "app"]


class AppCsp(TypedDict, total=False):
    """The origins a page's content security policy allows: each a scheme
    of https, http, wss or ws, a host ("*." allowed as its leftmost label)
    and an optional port, with no path."""

    connectDomains: list[str]
    resourceDomains: list[str]
    frameDomains: list[str]
    baseUriDomains: list[str]


class AppPermissions(TypedDict, total=False):
    """The browser permissions a page asks the host for, each as {}."""

    camera: dict[str, Any]
    microphone: dict[str, Any]
    geolocation: dict[str, Any]
    clipboardWrite: dict[str, Any]


class _AppContents(TypedDict):
    uri: str
    mimeType: str
    text: str


class AppContents(_AppContents, total=False):
    """The resource contents of an app's page (a plain dict)."""

    _meta: dict[str, Any]


class _Unset:
    pass


_UNSET: Any = _Unset()


def _input(required: dict[str, Any], named: dict[str, Any]) -> dict[str, Any]:
    """The build input: the required members, then the options given, in
    wire names (those of None are left out only where UNSET)."""
    out = dict(required)
    for k, v in named.items():
        if v is not _UNSET:
            out[k] = v
    return out



def page_settings(s: Any) -> Any:
    """The settings of a build of an app's page: those given, with the
    page's byte budget (APP_PAGE_MAX_JSON_BYTES: a page is a whole
    document, read by the host, not by a model) where they give no
    maxJsonBytes, as the module has it for a request without it."""
    if s is None:
        return {"maxJsonBytes": APP_PAGE_MAX_JSON_BYTES}
    if isinstance(s, Mapping) and "maxJsonBytes" not in s:
        return {**s, "maxJsonBytes": APP_PAGE_MAX_JSON_BYTES}
    return s


def holds_app_page(input: Any) -> bool:
    """Whether a resource result's input holds an app's page (contents of
    APP_MIME_TYPE): such a result has the page's budget. Only plain dicts
    and lists are looked into; anything else holds none (and is the
    build's to report)."""
    if type(input) is not dict:
        return False
    cs = input.get("contents")
    items = cs if type(cs) is list else [cs]
    return any(type(c) is dict and c.get("mimeType") == APP_MIME_TYPE for c in items[:1024])


class AppsMixin:
    """The two MCP Apps builders of McpResult, one module call each."""

    if TYPE_CHECKING:

        def build(self, kind: Any, input: Any, settings: Any = ..., inherit: bool | None = None) -> Any: ...

        @property
        def settings(self) -> Any: ...

    def _app(self, kind: str, input: dict[str, Any]) -> Any:
        # A plain dict of the module's JSON, not a built result: a handler
        # that returns it as one is validated as any other value.
        # Its byte budget is a page's (an app's page is a whole document,
        # read by the host, not by a model), unless the settings give
        # maxJsonBytes, as the module has it for a request without it.
        return dict(self.build(kind, input, settings=page_settings(self.settings)))

    def app_resource(
        self,
        uri: str,
        html: str,
        *,
        csp: AppCsp | Mapping[str, Sequence[str]] = _UNSET,
        permissions: AppPermissions | Mapping[str, Any] = _UNSET,
        domain: str = _UNSET,
        prefers_border: bool = _UNSET,
        meta: Mapping[str, Any] = _UNSET,
        openai: bool = _UNSET,
    ) -> AppContents:
        """The resource contents of an MCP App's page: uri a ui:// URI,
        html the page, and in _meta.ui its CSP, permissions, domain and
        border preference; openai=True also writes ChatGPT's keys
        (openai/widgetCSP, openai/widgetPrefersBorder, openai/widgetDomain).
        A URI that is not ui://, a CSP entry that is not an origin, an
        unknown permission, a prefers_border that is not a bool raise
        McpResultError with the code and the path (/uri, /csp/…,
        /permissions/…, /prefersBorder)."""
        named = {"csp": csp, "permissions": permissions, "domain": domain, "prefersBorder": prefers_border, "meta": meta, "openai": openai}
        return cast(AppContents, self._app("appResource", _input({"uri": uri, "html": html}, named)))

    def app_tool_meta(
        self,
        resource_uri: str,
        *,
        visibility: Sequence[AppVisibility] = _UNSET,
        openai: bool = _UNSET,
        meta: Mapping[str, Any] = _UNSET,
    ) -> dict[str, Any]:
        """The _meta of a tool that shows the page at resource_uri
        (ui://…): ui.resourceUri, ui.visibility when given (one or both of
        "model" and "app", each once), the deprecated flat ui/resourceUri
        beside them, and with openai=True openai/outputTemplate and
        openai/widgetAccessible. meta adds keys of your own."""
        if isinstance(visibility, tuple):
            visibility = list(visibility)  # a sequence, as the module reads an array
        named = {"visibility": visibility, "openai": openai, "meta": meta}
        return cast(dict[str, Any], self._app("appToolMeta", _input({"resourceUri": resource_uri}, named)))
