"""The one loader (:mod:`execir.datasets.sources`): a source is resolved once, and its folder format
is detected once however many steps read it (issue 52)."""

from __future__ import annotations

from pathlib import Path

import pytest

import execir.datasets.sources as sources
from execir.datasets.shipped import POLY
from execir.errors import UsageError
from execir.formats import folders

BUNDLE = Path(__file__).resolve().parents[1] / "data" / "execretrieval_bundle"


def test_names_resolve_without_reading_anything(tmp_path):
    assert sources.resolve_source(POLY).ready and sources.resolve_source(f"{POLY}@2").shipped == f"{POLY}@2"
    humaneval = sources.resolve_source("humaneval")
    assert not humaneval.ready and humaneval.dataset == "humaneval" and humaneval.shipped == "humaneval"
    mbpp = sources.resolve_source("mbpp")
    assert not mbpp.ready and mbpp.shipped is None
    assert not sources.resolve_source(str(tmp_path)).ready  # an empty folder is of no format


def test_a_folder_format_is_detected_once_per_source(monkeypatch):
    calls = []
    detect = folders.folder_format

    def counted(path):
        calls.append(path)
        return detect(path)

    monkeypatch.setattr(sources, "folder_format", counted)
    found = sources.resolve_source(str(BUNDLE))
    assert found.ready and found.format == folders.EXECRETRIEVAL
    bench, folder = sources.load_source(found)
    assert folder == BUNDLE and bench.queries and len(calls) == 1


def test_a_dataset_without_a_shipped_release_is_no_folder():
    with pytest.raises(UsageError, match="cannot read 'mbpp': not a folder, and no shipped release"):
        sources.load_source("mbpp")
