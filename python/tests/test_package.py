"""The package's metadata and its module: the versions agree, the module is
the repository's, byte for byte."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

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


def test_the_readme_shows_the_example_and_what_it_prints(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy

    readme = (ROOT / "python" / "README.md").read_text("utf-8")
    example = (ROOT / "python" / "examples" / "basic.py").read_text("utf-8")
    blocks = re.findall(r"```(\w+)\n(.*?)```", readme, re.S)
    code = [b for lang, b in blocks if lang == "python"]
    printed = [b for lang, b in blocks if lang == "text"]
    assert code and code[0] in example, "the README's Python block is not examples/basic.py"
    runpy.run_path(str(ROOT / "python" / "examples" / "basic.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert printed and printed[0] == out


def test_the_wheel_holds_the_package_and_its_module(tmp_path: Path) -> None:
    import subprocess
    import sys
    import zipfile

    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-build-isolation", "-w", str(tmp_path), str(ROOT / "python")],
        check=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name == f"mcpresult-{mcpresult.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        package = {n for n in names if not n.startswith("mcpresult-")}
        assert package == {
            "mcpresult/__init__.py",
            "mcpresult/_api.py",
            "mcpresult/_encode.py",
            "mcpresult/_engine.py",
            "mcpresult/_errors.py",
            "mcpresult/_facts.py",
            "mcpresult/_guard.py",
            "mcpresult/_types.py",
            "mcpresult/mcpresult.wasm",
            "mcpresult/py.typed",
            "mcpresult/sdk.py",
        }
        assert z.read("mcpresult/mcpresult.wasm") == (ROOT / "host" / "mcpresult.wasm").read_bytes()
        meta = z.read(f"mcpresult-{mcpresult.__version__}.dist-info/METADATA").decode()
    assert f"mcpresult-{mcpresult.__version__}.dist-info/licenses/LICENSE" in names
    for line in ("Requires-Python: >=3.10", "Requires-Dist: msgpack<2,>=1.0", "Requires-Dist: wasmtime<51,>=45", "License-Expression: MIT"):
        assert line in meta.splitlines()
