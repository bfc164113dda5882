"""The API the tests share: one load, the bundled module."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import mcpresult

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def m() -> mcpresult.McpResult:
    return mcpresult.load()
