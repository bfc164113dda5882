"""m.app_resource and m.app_tool_meta: the MCP Apps builders. Every vector
of build-apps.json through them (test_vectors runs the same vectors through
build), and what only the Python API decides: arguments, keywords, what is
returned."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

import mcpresult
from mcpresult import McpResult, McpResultError

from vectors import NoPythonForm, check, load_files, native, skip_reason

URI = "ui://maps/view.html"
HTML = "<!doctype html><p>map</p>"
_KEYWORDS = {"prefersBorder": "prefers_border"}
_OPTIONS = {"appResource": {"csp", "permissions", "domain", "prefersBorder", "meta", "openai"}, "appToolMeta": {"visibility", "openai", "meta"}}
_REQUIRED = {"appResource": ("uri", "html"), "appToolMeta": ("resourceUri",)}


def _expressible(vec: dict[str, Any]) -> bool:
    """Whether the vector's input is the builder's arguments and keywords:
    the others (an input that is not a mapping, a required argument left
    out, an unknown option, a repeated key) are run through build by
    test_vectors."""
    try:
        inp = native(vec["input"])
    except NoPythonForm:
        return False
    req = _REQUIRED[vec["kind"]]
    return type(inp) is dict and all(k in inp for k in req) and set(inp) - set(req) <= _OPTIONS[vec["kind"]] and skip_reason(vec) is None


ALL_APP_CASES = [v for f, vs in load_files() if f.endswith("build-apps.json") for v in vs]
APP_CASES = [v for v in ALL_APP_CASES if _expressible(v)]


def _run(m: McpResult, vec: dict[str, Any]) -> dict[str, Any]:
    """The vector through the builder's arguments and keywords."""
    inp = native(vec["input"])
    api = m if "settings" not in vec else m.for_server(native(vec["settings"]))
    try:
        if vec["kind"] == "appResource":
            rest = {_KEYWORDS.get(k, k): v for k, v in inp.items() if k not in ("uri", "html")}
            out: Any = api.app_resource(inp["uri"], inp["html"], **rest)
        else:
            rest = {k: v for k, v in inp.items() if k != "resourceUri"}
            out = api.app_tool_meta(inp["resourceUri"], **rest)
    except McpResultError as e:
        return {"error": {"code": e.code, "path": e.path, "message": e.message}}
    return {"json": json.dumps(out, separators=(",", ":"), ensure_ascii=False), "object": out}


def test_the_apps_vectors_are_found() -> None:
    assert len(ALL_APP_CASES) > 80
    assert len(APP_CASES) > len(ALL_APP_CASES) - 12


@pytest.mark.parametrize("vec", APP_CASES, ids=[v["name"] for v in APP_CASES])
def test_apps_vector(m: McpResult, vec: dict[str, Any]) -> None:
    diff = check(vec, _run(m, vec))
    assert diff == "", f"{vec['name']}\n{diff}"


def test_app_resource_is_plain_contents(m: McpResult) -> None:
    page = m.app_resource(URI, HTML, csp={"resourceDomains": ["https://cdn.example.com"]}, permissions={"camera": {}}, prefers_border=True)
    assert page == {
        "uri": URI,
        "mimeType": mcpresult.APP_MIME_TYPE,
        "text": HTML,
        "_meta": {"ui": {"csp": {"resourceDomains": ["https://cdn.example.com"]}, "permissions": {"camera": {}}, "prefersBorder": True}},
    }
    assert type(page) is dict
    assert m.json_of(page) is None  # not a built result
    r = m.resource(page)
    assert m.json_of(r) == json.dumps({"contents": [page]}, separators=(",", ":"))


def test_app_tool_meta(m: McpResult) -> None:
    assert m.app_tool_meta(URI, visibility=("app",), openai=True) == {
        "ui": {"resourceUri": URI, "visibility": ["app"]},
        "ui/resourceUri": URI,
        "openai/outputTemplate": URI,
        "openai/widgetAccessible": True,
    }


