"""Family designs (construction.families, construction.adversarial): the centred design's draw,
its second-order mutants and their records, the adversarial pick, the shuffled corpus order."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from execir.construction import build_release
from execir.construction.adversarial import _compositions, rank_targets, targeted
from execir.construction.families import CENTRED, centre_of, shuffled
from execir.errors import UsageError
from execir.execution import Oracle, run_many
from execir.formats.files import load_benchmark, read_records
from execir.mutation import Mutant, VerifiedMutant
from execir.records import Snippet, Task, snippet_id_for

DATA = Path(__file__).resolve().parents[1] / "data" / "construction"
SEED = 3


def test_centre_is_uniform_over_the_family():
    counts = Counter(centre_of(f"task/{i}", 5, seed=0) for i in range(5000))
    assert sorted(counts) == [0, 1, 2, 3, 4]
    # binomial(5000, 1/5): mean 1000, sd 28.3; 5 sd either side
    assert all(abs(n - 1000) < 142 for n in counts.values()), counts
    assert centre_of("task/1", 5, seed=0) == centre_of("task/1", 5, seed=0)
    assert [centre_of("t", 5, seed=s) for s in range(20)] != [centre_of("t", 5, seed=0)] * 20


def test_rank_targets_cover_zero_to_k():
    seen = Counter(t for i in range(3000) for t in rank_targets(f"t{i}", 4, seed=1))
    assert sorted(seen) == [0, 1, 2, 3, 4]


def test_compositions():
    assert list(_compositions(2, [1, 2])) == [(0, 2), (1, 1)]
    assert list(_compositions(3, [1, 1])) == []
    assert len(list(_compositions(4, [4] * 4))) == 35  # C(7, 3)


def _vm(code: str, mtype: str = "off_by_one") -> VerifiedMutant:
    m = Mutant(code=code, operator="op", mutation_type=mtype, span=(1, 0, 1, 1), before="a",
               after="b", bug_description="d", edit_size=1)
    return VerifiedMutant(m, ("FAIL",))


def test_targeted_meets_the_rank_targets_with_the_nearest_candidates():
    cands = [_vm(f"c{i}\n") for i in range(5)]
    # probe 0: candidates 0, 1, 2 score above the canonical; probe 1: candidates 0 and 3
    above = np.array([[1, 1], [1, 0], [1, 0], [0, 1], [0, 0]], dtype=bool)
    distance = np.array([0.5, 0.1, 0.2, 0.3, 0.05])
    # two picks, one above under each probe: {1 (above, below), 3 (below, above)} meets both
    # with distance 0.4; {0 (above, above), 4 (below, below)} meets both with distance 0.55
    assert targeted(cands, above, distance, 2, (1, 1)) == [cands[1], cands[3]]
    # none above under either probe: only candidate 4 qualifies, the second pick misses by one;
    # the nearest way to miss by one is candidate 1 (0.1) with 4
    assert targeted(cands, above, distance, 2, (0, 0)) == [cands[1], cands[4]]
    assert targeted(cands, above, distance, 9, (0, 0)) == cands  # fewer candidates than asked
    assert targeted([], above[:0], distance[:0], 2, (0, 0)) == []


def test_shuffled_order_is_seeded_and_ignores_input_order():
    snips = [Snippet(f"s{i}", "x", "t", "canonical", "python") for i in range(30)]
    a = [s.snippet_id for s in shuffled(snips, 0)]
    assert a == [s.snippet_id for s in shuffled(list(reversed(snips)), 0)]
    assert a != sorted(a) and sorted(a) == sorted(s.snippet_id for s in snips)
    assert a != [s.snippet_id for s in shuffled(snips, 1)]


def test_unknown_design_is_refused(tmp_path):
    tasks = read_records(DATA / "good.jsonl", Task.from_dict)
    with pytest.raises(UsageError, match="families must be one of star, centred"):
        build_release(tasks, tmp_path / "x", name="fx", families="ring")


def _apply(code: str, record: dict) -> str:
    sl, sc, el, ec = record["span"]
    lines = code.splitlines(keepends=True)
    start = sum(len(x) for x in lines[:sl - 1]) + sc
    end = sum(len(x) for x in lines[:el - 1]) + ec
    assert code[start:end] == record["before"]
    return code[:start] + record["after"] + code[end:]


@pytest.fixture(scope="module")
def centred(tmp_path_factory):
    out = tmp_path_factory.mktemp("centred") / "rel"
    tasks = read_records(DATA / "good.jsonl", Task.from_dict)
    report = build_release(tasks, out, name="fixture", seed=SEED, families=CENTRED,
                           oracle=Oracle(workers=2, cache=None))
    return out, report, tasks


def test_centred_release_families(centred):
    out, report, tasks = centred
    bench = load_benchmark(out)
    by_task = {t.task_id: t for t in tasks}
    moved = 0
    for qid, rels in bench.qrels.items():
        task = by_task[bench.queries[qid].task_id]
        assert [sid for sid, lvl in rels.items() if lvl == 2] == [snippet_id_for(task.task_id, task.canonical)]
        negs = [bench.corpus[sid] for sid, lvl in rels.items() if lvl == 1]
        if centre_of(task.task_id, 1 + len(negs), SEED) == 0:
            # a star: every hard negative is one edit of the canonical
            assert all("parent" not in d.mutation and _apply(task.canonical, d.mutation) == d.code
                       for d in negs)
            continue
        moved += 1
        centres = [d for d in negs if "parent" not in d.mutation]
        assert len(centres) == 1 and _apply(task.canonical, centres[0].mutation) == centres[0].code
        for leaf in negs:
            if leaf is centres[0]:
                continue
            parent = dict(centres[0].mutation)
            parent.pop("failing_tests")
            assert leaf.mutation["parent"] == parent  # two attributable edits from the canonical
            assert _apply(centres[0].code, leaf.mutation) == leaf.code
        # every hard negative fails a test with a wrong output and no time-out
        for d, res in zip(negs, run_many([(d.code, task.tests) for d in negs], workers=2)):
            assert "FAIL" in res.outcomes and "TIMEOUT" not in res.outcomes
            assert list(res.failing_tests) == d.mutation["failing_tests"]
    assert moved == report["families"]["centred_on_distractor"] >= 1
    assert report["families"]["design"] == CENTRED
    assert bench.manifest["distractors"]["families"] == CENTRED


def test_centred_corpus_order_is_not_canonical_first(centred):
    out, _, _ = centred
    bench = load_benchmark(out)
    ids = list(bench.corpus)
    assert ids == [s.snippet_id for s in shuffled(list(bench.corpus.values()), SEED)]


def test_centred_rebuild_is_byte_identical(centred, tmp_path):
    """Same tasks and seed: the same release, up to a suite at its slow threshold, which a
    loaded machine can time either side of it (construction.slow; the check is the reliability
    test's: only such a task may differ, and with none every file is byte-identical)."""
    from tests.test_reliability import _assert_same

    out, _, tasks = centred
    again = tmp_path / "again"
    build_release(tasks, again, name="fixture", seed=SEED, families=CENTRED,
                  oracle=Oracle(workers=1, cache=None))
    rels = ("corpus.jsonl", "qrels/test.tsv", "tasks.jsonl", "queries.jsonl", "labels.jsonl",
            "build_report.json", "manifest.json")
    _assert_same(*({rel: (d / rel).read_bytes() for rel in rels} for d in (out, again)), most=1)


def test_a_centred_build_writes_its_probe_card_into_the_report(tmp_path):
    from execir.workflow.pipeline import build_dataset
    from execir.probes.card import probe_card

    out = tmp_path / "rel"
    report = build_dataset("tasks", DATA / "good.jsonl", out, oracle=Oracle(workers=2, cache=None),
                           seed=SEED, log=lambda _m: None, families=CENTRED)
    on_disk = json.loads((out / "build_report.json").read_text())
    assert on_disk["probe_card"] == json.loads(json.dumps(report["probe_card"]))
    assert on_disk["probe_card"] == json.loads(json.dumps(probe_card(out, seed=SEED)))
    assert {r["probe"] for r in on_disk["probe_card"]["probes"]} >= {"medoid", "first-in-file"}
