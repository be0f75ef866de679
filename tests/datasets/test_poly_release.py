"""The shipped execir-poly multitask release: verifies, passes the integrity gate, has CoREB's
tasks and subtasks, and its manifest counts are what the files hold."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from execir.construction.multitask import integrity_failures, counts
from execir.datasets.shipped import release_version, shipped_folder, shipped_versions
from execir.formats.coreb_names import LANGUAGES
from execir.datasets.sources import folder_of, load_source

pytestmark = pytest.mark.skipif(not (shipped_folder("execir-poly") / "manifest.json").is_file(),
                                reason="execir-poly is not shipped in this checkout")


VERSIONS = shipped_versions("execir-poly")


def test_both_designs_are_shipped_and_the_bare_name_means_v3():
    assert VERSIONS == ["2", "3"] and release_version("execir-poly") == "3"


@pytest.mark.parametrize("version", VERSIONS)
def test_shipped_poly_release(tmp_path, version):
    bench, _ = load_source(f"execir-poly@{version}", cache_dir=tmp_path)
    assert bench.name == "execir-poly" and bench.manifest["version"] == version
    assert integrity_failures(bench) == []
    assert bench.manifest["counts"] == counts(bench)
    subtasks = {q.subtask for q in bench.queries.values()}
    for variant in ("canonical_retro", "full_retro", "search"):
        assert {f"t2c_{variant}_{x}" for x in ("any",) + LANGUAGES} <= subtasks
    assert {"c2t_match", "c2c_cross_lang", "c2t_full_retro_any", "c2t_canonical_retro_ruby"} <= subtasks
    assert len(bench.anchors()) == bench.manifest["counts"]["queries_per_task"]["c2c"]
    assert {d.language for d in bench.documents("code").values()} == set(LANGUAGES)
    assert bench.manifest["counts"]["mutants"] > 0


@pytest.mark.parametrize("version", VERSIONS)
def test_shipped_poly_release_is_what_the_builder_writes_from_its_sources(tmp_path, version):
    """Stages 2-3 of the build (assembly, gates, files) on the packaged problem folders and the
    verified programs the release holds give the shipped files byte for byte; for the centred v3,
    the build report's probe card too (what the gate read)."""
    from execir.construction.multitask import programs_of, release_from_programs
    from execir.construction.poly_programs import Program
    from execir.datasets.poly_sources import load_problems
    from execir.probes.card import gate, probe_card
    src = folder_of(f"execir-poly@{version}", cache_dir=tmp_path / "cache")
    bench, _ = load_source(src)
    build = bench.manifest["build"]
    problems = load_problems()
    assert build["problems_in"] == len(problems)
    settings = {k: build[k] for k in ("seed", "candidates", "keep", "families", "design") if k in build}
    # a problem left with one language is not in the release: give it back its one canonical, and
    # the assembly drops it again with the same line
    programs, rejections = programs_of(bench), []
    by_id = {p.problem_id: p for p in problems}
    for line in build["rejections"]:
        dropped = re.match(r"(.+?): dropped: 1 language passes \((\w+)\)", line)
        if dropped:
            pid, lang = dropped.groups()
            programs[(pid, lang)] = [Program(by_id[pid].solutions[lang], lang, True, None, ())]
        elif ": dropped: " not in line:
            rejections.append(line)
    release_from_programs(tmp_path / "rebuilt", problems, programs, rejections=rejections,
                          settings=settings, version=bench.manifest["version"])
    for name in sorted(bench.manifest["sha256"]) + ["manifest.json"]:
        assert (tmp_path / "rebuilt" / name).read_bytes() == (src / name).read_bytes(), name
    if build.get("families") == "centred":
        report = json.loads((src / "build_report.json").read_text())
        card = probe_card(tmp_path / "rebuilt", seed=build["seed"])
        assert json.dumps(card, sort_keys=True) == json.dumps(report["probe_card"], sort_keys=True)
        assert gate(card) == [] and report["design"] == build["design"]


@pytest.mark.slow
def test_verifying_one_problem_again_keeps_the_shipped_programs(tmp_path):  # the star v2
    """Stage 1 (canonicals and mutant candidates run in the sandbox) on one problem, without the
    execution cache, keeps exactly the programs the shipped release holds for it, in every
    language whose toolchain is here."""
    from execir.construction.multitask import programs_of, verify_programs
    from execir.datasets.poly_sources import load_problems
    from execir.execution import Oracle
    from execir.execution.toolchains import available_languages

    bench, _ = load_source("execir-poly@2", cache_dir=tmp_path / "cache")
    build = bench.manifest["build"]
    shipped = programs_of(bench)
    problem = load_problems()[0]
    here = [lang for lang in problem.solutions if lang in available_languages()]
    assert "python" in here
    problem = dataclasses.replace(problem, solutions={lang: problem.solutions[lang] for lang in here})
    again, rejections = verify_programs([problem], Oracle(cache=None, build_cache=None, quiet=True), seed=build["seed"],
                                        candidates=build["candidates"], keep=build["keep"])
    assert rejections == []
    for lang in here:
        got = [(p.code, p.passed, p.mutation) for p in again[(problem.problem_id, lang)]]
        assert got == [(p.code, p.passed, p.mutation) for p in shipped[(problem.problem_id, lang)]], lang


def test_the_build_prints_a_count_for_a_kind_of_rejection_with_many_lines():
    from execir.cli.multitask import rejection_lines

    manifest = json.loads((shipped_folder("execir-poly@3") / "manifest.json").read_text())
    rejected = manifest["build"]["rejections"]
    lines = rejection_lines(rejected)
    # v3: 329 families removed by the family filter and 7 problems dropped with one passing
    # language; a kind of more than five lines is one count line, a smaller one is printed whole
    assert len(rejected) == 336
    assert lines[0].startswith("329 rejected (family filter), the first: poly/")
    assert lines[1].startswith("7 rejected (dropped), the first: poly/abbreviate_long_words_numeronym")
    assert len(lines) == 2
    few = [r for r in rejected if "dropped" in r][:3]
    assert rejection_lines(few) == few
