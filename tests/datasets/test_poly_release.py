"""The shipped execir-poly multitask release: verifies, passes the integrity gate, has CoREB's
tasks and subtasks, and its manifest counts are what the files hold."""

from __future__ import annotations

import dataclasses

import pytest

from execir.construction.multitask import check_multitask, counts
from execir.datasets.shipped import shipped_folder
from execir.formats.coreb_names import LANGUAGES
from execir.formats.sources import folder_of, load_source

pytestmark = pytest.mark.skipif(not (shipped_folder("execir-poly") / "manifest.json").is_file(),
                                reason="execir-poly is not shipped in this checkout")


def test_shipped_poly_release(tmp_path):
    bench, _ = load_source("execir-poly", cache_dir=tmp_path)
    assert bench.name == "execir-poly" and bench.manifest["version"] == "2"
    assert check_multitask(bench) == []
    assert bench.manifest["counts"] == counts(bench)
    subtasks = {q.subtask for q in bench.queries.values()}
    for variant in ("canonical_retro", "full_retro", "search"):
        assert {f"t2c_{variant}_{x}" for x in ("any",) + LANGUAGES} <= subtasks
    assert {"c2t_match", "c2c_cross_lang", "c2t_full_retro_any", "c2t_canonical_retro_ruby"} <= subtasks
    assert len(bench.anchors()) == bench.manifest["counts"]["queries_per_task"]["c2c"]
    assert {d.language for d in bench.documents("code").values()} == set(LANGUAGES)
    assert bench.manifest["counts"]["mutants"] > 0


def test_shipped_poly_release_is_what_the_builder_writes_from_its_sources(tmp_path):
    """Stages 2-3 of the build (assembly, gates, files) on the packaged problem folders and the
    verified programs the release holds give the shipped files byte for byte."""
    from execir.construction.multitask import programs_of, release_from_programs
    from execir.datasets.poly_sources import load_problems
    src = folder_of("execir-poly", cache_dir=tmp_path / "cache")
    bench, _ = load_source(src)
    build = bench.manifest["build"]
    problems = load_problems()
    assert build["problems_in"] == len(problems) == bench.manifest["counts"]["problems"]
    release_from_programs(tmp_path / "rebuilt", problems, programs_of(bench), rejections=build["rejections"],
                          settings={k: build[k] for k in ("seed", "candidates", "keep")},
                          version=bench.manifest["version"])
    for name in sorted(bench.manifest["sha256"]) + ["manifest.json"]:
        assert (tmp_path / "rebuilt" / name).read_bytes() == (src / name).read_bytes(), name


@pytest.mark.slow
def test_verifying_one_problem_again_keeps_the_shipped_programs(tmp_path):
    """Stage 1 (canonicals and mutant candidates run in the sandbox) on one problem, without the
    execution cache, keeps exactly the programs the shipped release holds for it, in every
    language whose toolchain is here."""
    from execir.construction.multitask import programs_of, verify_programs
    from execir.datasets.poly_sources import load_problems
    from execir.execution import Oracle
    from execir.execution.toolchains import available_languages

    bench, _ = load_source("execir-poly", cache_dir=tmp_path / "cache")
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
