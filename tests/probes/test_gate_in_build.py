"""The probe gate of `execir build` (on by default): a v1-style release (one canonical and its
single-edit mutants per task: a star with the answer at its centre) is refused with one line per
failing probe, exit code 2, and nothing is published; the default (centred) design passes;
`--no-probe-gate` publishes and says so in the manifest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from execir.datasets.shipped import gate_by_default

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", *args], capture_output=True, text=True, env=env,
                          timeout=600)


def test_a_star_release_fails_the_gate_and_is_not_published(tmp_path):
    out = tmp_path / "rel"
    done = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet", "--workers", "1",
                 "--families", "star"], tmp_path / "cache")
    assert done.returncode == 2, done.stderr
    assert "fails the probe gate (--probe-margin 0.05)" in done.stderr and "nothing was published" in done.stderr
    assert "first-in-file: exec@1 1.000" in done.stderr  # the canonical is first in the corpus file
    assert "--no-probe-gate" in done.stderr.splitlines()[0]  # the way out is named
    assert "Traceback" not in done.stderr
    assert not (out / "manifest.json").exists() and not (out / "corpus.jsonl").exists()
    # turned off, the same build publishes (v1 stays buildable) and its manifest says so
    again = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet", "--workers", "1",
                  "--families", "star", "--no-probe-gate"], tmp_path / "cache")
    assert again.returncode == 0, again.stderr
    assert json.loads((out / "manifest.json").read_text())["probe_gate"] == "off"
    assert "probe gate: off" in again.stderr


def test_the_default_build_is_centred_and_passes_the_gate(tmp_path):
    out = tmp_path / "rel"
    done = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet", "--workers", "1"],
                tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert "probe gate: passed" in done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["distractors"]["families"] == "centred" and "probe_gate" not in manifest
    assert "probe_margin" not in manifest  # the default margin leaves the manifest as it was
    card = json.loads((out / "build_report.json").read_text())["probe_card"]
    assert {r["probe"] for r in card["probes"]} >= {"medoid", "first-in-file"}


@pytest.mark.parametrize("dataset, path, settings, gated", [
    ("tasks", "t.jsonl", {"seed": 0, "families": "centred"}, True),
    ("tasks", "t.jsonl", {"seed": 0, "families": "star"}, True),
    ("humaneval", None, {"seed": 0, "families": "centred"}, True),  # v2 passes its gate
    ("humaneval@1", None, {"seed": 0, "families": "star"}, False),  # v1's bytes are fixed
    ("execir-py@1", None, {"seed": 1, "families": "star"}, True),  # not the shipped v1
    ("execir-py@1", "x.jsonl", {"seed": 0, "families": "star"}, True),
    ("humaneval@1", None, {"seed": 0, "families": "star", "distractors": "llm"}, True),  # not v1's bytes
    ("execir-poly@2", None, {"seed": 0}, False),  # v2's star bytes are fixed
    ("execir-poly", None, {"seed": 0, "families": "star"}, True),  # v2's bytes are execir-poly@2's
    ("execir-poly", None, {"seed": 0, "families": "centred"}, True),  # v3 passes its gate
    ("execir-poly@3", None, {"seed": 0}, True),
    ("execir-poly@2", None, {"seed": 0, "distractors": "both"}, True),
    ("execir-poly@2", "problems/", {"seed": 0}, True),
])
def test_which_builds_are_gated_by_default(dataset, path, settings, gated):
    assert gate_by_default(dataset, path, settings) is gated


def test_probe_margin_is_checked_before_any_work(tmp_path):
    done = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(tmp_path / "r"),
                 "--probe-margin", "1.5"], tmp_path / "cache")
    assert done.returncode == 2 and "--probe-margin must be between 0 and 1" in done.stderr
    assert not (tmp_path / "r").exists()


def test_too_few_families_is_said_not_passed(tmp_path):
    """Three star families: the medoid is right on all three (chance 0.217), p = 0.0102, which
    18 probes' Bonferroni bound (0.0028) cannot tell from luck: published, and said so."""
    three = tmp_path / "t3.jsonl"
    three.write_text("".join(FIXTURE.read_text().splitlines(keepends=True)[:3]))
    out = tmp_path / "rel"
    done = _cli(["build", "tasks", "--path", str(three), "--out", str(out), "--quiet", "--workers", "1",
                 "--families", "star"], tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert "probe gate: not decided: 3 families are too few to tell a leak from luck" in done.stderr
    assert "passed" not in done.stderr
    probe = _cli(["probe", str(out)], tmp_path / "cache")
    assert probe.returncode == 0, probe.stderr
    assert "gate: not decided -- 3 families are too few" in probe.stdout
    medoid = next(line for line in probe.stdout.splitlines() if line.startswith("medoid "))
    assert medoid.rstrip().endswith("luck?") and "FAIL" not in probe.stdout


def test_a_release_with_nothing_to_probe_is_said_so(tmp_path, monkeypatch):
    import execir.construction.gate as gate_module
    from execir.construction.gate import gate_release

    def no_family(*args, **kwargs):
        raise ValueError("rel: no query has both a positive and a hard negative to probe")

    monkeypatch.setattr(gate_module, "probe_card", no_family)
    said = []
    assert gate_release(tmp_path, margin=0.05, log=said.append) is None
    assert said == ["probe gate: nothing to probe (rel: no query has both a positive and a hard negative to probe)"]
