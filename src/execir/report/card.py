"""The release's probe card in a results folder (issue 23 item 1): read from the release copy's
``build_report.json`` and shown as HTML beside the leaderboard, in both report views."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Mapping

from execir.report.tables import table


def release_card(release: Path) -> dict[str, Any] | None:
    """The probe card in a results folder's release copy (its ``build_report.json``), or None.

    Raises:
        DataError: a build report that is not valid JSON, or whose card lacks what the page
            shows.
    """
    from execir.errors import DataError
    from execir.formats.build_report import release_card as read_card
    from execir.formats.files import REPORT_FILE

    card = read_card(release)
    if card is not None and not (isinstance(card, dict) and _card_shape(card)):
        raise DataError(release / REPORT_FILE, "not a build report with a probe card (an object whose probe_card "
                                               "has n_families, n_queries, probes rows and per-language rows as "
                                               "`execir probe --json` writes them)", field="probe_card")
    return card


def release_margin(release: Path) -> float:
    """The probe gate's margin a results folder's release copy was built under: its manifest's
    ``probe_margin`` (recorded only when a build set another than the default), else the default
    (:data:`execir.probes.card.DEFAULT_MARGIN`).

    Raises:
        DataError: a manifest that is not valid JSON, or whose ``probe_margin`` is not a number
            between 0 and 1.
    """
    from execir.errors import DataError
    from execir.formats.files import read_json
    from execir.probes.card import DEFAULT_MARGIN

    path = release / "manifest.json"
    manifest = read_json(path) if path.is_file() else {}
    margin = manifest.get("probe_margin", DEFAULT_MARGIN) if isinstance(manifest, dict) else None
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin <= 1:
        raise DataError(path, "not a number between 0 and 1 (the probe gate's margin, exec@1 units)",
                        field="probe_margin")
    return float(margin)


def _card_shape(card: Any) -> bool:
    """True when ``card`` has every field :func:`probe_card_html` reads,
    numbers where it formats numbers."""
    numbers = {"exec@1", "ci_low", "ci_high", "chance", "lift", "n_families"}
    by_language = {"exec@1", "chance", "lift", "lift_ci_low", "lift_ci_high", "n_families"}

    def row(r: Any, fields: set[str]) -> bool:
        return (isinstance(r, dict) and isinstance(r.get("probe"), str)
                and all(isinstance(r.get(f), (int, float)) and not isinstance(r.get(f), bool) for f in fields))

    languages = card.get("languages") or {} if isinstance(card, dict) else None
    return (isinstance(card, dict) and all(isinstance(card.get(f), int) for f in ("n_families", "n_queries"))
            and isinstance(card.get("probes"), list)
            and all(row(r, numbers) and "split" in r for r in card["probes"])
            and isinstance(languages, dict)
            and all(isinstance(rows, list) and all(row(r, by_language) for r in rows)
                    for rows in languages.values()))


def probe_card_html(card: Mapping[str, Any] | None, margin: float | None = None) -> str:
    """The release's probe card (``build_report.json``, issue 23) as HTML: each probe's exec@1
    within family with its 95% interval, chance, lift and the gate's verdict at ``margin`` (the
    margin the release was built under, :func:`release_margin`; None: the default;
    :func:`execir.probes.card.verdict`), then the lift per language where there are several;
    a line saying why there is none when ``card`` is None."""
    if not card:
        return ("<p class='na'>No probe card: the source has no build report with one (a BEIR or "
                "CoREB folder, or a release built before the probe card); `execir probe` reads one.</p>")
    from execir.probes.card import DEFAULT_MARGIN, gate, undecided, verdict

    margin = DEFAULT_MARGIN if margin is None else margin
    which = "default margin" if margin == DEFAULT_MARGIN else "margin the release was built under"

    split = card.get("split", {})
    head = (f"<p>How well a picker that reads neither the query nor the tests finds the correct member "
            f"among each query's own positives and hard negatives: {card['n_families']} families from "
            f"{card['n_queries']} queries; trained probes fit on {split.get('train_problems', '-')} problems "
            f"and scored on the other {split.get('held_out_problems', '-')}. Lift = exec@1 - chance. "
            f"At the gate's {which} ({margin:g}): FAIL = beats chance by more than the "
            f"margin beyond luck (a build refuses such a release); luck? = by more than the margin, "
            f"within luck; below = under chance by more than the margin (its inverse picks well); "
            f"* = in that language even the low end of the lift's 95% interval is above the margin.</p>")
    failures = gate(card, margin)
    verdict_line = (f"<p><b>gate: FAIL</b> -- {'; '.join(escape(x) for x in failures)}</p>" if failures else
                    f"<p>gate: not decided -- {escape(undecided(card))}</p>" if undecided(card) else
                    "<p>gate: pass -- no probe beats chance by more than the margin beyond luck</p>")
    rows = [[escape(r["probe"]), f"{r['exec@1']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}]",
             f"{r['chance']:.3f}", f"{r['lift']:+.3f}", str(r["n_families"]), verdict(card, r, margin)]
            for r in card["probes"]]
    out = head + table(["probe", "exec@1 within family [95% CI]", "chance", "lift", "families", "gate"], rows)
    out += verdict_line
    langs = sorted(card.get("languages") or {})
    if langs:
        by = {lang: {r["probe"]: r for r in card["languages"][lang]} for lang in langs}

        def cell(x: Mapping[str, Any] | None) -> str:
            return "-" if x is None else f"{x['lift']:+.3f}" + ("*" if x["lift_ci_low"] > margin else "")

        rows = [[escape(r["probe"])] + [cell(by[lang].get(r["probe"])) for lang in langs] for r in card["probes"]]
        out += "<p>Lift by language:</p>" + table(["probe", *langs], rows)
    return out
