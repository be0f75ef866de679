"""``execir build``: its options (declared once here), their checks made before any work, and the
one build path (:func:`run_build`): a :class:`Builder` per input a release is built from -- a
dataset's tasks (:func:`execir.workflow.pipeline.build_dataset`) or problem folders
(:func:`execir.cli.multitask.problems_release`) -- chosen by :func:`builder_for`, and the
repository build (:func:`build_repo`, ``--from-repo``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Optional

import typer

from execir.cli.build_request import Builder, BuildRequest
from execir.cli.multitask import problems_release
from execir.errors import UsageError
from execir.records import MULTITASK, SINGLE_TASK

DATASET_ARG = typer.Argument(None, help="Dataset name (see `execir datasets`); none with --from-problems.")
RELEASE_OUT = typer.Option(..., "--out", help="Release folder to write.")
BUILD_SEED = typer.Option(0, "--seed", help="Distractor-selection seed.")
DATASET_PATH = typer.Option(None, "--path", help="Dataset file: required for mbpp and tasks, optional for humaneval and execir-py; the data folder of humaneval-x and mbxp.")
EXTENDED = typer.Option(False, "--extended", help="Also plant `extended` mutants (after the six types).")
MIN_DISTRACTORS = typer.Option(
    0, "--min-distractors", min=0,
    help="Reject tasks with fewer verified distractors. Default 0 keeps every task whose canonical "
    "passes (counted in build_report.json); --min-distractors 4 is ExecRetrieval's strict policy.")
FILL_EXTENDED = typer.Option(
    3, "--fill-extended", min=0,
    help="Top tasks with fewer six-type distractors up to this many with `extended` ones (0: never).")
AMPLIFY = typer.Option(False, "--amplify", help="Amplify tests where mutants survive; "
    "report likely-equivalent survivors.")
STACKED = typer.Option(False, "--stacked", help="Also write verified stacked mutants to "
    "stacked.jsonl (never planted).")
FAMILIES = typer.Option(None, "--families", help="Family design: centred (the default: the "
    "centre drawn over the family, second-order mutants, shuffled corpus order, "
    "predictable families filtered; see execir probe) or star (v1, ExecRetrieval's "
    "protocol: every distractor one edit of the canonical; execir-py@1, "
    "humaneval@1 and execir-poly@2 are built with it).")
PROBE_GATE = typer.Option(None, "--probe-gate/--no-probe-gate", help="Refuse to publish "
    "the release when a construction-artefact probe (execir probe) picks the "
    "correct snippet of a query's family more often than chance + "
    "--probe-margin. On by default, except for rebuilds of the shipped star "
    "releases; --no-probe-gate publishes anyway and records it in the manifest.")
PROBE_MARGIN = typer.Option(0.05, "--probe-margin", help="Largest lift over chance (exec@1 "
    "within family) the probe gate allows.")
DISTRACTORS = typer.Option("mutation", "--distractors", help="Where distractors come from: mutation "
    "(execir's operators, no LLM), llm (one bug of each of the six types asked of "
    "--llm per task; execir-poly: programs --llm writes, see --samples) or both; every one is "
    "executed and gated the same way.")
LLM = typer.Option(None, "--llm", help="An OpenAI-compatible endpoint, URL?model=NAME; "
    "repeat it to ask several models, each in turn (key: "
    "$EXECIR_LLM_API_KEY; a 127.0.0.1 server may need none). Answers are "
    "cached under the cache root, so a rebuild needs no network.")
OFFLINE = typer.Option(False, "--offline", help="Use only cached LLM answers; refuse any other request.")
SAMPLES = typer.Option(None, "--samples", min=1, max=20, help="execir-poly or --from-problems with --llm (default 2): "
    "programs asked of --llm per problem and language (CoREB's solutions: passing "
    "ones are positives, failing ones hard negatives).")
FROM_PROBLEMS = typer.Option(None, "--from-problems", help="A folder of problems "
    "(<slug>/problem.json with a description and stdin/stdout tests; "
    "solution files and the other texts optional): a CoREB-format "
    "multitask release, --llm writing what the folder leaves out.")
REWRITE = typer.Option(False, "--rewrite", help="--from-problems / execir-poly with --llm: rewrite each "
    "statement counterfactually (kept only when an --llm program for it passes the "
    "tests); the other texts are then written from the rewrite.")
FUNCTIONS_OUT = typer.Option(None, "--functions-out", help="--from-problems with --llm: "
    "also ask for each problem as a Python function with a docstring "
    "and assert tests, and build that ExecRetrieval-format release here.")
LLM_PRICE = typer.Option(None, "--llm-price", help="PROMPT,COMPLETION: US dollars per million "
    "tokens, for the cost of each LLM step in the manifest.")


def tasks_release(req: BuildRequest) -> None:
    """Build the release of a dataset's tasks (:func:`execir.workflow.pipeline.build_dataset`) and
    print its summary (:func:`print_build`)."""
    from execir.progress import command_display
    from execir.workflow.pipeline import build_dataset

    with command_display(quiet=req.quiet):
        report = build_dataset(req.dataset, req.path, req.out, oracle=req.oracle, seed=req.seed, log=req.log,
                               language=req.language, probe_gate=req.probe_gate, probe_margin=req.probe_margin,
                               distractors=req.distractors, llms=req.clients, price=req.price,
                               extended=req.extended, min_distractors=req.min_distractors,
                               fill_extended=req.fill_extended, amplify=req.amplify, stacked=req.stacked,
                               families=req.families)
    print_build(req.out, report)


#: the release kind a build input makes -> its builder
BUILDERS: dict[str, Builder] = {
    SINGLE_TASK: Builder(SINGLE_TASK, rewrite=False, samples=False, run=tasks_release),
    MULTITASK: Builder(MULTITASK, rewrite=True, samples=True, run=problems_release)}


def builder_for(dataset: Optional[str], from_problems: Optional[Path]) -> Builder:
    """The :class:`Builder` of a build input, decided once: problem folders (``--from-problems``,
    or a shipped release built from them, :data:`execir.datasets.shipped.SHIPPED_MULTITASK`) make
    a multitask release, a dataset's tasks a single-task one."""
    from execir.datasets.shipped import SHIPPED_MULTITASK, split_version

    made_of = {name: MULTITASK for name in SHIPPED_MULTITASK}
    if from_problems is not None:
        return BUILDERS[MULTITASK]
    return BUILDERS[made_of.get(split_version(dataset or "")[0], SINGLE_TASK)]


