"""Checks what PyPI would get from python/, for make check-python-install.

    python tools/release/distcheck.py dist DIR
        DIR holds the one wheel and the one sdist python -m build made: the
        wheel must hold the package (its modules, py.typed, mcpresult.wasm
        byte for byte host/mcpresult.wasm) and nothing else (no tests,
        examples or benchmarks), with the metadata a release needs, at the
        version of js/package.json (the one every part of a release
        reports); the sdist the sources, the module, the README and the
        license. It prints the files and sizes.

    python tools/release/distcheck.py example PYTHON
        runs python/examples/basic.py with PYTHON (a fresh virtual
        environment's, with the package installed), from a copy outside the
        source tree and an empty cache directory: it must import the
        installed package, and print what python/README.md says it prints.

Exit status 1 with a line per problem.
"""

from __future__ import annotations

import email.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def version() -> str:
    v: str = json.loads((ROOT / "js" / "package.json").read_text("utf-8"))["version"]
    return v


def check_dist(folder: Path) -> list[str]:
    problems: list[str] = []
    v = version()
    wasm = (ROOT / "host" / "mcpresult.wasm").read_bytes()
    wheels, sdists = sorted(folder.glob("*.whl")), sorted(folder.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        return [f"{folder} holds {len(wheels)} wheels and {len(sdists)} sdists, not one of each"]
    wheel, sdist = wheels[0], sdists[0]
    if wheel.name != f"mcpresult-{v}-py3-none-any.whl":
        problems.append(f"the wheel is {wheel.name}, not mcpresult-{v}-py3-none-any.whl (a pure-Python wheel of the release's version)")
    if sdist.name != f"mcpresult-{v}.tar.gz":
        problems.append(f"the sdist is {sdist.name}, not mcpresult-{v}.tar.gz")

    info = f"mcpresult-{v}.dist-info/"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        for n in names:
            print(f"  {z.getinfo(n).file_size:9d}  {n}")
            if n.startswith(info):
                continue
            if not re.fullmatch(r"mcpresult/([a-z_]+/)?[a-z_]+\.py|mcpresult/py\.typed|mcpresult/mcpresult\.wasm", n):
                problems.append(f"the wheel holds {n}: not a module of the package, py.typed or the module")
            if re.search(r"(^|/)(tests?|examples|bench)(/|$)|(^|/)(test_[^/]*|conftest)\.py$", n):
                problems.append(f"the wheel holds {n}, a test, an example or a benchmark")
        for want in ("mcpresult/__init__.py", "mcpresult/py.typed", "mcpresult/mcpresult.wasm", info + "METADATA", info + "licenses/LICENSE"):
            if want not in names:
                problems.append(f"the wheel has no {want}")
        if "mcpresult/mcpresult.wasm" in names and z.read("mcpresult/mcpresult.wasm") != wasm:
            problems.append("the wheel's mcpresult.wasm is not host/mcpresult.wasm, byte for byte (run make wasm)")
        if info + "licenses/LICENSE" in names and z.read(info + "licenses/LICENSE") != (ROOT / "LICENSE").read_bytes():
            problems.append("the wheel's LICENSE is not the repository's")
        meta = email.parser.Parser().parsestr(z.read(info + "METADATA").decode("utf-8")) if info + "METADATA" in names else None
    print(f"distcheck: {wheel.name}: {len(names)} files, {wheel.stat().st_size} bytes")
    if meta is not None:
        for key, want in (("Name", "mcpresult"), ("Version", v), ("Requires-Python", ">=3.10"), ("License-Expression", "MIT"), ("Description-Content-Type", "text/markdown")):
            if meta.get(key) != want:
                problems.append(f"the wheel's METADATA says {key}: {meta.get(key)!r}, not {want!r}")
        for key in ("Summary", "Keywords"):
            if not meta.get(key):
                problems.append(f"the wheel's METADATA has no {key}")
        requires = meta.get_all("Requires-Dist") or []
        for dep in ("wasmtime", "msgpack"):
            if not any(r.startswith(dep) for r in requires):
                problems.append(f"the wheel does not require {dep}")
        urls = " ".join(meta.get_all("Project-URL") or [])
        for label in ("Homepage", "Repository", "Issues", "Changelog"):
            if label not in urls:
                problems.append(f"the wheel's METADATA has no Project-URL {label}")
        if not any(c.startswith("Typing :: Typed") for c in meta.get_all("Classifier") or []):
            problems.append("the wheel is not classified Typing :: Typed")
        if "pip install mcpresult" not in (meta.get_payload() or ""):
            problems.append("the wheel's description is not python/README.md")

    top = f"mcpresult-{v}/"
    with tarfile.open(sdist) as t:
        members = {m.name: m for m in t.getmembers() if m.isfile()}
        for want in ("PKG-INFO", "pyproject.toml", "README.md", "LICENSE", "src/mcpresult/__init__.py", "src/mcpresult/py.typed", "src/mcpresult/mcpresult.wasm"):
            if top + want not in members:
                problems.append(f"the sdist has no {want}")
        for n in members:
            if not n.startswith(top):
                problems.append(f"the sdist holds {n}, outside {top}")
            elif re.search(r"(^|/)(bench|dist|build|__pycache__)(/|$)|\.pyc$", n[len(top) :]):
                problems.append(f"the sdist holds {n}")
        f = t.extractfile(members[top + "src/mcpresult/mcpresult.wasm"]) if top + "src/mcpresult/mcpresult.wasm" in members else None
        if f is not None and f.read() != wasm:
            problems.append("the sdist's mcpresult.wasm is not host/mcpresult.wasm, byte for byte")
    print(f"distcheck: {sdist.name}: {len(members)} files, {sdist.stat().st_size} bytes")
    return problems


def expected_output() -> str:
    """What python/README.md says examples/basic.py prints: its first text
    block (the package's own tests check the same)."""
    readme = (ROOT / "python" / "README.md").read_text("utf-8")
    blocks = re.findall(r"```text\n(.*?)```", readme, re.S)
    if not blocks:
        raise SystemExit("distcheck: python/README.md has no text block of what the example prints")
    out: str = blocks[0]
    return out


def check_example(python: str) -> list[str]:
    problems: list[str] = []
    python = os.path.abspath(python)  # not resolved: a virtual environment's python is a link
    with tempfile.TemporaryDirectory(prefix="mcpresult-example-") as tmp:
        script = Path(tmp) / "basic.py"
        shutil.copyfile(ROOT / "python" / "examples" / "basic.py", script)
        env = {k: x for k, x in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env["MCPRESULT_CACHE_DIR"] = str(Path(tmp) / "cache")
        where = subprocess.run([python, "-c", "import mcpresult, sys; print(mcpresult.__file__); print(sys.prefix)"], cwd=tmp, env=env, capture_output=True, text=True)
        if where.returncode != 0:
            return [f"{python} cannot import mcpresult:\n{where.stderr}"]
        file, prefix = where.stdout.splitlines()[:2]
        if not Path(file).resolve().is_relative_to(Path(prefix).resolve()) or Path(file).resolve().is_relative_to(ROOT / "python"):
            problems.append(f"mcpresult was imported from {file}, not from the environment {prefix}")
        run = subprocess.run([python, str(script)], cwd=tmp, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            problems.append(f"examples/basic.py failed ({run.returncode}):\n{run.stderr}")
        elif run.stdout != expected_output():
            problems.append(f"examples/basic.py printed\n{run.stdout}\nnot what python/README.md says:\n{expected_output()}")
        else:
            print(f"distcheck: examples/basic.py, with mcpresult from {file}, printed what python/README.md says")
    return problems


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in ("dist", "example"):
        raise SystemExit(__doc__)
    problems = check_dist(Path(sys.argv[2])) if sys.argv[1] == "dist" else check_example(sys.argv[2])
    for p in problems:
        print(f"distcheck: {p}", file=sys.stderr)
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
