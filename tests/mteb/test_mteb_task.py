"""execir.mteb.task: an execir source as an MTEB retrieval task (metadata, data, scores)."""

from __future__ import annotations

import gzip
import json
import math

import pytest

pytest.importorskip("mteb", reason="execir.mteb needs the mteb package (pip install 'execir[mteb]')")

import execir.mteb  # noqa: E402
from execir.errors import UsageError  # noqa: E402
from execir.mteb.benchmark_task import separate_ties  # noqa: E402


class FixedScores:
    """An MTEB search model (``index``, ``search``, ``mteb_model_meta``) that returns given scores."""

    def __init__(self, scores):
        from mteb.models import ModelMeta

        self.scores = scores
        self.mteb_model_meta = ModelMeta.create_empty(overwrites={"name": "test/fixed", "revision": "1"})

    def index(self, corpus, **kwargs):
        self.corpus_ids = list(corpus["id"])

    def search(self, queries, **kwargs):
        return {q: dict(self.scores[q]) for q in queries["id"]}


def test_separate_ties_ranks_as_execir_does():
    out = separate_ties({"q": {"b": 0.5, "a": 0.5, "c": 0.75, "d": 0.5}})["q"]
    assert sorted(out, key=out.get, reverse=True) == ["c", "a", "b", "d"]  # score, then id ascending
    assert out["c"] == 0.75 and out["a"] == 0.5  # only the later members of a tie move
    assert 0.5 - 1e-6 < out["d"] < out["b"] < 0.5


def test_release_task_metadata_and_data(two_tasks, tmp_path):
    folder, ids = two_tasks
    task = execir.mteb.task(folder, cache_dir=tmp_path / "cache")
    md = task.metadata
    assert (md.name, md.type, md.main_score, md.revision, md.license) == \
        ("execir-two-tasks-v1", "Retrieval", "ndcg_at_10", "1", "mit")
    assert md.eval_langs == ["eng-Latn", "python-Code"] and md.domains == ["Programming"]
    assert "no build_report.json card" in md.description
    task.load_data()
    split = task.dataset["default"]["test"]
    assert sorted(split["queries"]["id"]) == sorted(q for q, _, _ in ids.values())
    assert len(split["corpus"]) == 4
    assert split["relevant_docs"] == {q: {c: 1} for q, c, _ in ids.values()}  # level 2 only


def test_scores_follow_execirs_ties_and_execution(two_tasks, tmp_path):
    """inc: its distractor first (fails), canonical second.  dbl: canonical and distractor tie,
    so the smaller id is first (execir's rule; trec_eval alone would put the larger first)."""
    folder, ids = two_tasks
    (qi, ci, di), (qd, cd, dd) = ids["inc"], ids["dbl"]
    scores = {qi: {di: 0.9, ci: 0.8, cd: 0.1, dd: 0.05}, qd: {cd: 0.5, dd: 0.5, ci: 0.2, di: 0.1}}
    task = execir.mteb.task(folder, cache_dir=tmp_path / "cache")
    got = task.evaluate(FixedScores(scores), encode_kwargs={})["default"]
    dbl_first = cd < dd
    ndcg_dbl = 1.0 if dbl_first else 1 / math.log2(3)
    assert got["ndcg_at_10"] == pytest.approx((1 / math.log2(3) + ndcg_dbl) / 2, abs=1e-5)
    assert got["main_score"] == got["ndcg_at_10"]
    # exec@1: inc's distractor fails inc(1) == 2; dbl's distractor fails dbl(3) == 6
    assert got["exec_at_1"] == pytest.approx((0 + (1 if dbl_first else 0)) / 2)
    assert got["exec_at_3"] == got["exec_at_5"] == got["exec_at_10"] == 1.0


def test_shipped_release_metadata_names_its_worst_probe(tmp_path):
    from execir.datasets.shipped import shipped_folder

    task = execir.mteb.task("humaneval@2", cache_dir=tmp_path / "cache")
    card = json.loads(gzip.decompress((shipped_folder("humaneval@2") / "build_report.json.gz").read_bytes()))
    worst = max(card["probe_card"]["probes"], key=lambda r: (r["lift"], r["probe"]))
    md = task.metadata
    assert (md.name, md.revision, md.license) == ("execir-humaneval-v2", "2", "mit")
    assert f"{worst['probe']}, lifts exec@1 by {worst['lift']:+.3f}" in md.description
    task.load_data()
    split = task.dataset["default"]["test"]
    assert (len(split["queries"]), len(split["corpus"])) == (135, 633)
    assert sum(len(v) for v in split["relevant_docs"].values()) == 140  # the qrels' level-2 rows


def test_grouped_source_is_one_task_per_subtask(tmp_path):
    from execir.datasets.shipped import shipped_folder

    counts = json.loads((shipped_folder("execir-poly@3") / "manifest.json").read_text())["counts"]
    per_subtask = counts["queries_per_subtask"]
    found = execir.mteb.tasks("execir-poly@3", cache_dir=tmp_path / "cache")
    assert [t.metadata.name for t in found] == [f"execir-execir-poly-v3-{s}" for s in sorted(per_subtask)]
    c2c = next(t for t in found if t.metadata.name.endswith("c2c_cross_lang"))
    assert c2c.ignore_identical_ids and len(c2c.execir_data.query_ids) == per_subtask["c2c_cross_lang"]
    anchors = {q.anchor_id for q in c2c.execir_data.benchmark.queries.values()}
    assert set(c2c.execir_data.query_ids) == anchors  # a c2c query is asked under its anchor's id
    t2c = next(t for t in found if t.metadata.name.endswith("t2c_search_java"))
    # a t2c query ranks the whole code corpus, every language of it
    assert t2c.metadata.eval_langs == ["c++-Code", "eng-Latn", "go-Code", "java-Code", "javascript-Code",
                                       "python-Code", "ruby-Code"]
    with pytest.raises(UsageError, match="one MTEB task per subtask"):
        execir.mteb.task("execir-poly@3", cache_dir=tmp_path / "cache")
