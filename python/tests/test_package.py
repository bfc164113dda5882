"""The package's metadata and its module: the versions agree, the module is
the repository's, byte for byte."""

from __future__ import annotations

import json
import re

import mcpresult
from mcpresult import McpResult

from vectors import ROOT


def _pyproject_version() -> str:
    text = (ROOT / "python" / "pyproject.toml").read_text("utf-8")
    found = re.search(r'^version = "([^"]+)"$', text, re.M)
    assert found is not None
    return found.group(1)


def test_the_versions_agree(m: McpResult) -> None:
    js = json.loads((ROOT / "js" / "package.json").read_text("utf-8"))["version"]
    assert m.info()["module"] == js == _pyproject_version() == mcpresult.__version__


def test_the_module_is_a_copy_of_the_hosts() -> None:
    from importlib.resources import files

    ours = files("mcpresult").joinpath("mcpresult.wasm").read_bytes()
    assert ours == (ROOT / "host" / "mcpresult.wasm").read_bytes()


def test_info_reports_the_defaults(m: McpResult) -> None:
    from mcpresult import _facts

    info = m.info()
    assert info["abi"] == mcpresult.ABI_VERSION
    assert info["settings"] == {
        "maxJsonBytes": _facts.DEFAULT_MAX_JSON_BYTES,
        "maxNodes": _facts.DEFAULT_MAX_NODES,
        "maxDepth": _facts.MAX_RESULT_DEPTH,
        "canonicalization": "strict",
    }
    info["protocolVersions"].append("x")  # a copy, the caller's
    assert "x" not in m.info()["protocolVersions"]
