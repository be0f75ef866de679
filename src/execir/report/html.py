"""``write_report``: figures plus one self-contained ``report.html`` for a results directory.

The page needs no network: figures are embedded as base64 SVG, styles and scripts are inline,
and the per-query drill-down reads a JSON block in the page (top-5 of every system, snippet code,
test outcomes from ``labels.jsonl``).  A distractor's difference from the query's canonical is
highlighted in the browser from the common prefix and suffix of the two sources (mutants are
single edits, so this is the edited span).
"""

from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path
from typing import Any, Mapping

from execir.evaluation.kinds import results_kind
from execir.formats.files import atomic_write_text, iter_jsonl, load_benchmark, read_run
from execir.records import MULTITASK, SINGLE_TASK
from execir.report.figures import write_figures
from execir.report.card import probe_card_html, release_card, release_margin
from execir.report.multitask import write_multitask_page
from execir.report.tables import analyses_html, leaderboard_table, reading_notes, significance_table

DRILL_DEPTH = 5
_TEMPLATE = Path(__file__).with_name("report.html")


def _headline_keys(board: Mapping[str, Any]) -> list[str]:
    ks = board["ks"]
    keys = [f"exec@{k}" for k in ks] + [f"execution_precision@{k}" for k in ks if k > 1]
    keys += ["canonical_ndcg@10", "ndcg@10", "recall@10", "mrr@10", "hn_intrusion@10"]
    return keys


def _drilldown(folder: Path, board: Mapping[str, Any]) -> dict[str, Any] | None:
    """Data for the drill-down, or None when the directory has no release copy or labels."""
    if not (folder / "release" / "manifest.json").is_file() or not (folder / "labels.jsonl").is_file():
        return None
    bench = load_benchmark(folder / "release", verify=False)
    outcomes = {(r["query_id"], r["snippet_id"]): r["outcomes"] for _, r in iter_jsonl(folder / "labels.jsonl")}
    snippet_index: dict[str, int] = {}
    snippets: list[dict[str, Any]] = []

    def sidx(sid: str) -> int:
        if sid not in snippet_index:
            s = bench.corpus[sid]
            m = s.mutation or {}
            snippet_index[sid] = len(snippets)
            snippets.append({"id": sid, "code": s.code, "kind": s.kind, "task": s.task_id,
                             "type": m.get("mutation_type"), "op": m.get("operator"),
                             "bug": m.get("bug_description")})
        return snippet_index[sid]

    queries = []
    for qid, q in bench.queries.items():
        task = bench.tasks.get(q.task_id)
        canon = [sid for sid, lvl in sorted(bench.qrels.get(qid, {}).items()) if lvl >= 2]
        queries.append({"id": qid, "text": q.text, "task": q.task_id,
                        "tests": list(task.tests) if task else [], "canonical": [sidx(c) for c in canon]})
    systems = {}
    for row in board["systems"]:
        run = read_run(folder / row["run_file"])
        tops = []
        for qid in bench.queries:
            items = run.get(qid, [])[:DRILL_DEPTH]
            tops.append([[sidx(sid), score, outcomes.get((qid, sid))] for sid, score in items])
        systems[row["system"]] = tops
    return {"queries": queries, "snippets": snippets, "systems": systems,
            "order": [r["system"] for r in board["systems"]]}


def _json_script(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def write_report(out: str | Path) -> Path:
    """Write ``figures/*.png|svg`` and ``report.html`` into the results directory ``out``, in the
    page of its kind (:func:`execir.evaluation.kinds.results_kind`: :func:`write_single_task_page`,
    or :func:`execir.report.multitask.write_multitask_page` for a multitask folder).  Returns the
    report's path.

    Raises:
        DataError: a file the page reads is missing or malformed, or ``outputs.json`` is damaged.
    """
    return PAGES[results_kind(out).name](out)


def write_single_task_page(out: str | Path) -> Path:
    """Figures and ``report.html`` of a single-task results directory ``out``.

    Reads ``leaderboard.json``, ``pairwise_tests.json``, the ``analyses/*.json`` execir wrote
    (listed in ``outputs.json``, else the known analysis names; a user's own files there are
    ignored) and (for the drill-down) ``release/``, ``runs/`` and ``labels.jsonl``.  Returns the
    report's path.

    Raises:
        DataError: ``leaderboard.json`` is missing or malformed, an analysis execir wrote is
            malformed, or ``outputs.json`` is damaged.
    """
    from execir.evaluation.results import load_results

    folder = Path(out)
    res = load_results(folder)
    board, analyses = res["leaderboard"], res["analyses"]
    pairwise = res["pairwise"] or {"comparisons": []}
    figs = write_figures(board, analyses, folder / "figures")
    fig_html = []
    for name, paths in figs.items():
        data = base64.b64encode((folder / paths["svg"]).read_bytes()).decode("ascii")
        fig_html.append(f'<figure><img alt="{escape(name)}" src="data:image/svg+xml;base64,{data}">'
                        f"<figcaption>{escape(name.replace('_', ' '))}</figcaption></figure>")
    sig_keys = [k for k in [f"exec@{k}" for k in board["ks"]] + ["canonical_ndcg@10", "ndcg@10"]
                if any(m["key"] == k for m in board["metrics"])]
    options = "".join(f'<option value="{escape(k)}">{escape(k)}</option>' for k in sig_keys)
    all_keys = [m["key"] for m in board["metrics"]]
    drill = _drilldown(folder, board)
    boot = board["bootstrap"]
    page = _TEMPLATE.read_text(encoding="utf-8")
    fills = {
        "TITLE": escape(f"execir report: {board['benchmark']}"),
        "SUMMARY": escape(f"{board['benchmark']}: {board['n_queries']} queries, {len(board['systems'])} systems; "
                          f"95% query-level bootstrap intervals ({boot['replicates']} replicates, seed "
                          f"{boot['seed']}); {board['excluded']['no_relevant_item']} queries without a "
                          f"relevant item left out of the ranking metrics."),
        "LEADERBOARD": leaderboard_table(board, _headline_keys(board)),
        "FULL_LEADERBOARD": leaderboard_table(board, all_keys),
        "READING": reading_notes(board),
        "PROBE_CARD": probe_card_html(release_card(folder / "release"), release_margin(folder / "release")),
        "SIG_OPTIONS": options,
        "SIGNIFICANCE": significance_table(pairwise, sig_keys),
        "FIGURES": "\n".join(fig_html) or "<p class='na'>No figures.</p>",
        "ANALYSES": analyses_html(analyses),
        "DATA": _json_script(drill),
    }
    for key, value in fills.items():
        page = page.replace("{{" + key + "}}", value)
    path = folder / "report.html"
    atomic_write_text(path, page)
    return path


#: the page writer of every kind of results folder
PAGES = {SINGLE_TASK: write_single_task_page, MULTITASK: write_multitask_page}
