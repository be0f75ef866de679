"""The one progress display of a command: a rich display on stderr, one line per stage.

A command opens it once (:func:`command_display`); every stage that takes time reports through
:func:`stage` ("executing mutants (2,634 pairs)", "minilm: encoding corpus (5,314 snippets)",
"labelling 312 new snippets") with counts, elapsed time and ETA, and :func:`note` prints one line
above it ("execir-py v1: 1,063 queries, 5,314 snippets").  Without an open display, or with
``quiet``, both do nothing; stdout is left to the final table.

When stderr is not a terminal (CI, ``| tee``, ``2> log``) the display is plain lines instead of
bars, never cut to a width: one line when a stage starts (its name and size), one every
:data:`INTERVAL` seconds while it runs (done / total, elapsed) and one when it ends (total,
elapsed).  A ticker thread prints the running line of the latest unfinished stage when that
stage has printed nothing for :data:`INTERVAL` seconds, so a stage that reports no progress for
minutes (one long encoding batch, the bootstrap) still shows it is alive.
``EXECIR_PROGRESS=plain`` or ``=bars`` overrides the choice.  Opening the display also
silences third-party bars and log lines (transformers' ``Loading weights``, sentence-transformers'
``Batches``, Hugging Face warnings) for the command's duration.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_CURRENT: "_Display | None" = None
#: seconds between two lines of a running stage in plain mode
INTERVAL = 10.0
#: seconds between two looks of the plain-mode ticker at the running stage
TICK = 1.0
#: environment variable forcing ``plain`` lines or rich ``bars``
MODE_VARIABLE = "EXECIR_PROGRESS"


def plain_mode() -> bool:
    """True when the display prints plain lines: :data:`MODE_VARIABLE` says ``plain``, or it does
    not say ``bars`` and stderr is not a terminal."""
    mode = os.environ.get(MODE_VARIABLE, "").strip().lower()
    if mode in ("plain", "bars"):
        return mode == "plain"
    isatty = getattr(sys.stderr, "isatty", None)
    return not (callable(isatty) and isatty())


def _clock() -> float:
    return time.monotonic()


def _elapsed(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def _plain(line: str) -> None:
    """One line on stderr, flushed (a log reader sees it at once)."""
    print(line, file=sys.stderr, flush=True)


class _Display:
    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.plain = plain_mode()
        self._progress: Any = None
        self._console: Any = None
        self.lock = threading.Lock()  # one plain line at a time (stages and the ticker)
        self._open: list[_PlainLines] = []
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def register(self, lines: "_PlainLines") -> None:
        """A plain stage started: the ticker watches it (started on the first stage)."""
        self._open.append(lines)
        if self._ticker is None:
            self._ticker = threading.Thread(target=self._run_ticker, name="execir-progress",
                                            daemon=True)
            self._ticker.start()

    def _run_ticker(self) -> None:
        while not self._stop.wait(TICK):
            self.tick()

    def tick(self) -> None:
        """Print the running line of the latest unfinished stage if it has been silent for
        :data:`INTERVAL` seconds (the ticker thread calls this every :data:`TICK` seconds)."""
        with self.lock:
            self._open = [lines for lines in self._open if not lines.ended]
            if self._open and _clock() - self._open[-1].last >= INTERVAL:
                self._open[-1].running_line(_clock())

    def _bar(self) -> Any:
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)

            self._console = Console(stderr=True)
            self._progress = Progress(TextColumn("{task.description}"), BarColumn(bar_width=16),
                                      MofNCompleteColumn(), TimeElapsedColumn(),
                                      TextColumn("eta"), TimeRemainingColumn(),
                                      console=self._console, transient=False)
            self._progress.start()
        return self._progress

    def close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=5)
        if self._progress is not None:
            self._progress.stop()


def _silence_third_party() -> Callable[[], None]:
    """Silence other libraries' bars and log lines; returns what restores them."""
    undo: list[Callable[[], None]] = []
    try:
        from transformers.utils import logging as hf_logging

        level = hf_logging.get_verbosity()
        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()
        undo += [lambda: hf_logging.set_verbosity(level), hf_logging.enable_progress_bar]
    except ImportError:
        pass
    try:
        from huggingface_hub.utils import disable_progress_bars, enable_progress_bars

        disable_progress_bars()
        undo.append(enable_progress_bars)
    except ImportError:
        pass
    for name in ("sentence_transformers", "bm25s", "faiss", "httpx"):
        log = logging.getLogger(name)
        old = log.level
        log.setLevel(logging.ERROR)
        undo.append(lambda log=log, old=old: log.setLevel(old))

    def restore() -> None:
        for step in reversed(undo):
            step()

    return restore


@contextmanager
def command_display(*, quiet: bool) -> Iterator[None]:
    """Open the command's display (nothing is shown with ``quiet``); closed on exit."""
    global _CURRENT
    previous = _CURRENT
    display = _Display(quiet)
    restore = _silence_third_party()
    _CURRENT = display
    try:
        yield
    finally:
        _CURRENT = previous
        display.close()
        restore()


def active() -> bool:
    """True when a display is open and not quiet (stages will be shown)."""
    return _CURRENT is not None and not _CURRENT.quiet


class Stage:
    """One stage line of the display (does nothing when no display is shown)."""

    def __init__(self, description: str, total: int):
        shown = active() and total > 0
        self._lines = _PlainLines(description, total, _CURRENT) if shown and _CURRENT.plain \
            else None
        self._bar = _CURRENT._bar() if shown and self._lines is None else None
        self._task = None if self._bar is None else self._bar.add_task(description, total=total)

    def advance(self, n: int = 1) -> None:
        """``n`` more units done."""
        if self._bar is not None:
            self._bar.advance(self._task, n)
        elif self._lines is not None:
            self._lines.set(self._lines.completed + n)

    def update(self, completed: int) -> None:
        """``completed`` units done in all."""
        if self._bar is not None:
            self._bar.update(self._task, completed=completed)
        elif self._lines is not None:
            self._lines.set(completed)


class _PlainLines:
    """A stage in plain mode: a start line, a line every :data:`INTERVAL` seconds, an end line
    when ``completed`` reaches ``total``."""

    def __init__(self, description: str, total: int, display: _Display):
        self.description, self.total, self.completed = description, total, 0
        self.start = self.last = _clock()
        self.ended = False
        self.display = display
        with display.lock:
            _plain(f"{description}: started")
            display.register(self)

    def set(self, completed: int) -> None:
        with self.display.lock:
            if self.ended:
                return
            self.completed = completed
            now = _clock()
            if completed >= self.total:
                self.ended = True
                size = f"{completed:,} " if self.total > 1 else ""
                _plain(f"{self.description}: done, {size}in {_elapsed(now - self.start)}")
            elif now - self.last >= INTERVAL:
                self.running_line(now)

    def running_line(self, now: float) -> None:
        """``<stage>: done/total, elapsed`` (the count only for stages of several units); the
        caller holds the display's lock."""
        self.last = now
        count = f"{self.completed:,}/{self.total:,}, " if self.total > 1 else ""
        _plain(f"{self.description}: {count}{_elapsed(now - self.start)} elapsed")


@contextmanager
def stage(description: str, total: int) -> Iterator[Stage]:
    """A stage of ``total`` units (the line stays, with its final count, afterwards)."""
    yield Stage(description, total)


def note(line: str) -> None:
    """One line above the display (nothing when no display is open or it is quiet)."""
    if active():
        if _CURRENT.plain:
            with _CURRENT.lock:
                _plain(line)
        else:
            _CURRENT._bar().console.print(line, highlight=False, markup=False)
