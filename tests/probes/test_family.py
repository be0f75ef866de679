"""Loading families: per-language split, skipping, merging, file positions, blindness."""

from __future__ import annotations

import dataclasses
import gzip
import inspect
import json
from pathlib import Path

import numpy as np
import pytest

from execir.errors import UsageError
from execir.records import Benchmark, Query, Snippet
from execir.probes import Members, families, probe_card
from execir.probes.probe_base import Probe
from execir.probes.card import default_probes
from execir.probes.family import corpus_file_order

RELEASES = Path(__file__).resolve().parents[2] / "src" / "execir" / "datasets" / "releases"


def _doc(doc_id: str, language: str | None, modality: str = "code") -> Snippet:
    return Snippet(snippet_id=doc_id, code=f"code of {doc_id}", task_id="p1", kind="", modality=modality,
                   language=language)


def _query(qid: str, problem: str = "p1", task: str = "t2c") -> Query:
    return Query(query_id=qid, text="the query text", task_id=problem, direction=task,
                 subtask=f"{task}_full_retro_any", variant="full_retro")


def _bench() -> Benchmark:
    docs = [_doc("py-mut", "python"), _doc("py-sol", "python"), _doc("cpp-sol", "cpp"), _doc("cpp-mut1", "cpp"),
            _doc("cpp-mut2", "cpp"), _doc("go-mut", "go"), _doc("rb-sol", "ruby"), _doc("t-desc", None, "text"),
            _doc("t-neg", None, "text")]
    qrels = {
        # six languages' worth of judged snippets: python and cpp are families, go has no
        # positive, ruby no negative
        "q1": {"py-sol": 2, "py-mut": 1, "cpp-sol": 2, "cpp-mut1": 1, "cpp-mut2": 1, "go-mut": 1, "rb-sol": 2},
        "q2": {"py-sol": 2, "py-mut": 1},  # the same python family again: merged into q1's
        "q3": {"t-desc": 2, "t-neg": 1},
        "q4": {},
    }
    queries = {q: _query(q, task="c2t" if q == "q3" else "t2c") for q in qrels}
    return Benchmark(name="hand", queries=queries, corpus={d.snippet_id: d for d in docs}, qrels=qrels)


def test_families_split_by_language_skip_and_merge():
    fams = families(_bench())
    got = {(f.query_id, f.language): (f.members.ids, f.positive) for f in fams}
    assert got == {("q1", "cpp"): (("cpp-mut1", "cpp-mut2", "cpp-sol"), (False, False, True)),
                   ("q1", "python"): (("py-mut", "py-sol"), (False, True)),
                   ("q3", "text"): (("t-desc", "t-neg"), (True, False))}
    assert fams.skipped == {"no_positive": 1, "no_negative": 1}  # go, ruby
    assert fams.merged == 1 and fams.n_queries == 3  # q4 judges nothing
    python = next(f for f in fams if f.language == "python")
    assert python.query_ids == ("q1", "q2")
    assert fams.languages == ["cpp", "python", "text"]
    assert [f.chance for f in fams] == [1 / 3, 1 / 2, 1 / 2]


def test_positions_are_the_docs_order():
    fams = families(_bench())
    cpp = next(f for f in fams if f.language == "cpp")
    assert cpp.members.positions == (3, 4, 2)  # cpp-mut1, cpp-mut2, cpp-sol
    assert cpp.members.texts == ("code of cpp-mut1", "code of cpp-mut2", "code of cpp-sol")


def test_members_carry_no_query_qrels_or_labels():
    fields = {f.name for f in dataclasses.fields(Members)}
    assert fields == {"ids", "texts", "positions", "language"}
    for probe in default_probes():
        hints = inspect.signature(type(probe).score).parameters
        assert list(hints) == ["self", "members"]
    fams = families(_bench())
    assert all("the query text" not in t for f in fams for t in f.members.texts)


class _Spy:
    """A probe recording what it is handed."""

    name, inverse, trained, note = "spy", "anti-spy", False, "records its input"

    def __init__(self):
        self.seen: list[object] = []

    def score(self, members):
        self.seen.append(members)
        return np.zeros(len(members))


def test_the_card_hands_probes_members_only():
    spy = _Spy()
    assert isinstance(spy, Probe)
    probe_card(families(_bench()), probes=[spy], replicates=10)
    assert spy.seen and all(type(m) is Members for m in spy.seen)


def test_unknown_sources_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="not a folder, and no shipped release"):
        families(str(tmp_path / "nothing-here"))
    with pytest.raises(UsageError, match="no shipped release"):
        families("mbpp")
    with pytest.raises(UsageError):
        families(42)


def _ids_in(path: Path, key: str) -> list[str]:
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    return [json.loads(line)[key] for line in text.splitlines() if line.strip()]


def test_file_positions_follow_the_corpus_files(tmp_path):
    order = corpus_file_order("execir-py@1", cache_dir=tmp_path)
    assert order == _ids_in(RELEASES / "execir-py-v1" / "corpus.jsonl.gz", "_id")
    order = corpus_file_order("execir-py", cache_dir=tmp_path)
    assert order == _ids_in(RELEASES / "execir-py-v2" / "corpus.jsonl.gz", "_id")
    order = corpus_file_order("humaneval@2", cache_dir=tmp_path)
    assert order == _ids_in(RELEASES / "humaneval-v2" / "corpus.jsonl.gz", "_id")
    for version in ("2", "3"):
        poly = RELEASES / f"execir-poly-v{version}"
        order = corpus_file_order(f"execir-poly@{version}", cache_dir=tmp_path)
        assert order == (_ids_in(poly / "code_corpus_v2.jsonl.gz", "code_id")
                         + _ids_in(poly / "text_corpus_v2.jsonl.gz", "text_id"))


def test_poly_t2c_any_query_gives_one_family_per_language(tmp_path):
    fams = families("execir-poly@2", cache_dir=tmp_path)
    first = [f for f in fams if "q_t2c_canonical_retro_any_0001" in f.query_ids]
    assert sorted(f.language for f in first) == ["cpp", "go", "java", "javascript", "python", "ruby"]
    assert all(sum(f.positive) == 1 for f in first)
    # every family merges the queries judging the same snippets (variants, language-specific queries)
    assert len({f.members.ids for f in fams}) == len(fams)
