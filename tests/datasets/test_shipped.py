"""Shipped releases: verified before use, never built at run time, and a rebuild from their
sources equals the shipped files byte for byte."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.datasets.shipped import (SHIPPED, SHIPPED_VERSIONS, shipped_folder, shipped_release,
                                     shipped_summary)
from execir.errors import DataError
from execir.execution import Oracle
from execir.formats.files import load_benchmark
from execir.workflow.pipeline import build_dataset
from tests.conftest import merge_killed

SHIPPED_FILES = ("queries.jsonl", "corpus.jsonl", "qrels/test.tsv", "tasks.jsonl", "labels.jsonl",
                 "manifest.json", "build_report.json")


@pytest.mark.parametrize("name", sorted(f"{n}@{v}" for n, vs in SHIPPED_VERSIONS.items() for v in vs))
def test_shipped_release_verifies_and_names_its_version(name, tmp_path):
    base, version = name.split("@")
    folder = shipped_release(name, tmp_path)
    assert folder.parent == tmp_path / "releases" / "shipped"
    assert folder.name.startswith(f"{base}-v{version}-")
    packed = shipped_folder(name)
    assert packed.name == f"{base}-v{version}"
    assert sorted(p.relative_to(packed).as_posix() for p in packed.rglob("*") if p.is_file()) == \
        sorted(f"{f}.gz" if f not in ("manifest.json", "LICENSE") else f for f in SHIPPED_FILES
               + (("LICENSE",) if (packed / "LICENSE").exists() else ()))
    bench = load_benchmark(folder)
    assert bench.manifest["version"] == version and bench.name == base
    design = SHIPPED_VERSIONS[base][version]["families"]
    assert bench.manifest["distractors"].get("families", "star") == design
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == \
        sorted(SHIPPED_FILES + (("LICENSE",) if (folder / "LICENSE").exists() else ()))
    summary = shipped_summary(name)
    assert summary["sha256"] == hashlib.sha256((folder / "manifest.json").read_bytes()).hexdigest()
    assert summary["counts"]["queries"] == len(bench.queries)
    assert shipped_release(name, tmp_path) == folder  # unpacked once, then reused
    if version == SHIPPED[base]:  # the bare name means the newest version
        assert shipped_release(base, tmp_path) == folder


def test_an_unknown_version_is_refused_with_the_shipped_ones():
    from execir.errors import UsageError

    with pytest.raises(UsageError, match=r"humaneval@7: humaneval has no shipped version '7' "
                                         r"\(shipped: humaneval@1, humaneval@2\)"):
        shipped_release("humaneval@7")
    with pytest.raises(UsageError, match="only shipped releases have versions"):
        build_dataset("mbpp@1", None, Path("unused"), oracle=Oracle(), log=lambda _m: None)


def test_packing_is_deterministic(tmp_path):
    from execir.datasets.shipped import pack_release

    unpacked = shipped_release("humaneval", tmp_path / "cache")
    pack_release(unpacked, tmp_path / "packed")
    packed = shipped_folder("humaneval")
    for gz in packed.rglob("*.gz"):
        assert (tmp_path / "packed" / gz.relative_to(packed)).read_bytes() == gz.read_bytes()


def test_a_damaged_shipped_release_is_refused(tmp_path, monkeypatch):
    import shutil

    import execir.datasets.shipped as shipped

    import gzip

    copy = tmp_path / "humaneval-v1"
    shutil.copytree(shipped_folder("humaneval@1"), copy)
    corpus = gzip.decompress((copy / "corpus.jsonl.gz").read_bytes())[:-100]
    (copy / "corpus.jsonl.gz").write_bytes(gzip.compress(corpus, mtime=0))
    monkeypatch.setattr(shipped, "RELEASES_ROOT", tmp_path)
    with pytest.raises(DataError, match="SHA-256 differs.*shipped humaneval v1 release is damaged"):
        shipped_release("humaneval@1", tmp_path / "cache")
    (copy / "tasks.jsonl.gz").write_bytes(b"not gzip")
    with pytest.raises(DataError, match="cannot decompress.*shipped humaneval v1 release is damaged"):
        shipped_release("humaneval@1", tmp_path / "cache")


def test_run_uses_the_shipped_release_and_builds_nothing(tmp_path, monkeypatch):
    import execir.construction.cache as cache_mod  # imported first: it binds build_release by name
    import execir.construction.release as release_mod

    def no_build(*a, **k):
        raise AssertionError("a shipped release was built at run time")

    monkeypatch.setattr(release_mod, "build_release", no_build)
    monkeypatch.setattr(cache_mod, "build_release", no_build)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["run", "--dataset", "humaneval", "--systems", "bm25",
                                      "--out", str(tmp_path / "res"), "--quiet"])
    assert result.exit_code == 0, result.output
    queries = shipped_summary("humaneval")["counts"]["queries"]
    assert f"humaneval v{SHIPPED['humaneval']}: {queries} queries" in result.output
    assert [p.name for p in (tmp_path / "cache" / "releases").iterdir()] == ["shipped"]
    config = json.loads((tmp_path / "res" / "config.json").read_text())
    assert config["release"] == str(shipped_release("humaneval", tmp_path / "cache"))


def test_datasets_lists_each_shipped_version():
    result = CliRunner().invoke(app, ["datasets", "--json"])
    rows = {r["name"]: r for r in json.loads(result.output)}
    for name, version in SHIPPED.items():
        assert rows[name]["release"]["version"] == version
        assert len(rows[name]["release"]["sha256"]) == 64
        assert [v["version"] for v in rows[name]["versions"]] == list(SHIPPED_VERSIONS[name])
        # v1 was built before the probe card; every later version carries its card's worst probe
        assert rows[name]["versions"][0]["probe"] is None
        if version != "1":
            assert rows[name]["release"]["probe"]["lift"] <= 0.08
    assert rows["mbpp"]["release"] is None and rows["mbpp"]["versions"] == []
    table = CliRunner().invoke(app, ["datasets"]).output
    assert "humaneval@1" in table and "execir-py@1" in table


#: most tasks whose report row may differ from the shipped one (a suite at its slow threshold)
MOVED_TASKS = 2


def _rebuild_equals_shipped(name, tmp_path, most=MOVED_TASKS):
    out = tmp_path / name
    build_dataset(name, None, out, oracle=Oracle(workers=2), log=lambda _m: None)
    shipped = shipped_release(name, tmp_path / "cache")
    assert_same_release(out, shipped, most)


def _owners(folder):
    """(query id -> task id, snippet id -> task id) of a release folder."""
    return tuple({row["_id"]: row["metadata"]["task_id"]
                  for row in map(json.loads, (folder / f).read_text().splitlines())}
                 for f in ("queries.jsonl", "corpus.jsonl"))


def _task_rows(folder, rel, owners):
    """Task id -> the lines of ``rel`` that belong to it (corpus, qrels and labels by their
    query or snippet, ``owners`` as :func:`_owners` gives them; the header line under ``None``)."""
    queries, snippets = owners
    rows: dict = {}
    for line in (folder / rel).read_text().splitlines():
        if rel == "corpus.jsonl":
            task = snippets[json.loads(line)["_id"]]
        elif rel == "labels.jsonl":
            task = queries[json.loads(line)["query_id"]]
        elif rel == "qrels/test.tsv" and line.split("\t")[0] in queries:
            task = queries[line.split("\t")[0]]
        else:
            task = None
        rows.setdefault(task, []).append(line)
    return rows


def assert_same_release(out, shipped, most=0):
    """Every file of the rebuilt release ``out`` byte-identical to ``shipped``'s, except where
    ``most`` > 0 (a star release, whose slow rule reads a CPU clock): up to ``most`` tasks with a
    suite at its slow threshold may then differ, in their build-report rows and, where the
    verdict decided which mutant is planted, in their own released rows (and the manifest's
    hashes of those files); every other task's rows must be the same."""
    moved: set = set()
    owners = None  # read once, where a star rebuild's released lines differ
    for rel in ("build_report.json",) + tuple(f for f in SHIPPED_FILES if f != "build_report.json"):
        if (out / rel).read_bytes() == (shipped / rel).read_bytes():
            continue
        if rel in ("corpus.jsonl", "qrels/test.tsv", "labels.jsonl") and most:
            owners = owners or (_owners(out), _owners(shipped))
            got, want = _task_rows(out, rel, owners[0]), _task_rows(shipped, rel, owners[1])
            assert set(got) == set(want), rel
            differ = {t for t in want if got[t] != want[t]}
            assert differ <= moved, (rel, sorted(differ - moved))
            continue
        if rel == "manifest.json" and most and moved:
            got, want = (json.loads((d / rel).read_text()) for d in (out, shipped))
            assert {k: v for k, v in got.items() if k != "sha256"} == {k: v for k, v in want.items() if k != "sha256"}
            continue
        if (rel == "build_report.json" and most
                and (out / rel).read_bytes() != (shipped / rel).read_bytes()):
            # a star report may differ in the tasks of a load-sensitive mutant only: their
            # crash-only / wrong-output split (merge_killed), or their rows
            got, want = (json.loads((d / rel).read_text()) for d in (out, shipped))
            if merge_killed(got) != merge_killed(want):
                # a suite at its slow threshold (within a few per cent) can fall either side on
                # a CPU clock (benchmarks/README.md, "Load and the slow-suite decision"; e.g.
                # integer_square_root_bsearch's `// 1` mutant, 0.053 s against 0.05 s): such a
                # mutant's task's report row may move, and so may its released rows where the
                # verdict decided which mutant was planted (HumanEval/75 in a CI rebuild)
                rows = [{r["task_id"]: merge_killed(r) for r in x["per_task"]} for x in (got, want)]
                moved = {t for t in rows[1] if rows[0].get(t) != rows[1][t]}
                assert set(rows[0]) == set(rows[1]) and len(moved) <= most, (rel, moved)
            else:  # the same verdicts: a star report's crash-only / wrong-output split may still move
                rows = [{r["task_id"]: r for r in json.loads((d / rel).read_text())["per_task"]}
                        for d in (out, shipped)]
                moved = {t for t in rows[1] if rows[0].get(t) != rows[1][t]}
                assert len(moved) <= most, (rel, moved)
            continue
        if rel == "build_report.json" and (out / rel).read_bytes() != (shipped / rel).read_bytes():
            # the filter's per-iteration probe lifts come from scipy's Newton-CG, whose last bits
            # follow the processor's BLAS and SIMD kernels: where two members' logits are equal
            # up to rounding, another processor may pick the other one (HumanEval v2 on an AVX2
            # machine: iteration 2's anti-classifier lift -0.10225 against the shipped
            # -0.103917).  What the filter decided -- the families it kept and dropped, each
            # iteration's size -- and every released file must still be the same
            got, want = (_without_filter_lifts(json.loads((d / rel).read_text())) for d in (out, shipped))
            assert got == want, rel
            continue
        assert (out / rel).read_bytes() == (shipped / rel).read_bytes(), rel


