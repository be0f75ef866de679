"""Report of a multitask results folder (:mod:`execir.evaluation.multitask_results`).

* :func:`table3_text` -- CoREB table 3 (T2C, C2T, C2C, overall; nDCG@10 and Recall@10) as text;
* ``figures/task_language.{png,svg}`` -- task x language nDCG@10 heatmap, one panel per system
  (CoREB Figure 6 / table 15);
* ``figures/intrusion.{png,svg}`` -- hard-negative intrusion@10 per task and system (Figure 7);
* ``report.html`` -- self-contained page: table 3, per-subtask nDCG@10 / Recall@10, intrusion,
  the figures inlined as SVG, and which ``match_negatives`` rule was used.
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path
from typing import Any, Mapping

from execir.evaluation.multitask_results import RELEASE_COPY, TABLE3_TASKS, table3_rows
from execir.evaluation.reference import probe_reference_line
from execir.formats.files import atomic_write_text, read_json
from execir.formats.coreb_names import TASK_TITLES
from execir.report.figures import _plt, _save
from execir.report.card import probe_card_html, release_card, release_margin


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def present_tasks(board: Mapping[str, Any]) -> tuple[str, ...]:
    """The CoREB tasks of :data:`TABLE3_TASKS` that ``board`` has queries of: a single-task
    source (a BEIR folder) has none, and its tables show the overall column only."""
    rows = table3_rows(board)
    return tuple(t for t in TABLE3_TASKS if any(r[f"{t}_ndcg@10"] is not None for r in rows))


def _rules(board: Mapping[str, Any], tasks: tuple[str, ...]) -> str:
    """The scoring rules that apply to ``tasks``: match negatives (c2t), anchors (c2c); "" for neither."""
    rules = []
    if "c2t" in tasks:
        rules.append(f"match negatives: {board['match_negatives']} -- {board['match_negatives_note']}")
    if "c2c" in tasks:
        rules.append("c2c anchors removed before scoring")
    return "; ".join(rules)


def table3_text(board: Mapping[str, Any]) -> str:
    """Fixed-width text of CoREB table 3 for ``board`` (a multitask leaderboard): one column per
    task it has queries of, then overall (``All queries`` alone for a single-task source), and the
    rules that apply to those tasks (``match_negatives`` for c2t, anchors for c2c) in the last line."""
    tasks = present_tasks(board)
    heads = [f"{TASK_TITLES[t]}" for t in tasks] + ["Overall" if tasks else "All queries"]
    probes = set(board.get("probes") or ())
    width = max(12, max(len(s) + (8 if s in probes else 0) for s in board["systems"]) + 2)
    lines = [f"{board['benchmark']}: {board['n_queries']} queries (nDCG@10 / Recall@10)",
             " " * width + "".join(f"{h:>18s}" for h in heads)]
    for row in table3_rows(board):
        cells = [f"{_fmt(row[f'{t}_ndcg@10'])} / {_fmt(row[f'{t}_recall@10'])}" for t in tasks + ("overall",)]
        shown = f"{row['system']} (probe)" if row["system"] in probes else row["system"]
        lines.append(f"{shown:<{width}s}" + "".join(f"{c:>18s}" for c in cells))
    if _rules(board, tasks):
        lines.append(_rules(board, tasks))
    if "references" in board:
        lines.append(probe_reference_line(board))
    if probes:
        lines.append(f"probes (read neither the query nor the tests; not methods): {', '.join(sorted(probes))}")
    return "\n".join(lines)


def heatmap_figure(matrix: Mapping[str, Any]):
    """Task x language heatmap of ``matrix`` (:func:`task_language_matrix`); None if empty."""
    systems = list(matrix["systems"])
    if not systems or not matrix["tasks"]:
        return None
    plt = _plt()
    fig, axes = plt.subplots(1, len(systems), figsize=(1.2 + 0.75 * len(matrix["languages"]) * len(systems), 2.4),
                             squeeze=False)
    for ax, system in zip(axes[0], systems):
        vals = [[float("nan") if v is None else v for v in row] for row in matrix["systems"][system]]
        ax.imshow(vals, vmin=0.0, vmax=1.0, cmap="viridis", aspect="auto")
        ax.set_xticks(range(len(matrix["languages"])), matrix["languages"], rotation=45, ha="right")
        ax.set_yticks(range(len(matrix["tasks"])), matrix["task_titles"])
        for i, row in enumerate(vals):
            for j, v in enumerate(row):
                if v == v:
                    ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7,
                            color="white" if v < 0.5 else "black")
        ax.set_title(f"{system}: {matrix['key']}")
    fig.tight_layout()
    return fig


def intrusion_figure(board: Mapping[str, Any]):
    """Grouped bars of hard-negative intrusion@10 per task (x) and system; None if no task."""
    tasks = [t for t in TABLE3_TASKS if t in board["groups"].get("task", {})]
    if not tasks:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(1.5 + 1.4 * len(tasks), 2.6))
    n = len(board["systems"])
    for si, system in enumerate(board["systems"]):
        vals = [board["groups"]["task"][t]["systems"][system]["hn_intrusion@10"]["value"] for t in tasks]
        ax.bar([i + (si - (n - 1) / 2) * 0.8 / n for i in range(len(tasks))],
               [0.0 if v is None else v for v in vals], width=0.8 / n, label=system)
    ax.set_xticks(range(len(tasks)), [TASK_TITLES[t] for t in tasks])
    ax.set_ylabel("hard-negative intrusion@10")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7)
    return fig


def _svg(folder: Path, rel: str | None) -> str:
    if rel is None:
        return ""
    data = base64.b64encode((folder / rel).read_bytes()).decode("ascii")
    return f'<img alt="{escape(rel)}" src="data:image/svg+xml;base64,{data}">'


def _group_table(board: Mapping[str, Any], family: str) -> str:
    rows = board["groups"].get(family, {})
    head = "".join(f"<th>{escape(s)} nDCG@10</th><th>{escape(s)} R@10</th>" for s in board["systems"])
    body = []
    for name, row in rows.items():
        cells = "".join(f"<td>{_fmt(row['systems'][s]['ndcg@10']['value'])}</td>"
                        f"<td>{_fmt(row['systems'][s]['recall@10']['value'])}</td>" for s in board["systems"])
        body.append(f"<tr><td>{escape(name)}</td><td>{row['n_queries']}</td>{cells}</tr>")
    return f"<table><tr><th>{family}</th><th>queries</th>{head}</tr>{''.join(body)}</table>"


def write_multitask_page(folder: str | Path) -> Path:
    """Figures and ``report.html`` for a multitask results folder; returns the page's path.

    Raises:
        DataError: ``leaderboard.json`` or ``analyses/task_language.json`` is missing or malformed.
    """
    folder = Path(folder)
    board = read_json(folder / "leaderboard.json")
    matrix = read_json(folder / "analyses" / "task_language.json")
    figs = {}
    for name, fig in (("task_language", heatmap_figure(matrix)), ("intrusion", intrusion_figure(board))):
        figs[name] = None if fig is None else _save(fig, folder / "figures", name)["svg"]
    t3, tasks = table3_rows(board), present_tasks(board)
    head = "".join(f"<th>{TASK_TITLES[t]} nDCG@10</th><th>{TASK_TITLES[t]} R@10</th>" for t in tasks)
    rows = "".join("<tr><td>" + escape(r["system"]) + "</td>" + "".join(
        f"<td>{_fmt(r[f'{t}_{k}'])}</td>" for t in tasks + ("overall",) for k in ("ndcg@10", "recall@10"))
        + "</tr>" for r in t3)
    card = probe_card_html(release_card(folder / RELEASE_COPY), release_margin(folder / RELEASE_COPY))
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>{escape(board['benchmark'])}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}td:first-child{{text-align:left}}</style></head><body>
<h1>{escape(board['benchmark'])}: {board['n_queries']} queries</h1>
<p>Relevance level 2 (hard negatives gain 0 in nDCG){escape("; " + _rules(board, tasks)) if _rules(board, tasks) else ""}.
Overall is weighted by query count.</p>
<h2>{"Per task (CoREB table 3)" if tasks else "All queries"}</h2><table><tr><th>system</th>{head}<th>Overall nDCG@10</th><th>Overall R@10</th></tr>{rows}</table>
<p>{escape(probe_reference_line(board)) if "references" in board else ""}</p>
<h2>Probe card of the release</h2>{card}
<h2>Task x language</h2>{_svg(folder, figs['task_language'])}
<h2>Hard-negative intrusion</h2>{_svg(folder, figs['intrusion'])}
<h2>Per subtask</h2>{_group_table(board, 'subtask')}
<h2>Per variant</h2>{_group_table(board, 'variant')}
</body></html>
"""
    atomic_write_text(folder / "report.html", page)
    return folder / "report.html"
