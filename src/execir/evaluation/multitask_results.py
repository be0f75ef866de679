"""The results folder of a multitask evaluation (:mod:`execir.evaluation.multitask`).

Files (canonical JSON, atomic writes, byte-identical for the same inputs and seed):

* ``leaderboard.json`` -- :func:`execir.evaluation.multitask.group_tables`' leaderboard:
  every group (overall, task, variant, subtask, task x language) x system x key with 95% CIs,
  the ``match_negatives`` choice and the c2c anchor-exclusion counts;
* ``leaderboard.csv`` -- CoREB table 3: per system nDCG@10 and Recall@10 for T2C, C2T, C2C and
  overall (query-count weighted);
* ``pairwise_tests.json`` -- paired tests overall and per task;
* ``analyses/multitask_breakdown.json`` -- per variant, subtask and task x language;
* ``analyses/intrusion.json`` -- hard-negative intrusion (CoREB Figure 7) and share per task;
* ``analyses/task_language.json`` -- the task x language nDCG@10 matrix of each system;
* ``runs/<system>.jsonl`` -- each system's run as retrieved (c2c lists still hold their anchor;
  scoring removes it, so rescoring a saved run gives the same values);
* ``release/`` -- the benchmark scored (written by :class:`execir.workflow.results_folder.MultitaskFolder`), from which
  :func:`reproduce_multitask` and :func:`compare_multitask` recompute everything.
"""

from __future__ import annotations

import csv
import io as _io
from pathlib import Path
from typing import Any, Mapping

from execir.evaluation.evaluate import Evaluation
from execir.evaluation.multitask import group_tables
from execir.evaluation.stats import DEFAULT_LEVEL, DEFAULT_REPLICATES
from execir.formats.files import atomic_write_text, write_json, write_run
from execir.formats.coreb_names import ANY, LANGUAGES, TASK_TITLES
from execir.records import Run, run_file_name

TABLE3_TASKS = ("t2c", "c2t", "c2c")
#: the benchmark copy inside a results folder
RELEASE_COPY = "release"


def _value(board: Mapping[str, Any], family: str, group: str, system: str, key: str) -> float | None:
    row = board["groups"].get(family, {}).get(group)
    return None if row is None else row["systems"][system][key]["value"]


def table3_rows(board: Mapping[str, Any]) -> list[dict[str, Any]]:
    """CoREB table 3 as rows: ``system`` then ``{task}_ndcg@10`` / ``{task}_recall@10`` for t2c,
    c2t, c2c and ``overall`` (None where the benchmark has no query of that task)."""
    rows = []
    for system in board["systems"]:
        row: dict[str, Any] = {"system": system}
        for task in TABLE3_TASKS + ("overall",):
            family, group = ("overall", "all") if task == "overall" else ("task", task)
            for key in ("ndcg@10", "recall@10"):
                row[f"{task}_{key}"] = _value(board, family, group, system, key)
        rows.append(row)
    return rows


def table3_csv(board: Mapping[str, Any]) -> str:
    """CSV text of :func:`table3_rows` (empty cell = no query of that task)."""
    rows = table3_rows(board)
    buf = _io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    cols = ["system"] + [f"{t}_{k}" for t in TABLE3_TASKS + ("overall",) for k in ("ndcg@10", "recall@10")]
    writer.writerow(cols)
    for row in rows:
        writer.writerow([row["system"]] + ["" if row[c] is None else repr(row[c]) for c in cols[1:]])
    return buf.getvalue()


def task_language_matrix(board: Mapping[str, Any], key: str = "ndcg@10") -> dict[str, Any]:
    """``{"tasks", "languages", "key", "systems": {s: [[value or None per language] per task]}}``
    from the ``task_language`` groups (c2c by anchor language; ``any`` first)."""
    groups = board["groups"].get("task_language", {})
    tasks = [t for t in TABLE3_TASKS if any(g.startswith(f"{t}/") for g in groups)]
    languages = [ANY] + [lang for lang in LANGUAGES if any(g.endswith(f"/{lang}") for g in groups)]
    out = {"key": key, "tasks": tasks, "task_titles": [TASK_TITLES[t] for t in tasks], "languages": languages,
           "systems": {}}
    for system in board["systems"]:
        out["systems"][system] = [[_value(board, "task_language", f"{t}/{lang}", system, key) for lang in languages]
                                  for t in tasks]
    return out


def intrusion_summary(board: Mapping[str, Any]) -> dict[str, Any]:
    """Per task and system: hard-negative intrusion@10 (CoREB Figure 7: among queries whose top
    10 holds a positive and a hard negative, the share where a hard negative ranks first of them)
    and the mean share of the top 10 that are hard negatives, each with its CI and n."""
    out: dict[str, Any] = {"definition": {
        "hn_intrusion@10": "queries whose top 10 holds a positive and a hard negative: share where a "
                           "hard negative ranks above the best positive (CoREB Figure 7)",
        "hn_share@10": "share of the top 10 that are relevance-1 items, averaged over queries"},
        "tasks": {}}
    for task, row in board["groups"].get("task", {}).items():
        out["tasks"][task] = {s: {k: row["systems"][s][k] for k in ("hn_intrusion@10", "hn_share@10")}
                              for s in board["systems"]}
    return out


def group_analyses(board: Mapping[str, Any]) -> dict[str, Any]:
    """name -> payload of the analyses of a CoREB-view leaderboard (``analyses/<name>.json``):
    the per-variant/subtask/task-language breakdown, hard-negative intrusion, task x language."""
    return {"multitask_breakdown": {"match_negatives": board["match_negatives"],
                                    **{f: board["groups"][f] for f in ("variant", "subtask", "task_language")}},
            "intrusion": intrusion_summary(board), "task_language": task_language_matrix(board)}


def write_group_results(ev: Evaluation, out: Path, *, seed: int = 0,
                            replicates: int = DEFAULT_REPLICATES, level: float = DEFAULT_LEVEL,
                            runs: Mapping[str, Run] | None = None, card: Any = None) -> dict[str, Any]:
    """Write the files of the module docstring into ``out`` (``runs``: the runs as retrieved,
    default ``ev.runs``; ``card``: the release's probe card, the leaderboard's reference); returns
    the leaderboard."""
    out = Path(out)
    board, pairwise = group_tables(ev, seed=seed, replicates=replicates, level=level, card=card)
    write_json(out / "leaderboard.json", board)
    atomic_write_text(out / "leaderboard.csv", table3_csv(board))
    write_json(out / "pairwise_tests.json", pairwise)
    for name, payload in group_analyses(board).items():
        write_json(out / "analyses" / f"{name}.json", payload)
    for system in ev.systems:
        write_run(out / "runs" / run_file_name(system), (runs or ev.runs)[system])
    return board
