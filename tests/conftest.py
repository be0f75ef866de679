"""Shared fixtures: paths to the real datasets in ../shared/data (skipped when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
TEST_DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture()
def shared_data() -> Path:
    """The shared datasets folder; skips the test when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not present")
    return SHARED_DATA


@pytest.fixture()
def mbpp_path(shared_data: Path) -> Path:
    path = shared_data / "mbpp" / "mbpp.jsonl"
    if not path.is_file():
        pytest.skip("mbpp.jsonl not present")
    return path
