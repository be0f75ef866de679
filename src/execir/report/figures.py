"""Figures of a results directory (matplotlib, Agg backend), each saved as PNG and SVG.

Figures (ExecRetrieval Figures 2-6, Table 4): ``leaderboard`` (exec@1 bars with 95% CIs, exec@5
markers), ``exec_at_k`` (exec@k curves), ``canonical_gap`` (histogram of canonical minus best
paired distractor score), ``deception_by_type``, ``per_domain`` (heatmap of exec@1), ``density``
(pool-density ablation).  A figure whose analysis is unavailable is skipped.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Callable, Mapping

from execir.formats.files import atomic_write_bytes

Figure = Any


def _plt():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "execir", "font.size": 9, "axes.spines.top": False,
                         "axes.spines.right": False})
    return plt


def _save(fig: Figure, folder: Path, name: str) -> dict[str, str]:
    """Write ``name.png`` and ``name.svg`` (deterministic: no dates in metadata)."""
    plt = _plt()
    out = {}
    for ext, meta in (("png", {"Software": None}), ("svg", {"Date": None, "Creator": None})):
        buf = io.BytesIO()
        fig.savefig(buf, format=ext, dpi=110, bbox_inches="tight", metadata=meta)
        atomic_write_bytes(folder / f"{name}.{ext}", buf.getvalue())
        out[ext] = f"figures/{name}.{ext}"
    plt.close(fig)
    return out


def _value(row: Mapping[str, Any], key: str) -> float | None:
    m = row["metrics"].get(key)
    return None if m is None else m["value"]


def leaderboard_figure(board: Mapping[str, Any]) -> Figure | None:
    plt = _plt()
    rows = board["systems"]
    if not rows or "exec@1" not in rows[0]["metrics"]:
        return None
    names = [r["system"] for r in rows]
    vals = [_value(r, "exec@1") or 0.0 for r in rows]
    lo = [v - (r["metrics"]["exec@1"]["ci_low"] or v) for v, r in zip(vals, rows)]
    hi = [(r["metrics"]["exec@1"]["ci_high"] or v) - v for v, r in zip(vals, rows)]
    fig, ax = plt.subplots(figsize=(max(4.0, 0.45 * len(rows) + 2), 3.4))
    x = range(len(rows))
    ax.bar(x, vals, yerr=[lo, hi], capsize=3, color="#4c72b0", label="exec@1 (95% bootstrap CI)")
    if "exec@5" in rows[0]["metrics"]:
        ax.scatter(x, [_value(r, "exec@5") for r in rows], marker="D", color="#dd8452", zorder=3,
                   label="exec@5")
    refs = board.get("references") or {}
    chance = (refs.get("family_chance") or {}).get("exec@1")
    if chance is not None:  # what a random pick inside each family scores
        ax.axhline(chance, color="#777777", linestyle="--", linewidth=1, label="exec@1 chance in the family")
    best = refs.get("best_probe")
    if best:  # the release card's strongest query-blind probe
        ax.axhline(best["exec@1"], color="#c44e52", linestyle=":", linewidth=1,
                   label=f"best probe ({best['probe']})")
    ax.set_xticks(list(x), names, rotation=45, ha="right")
    ax.set_ylim(0, 1.25)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("exec@k")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), frameon=False, ncol=2, fontsize=7)
    ax.set_title("Leaderboard")
    return fig


def exec_curves_figure(board: Mapping[str, Any]) -> Figure | None:
    plt = _plt()
    ks = board["ks"]
    if len(ks) < 2:
        return None
    fig, ax = plt.subplots(figsize=(4.8, 3.4))
    for r in board["systems"]:
        ax.plot(ks, [_value(r, f"exec@{k}") for k in ks], marker="o", label=r["system"])
    ax.set_xticks(ks)
    ax.set_xlabel("k")
    ax.set_ylabel("exec@k")
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=7, frameon=False, loc="lower right")
    ax.set_title("exec@k curves")
    return fig


def gap_figure(gap: Mapping[str, Any]) -> Figure | None:
    plt = _plt()
    if not gap.get("available"):
        return None
    systems = [s for s, v in gap["systems"].items() if v["n"]]
    if not systems:
        return None
    fig, ax = plt.subplots(figsize=(4.8, 3.4))
    for s in systems[:6]:
        ax.hist(list(gap["systems"][s]["gaps"].values()), bins=30, histtype="step", label=s)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("canonical - best paired distractor score (< 0: canonical loses)")
    ax.set_ylabel("queries")
    ax.legend(fontsize=7, frameon=False)
    ax.set_title("Canonical vs best distractor")
    return fig


def deception_figure(dec: Mapping[str, Any]) -> Figure | None:
    plt = _plt()
    if not dec.get("available") or not dec["by_type"]:
        return None
    items = sorted(dec["by_type"].items(), key=lambda kv: -(kv[1]["rate"] or 0))
    fig, ax = plt.subplots(figsize=(4.8, 0.35 * len(items) + 1.2))
    ax.barh([t for t, _ in items], [v["rate"] or 0 for _, v in items], color="#c44e52")
    for i, (_, v) in enumerate(items):
        ax.text((v["rate"] or 0) + 0.01, i, f"{100 * (v['rate'] or 0):.1f}% (n={v['n']})", va="center", fontsize=7)
    ax.axvline(0.5, color="grey", ls="--", lw=0.8)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("deception rate (distractor score >= canonical score)")
    ax.set_title(f"Deception by mutation type (overall {100 * (dec['overall']['rate'] or 0):.1f}%)")
    return fig


def domain_figure(dom: Mapping[str, Any]) -> Figure | None:
    plt = _plt()
    if not dom.get("available"):
        return None
    systems = list(dom["systems"])
    domains = dom["domains"]
    data = [[dom["systems"][s][d] for d in domains] for s in systems]
    fig, ax = plt.subplots(figsize=(0.7 * len(domains) + 2.5, 0.4 * len(systems) + 1.5))
    im = ax.imshow(data, cmap="viridis", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(domains)), domains, rotation=45, ha="right")
    ax.set_yticks(range(len(systems)), systems)
    for i, row in enumerate(data):
        for j, v in enumerate(row):
            ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7,
                    color="white" if v < 0.5 else "black")
    fig.colorbar(im, ax=ax, label="exec@1")
    ax.set_title("Per-domain exec@1")
    return fig


def density_figure(dens: Mapping[str, Any]) -> Figure | None:
    plt = _plt()
    if not dens.get("available"):
        return None
    fig, ax = plt.subplots(figsize=(4.8, 3.4))
    levels = dens["levels"]
    for s, v in dens["systems"].items():
        ax.plot(levels, [v["expected_exec_at_1"][str(d)] for d in levels], marker="o", label=s)
    ax.set_xticks(levels)
    ax.set_xlabel("paired distractors kept per query (d)")
    ax.set_ylabel("expected exec@1")
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=7, frameon=False)
    ax.set_title("Pool-density ablation")
    return fig


def write_figures(board: Mapping[str, Any], analyses: Mapping[str, Mapping[str, Any]], folder: Path
                  ) -> dict[str, dict[str, str]]:
    """Draw every available figure into ``folder`` (PNG + SVG); returns name -> {ext: relative path}."""
    makers: dict[str, Callable[[], Figure | None]] = {
        "leaderboard": lambda: leaderboard_figure(board),
        "exec_at_k": lambda: exec_curves_figure(board),
        "canonical_gap": lambda: gap_figure(analyses.get("canonical_gap", {})),
        "deception_by_type": lambda: deception_figure(analyses.get("deception_by_type", {})),
        "per_domain": lambda: domain_figure(analyses.get("per_domain", {})),
        "density": lambda: density_figure(analyses.get("pool_density", {})),
    }
    out = {}
    for name, make in makers.items():
        fig = make()
        if fig is not None:
            out[name] = _save(fig, Path(folder), name)
    return out
