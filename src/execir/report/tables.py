"""HTML tables of a results directory: leaderboard, significance, analyses (escaped strings)."""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence


def fmt(x: Any, digits: int = 3) -> str:
    """A number with ``digits`` decimals, a p-value in scientific notation when small, '-' for None."""
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return escape(str(x))


def fmt_p(p: float | None) -> str:
    if p is None:
        return "-"
    return f"{p:.2e}" if p < 1e-3 else f"{p:.3f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, cls: str = "", attrs: Sequence[str] = ()
          ) -> str:
    """An HTML table; cells are inserted as given (callers escape), ``attrs[i]`` goes on row i."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = []
    for i, row in enumerate(rows):
        extra = f" {attrs[i]}" if i < len(attrs) and attrs[i] else ""
        body.append(f"<tr{extra}>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def _cell(m: Mapping[str, Any] | None) -> str:
    if m is None or m.get("value") is None:
        return "-"
    return (f'{m["value"]:.3f} <span class="ci">[{fmt(m["ci_low"])}, {fmt(m["ci_high"])}]</span>')


def leaderboard_table(board: Mapping[str, Any], keys: Sequence[str]) -> str:
    """The systems (a probe marked ``probe``; exec@1 with its random-tie value where ties decided
    it, :func:`execir.evaluation.ties.tie_value`), then the reference rows, marked ``ref``."""
    from execir.evaluation.reference import reference_cell, reference_rows
    from execir.evaluation.ties import tie_value

    keys = [k for k in keys if any(m["key"] == k for m in board["metrics"])]
    primary = f"exec@{board['ks'][0]}"
    rows, attrs = [], []
    for r in board["systems"]:
        cells = [_cell(r["metrics"].get(k)) for k in keys]
        tie = tie_value(r)
        if tie is not None and primary in keys:
            cells[keys.index(primary)] += f' <span class="ci">(ties at random {tie:.3f})</span>'
        rows.append(["probe" if r.get("probe") else str(r["rank"]), escape(r["system"])] + cells)
        attrs.append("")
    for label, values in reference_rows(board.get("references")):
        rows.append(["ref", escape(label)] + [escape(reference_cell(values, k)) for k in keys])
        attrs.append('class="reference"')
    return table(["#", "system"] + list(keys), rows, cls="leaderboard", attrs=attrs)


def reading_notes(board: Mapping[str, Any]) -> str:
    """How to read the leaderboard: the definitions and reference rows
    (:func:`execir.evaluation.reference.reference_lines`) and every tie note
    (:func:`execir.evaluation.ties.tie_lines`), one paragraph each."""
    from execir.evaluation.reference import reference_lines
    from execir.evaluation.ties import tie_lines

    return "".join(f"<p>{escape(line)}</p>" for line in reference_lines(board) + tie_lines(board))


def significance_table(pairwise: Mapping[str, Any], keys: Sequence[str]) -> str:
    rows, attrs = [], []
    for c in pairwise.get("comparisons", []):
        if c["key"] not in keys:
            continue
        disc = f'{c["a_only"]} / {c["b_only"]}' if "a_only" in c else "-"
        sig = (c.get("p_mcnemar") if "p_mcnemar" in c else c.get("p_bootstrap")) or 1.0
        rows.append([escape(c["key"]), escape(c["a"]), escape(c["b"]), fmt(c["a_value"]), fmt(c["b_value"]),
                     f'{c["diff"]:+.3f}' if c["diff"] is not None else "-",
                     f'[{fmt(c["diff_ci_low"])}, {fmt(c["diff_ci_high"])}]', disc,
                     fmt_p(c.get("p_mcnemar")), fmt_p(c.get("p_bootstrap"))])
        attrs.append(f'data-key="{escape(c["key"])}" class="{"sig" if sig < 0.05 else "ns"}"')
    return table(["metric", "A", "B", "A value", "B value", "A - B", "95% CI (paired bootstrap)",
                  "A-only / B-only", "McNemar exact p", "bootstrap p"], rows, cls="significance", attrs=attrs)


def _unavailable(title: str, a: Mapping[str, Any]) -> str:
    """The heading of an analysis that was not computed, and why."""
    return f"<h3>{escape(title)}</h3><p class='na'>Not available: {escape(str(a.get('reason', 'not computed')))}</p>"


def _rank1_misses(a: Mapping[str, Any]) -> str:
    rows = [[escape(s), str(v["miss_at_1"]), str(v["paired_distractor_at_1"]),
             "-" if v["share_paired"] is None else f'{100 * v["share_paired"]:.1f}%',
             str(v["other_snippet_at_1"]), str(v["empty_ranking"])] for s, v in a["systems"].items()]
    return "<h3>When rank 1 is wrong, what is there? (ExecRetrieval §5.2)</h3>" + table(
        ["system", "miss@1", "paired distractor at 1", "share", "other snippet", "empty"], rows)


def _canonical_gap(a: Mapping[str, Any]) -> str:
    rows = [[escape(s), str(v["n"]), fmt(v["fraction_canonical_loses"]), fmt(v["fraction_tied"]),
             fmt(v["median_gap"], 4), fmt(v["mean_gap"], 4), str(v["missing_scores"])]
            for s, v in a["systems"].items()]
    return "<h3>Canonical minus best paired distractor (§5.4)</h3>" + table(
        ["system", "queries", "canonical loses", "tied", "median gap", "mean gap", "scores missing"], rows)


def _deception_by_type(a: Mapping[str, Any]) -> str:
    rows = [[escape(t), str(v["n"]), str(v["deceived"]), fmt(v["rate"])] for t, v in a["by_type"].items()]
    rows.append(["<b>overall (six types)</b>", str(a["overall"]["n"]), str(a["overall"]["deceived"]),
                 fmt(a["overall"]["rate"])])
    if "overall_all_types" in a and a["overall_all_types"]["n"] != a["overall"]["n"]:
        o = a["overall_all_types"]
        rows.append(["<b>overall (with extended)</b>", str(o["n"]), str(o["deceived"]), fmt(o["rate"])])
    return "<h3>Deception by mutation type (§5.5; a tie counts as deceived)</h3>" + table(
        ["mutation type", "triples", "deceived", "rate"], rows)


def _pool_density(a: Mapping[str, Any]) -> str:
    levels = a["levels"]
    rows = [[escape(s)] + [fmt(v["expected_exec_at_1"][str(d)]) for d in levels] + [fmt(v["exec_at_1"])]
            for s, v in a["systems"].items()]
    return ("<h3>Pool-density ablation: expected exec@1 with d paired distractors kept (§5.3)</h3>"
            + table(["system"] + [f"d={d}" for d in levels] + ["exec@1"], rows))


def _per_domain(a: Mapping[str, Any]) -> str:
    rows = [[escape(s)] + [fmt(v[d]) for d in a["domains"]] for s, v in a["systems"].items()]
    return "<h3>Per-domain exec@1 (Appendix C)</h3>" + table(["system"] + list(a["domains"]), rows)


def _difficulty(a: Mapping[str, Any]) -> str:
    return (f"<h3>Per-query difficulty (Appendix C)</h3><p>Median query solved at rank 1 by "
            f"{fmt(a['median'], 1)} of {a['n_systems']} systems (mean {fmt(a['mean'], 2)}); "
            f"{a['solved_by_none']} queries solved by none, {a['solved_by_all']} by all.</p>")


def _edit_size(a: Mapping[str, Any]) -> str:
    order = a.get("bucket_order") or list(a["buckets"])  # JSON keys are sorted as text
    rows = [[escape(b), str(a["buckets"][b]["pairs"]), str(a["buckets"][b]["n"]),
             fmt(a["buckets"][b]["rate"])] for b in order]
    return ("<h3>Deception by edit size (Appendix G.1)</h3>" + table(
        ["edit size (chars)", "pairs", "triples", "deception"], rows)
        + f"<p>Tie-aware Spearman ρ: absolute {fmt(a['spearman_absolute'])}, relative "
          f"{fmt(a['spearman_relative'])}.</p>")


def _rerank(a: Mapping[str, Any]) -> str:
    """The Δ of every reranked system against its retriever alone, then against the best probe."""
    rows = []
    for s, v in a["systems"].items():
        for key in ("exec@1", "exec@10", "canonical_ndcg@10"):
            m = v["metrics"].get(key)
            if m is not None:
                rows.append([escape(s), escape(v["retriever"]), escape(key), fmt(m["retriever"]),
                             fmt(m["reranked"]), fmt(m["diff"]),
                             f'[{fmt(m["diff_ci_low"])}, {fmt(m["diff_ci_high"])}]',
                             fmt_p(m.get("p_mcnemar", m["p_bootstrap"]))])
    parts = ["<h3>Rerank stage: Δ against the retriever alone (CoREB §4.3; full metrics "
             "in analyses/rerank.json)</h3>" + table(
                 ["system", "retriever", "metric", "retriever alone", "reranked", "Δ",
                  "95% CI of Δ", "p (McNemar / bootstrap)"], rows)]
    rows = [[escape(s), escape(v["best_probe"]["probe"]), escape(key), fmt(m["probe"]),
             fmt(m["reranked"]), fmt(m["diff"]), f'[{fmt(m["diff_ci_low"])}, {fmt(m["diff_ci_high"])}]',
             fmt_p(m.get("p_mcnemar", m["p_bootstrap"]))]
            for s, v in a["systems"].items() if "best_probe" in v
            for key, m in v["best_probe"]["metrics"].items() if key in ("exec@1", "exec@10")]
    if rows:
        parts.append("<h3>Rerank stage: Δ against the best probe on the same candidates (a "
                     "reranker that reads neither the query nor the tests)</h3>" + table(
                         ["system", "best probe", "metric", "probe", "reranked", "Δ",
                          "95% CI of Δ", "p (McNemar / bootstrap)"], rows))
    return "\n".join(parts)


def _stacked(a: Mapping[str, Any]) -> str:
    rows = [[escape(n), fmt(v["deception"]), fmt(v.get("delta_vs_1")),
             f'[{fmt(v.get("delta_ci_low"))}, {fmt(v.get("delta_ci_high"))}]' if "delta_ci_low" in v else "-"]
            for n, v in a["by_count"].items()]
    return (f"<h3>Stacked mutants (Appendix G.2, {a['matched_queries']} matched queries)</h3>"
            + table(["mutations", "deception", "Δ vs 1", "95% CI of Δ"], rows))


#: the report's analysis sections, in page order: (analysis name, title shown when it is not
#: available -- None: nothing is shown then --, the section's HTML of an available payload)
SECTIONS = (
    ("rank1_misses", "Rank-1 misses", _rank1_misses),
    ("canonical_gap", None, _canonical_gap),
    ("deception_by_type", "Deception by mutation type", _deception_by_type),
    ("pool_density", "Pool-density ablation", _pool_density),
    ("per_domain", "Per-domain exec@1", _per_domain),
    ("difficulty", None, _difficulty),
    ("edit_size", "Deception by edit size", _edit_size),
    ("rerank", None, _rerank),
    ("stacked", "Stacked mutants (Appendix G.2)", _stacked),
)


def analyses_html(an: Mapping[str, Mapping[str, Any]]) -> str:
    """The analyses section of ``report.html``: one block per analysis of :data:`SECTIONS` that
    ``an`` (name -> payload of ``analyses/<name>.json``) holds, in that order; an analysis that
    was not available shows why (where its section has a title for that)."""
    parts = []
    for name, title, render in SECTIONS:
        a = an.get(name, {})
        if a.get("available"):
            parts.append(render(a))
        elif a and title is not None:
            parts.append(_unavailable(title, a))
    return "\n".join(parts)
