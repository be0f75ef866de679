"""Fixtures of the repository tests: a fresh copy of the tiny fixture repository (under the
temporary folder, so the sandbox's mount-through of a folder under /tmp is exercised)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "repo" / "minirepo"


@pytest.fixture()
def repo(tmp_path) -> Path:
    pytest.importorskip("coverage")
    target = tmp_path / "minirepo"
    shutil.copytree(FIXTURE, target)
    return target