def _without_filter_lifts(report):
    """``report`` with each filter iteration's probe lifts left out (its family count kept)."""
    for it in report.get("families", {}).get("filter", {}).get("iterations", []):
        for key in [k for k in it if k != "families"]:
            it[key] = None
    return report


#: the rebuilds compared byte for byte run on the worker of tests/test_reliability.py's busy
#: loops, one after the other, never beside them: two busy loops and another build beside the
#: execir-py v2 rebuild moved one planted distractor of swap_adjacent_bit_pairs, a suite whose
#: big integers can time out even under 4x its limit (benchmarks/README.md, "make test on two
#: workers")
AWAY_FROM_HOGS = pytest.mark.xdist_group("busy-loops")


@AWAY_FROM_HOGS
@pytest.mark.slow
@pytest.mark.parametrize("name", ["humaneval@1", "execir-py@2"])
def test_a_rebuild_is_byte_identical_to_the_shipped_release(name, tmp_path):
    # v2's slow rule counts every suite's work where v1's reads a clock: every file of a v2
    # rebuild is byte-identical, its build report included.  humaneval@2's rebuild is
    # tests/test_reliability.py's, made with every core busy (the stricter check)
    _rebuild_equals_shipped(name, tmp_path, most=MOVED_TASKS if name.endswith("@1") else 0)