@pytest.mark.parametrize(
    ("call", "code", "path"),
    [
        (lambda m: m.app_resource("https://maps.example.com", HTML), "app_resource_uri", "/uri"),
        (lambda m: m.app_resource(URI, b"<p>"), "invalid_type", "/html"),
        (lambda m: m.app_resource(URI, HTML, csp={"connectDomains": ["https://api.example.com/v1"]}), "app_csp_invalid", "/csp/connectDomains/0"),
        (lambda m: m.app_resource(URI, HTML, csp={"connectDomains": {"https://api.example.com"}}), "invalid_type", "/csp/connectDomains"),
        (lambda m: m.app_resource(URI, HTML, permissions={"usb": {}}), "app_permission_unknown", "/permissions/usb"),
        (lambda m: m.app_resource(URI, HTML, prefers_border=1), "invalid_type", "/prefersBorder"),
        (lambda m: m.app_resource(URI, HTML, domain=None), "invalid_type", "/domain"),
        (lambda m: m.app_resource(URI, HTML, meta={"when": datetime.datetime(2026, 1, 1)}), "unsupported_value", "/meta/when"),
        (lambda m: m.app_resource(URI, HTML, meta={1: "x"}), "invalid_map_key", "/meta"),
        (lambda m: m.app_tool_meta(URI, visibility="app"), "invalid_type", "/visibility"),
        (lambda m: m.app_tool_meta(URI, visibility=[]), "invalid_value", "/visibility"),
        (lambda m: m.app_tool_meta(URI, meta={"ui": {}}), "app_meta_conflict", "/meta/ui"),
    ],
)
def test_refused(m: McpResult, call: Any, code: str, path: str) -> None:
    with pytest.raises(McpResultError) as e:
        call(m)
    assert (e.value.code, e.value.path) == (code, path)


def test_hostile_meta(m: McpResult) -> None:
    cyclic: dict[str, Any] = {}
    cyclic["self"] = cyclic
    with pytest.raises(McpResultError) as e:
        m.app_tool_meta(URI, meta=cyclic)
    assert e.value.code == "max_depth"
    wide: dict[str, Any] = {}
    for _ in range(64):
        wide = {"a": wide, "b": wide}
    with pytest.raises(McpResultError) as e:
        m.app_tool_meta(URI, meta={"wide": wide})
    assert e.value.code in ("max_nodes", "max_bytes", "max_depth")
    with pytest.raises(McpResultError) as e:
        m.for_server({"maxJsonBytes": 4096}).app_resource(URI, "x" * 5000)
    assert e.value.code == "max_bytes"


def test_a_page_has_a_pages_budget(m: McpResult) -> None:
    # a whole document with its scripts: 16 MiB, not a result's 2 MB
    def page(n: int) -> str:
        return "<!doctype html><html><body>" + "x" * n + "</body></html>"

    assert m.app_resource("ui://pdf/viewer.html", page(4_000_000))["text"] == page(4_000_000)
    with pytest.raises(McpResultError) as e:
        m.app_resource("ui://pdf/viewer.html", page(17 << 20))
    assert e.value.code == "max_bytes"
    with pytest.raises(McpResultError) as e:
        m.for_server({"maxJsonBytes": 4096}).app_resource("ui://pdf/viewer.html", page(8192))
    assert e.value.code == "max_bytes"


def test_a_resource_result_holding_a_page_has_its_budget(m: McpResult) -> None:
    page = m.app_resource("ui://pdf/viewer.html", "<!doctype html>" + "y" * 4_000_000)
    r = m.resource([page])
    assert json.loads(m.serialize(r))["contents"][0]["text"] == page["text"]
    with pytest.raises(McpResultError) as e:
        m.resource([{"uri": "file:///big.txt", "text": "y" * 4_000_000}])  # no page: a result's budget
    assert e.value.code == "max_bytes"
    with pytest.raises(McpResultError) as e:
        m.resource([page], max_json_bytes=1_000_000)  # a budget given is kept
    assert e.value.code == "max_bytes"