def check_build_options(*, out: Path, seed: int, cache_dir: Optional[Path], probe_margin: float,
                        families: Optional[str]) -> None:
    """The options every build shares, checked first.

    Raises:
        UsageError: a bad ``--out``, seed or cache root; ``--probe-margin`` outside [0, 1]; an
            unknown ``--families``.
    """
    from execir.construction.families import DESIGNS
    from execir.workflow.options import check_options

    check_options(out=out, seed=seed, cache_dir=cache_dir, out_kind="release")
    if not 0 <= probe_margin <= 1:
        raise UsageError(f"--probe-margin must be between 0 and 1 (exec@1 units), got {probe_margin}")
    if families is not None and families not in DESIGNS:
        raise UsageError(f"--families must be one of {', '.join(DESIGNS)}, got {families!r}")


def run_build(*, dataset: Optional[str], out: Path, seed: int, path: Optional[Path], language: Optional[str],
              workers: Optional[int], timeout: Optional[float], memory: Optional[int], cache_dir: Optional[Path],
              from_repo: Optional[Path], no_cache: bool, ray: Optional[str], quiet: bool, **options: Any) -> None:
    """``execir build`` with every option by its parameter name: the shared checks, then the
    repository build (``--from-repo``) or the :class:`Builder` of the input (:func:`builder_for`),
    after the LLM options are checked and the oracle made.

    Raises:
        UsageError: a bad option or option combination, and whatever the build raises.
        DataError: a malformed dataset file or problem folder.
    """
    from execir.cli.options import _log, _oracle

    o = options
    check_build_options(out=out, seed=seed, cache_dir=cache_dir, probe_margin=o["probe_margin"],
                        families=o["families"])
    oracle_options = dict(timeout=timeout, memory=memory, workers=workers, cache_dir=cache_dir, no_cache=no_cache,
                          ray=ray)
    if from_repo is not None:
        _repo_command(from_repo, dataset=dataset, out=out, seed=seed, path=path, language=language, quiet=quiet,
                      oracle_options=oracle_options, options=o)
        return
    repo_only({"--tests": o["tests"], "--python": o["python"], "--min-tests": o["min_tests"],
               "--max-tests": o["max_tests"], "--query": o["query"]})
    builder = builder_for(dataset, o["from_problems"])
    clients, price, samples = llm_options(builder, dataset=dataset, from_problems=o["from_problems"], out=out,
                                          functions_out=o["functions_out"], llm=o["llm"] or [], offline=o["offline"],
                                          distractors=o["distractors"], rewrite=o["rewrite"],
                                          llm_price=o["llm_price"], samples=o["samples"], cache_dir=cache_dir)
    oracle = _oracle(quiet=quiet, **oracle_options)
    builder.run(BuildRequest(
        out=out, dataset=dataset, path=o["from_problems"] or path, partial=o["from_problems"] is not None,
        language=language, seed=seed, oracle=oracle, clients=clients, price=price, samples=samples,
        distractors=o["distractors"], rewrite=o["rewrite"], functions_out=o["functions_out"],
        families=o["families"], probe_gate=o["probe_gate"], probe_margin=o["probe_margin"], extended=o["extended"],
        min_distractors=o["min_distractors"], fill_extended=o["fill_extended"], amplify=o["amplify"],
        stacked=o["stacked"], cache_dir=cache_dir, quiet=quiet, log=_log))


