"""The release copy inside a results folder is itself a release: `execir evaluate` scores it to
the same leaderboard as the run that wrote it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from execir.cli.commands import app

runner = CliRunner()


def test_a_results_release_copy_evaluates_to_the_same_leaderboard(tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    first = runner.invoke(app, ["run", "--dataset", "humaneval", "--systems", "bm25", "--out", str(tmp_path / "a"),
                                "--quiet"])
    assert first.exit_code == 0, first.output
    manifest = json.loads((tmp_path / "a" / "release" / "manifest.json").read_text())
    assert "labels" not in manifest  # the copy has no labels.jsonl of its own
    again = runner.invoke(app, ["evaluate", str(tmp_path / "a" / "release"), "--systems", "bm25", "--out",
                                str(tmp_path / "b"), "--quiet"])
    assert again.exit_code == 0, again.output
    a = json.loads((tmp_path / "a" / "leaderboard.json").read_text())
    b = json.loads((tmp_path / "b" / "leaderboard.json").read_text())
    assert a["systems"][0]["metrics"] == b["systems"][0]["metrics"]
    assert a["systems"][0]["metrics"]["exec@1"]["value"] > 0
