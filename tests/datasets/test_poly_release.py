"""The shipped execir-poly multitask release: verifies, passes the integrity gate, has CoREB's
tasks and subtasks, and its manifest counts are what the files hold."""

from __future__ import annotations

import pytest

from execir.build.multitask import check_multitask, counts
from execir.datasets.shipped import shipped_folder
from execir.multitask.records import LANGUAGES
from execir.pipeline_multitask import load_multitask

pytestmark = pytest.mark.skipif(not (shipped_folder("execir-poly") / "manifest.json").is_file(),
                                reason="execir-poly is not shipped in this checkout")


def test_shipped_poly_release(tmp_path):
    bench = load_multitask("execir-poly", cache_dir=tmp_path)
    assert bench.name == "execir-poly" and bench.manifest["version"] == "1"
    assert check_multitask(bench) == []
    assert bench.manifest["counts"] == counts(bench)
    subtasks = {q.subtask for q in bench.queries.values()}
    for variant in ("canonical_retro", "full_retro", "search"):
        assert {f"t2c_{variant}_{x}" for x in ("any",) + LANGUAGES} <= subtasks
    assert {"c2t_match", "c2c_cross_lang", "c2t_full_retro_any", "c2t_canonical_retro_ruby"} <= subtasks
    assert len(bench.anchors()) == bench.manifest["counts"]["queries_per_task"]["c2c"]
    assert {d.language for d in bench.corpus("code").values()} == set(LANGUAGES)
    assert bench.manifest["counts"]["mutants"] > 0
