"""The progress display's plain mode: the lines a log or a pipe gets (issue 24, item 4)."""

from __future__ import annotations

import pytest

from execir import progress
from execir.progress import INTERVAL, Stage, command_display, note


@pytest.fixture
def clock(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(progress, "_clock", lambda: now[0])
    return now


def test_plain_lines_start_tick_and_end(monkeypatch, capsys, clock):
    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    with command_display(quiet=False):
        note("humaneval v1: 164 queries")
        line = Stage("executing mutants (2,634 pairs)", 2634)
        line.advance(1000)                   # at once: no line yet
        clock[0] += INTERVAL - 0.5
        line.advance(200)                    # 9.5 s: still none
        clock[0] += 1.0
        line.advance(300)                    # 10.5 s: one progress line
        clock[0] += 61.0
        line.update(2634)                    # 71.5 s: the end line, once
        line.advance(5)
    err = capsys.readouterr().err.splitlines()
    assert err == ["humaneval v1: 164 queries",
                   "executing mutants (2,634 pairs): started",
                   "executing mutants (2,634 pairs): 1,500/2,634, 0:00:10 elapsed",
                   "executing mutants (2,634 pairs): done, 2,634 in 0:01:11"]


def test_long_descriptions_are_never_cut(monkeypatch, capsys, clock):
    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    name = "minilm: encoding corpus (5,314 snippets) " + "x" * 120
    with command_display(quiet=False):
        Stage(name, 1).advance()
    assert capsys.readouterr().err.splitlines() == [f"{name}: started", f"{name}: done, in 0:00:00"]


def test_quiet_and_empty_stages_print_nothing(monkeypatch, capsys, clock):
    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    with command_display(quiet=True):
        Stage("a", 3).advance(3)
        note("b")
    with command_display(quiet=False):
        Stage("nothing to do", 0).advance()
    assert capsys.readouterr().err == ""


def test_mode_follows_the_terminal_unless_the_variable_says(monkeypatch):
    class Tty:
        def __init__(self, tty):
            self.tty = tty

        def isatty(self):
            return self.tty

    monkeypatch.delenv(progress.MODE_VARIABLE, raising=False)
    monkeypatch.setattr(progress.sys, "stderr", Tty(True))
    assert not progress.plain_mode()
    monkeypatch.setattr(progress.sys, "stderr", Tty(False))
    assert progress.plain_mode()
    monkeypatch.setenv(progress.MODE_VARIABLE, "bars")
    assert not progress.plain_mode()
    monkeypatch.setattr(progress.sys, "stderr", Tty(True))
    monkeypatch.setenv(progress.MODE_VARIABLE, "PLAIN")
    assert progress.plain_mode()


def test_the_ticker_speaks_for_a_silent_stage(monkeypatch, capsys, clock):
    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    monkeypatch.setattr(progress, "TICK", 3600.0)  # the thread sleeps; ticks are called here
    with command_display(quiet=False):
        display = progress._CURRENT
        Stage("a finished stage", 2).update(2)
        silent = Stage("scoring: metrics, 5,000 bootstraps", 1)
        display.tick()                       # 0 s: nothing to say yet
        clock[0] += INTERVAL
        display.tick()                       # 10 s without a line: the ticker says it
        clock[0] += INTERVAL / 2
        display.tick()                       # 5 s after the last line: nothing
        counted = Stage("executing mutants (9 pairs)", 9)
        counted.advance(4)
        clock[0] += INTERVAL
        display.tick()                       # the latest stage speaks, with its count
        counted.update(9)
        silent.update(1)
        clock[0] += INTERVAL
        display.tick()                       # every stage ended: silence
    assert capsys.readouterr().err.splitlines() == [
        "a finished stage: started", "a finished stage: done, 2 in 0:00:00",
        "scoring: metrics, 5,000 bootstraps: started",
        "scoring: metrics, 5,000 bootstraps: 0:00:10 elapsed",
        "executing mutants (9 pairs): started",
        "executing mutants (9 pairs): 4/9, 0:00:10 elapsed",
        "executing mutants (9 pairs): done, 9 in 0:00:10",
        "scoring: metrics, 5,000 bootstraps: done, in 0:00:25"]


def test_the_ticker_thread_runs_and_stops_with_the_display(monkeypatch, capsys):
    import threading
    import time

    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    monkeypatch.setattr(progress, "INTERVAL", 0.05)
    monkeypatch.setattr(progress, "TICK", 0.01)
    with command_display(quiet=False):
        Stage("one long batch", 1)
        waited, seen = 0.0, ""
        while seen.count("one long batch: 0:00:00 elapsed") < 2 and waited < 20:
            time.sleep(0.05)
            waited += 0.05
            seen += capsys.readouterr().err
    assert waited < 20, seen
    assert not [t for t in threading.enumerate() if t.name == "execir-progress"]