def _repo_command(repo: Path, *, dataset: Optional[str], out: Path, seed: int, path: Optional[Path],
                  language: Optional[str], quiet: bool, oracle_options: dict[str, Any],
                  options: dict[str, Any]) -> None:
    """``execir build --from-repo``: :func:`build_repo` with the options that do not apply to a
    repository named, then :func:`print_build`."""
    from execir.cli.options import _log

    o = options
    others = {"--path": path is not None, "--language": language is not None, "--extended": o["extended"],
              "--amplify": o["amplify"], "--stacked": o["stacked"], "--from-problems": o["from_problems"] is not None,
              "--llm": bool(o["llm"]), "--distractors": o["distractors"] != "mutation",
              "--samples": o["samples"] is not None}
    report = build_repo(repo, dataset=dataset, others=others, out=out, tests=o["tests"], log=_log, quiet=quiet,
                        oracle_options=oracle_options, seed=seed, python=o["python"], min_tests=o["min_tests"],
                        max_tests=o["max_tests"], query=o["query"], families=o["families"],
                        probe_gate=o["probe_gate"], probe_margin=o["probe_margin"])
    print_build(out, report)


def llm_options(builder: Builder, *, dataset: Optional[str], from_problems: Optional[Path], out: Path,
                functions_out: Optional[Path], llm: List[str], offline: bool, distractors: str, rewrite: bool,
                llm_price: Optional[str], samples: Optional[int], cache_dir: Optional[Path]) -> tuple[list, Any, int]:
    """``build``'s dataset and LLM options checked together before any work: the clients
    (:func:`llm_clients`), the price (dollars per million prompt and completion tokens, or
    None) and the samples per problem and language.

    Raises:
        UsageError: both or neither of a dataset and ``--from-problems``; an LLM option where
            it does nothing for ``builder`` (:class:`Builder`); ``--functions-out`` overlapping
            ``--out`` or of another kind.
    """
    from execir.workflow.options import check_options, check_price

    if (dataset is None) == (from_problems is None):
        raise UsageError("build: name a dataset (see `execir datasets`) or give --from-problems DIR, not both")
    if functions_out is not None:
        if from_problems is None or not llm:
            raise UsageError("--functions-out needs --from-problems and --llm")
        a, b = out.resolve(), functions_out.resolve()
        if a == b or a in b.parents or b in a.parents:
            raise UsageError(f"--functions-out {functions_out} and --out {out} must be separate folders, "
                             "neither inside the other (each holds one release)")
        check_options(out=functions_out, out_kind="release", cache_dir=cache_dir)
    if rewrite and not builder.rewrite:
        raise UsageError("--rewrite applies to execir-poly or --from-problems (their problem statements)")
    clients = llm_clients(distractors, llm, offline, cache_dir, texts=from_problems is not None or rewrite)
    price = check_price(llm_price)
    if price is not None and not clients:
        raise UsageError("--llm-price needs --llm")
    if samples is not None and not (builder.samples and clients):
        raise UsageError("--samples applies to execir-poly or --from-problems with --llm (programs asked per "
                         "problem and language)")
    return clients, price, 2 if samples is None else samples


