"""The kinds of benchmark (issue 52): every kind has every hook, and a leaderboard or results
folder names its kind by its ``format`` field."""

import json

from execir.evaluation.kinds import BY_FORMAT, KINDS, Multitask, SingleTask, board_kind, results_kind
from execir.evaluation.multitask import LEADERBOARD_FORMAT
from execir.records import MULTITASK, SINGLE_TASK


def test_every_registry_of_kind_hooks_covers_both_kinds():
    from execir.cli.render import PRINTERS
    from execir.report.html import PAGES
    from execir.rerank.held_out import PER_TASK
    from execir.workflow.results_folder import RESULTS_FOLDERS

    for registry in (KINDS, PRINTERS, PAGES, PER_TASK, RESULTS_FOLDERS):
        assert set(registry) == {SINGLE_TASK, MULTITASK}
    assert {kind.name for kind in KINDS.values()} == {SINGLE_TASK, MULTITASK}
    assert set(BY_FORMAT) == {None, LEADERBOARD_FORMAT}


def test_a_leaderboard_names_its_kind_by_its_format():
    assert isinstance(board_kind({"format": LEADERBOARD_FORMAT}), Multitask)
    assert isinstance(board_kind({"systems": []}), SingleTask)
    assert isinstance(board_kind({"format": "something-else/1"}), SingleTask)


def test_a_results_folder_without_a_readable_leaderboard_is_read_as_single_task(tmp_path):
    assert isinstance(results_kind(tmp_path), SingleTask)  # no leaderboard: its reader names the problem
    (tmp_path / "leaderboard.json").write_text("{not json", encoding="utf-8")
    assert isinstance(results_kind(tmp_path), SingleTask)
    (tmp_path / "leaderboard.json").write_text(json.dumps({"format": LEADERBOARD_FORMAT}), encoding="utf-8")
    assert isinstance(results_kind(tmp_path), Multitask)


def test_only_the_multitask_kind_keeps_queries_without_a_positive_by_default():
    assert KINDS[MULTITASK].match_negatives == "keep"
    assert KINDS[SINGLE_TASK].match_negatives is None
