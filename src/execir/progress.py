"""The one progress display of a command: a rich display on stderr, one line per stage.

A command opens it once (:func:`command_display`); every stage that takes time reports through
:func:`stage` ("executing mutants (2,634 pairs)", "minilm: encoding corpus (5,314 snippets)",
"labelling 312 new snippets") with counts, elapsed time and ETA, and :func:`note` prints one line
above it ("execir-py v1: 1,063 queries, 5,314 snippets").  Without an open display, or with
``quiet``, both do nothing; stdout is left to the final table.  Opening the display also
silences third-party bars and log lines (transformers' ``Loading weights``, sentence-transformers'
``Batches``, Hugging Face warnings) for the command's duration.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_CURRENT: "_Display | None" = None


class _Display:
    def __init__(self, quiet: bool):
        self.quiet = quiet
        self._progress: Any = None
        self._console: Any = None

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
        self._bar = _CURRENT._bar() if active() and total > 0 else None
        self._task = None if self._bar is None else self._bar.add_task(description, total=total)

    def advance(self, n: int = 1) -> None:
        """``n`` more units done."""
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def update(self, completed: int) -> None:
        """``completed`` units done in all."""
        if self._bar is not None:
            self._bar.update(self._task, completed=completed)


@contextmanager
def stage(description: str, total: int) -> Iterator[Stage]:
    """A stage of ``total`` units (the line stays, with its final count, afterwards)."""
    yield Stage(description, total)


def note(line: str) -> None:
    """One line above the display (nothing when no display is open or it is quiet)."""
    if active():
        _CURRENT._bar().console.print(line, highlight=False, markup=False)