def llm_clients(distractors: str, llm: List[str], offline: bool, cache_dir: Optional[Path],
                 texts: bool = False) -> list:
    """The :class:`~execir.generate.LLMClient` of every ``--llm`` of ``build --distractors
    llm|both`` (or of a build whose ``texts`` may be written by one: ``--from-problems``,
    ``--rewrite``), checked before any work (endpoint syntax, key, no model twice); none for
    mutation distractors otherwise."""
    if distractors not in ("mutation", "llm", "both"):
        raise UsageError(f"--distractors must be one of mutation, llm, both, got {distractors!r}")
    if distractors == "mutation" and not (texts and llm):
        if llm or offline:
            raise UsageError("--llm and --offline need --distractors llm or both")
        return []
    if not llm:
        raise UsageError(f"--distractors {distractors} needs an endpoint: --llm URL?model=NAME")
    from execir.generate import LLMClient, ResponseCache, parse_endpoint

    endpoints = [parse_endpoint(text) for text in llm]
    models = [e.model for e in endpoints]
    if len(set(models)) < len(models):
        raise UsageError(f"--llm: each model once (got {', '.join(models)}); answers are cached by model name")
    return [LLMClient(e, ResponseCache(cache_dir), offline=offline) for e in endpoints]


def print_build(out: Path, report: dict) -> None:
    """Print the summary lines of a build from tasks (a dataset, or ``--from-repo``): counts, rejected
    tasks, and what amplification, stacking and a repository add."""
    from execir.construction import rejected_tasks_lines

    t, ms = report["tasks"], report["mutation_score"]
    typer.echo(f"{out}: {t['released']}/{t['input']} tasks released, "
               f"{report['planted']['total']} distractors, {report['mutants']['total']} mutants, "
               f"mutation score median {ms['median']}, {report['survivors']['count']} survivors, "
               f"{report['tasks_with_at_least']['3']} tasks with >= 3 distractors")
    for line in rejected_tasks_lines(report):
        typer.echo(line)
    if "amplification" in report:
        amp = report["amplification"]
        typer.echo(f"amplification: {amp['killed']}/{amp['survivors']} survivors killed, "
                   f"{amp['likely_equivalent']['count']} likely equivalent, "
                   f"{amp['amplified_tests']} amplified tests")
    if "stacked" in report:
        typer.echo(f"stacked: {report['stacked']['verified']} verified stacks in stacked.jsonl")
    if "repository" in report:
        from execir.repo.repo_release import operator_kill_rates

        rates = operator_kill_rates(report)
        typer.echo("killed by the covering tests: " + ", ".join(
            f"{k} {v['killed']}/{v['enumerated']}" for k, v in rates.items() if v["enumerated"]))


