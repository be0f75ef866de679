"""``execir probe RELEASE``: print a release's probe card and gate it.

The table lists every probe with exec@1 within family and its 95% bootstrap interval, chance,
lift (exec@1 - chance) and a marker: ``FAIL`` where the lift exceeds ``--margin`` beyond luck
(the gate, :func:`execir.probes.card.gate`), ``luck?`` where it exceeds the margin but a
picker at chance would do as well often enough, ``below`` where it is under ``-margin`` (informative -- the
probe's score carries label information -- but it cannot raise exec@1, so it does not fail).  A
release with more than one language adds a lift table, probe by language, where ``*`` marks a
lift whose whole 95% interval exceeds the margin (which fails the gate too).  ``--json`` prints
the card itself (sorted keys).  Exit code 0 when no probe beats the margin, 1 otherwise.
"""

from __future__ import annotations

import json
import os
from typing import Any

from execir.errors import UsageError
from execir.probes.card import gate, probe_card, undecided, verdict


def probe_command(release: str, seed: int, as_json: bool, margin: float,
                  cache_dir: str | os.PathLike[str] | None) -> int:
    """Print the card of ``release`` (a table, or JSON with ``as_json``) and the gate's lines;
    return 0 when it passes, 1 when a probe's lift exceeds ``margin``.

    Raises:
        UsageError: ``seed`` < 0, ``margin`` outside [0, 1], an unusable ``cache_dir``, or a
            release that cannot be probed.
        DataError: a malformed or damaged release.
    """
    if seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    if not 0 <= margin <= 1:
        raise UsageError(f"--margin must be between 0 and 1 (exec@1 units), got {margin}")
    if cache_dir is not None:
        from execir.execution.oracle_setup import check_out_folder

        check_out_folder(cache_dir, option="--cache-dir")
    try:
        card = probe_card(release, seed=seed, cache_dir=cache_dir)
    except ValueError as exc:
        raise UsageError(f"probe {release}: {exc}") from None
    failures = gate(card, margin)
    if as_json:
        print(json.dumps({**card, "gate": {"margin": margin, "failures": failures}}, indent=2, sort_keys=True))
    else:
        print(format_card(card, margin))
        print()
        if failures:
            print(f"gate: FAIL -- {len(failures)} probe(s) beat chance by more than {margin:g}:")
            for line in failures:
                print(f"  {line}")
        elif undecided(card):
            print(f"gate: not decided -- {undecided(card)}")
        else:
            print(f"gate: pass -- no probe beats chance by more than {margin:g} beyond luck")
    return 1 if failures else 0


def format_card(card: dict[str, Any], margin: float) -> str:
    """The card as plain text: a header, the probe table and (several languages) the lift
    table."""
    skipped = card["skipped"]
    version = f" v{card['version']}" if card.get("version") else ""
    lines = [f"{card['release']}{version}: {card['n_families']} families from {card['n_queries']} queries "
             f"(skipped {skipped.get('no_positive', 0)} without a positive, {skipped.get('no_negative', 0)} "
             f"without a negative; {card['merged']} identical ones merged); seed {card['seed']}",
             f"trained probes: fit on {card['split']['train_problems']} problems, scored on the "
             f"{card['split']['held_out_families']} families of the other {card['split']['held_out_problems']}",
             ""]
    lines += _table(["probe", "exec@1 [95% CI]", "chance", "lift", "n", ""],
                    [[r["probe"], f"{r['exec@1']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}]",
                      f"{r['chance']:.3f}", f"{r['lift']:+.3f}", str(r["n_families"]),
                      verdict(card, r, margin)]
                     for r in card["probes"]])
    langs = sorted(card.get("languages") or {})
    if langs:
        by = {lang: {r["probe"]: r for r in card["languages"][lang]} for lang in langs}
        lines += ["", "lift by language (exec@1 - chance; chance in the last row)"]
        body = [[r["probe"], *(_lang_cell(by[lang].get(r["probe"]), margin) for lang in langs)]
                for r in card["probes"]]
        first = card["probes"][0]["probe"]
        body.append([f"(chance, {first})", *(f"{by[lang][first]['chance']:.3f} " for lang in langs)])
        lines += _table(["probe", *langs], body)
    return "\n".join(lines)


def _lang_cell(r: dict[str, Any] | None, margin: float) -> str:
    if r is None:
        return "- "
    return f"{r['lift']:+.3f}" + ("*" if r["lift_ci_low"] > margin else " ")


def _table(header: list[str], body: list[list[str]]) -> list[str]:
    """Left-aligned first column, right-aligned others, two spaces apart."""
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    out = []
    for row in [header, *body]:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        out.append("  ".join(cells).rstrip())
    return out
