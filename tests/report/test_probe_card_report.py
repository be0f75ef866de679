"""The release's probe card travels with the results (``release/build_report.json``) and the
report shows it beside the leaderboard (issue 23 item 1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from execir.construction import build_release
from execir.datasets import load_dataset
from execir.execution import Oracle
from execir.workflow.pipeline import evaluate_release
from execir.report.card import probe_card_html

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"


def _row(probe, hits, n, chance):
    value = hits / n
    return {"probe": probe, "exec@1": value, "ci_low": value - 0.1, "ci_high": value + 0.1,
            "chance": chance, "lift": value - chance, "lift_ci_low": value - chance - 0.1,
            "lift_ci_high": value - chance + 0.1, "n_families": n, "split": "all"}


CARD = {"n_families": 40, "n_queries": 40, "split": {"train_problems": 20, "held_out_problems": 20},
        "probes": [_row("medoid", 22, 40, 0.25), _row("anti-medoid", 4, 40, 0.25),
                   _row("lowest-id", 11, 40, 0.25)],
        "languages": {}}


def test_the_card_is_a_table_with_the_gate_verdict_of_each_probe():
    html = probe_card_html(CARD)
    # 22 of 40 at chance 0.25: lift +0.300, far beyond luck (p ~ 1e-5 < 0.05 / 3)
    assert "<td>medoid</td><td>0.550 [0.450, 0.650]</td><td>0.250</td><td>+0.300</td><td>40</td><td>FAIL</td>" in html
    assert "<td>anti-medoid</td><td>0.100 [0.000, 0.200]</td><td>0.250</td><td>-0.150</td><td>40</td><td>below</td>" in html
    assert "<td>lowest-id</td><td>0.275 [0.175, 0.375]</td><td>0.250</td><td>+0.025</td><td>40</td><td></td>" in html
    assert "40 families from 40 queries" in html
    assert "<b>gate: FAIL</b> -- medoid: exec@1 0.550" in html
    assert "No probe card" in probe_card_html(None)
    passing = {**CARD, "probes": CARD["probes"][1:]}
    assert "gate: pass" in probe_card_html(passing)
    # a leak in one language only: the overall row passes, the gate line and the cell say so
    # (Go: 30 of 30 at chance 0.25, lift interval [+0.65, +0.85] above the margin)
    leaky = {**passing, "languages": {"go": [_row("lowest-id", 30, 30, 0.25)], "cpp": [_row("anti-medoid", 2, 10, 0.5)]}}
    html = probe_card_html(leaky)
    assert "<b>gate: FAIL</b> -- lowest-id: overall lift +0.0250, but the whole 95% interval" in html
    tail = html.split("Lift by language:")[1]
    assert "<th>cpp</th><th>go</th>" in tail  # sorted; a probe without a row there shows '-'
    assert "<td>anti-medoid</td><td>-0.300</td><td>-</td>" in tail
    assert "<td>lowest-id</td><td>-</td><td>+0.750*</td>" in tail


def test_a_run_keeps_the_release_card_and_its_report_shows_it(tmp_path):
    release = tmp_path / "rel"
    build_release(load_dataset("tasks", FIXTURE), release, name="fx", oracle=Oracle(workers=2))
    report = json.loads((release / "build_report.json").read_text())
    (release / "build_report.json").write_text(json.dumps({**report, "probe_card": CARD}))
    evaluate_release(release, systems="bm25", out=tmp_path / "res", oracle=Oracle(),
                     cache_dir=tmp_path / "cache", log=lambda _m: None)
    copy = tmp_path / "res" / "release" / "build_report.json"
    assert copy.read_bytes() == (release / "build_report.json").read_bytes()
    html = (tmp_path / "res" / "report.html").read_text()
    assert "<td>medoid</td><td>0.550 [0.450, 0.650]</td>" in html
    assert "release/build_report.json" in json.loads((tmp_path / "res" / "outputs.json").read_text())["files"]

    from typer.testing import CliRunner

    from execir.cli.commands import app

    for wrong in ("[]", '{"probe_card": 5}', '{"probe_card": {"probes": "x"}}',
                  json.dumps({"probe_card": {**CARD, "probes": [{"probe": "medoid"}]}}),
                  json.dumps({"probe_card": {**CARD, "n_queries": "<b>40</b>"}}),
                  json.dumps({"probe_card": {**CARD, "probes": [{**CARD["probes"][0], "lift": "0.3"}]}})):
        copy.write_text(wrong)
        result = CliRunner().invoke(app, ["report", str(tmp_path / "res")])
        assert result.exit_code == 2, (wrong, result.output)
        assert result.output.strip().endswith(
            "release/build_report.json: field 'probe_card': not a build report with a probe card "
            "(an object whose probe_card has n_families, n_queries, probes rows and per-language rows "
            "as `execir probe --json` writes them)"), result.output

    bare = tmp_path / "bare"  # a release without a report: the page says so
    shutil.copytree(release, bare)
    (bare / "build_report.json").unlink()
    evaluate_release(bare, systems="bm25", out=tmp_path / "res2", oracle=Oracle(),
                     cache_dir=tmp_path / "cache", log=lambda _m: None)
    assert not (tmp_path / "res2" / "release" / "build_report.json").exists()
    assert "No probe card" in (tmp_path / "res2" / "report.html").read_text()



def test_the_card_is_judged_by_the_margin_the_release_was_built_under(tmp_path):
    from execir.errors import DataError
    from execir.construction.gate import gate_release
    from execir.report.card import release_margin

    passing = {**CARD, "probes": CARD["probes"][1:]}  # lifts -0.150 and +0.025
    stage = tmp_path / "stage"
    stage.mkdir()
    (stage / "manifest.json").write_text('{"name": "fx"}')
    assert gate_release(stage, margin=0.05, card=passing, log=lambda _m: None) is passing
    assert json.loads((stage / "manifest.json").read_text()) == {"name": "fx"}  # the default: no new key
    assert release_margin(stage) == 0.05
    # medoid's +0.300 fails at 0.05; a build under --probe-margin 0.35 publishes it and says so
    assert gate_release(stage, margin=0.35, card=CARD, log=lambda _m: None) is CARD
    assert json.loads((stage / "manifest.json").read_text()) == {"name": "fx", "probe_margin": 0.35}
    assert release_margin(stage) == 0.35
    html = probe_card_html(CARD, release_margin(stage))
    assert "<td>medoid</td><td>0.550 [0.450, 0.650]</td><td>0.250</td><td>+0.300</td><td>40</td><td></td>" in html
    assert "gate: pass" in html and "margin the release was built under (0.35)" in html
    assert "<b>gate: FAIL</b>" in probe_card_html(CARD) and "default margin (0.05)" in probe_card_html(CARD)
    # anti-medoid (-0.150) is "below" at 0.05, not at 0.2
    assert "<td>-0.150</td><td>40</td><td>below</td>" in probe_card_html(CARD, 0.05)
    assert "<td>-0.150</td><td>40</td><td></td>" in probe_card_html(CARD, 0.2)
    for wrong in ('{"probe_margin": "0.1"}', '{"probe_margin": 2}', '{"probe_margin": true}'):
        (stage / "manifest.json").write_text(wrong)
        try:
            release_margin(stage)
        except DataError as exc:
            assert "field 'probe_margin'" in str(exc) and "manifest.json" in str(exc)
        else:
            raise AssertionError(wrong)
    assert release_margin(tmp_path / "no-such-release") == 0.05


def test_reproduce_recomputes_the_card_the_report_shows(tmp_path):
    from execir.errors import DataError
    from execir.workflow.reproduce import reproduce
    from execir.probes.card import probe_card

    release = tmp_path / "rel"
    build_release(load_dataset("tasks", FIXTURE), release, name="fx", oracle=Oracle(workers=2),
                  families="centred")
    report = json.loads((release / "build_report.json").read_text())
    card = probe_card(release, seed=3, replicates=200)
    (release / "build_report.json").write_text(json.dumps({**report, "probe_card": card}))
    evaluate_release(release, systems="bm25", out=tmp_path / "res", oracle=Oracle(),
                     cache_dir=tmp_path / "cache", log=lambda _m: None)
    assert reproduce(tmp_path / "res") == []
    copy = tmp_path / "res" / "release" / "build_report.json"
    saved = json.loads(copy.read_text())
    first = saved["probe_card"]["probes"][0]
    copy.write_text(json.dumps({**saved, "probe_card": {**saved["probe_card"], "probes": [
        {**first, "exec@1": 0.987654}, *saved["probe_card"]["probes"][1:]]}}))
    assert reproduce(tmp_path / "res") == [
        f"release/build_report.json/probe_card/probes[0]/exec@1: saved 0.987654 != recomputed {first['exec@1']!r}"]
    copy.write_text(json.dumps({**saved, "probe_card": {**saved["probe_card"], "seed": "3"}}))
    try:
        reproduce(tmp_path / "res")
    except DataError as exc:
        assert "build_report.json" in str(exc) and "field 'probe_card'" in str(exc)
    else:
        raise AssertionError("a card without an integer seed was read")
