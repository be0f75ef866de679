"""What the ``execir`` command line prints: the leaderboard table (probes marked, every reranked
system read against the best probe) and the CPU times of ``execir exec``."""

from __future__ import annotations

import os
import sys
from typing import Any

from execir.records import MULTITASK, SINGLE_TASK

#: columns of a table printed to a pipe or file (a terminal gets its own width)
PIPE_WIDTH = 200


def stdout_console() -> Any:
    """The rich console of a command's final output on stdout: the terminal's width (or
    ``COLUMNS``), or :data:`PIPE_WIDTH` columns when stdout is a pipe or a file and ``COLUMNS``
    is not set (rich would wrap at 80)."""
    from rich.console import Console

    isatty = getattr(sys.stdout, "isatty", None)
    tty = callable(isatty) and isatty()
    return Console(width=None if tty or os.environ.get("COLUMNS") else PIPE_WIDTH)


def _print_leaderboard(board: Any) -> None:
    """Print the leaderboard returned by :func:`execir.evaluation.evaluate` as a rich table:
    exec@1 with its 95% bootstrap CI (and its random-tie value where ties decided it), exec@k for
    the other cut-offs, canonical-ID nDCG@10, then the reference rows, definitions and notes."""
    from rich.table import Table

    from execir.evaluation.reference import reference_cell, reference_lines, reference_rows
    from execir.evaluation.ties import tie_lines, tie_value

    keys = {m["key"] for m in board["metrics"]}
    ks = board["ks"]
    shown = [f"exec@{k}" for k in ks] + [k for k in ("canonical_ndcg@10",) if k in keys]
    primary = f"exec@{ks[0]}"
    version = f" v{board['release_version']}" if board.get("release_version") else ""
    table = Table(title=f"{board['benchmark']}{version}: {board['n_queries']} queries",
                  caption=f"{primary} with 95% CI (query bootstrap, "
                          f"{board['bootstrap']['replicates']} replicates)")
    table.add_column("#", justify="right")
    table.add_column("system")
    for key in shown:
        table.add_column("canonical nDCG@10" if key == "canonical_ndcg@10" else key, justify="right")
    for row in board["systems"]:
        cells = []
        for key in shown:
            m = row["metrics"].get(key)
            if m is None or m["value"] is None:
                cells.append("-")
            elif key == primary:
                cells.append(f"{m['value']:.3f} [{m['ci_low']:.3f}, {m['ci_high']:.3f}]")
            else:
                cells.append(f"{m['value']:.3f}")
        tie = tie_value(row)
        if tie is not None and cells[0] != "-":
            cells[0] += f" (ties at random {tie:.3f})"
        table.add_row("probe" if row.get("probe") else str(row["rank"]), row["system"], *cells)
    for label, values in reference_rows(board.get("references")):
        table.add_row("ref", label, *[reference_cell(values, k) for k in shown], style="dim")
    console = stdout_console()
    console.print(table)
    for line in reference_lines(board) + _probe_notes(board, primary) + tie_lines(board):
        console.print(line, highlight=False, soft_wrap=True)


def _probe_notes(board: Any, primary: str) -> list[str]:
    """Lines that read every reranked system's gain against its retriever alone and against the
    best probe on the same first stage (a probe reads neither the query nor the tests: a
    reranker that does not beat it has not shown it uses them); first stages compared under any
    spelling (:func:`execir.retrieval.spec.first_stage_key`)."""
    from execir.retrieval.spec import first_stage_key

    value = {r["system"]: (r["metrics"].get(primary) or {}).get("value") for r in board["systems"]}
    probes = {r["system"]: value[r["system"]] for r in board["systems"]
              if r.get("probe") and value[r["system"]] is not None}
    lines = [f"note: {p} is a probe (it reads neither the query nor the tests): {primary} {v:.3f}"
             for p, v in sorted(probes.items(), key=lambda kv: (-kv[1], kv[0]))]
    plain = {first_stage_key(s): s for s in reversed(list(value)) if ">" not in s}
    for system, v in value.items():
        base = plain.get(first_stage_key(system)) if ">" in system else None
        if system in probes or base is None or v is None or value.get(base) is None:
            continue
        line = f"note: {system}: {primary} {v - value[base]:+.3f} over {base}"
        mine = sorted((-pv, p) for p, pv in probes.items() if first_stage_key(p) == first_stage_key(system))
        if mine:
            line += f", {v + mine[0][0]:+.3f} over the best probe {mine[0][1]}"
        lines.append(line)
    return lines


def _print_table3(board: Any) -> None:
    """Print a multitask leaderboard as CoREB's table 3 (:func:`execir.report.multitask.table3_text`)."""
    import typer

    from execir.report.multitask import table3_text

    typer.echo(table3_text(board))


#: the printer of every kind of leaderboard (:func:`execir.evaluation.kinds.board_kind`)
PRINTERS = {SINGLE_TASK: _print_leaderboard, MULTITASK: _print_table3}


def print_board(board: Any) -> None:
    """Print a leaderboard on stdout as its kind shows it: the rich table of a single-task
    leaderboard, CoREB's table 3 of a multitask one."""
    from execir.evaluation.kinds import board_kind

    PRINTERS[board_kind(board).name](board)


def _has_duration(outcome: str, seconds: float) -> bool:
    """False when the oracle recorded no duration: a TIMEOUT, or a test that never ran (0.0)."""
    from execir.execution.outcomes import TIMEOUT

    return outcome != TIMEOUT and seconds > 0


def _duration(outcome: str, seconds: float) -> str:
    """A test's CPU time for ``execir exec``: ``-`` when none was recorded (:func:`_has_duration`),
    else µs below 1 ms, ms below 1 s, then seconds."""
    if not _has_duration(outcome, seconds):
        return "-"
    if seconds < 1e-3:
        return "<1 µs" if seconds < 1e-6 else f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
