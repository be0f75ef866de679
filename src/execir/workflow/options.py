"""Command-level option checks shared by every command and the Python API: one place, run before any work.

:func:`check_options` rejects unusable values of ``--seed``, ``--workers``, ``--timeout``,
``--memory``, ``--out`` and ``--cache-dir`` with one-line :class:`~execir.errors.UsageError`
messages.  The checks lower layers need too live at or below their lowest user, one home each:
limits (:func:`execir.execution.limits.check_timeout`, :func:`~execir.execution.limits.check_memory`,
:func:`~execir.execution.limits.make_limits`), folders and the one :class:`Oracle` of a command
(:func:`execir.execution.oracle_setup.check_out_folder`, :func:`~execir.execution.oracle_setup.make_oracle`,
:func:`~execir.execution.oracle_setup.on_ray`) and ``--device``
(:func:`execir.retrieval.dense.check_device`).
"""

from __future__ import annotations

import os

from execir.errors import UsageError
from execir.execution.limits import check_memory, check_timeout
from execir.execution.oracle_setup import check_out_folder


def check_language(language: str, *, option: str = "--language") -> str:
    """The canonical name of an oracle language (aliases such as ``js`` and ``c++`` resolved).

    Raises:
        UsageError: naming ``option`` and the languages the oracle runs.
    """
    from execir.execution.toolchains import LANGUAGES, canonical

    try:
        return canonical(language)
    except ValueError:
        raise UsageError(f"{option} {language!r}: expected one of {', '.join(LANGUAGES)}") from None


def check_compare(compare: str, *, option: str = "--compare") -> str:
    """``compare`` when it is an output comparison mode of the program runners.

    Raises:
        UsageError: naming ``option`` and the modes.
    """
    from execir.execution.languages import COMPARE_MODES

    if compare not in COMPARE_MODES:
        raise UsageError(f"{option} {compare!r}: expected one of {', '.join(COMPARE_MODES)}")
    return compare


def check_price(text: str | None, *, option: str = "--llm-price") -> tuple[float, float] | None:
    """``"0.15,0.6"`` -> ``(0.15, 0.6)``: US dollars per million prompt and completion tokens
    (None stays None).

    Raises:
        UsageError: not two finite non-negative numbers separated by a comma.
    """
    if text is None:
        return None
    try:
        price = tuple(float(part) for part in text.split(","))
    except ValueError:
        price = ()
    if len(price) != 2 or not all(0 <= x < float("inf") for x in price):
        raise UsageError(f"{option} must be PROMPT,COMPLETION, two dollar amounts per million tokens "
                         f"(like 0.15,0.6), got {text!r}")
    return price  # type: ignore[return-value]


def check_options(*, out: str | os.PathLike[str] | None = None, seed: int | None = None,
                  workers: int | None = None, cache_dir: str | os.PathLike[str] | None = None,
                  timeout: float | None = None, memory_mb: int | None = None,
                  out_kind: str | None = None, match_negatives: str | None = None) -> None:
    """Reject unusable option values before any work starts (``None`` = not given).

    ``out_kind``: the kind of output ``out`` receives (a key of :data:`execir.formats.publish.KINDS`); it
    must not hold another kind, nor be the cache root (:func:`execir.formats.publish.check_out_kind`).

    Raises:
        UsageError: ``seed`` < 0, ``workers`` < 1, a ``timeout`` or ``memory_mb`` out of range,
            ``out`` / ``cache_dir`` not a folder execir can write (:func:`check_out_folder`), or
            ``out`` holding another kind of output.
    """
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    if match_negatives is not None:
        from execir.evaluation.evaluate import MATCH_CHOICES

        if match_negatives not in MATCH_CHOICES:
            raise UsageError(f"--match-negatives must be one of {list(MATCH_CHOICES)}, got {match_negatives!r}")
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    if timeout is not None:
        check_timeout(timeout)
    if memory_mb is not None:
        check_memory(memory_mb)
    if out is not None:
        if out_kind is not None:  # first: it only reads, so a refused folder is not touched at all
            from execir.formats.publish import check_out_kind

            check_out_kind(out, out_kind, cache_dir=cache_dir)
        check_out_folder(out)
    if cache_dir is not None:
        check_out_folder(cache_dir, option="--cache-dir")