@pytest.mark.slow
def test_the_execir_py_v1_rebuild_is_the_shipped_release(execir_py_v1, tmp_path):
    """As above for execir-py@1, whose rebuild (``tests/datasets/conftest.py``) test_execir_py's
    execution gates read too."""
    assert_same_release(execir_py_v1[0], shipped_release("execir-py@1", tmp_path / "cache"), MOVED_TASKS)


def test_a_damaged_copy_in_the_cache_is_unpacked_again(tmp_path):
    from execir.datasets.shipped import ShippedCopyWarning

    folder = shipped_release("humaneval", tmp_path / "cache")
    good = (folder / "corpus.jsonl").read_bytes()
    (folder / "corpus.jsonl").write_bytes(good[:-100])
    with pytest.warns(ShippedCopyWarning, match="corpus.jsonl: .*cached copy of the shipped "
                                                r"humaneval v\d release was damaged; unpacked it again"):
        again = shipped_release("humaneval", tmp_path / "cache")
    assert again == folder and (folder / "corpus.jsonl").read_bytes() == good
    (folder / "qrels" / "test.tsv").unlink()
    with pytest.warns(ShippedCopyWarning):
        assert shipped_release("humaneval", tmp_path / "cache") == folder
    assert (folder / "qrels" / "test.tsv").is_file()
    # the build report (the probe card results show) is not in the manifest's hashes: a copy
    # unpacked before the packaged report changed, or edited in the cache, is unpacked again too
    report = (folder / "build_report.json").read_bytes()
    (folder / "build_report.json").write_bytes(report.replace(b'"exec@1": 0.', b'"exec@1": 0.9', 1))
    with pytest.warns(ShippedCopyWarning, match="build_report.json: missing or different from the packaged file"):
        assert shipped_release("humaneval", tmp_path / "cache") == folder
    assert (folder / "build_report.json").read_bytes() == report
