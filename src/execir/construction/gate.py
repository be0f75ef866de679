"""The probe gate of a build, and its card: the last step before any release is published.

Every single-task build -- ``execir build``, ``--from-repo``, and the releases ``execir run`` and the
training commands build at run time -- ends in :func:`finish_release`: the probe card
(:func:`execir.probes.card.probe_card`) goes into the build report, and the gate
(:func:`gate_release`) refuses a release that a probe finds, before anything is published.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from execir.construction.report import REPORT_FILE
from execir.errors import UsageError
from execir.formats.files import read_json, write_json
from execir.probes.card import DEFAULT_MARGIN, gate, probe_card, undecided
from execir.progress import Stage

Log = Callable[[str], None]


def finish_release(stage: Path, report: dict[str, Any], *, seed: int, gated: bool = True,
                   by_default: bool = True, families: str = "centred",
                   probe_margin: float = DEFAULT_MARGIN, log: Log = print) -> None:
    """The last step of every single-task build, before it is published (``execir build``, and the
    releases ``execir run`` and the training commands build at run time): the probe card goes
    into ``report`` (written to ``stage``'s build report) and the gate runs (``gated``; turned off
    where ``by_default``, the manifest says so).

    Raises:
        UsageError: the probe gate refuses the release.
    """
    probed = report["planted"]["total"] > 0  # else no family has a hard negative to probe
    if probed and (gated or families != "star"):
        # the card goes into the report of every release built to hide its answers (a
        # default star build keeps v1's report byte for byte)
        line = Stage(f"reading the probe card ({report['tasks']['released']:,} queries)", 1)
        report["probe_card"] = probe_card(stage, seed=seed)
        line.update(1)
    write_json(stage / REPORT_FILE, report)
    if gated and not probed:
        log("probe gate: nothing to probe (no distractor was planted)")
    elif gated:
        hint = ("its families are centred already; --no-probe-gate publishes it anyway, recorded in "
                "its manifest" if families == "centred" else GATE_HINT)
        gate_release(stage, margin=probe_margin, seed=seed, log=log, card=report["probe_card"], hint=hint)
    elif by_default:
        note_gate_off(stage, log=log)


#: what a refused build can do (a star build; a centred one is told that it is centred already)
GATE_HINT = "build with --families centred, or --no-probe-gate to publish it anyway, recorded in its manifest"


def gate_release(release: Path, *, margin: float, seed: int = 0, log: Log = print,
                 card: dict[str, Any] | None = None,
                 hint: str = GATE_HINT) -> dict[str, Any] | None:
    """The probe gate of a build (:mod:`execir.probes`): the card of the release just built in
    ``release`` (a staging folder; ``card`` when it is already computed); returns it when no
    probe beats chance by more than ``margin`` (:func:`execir.probes.card.gate`), None when no
    family has both a positive and a hard negative to probe.  ``hint`` ends the refusal's first
    line: what the user can do.

    Raises:
        UsageError: one line per probe that beats the margin (the build is not published).
    """
    if card is None:
        try:
            card = probe_card(release, seed=seed)
        except ValueError as exc:  # no family with both a positive and a hard negative
            log(f"probe gate: nothing to probe ({exc})")
            return None
    failures = gate(card, margin)
    if failures:
        raise UsageError(f"the release fails the probe gate (--probe-margin {margin:g}): "
                         f"{len(failures)} probe(s) pick the correct snippet without the query or the tests, "
                         f"so the release gives its answers away; nothing was published ({hint})\n  "
                         + "\n  ".join(failures))
    if margin != DEFAULT_MARGIN:  # the report judges the card by it; a default build keeps its bytes
        add_to_manifest(release, "probe_margin", margin)
    if undecided(card):
        log(f"probe gate: not decided: {undecided(card)}; the card is in build_report.json")
        return card
    log(f"probe gate: passed ({len(card['probes'])} probes within chance + {margin:g} or within luck)")
    return card


def note_gate_off(release: Path, *, log: Log = print) -> None:
    """Record in the manifest of the release being built in ``release`` (a staging folder) that
    the probe gate was turned off (``"probe_gate": "off"``): its probes were not checked, so
    the release may give its answers away (``execir probe`` measures it)."""
    add_to_manifest(release, "probe_gate", "off")
    log("probe gate: off (--no-probe-gate; recorded in manifest.json)")


def add_to_manifest(release: Path, key: str, value: Any) -> None:
    """Set ``key`` in the manifest of the release being built in ``release`` (a staging folder;
    the manifest hashes the other files, not itself)."""
    manifest = read_json(release / "manifest.json")
    manifest[key] = value
    write_json(release / "manifest.json", manifest)
