"""Every conformance vector of testdata/vectors (the adapters' apart)
through the public API, with the same bytes, codes and paths as Go and JS.
A vector whose runtimes leave Python out is skipped, with its reason."""

from __future__ import annotations

import collections
from typing import Any

import pytest

from mcpresult import McpResult

from vectors import NoPythonForm, check, load_files, run, skip_reason

FILES = load_files()
CASES = [(f, v) for f, vs in FILES for v in vs]


def test_the_vector_files_are_found() -> None:
    assert len(FILES) > 10
    names = collections.Counter(v["name"] for _, v in CASES)
    assert [n for n, c in names.items() if c > 1] == []
    assert len(CASES) > 2000


@pytest.mark.parametrize(("file", "vec"), CASES, ids=[f"{f}::{v['name']}" for f, v in CASES])
def test_vector(m: McpResult, file: str, vec: dict[str, Any]) -> None:
    reason = skip_reason(vec)
    if reason is not None:
        pytest.skip(reason)
    try:
        got = run(m, vec)
    except NoPythonForm as e:
        pytest.fail(f"a vector that runs in every runtime has no Python form: {e}")
    diff = check(vec, got)
    assert diff == "", f"{vec['name']} ({file})\n{diff}"