# ---- --from-repo -------------------------------------------------------------------------------

FROM_REPO = typer.Option(None, "--from-repo", help="A Python repository with a pytest suite: its functions with "
                         "docstrings become tasks (the docstring the query), their covering tests the oracle "
                         "(needs pip install 'execir\\[repo]').")
TESTS = typer.Option(None, "--tests", help="--from-repo: pytest arguments selecting the suite, one string "
                     "(default: the project's own configuration), e.g. --tests 'tests -k \"not slow\"'.")
PYTHON = typer.Option(None, "--python", help="--from-repo: an interpreter of the same Python version whose "
                      "site-packages the suite needs (the project's virtual environment).")
MIN_TESTS = typer.Option(None, "--min-tests", min=1, help="--from-repo: passing tests that must run a function "
                         "for it to become a task (default 3).")
MAX_TESTS = typer.Option(None, "--max-tests", min=1, help="--from-repo: most covering tests kept per task "
                         "(default 20).")
QUERY = typer.Option(None, "--query", help="--from-repo: the query, summary (the docstring's first "
                     "paragraph, the default) or docstring (all of it).")


def repo_only(options: dict[str, Any]) -> None:
    """Refuse ``--from-repo``'s options on another build (``options``: flag -> value, None when
    not given); a bad ``--query`` is named as such first.

    Raises:
        UsageError: one of them given without ``--from-repo``.
    """
    from execir.repo.discover import QUERY_MODES

    if options.get("--query") is not None and options["--query"] not in QUERY_MODES:
        raise UsageError(f"--query must be one of {', '.join(QUERY_MODES)}, got {options['--query']!r}")
    given = [flag for flag, value in options.items() if value is not None]
    if given:
        raise UsageError(f"{given[0]} applies to --from-repo only")


def build_repo(repo: Path, *, dataset: Optional[str], others: dict[str, Any], out: Path, oracle_options: dict,
               tests: Optional[str], log, quiet: bool, **options: Any) -> dict[str, Any]:
    """``execir build --from-repo``: the option checks, then :func:`execir.repo.repo_release.build_from_repo`.

    ``others``: build options that do not apply to a repository, by flag, with whether each was
    given.

    Raises:
        UsageError: a dataset or an option that does not apply, bad ``--tests`` quoting, and
            whatever the build raises.
    """
    import shlex

    from execir.cli.options import _oracle
    from execir.workflow.options import check_options
    from execir.progress import command_display
    from execir.repo.repo_release import build_from_repo, check_repo_options
    from execir.workflow.pipeline import build_tasks

    if dataset is not None:
        raise UsageError(f"build: give a dataset name ({dataset}) or --from-repo PATH ({repo}), not both")
    given = [flag for flag, on in others.items() if on]
    if given:
        raise UsageError(f"{given[0]} does not apply to --from-repo")
    try:
        args = shlex.split(tests or "")
    except ValueError as exc:
        raise UsageError(f"--tests {tests!r}: {exc}") from None
    from execir.repo.discover import MAX_TESTS as MOST, MIN_TESTS as LEAST

    options["min_tests"] = LEAST if options["min_tests"] is None else options["min_tests"]
    options["max_tests"] = MOST if options["max_tests"] is None else options["max_tests"]
    options["query"] = options["query"] or "summary"
    check_options(out=out, out_kind="release", cache_dir=oracle_options["cache_dir"])
    check_repo_options(repo, out, cache_dir=oracle_options["cache_dir"], min_tests=options["min_tests"],
                       max_tests=options["max_tests"], query=options["query"], tests=args)
    oracle = _oracle(quiet=quiet, **oracle_options)
    with command_display(quiet=quiet):
        return build_from_repo(repo, out, oracle=oracle, tests=args, log=log,
                               cache_dir=oracle_options["cache_dir"],
                               no_cache=oracle_options["no_cache"], build_tasks=build_tasks, **options)
