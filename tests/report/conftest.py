"""Reuses the hand-built benchmark of tests/evaluation/conftest.py (loaded by path: the importlib
import mode keeps conftest modules out of ``import``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

_spec = importlib.util.spec_from_file_location(
    "execir_eval_fixtures", Path(__file__).resolve().parents[1] / "evaluation" / "conftest.py")
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)


@pytest.fixture
def h():
    return SimpleNamespace(PASS=_mod.PASS, FAIL=_mod.FAIL, make_benchmark=_mod.make_benchmark,
                           oracle_labels=_mod.oracle_labels)
