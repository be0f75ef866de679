"""The multitask side of the command line: ``execir run`` / ``evaluate`` on execir-poly, a
CoREB-format or a BEIR folder (:mod:`execir.pipeline_multitask`), and the check that
``--match-negatives`` is only given there."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional

import typer

from execir.errors import UsageError
from execir.progress import command_display


#: what :func:`execir.pipeline_multitask.source_kind` calls the sources scored per task
MULTITASK_SOURCES = ("poly", "coreb", "beir")


def single_task_only(match_negatives: Optional[str]) -> None:
    """Raise :class:`UsageError` when ``--match-negatives`` was given (it is None unless given)
    for a dataset of the single-task flow, which has no c2t match queries to apply it to."""
    if match_negatives is not None:
        raise UsageError("--match-negatives applies to multitask sources only (execir-poly, a CoREB-format "
                         "or BEIR folder): this dataset has no c2t match queries")


def multitask_refuses(*, stacked: bool, path: Optional[Path], language: Optional[str] = None) -> None:
    """Raise :class:`UsageError` for ``execir run`` options that have no meaning on a multitask
    source (it is scored as it is: nothing is built)."""
    if stacked:
        raise UsageError("--stacked builds stacked mutants of a single-task release; a multitask source "
                         "(execir-poly, a CoREB-format or BEIR folder) is scored as it is")
    if language is not None:
        raise UsageError("--language picks the language of a dataset to build; a multitask source holds "
                         "every language (its subtasks and breakdowns are per language)")
    if path is not None:
        raise UsageError("--path names the file of a dataset to build; a multitask source is the folder "
                         "given to --dataset")


def run_multitask_command(dataset: Any, *, out: Path, specs: Any, seed: int, device: str,
                          cache_dir: Optional[Path], match_negatives: Optional[str], quiet: bool, rerank_depth: int,
                          make_oracle: Callable[[], Any], log: Callable[[str], None]) -> None:
    """``execir run`` / ``evaluate`` on a multitask source: print CoREB's table 3
    (:mod:`execir.pipeline_multitask`); ``make_oracle()`` (the command's oracle, after its option
    checks) is called only when a reranker needs to run candidates."""
    from execir.evaluation.multitask import MATCH_CHOICES
    from execir.pipeline_multitask import load_multitask, run_multitask, source_folder
    from execir.report.multitask import table3_text

    match_negatives = match_negatives or "keep"
    if match_negatives not in MATCH_CHOICES:
        raise UsageError(f"--match-negatives must be one of {list(MATCH_CHOICES)}, got {match_negatives!r}")
    oracle = make_oracle() if any(s.reranker for s in specs) else None
    with command_display(quiet=quiet):
        source = source_folder(dataset, cache_dir=cache_dir)
        bench = load_multitask(source)
        board = run_multitask(bench, out=out, systems=specs, seed=seed, match_negatives=match_negatives,
                              device=device, cache_dir=cache_dir, quiet=quiet, log=log, source=source,
                              oracle=oracle, rerank_depth=rerank_depth)
    typer.echo(table3_text(board))
    if not quiet:
        log(f"results written to {out}; HTML report: {out / 'report.html'}")
