"""The probe gate of `execir build --probe-gate`: a v1-style release (one canonical and its
single-edit mutants per task: a star with the answer at its centre) is refused with one line per
failing probe, exit code 2, and nothing is published."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli", *args], capture_output=True, text=True, env=env,
                          timeout=600)


def test_a_star_release_fails_the_gate_and_is_not_published(tmp_path):
    out = tmp_path / "rel"
    done = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet", "--workers", "1",
                 "--probe-gate"], tmp_path / "cache")
    assert done.returncode == 2, done.stderr
    assert "fails the probe gate (--probe-margin 0.05)" in done.stderr and "nothing was published" in done.stderr
    assert "first-in-file: exec@1 1.000" in done.stderr  # the canonical is first in the corpus file
    assert "Traceback" not in done.stderr
    assert not (out / "manifest.json").exists() and not (out / "corpus.jsonl").exists()
    # without the gate the same build publishes (v1 stays buildable)
    again = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet", "--workers", "1"],
                 tmp_path / "cache")
    assert again.returncode == 0, again.stderr
    assert (out / "manifest.json").is_file()


def test_probe_margin_is_checked_before_any_work(tmp_path):
    done = _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(tmp_path / "r"), "--probe-gate",
                 "--probe-margin", "1.5"], tmp_path / "cache")
    assert done.returncode == 2 and "--probe-margin must be between 0 and 1" in done.stderr
    assert not (tmp_path / "r").exists()
