"""``execir build``'s option checks, made before any work: the dataset and LLM options
(:func:`llm_options`), and the repository build (:func:`build_repo`, ``--from-repo``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Optional

import typer

from execir.errors import UsageError


def is_poly(dataset: Optional[str]) -> bool:
    """``dataset`` names the execir-poly release (``execir-poly`` or ``execir-poly@VERSION``)."""
    from execir.datasets.shipped import split_version

    return split_version(dataset or "")[0] == "execir-poly"


def llm_options(*, dataset: Optional[str], from_problems: Optional[Path], out: Path, functions_out: Optional[Path],
                 llm: List[str], offline: bool, distractors: str, rewrite: bool, llm_price: Optional[str],
                 samples: Optional[int], cache_dir: Optional[Path]) -> tuple[list, Any, int]:
    """``build``'s dataset and LLM options checked together before any work: the clients
    (:func:`_llm_clients`), the price (dollars per million prompt and completion tokens, or
    None) and the samples per problem and language.

    Raises:
        UsageError: both or neither of a dataset and ``--from-problems``; an LLM option where
            it does nothing; ``--functions-out`` overlapping ``--out`` or of another kind.
    """
    from execir.workflow.options import check_options, check_price

    if (dataset is None) == (from_problems is None):
        raise UsageError("build: name a dataset (see `execir datasets`) or give --from-problems DIR, not both")
    multitask = from_problems is not None or is_poly(dataset)
    if functions_out is not None:
        if from_problems is None or not llm:
            raise UsageError("--functions-out needs --from-problems and --llm")
        a, b = out.resolve(), functions_out.resolve()
        if a == b or a in b.parents or b in a.parents:
            raise UsageError(f"--functions-out {functions_out} and --out {out} must be separate folders, "
                             "neither inside the other (each holds one release)")
        check_options(out=functions_out, out_kind="release", cache_dir=cache_dir)
    if rewrite and not multitask:
        raise UsageError("--rewrite applies to execir-poly or --from-problems (their problem statements)")
    clients = llm_clients(distractors, llm, offline, cache_dir, texts=from_problems is not None or rewrite)
    price = check_price(llm_price)
    if price is not None and not clients:
        raise UsageError("--llm-price needs --llm")
    if samples is not None and not (multitask and clients):
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
