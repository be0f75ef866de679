"""Option checks shared by every command and the Python API: one place, run before any work.

:func:`check_options` rejects unusable values of ``--seed``, ``--workers``, ``--timeout``,
``--memory``, ``--out`` and ``--cache-dir`` with one-line :class:`~execir.errors.UsageError`
messages; :func:`make_oracle` turns the checked values into the one :class:`Oracle` a command
hands to every stage.
"""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path
from typing import Any

from execir.errors import UsageError
from execir.execution import Oracle
from execir.execution.limits import MEMORY_RANGE_MB, TIMEOUT_RANGE, Limits


def check_out_folder(out: str | os.PathLike[str], *, option: str = "--out") -> None:
    """Reject a folder that could not be created or written, before any work.

    Raises:
        UsageError: ``out`` exists and is not a folder, one of its parents is a file or a broken
            symbolic link, or the folder (or the nearest existing folder above it) lacks
            write/search permission for this user.
    """
    out = Path(out).expanduser()
    if out.exists() and not out.is_dir():
        raise UsageError(f"{option} {out} exists and is not a folder")
    existing = out
    while not existing.exists():
        if existing.parent == existing:
            break
        if existing.is_symlink():  # a dangling link: creating the folder would fail
            raise UsageError(f"{option} {out}: {existing} is a broken symbolic link")
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise UsageError(f"{option} {out}: {existing} is a file, not a folder")
    what = "folder" if existing == out else f"folder {existing}"
    if existing.exists() and not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {out}: cannot write in the {what} (permission denied)")
    try:  # the real test (root passes os.access everywhere, /proc and read-only mounts included);
        # an unnamed file (O_TMPFILE where Linux has it), so a command killed here leaves no name behind
        with tempfile.TemporaryFile(prefix=".execir-probe-", dir=existing):
            pass
    except OSError as exc:
        raise UsageError(f"{option} {out}: cannot write in the {what} "
                         f"({exc.strerror or exc})") from None


def check_cache_root(cache_dir: str | os.PathLike[str] | None = None) -> None:
    """Reject a cache root (``cache_dir``, else ``$EXECIR_CACHE_DIR``, else ``~/.cache/execir``)
    that could not be created or written, naming the option or variable it came from.

    Raises:
        UsageError: see :func:`check_out_folder`.
    """
    from execir.paths import CACHE_ENV, cache_root

    if cache_dir is not None:
        option = "--cache-dir"
    elif os.environ.get(CACHE_ENV):
        option = f"${CACHE_ENV}"
    else:
        option = "the cache folder"
    check_out_folder(cache_root(cache_dir), option=option)


def check_timeout(timeout: float, *, option: str = "--timeout") -> float:
    """``timeout`` (seconds) when inside :data:`~execir.execution.limits.TIMEOUT_RANGE`.

    Raises:
        UsageError: not a finite number in that range (``inf``, ``nan``, 0, negative, 1e12).
    """
    lo, hi = TIMEOUT_RANGE
    if not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or not lo <= timeout <= hi:
        raise UsageError(f"{option} must be a number of seconds from {lo:g} to {hi:g}, got {timeout}")
    return float(timeout)


def check_memory(memory_mb: int, *, option: str = "--memory") -> int:
    """``memory_mb`` (MiB) when inside :data:`~execir.execution.limits.MEMORY_RANGE_MB`.

    Raises:
        UsageError: outside that range.
    """
    lo, hi = MEMORY_RANGE_MB
    if not lo <= memory_mb <= hi:
        raise UsageError(f"{option} must be from {lo} to {hi} MiB, got {memory_mb}")
    return int(memory_mb)


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


#: where local models run (``--device``).
DEVICES = ("auto", "cpu", "cuda")


def check_device(device: str, *, option: str = "--device") -> str:
    """``device`` when it is one of :data:`DEVICES` (whether a GPU is there is checked when a
    model is loaded: :func:`execir.retrieval.dense.resolve_device`).

    Raises:
        UsageError: naming ``option`` and the devices.
    """
    if device not in DEVICES:
        raise UsageError(f"{option} must be auto, cpu or cuda, got {device!r}")
    return device


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


def make_limits(*, timeout: float | None = None, memory_mb: int | None = None) -> Limits:
    """:class:`Limits` with the given ``timeout`` / ``memory_mb`` (checked), defaults otherwise.

    Raises:
        UsageError: a value out of range.
    """
    changes: dict = {}
    if timeout is not None:
        changes["timeout"] = check_timeout(timeout)
    if memory_mb is not None:
        changes["memory_mb"] = check_memory(memory_mb)
    return Limits(**changes)


def make_oracle(*, timeout: float | None = None, memory_mb: int | None = None,
                workers: int | None = None, cache_dir: str | os.PathLike[str] | None = None,
                use_cache: bool = True, quiet: bool = False, ray: str | None = None) -> Oracle:
    """The one :class:`Oracle` of a command: checked limits, ``workers``, and the execution cache
    under the cache root (``cache_dir``, ``$EXECIR_CACHE_DIR``, ``~/.cache/execir``) unless
    ``use_cache`` is False.  ``ray``: the address of a Ray cluster (``HOST:PORT``,
    ``ray://HOST:PORT`` or ``auto``) whose nodes run the pairs (:mod:`execir.scale`); joined
    here, after every other check and before any work.  ``None`` or ``""``: this machine only
    (``ray`` is then never imported).

    Raises:
        UsageError: ``workers`` < 1, a limit out of range, or a cache root that cannot be
            created or written (:func:`check_cache_root`, checked even with ``use_cache`` off:
            releases and embeddings live there too); for ``ray``: see
            :func:`execir.scale.connect` (no ray package, unreachable address, version mismatch).
    """
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    check_cache_root(cache_dir)
    limits = make_limits(timeout=timeout, memory_mb=memory_mb)
    executor = _ray_executor(ray)  # joined first: nothing (not even the cache) is created before it answers
    return Oracle(limits=limits, workers=workers, cache="default" if use_cache else None,
                  cache_dir=cache_dir, quiet=quiet, executor=executor)


def _ray_executor(ray: str | None) -> Any:
    """The executor of the Ray cluster at ``ray``, or None (this machine) for None or ``""``."""
    if not ray:
        return None
    from execir.scale import RayExecutor, connect

    return RayExecutor(connect(ray))


def on_ray(oracle: Oracle, ray: str | None) -> Oracle:
    """``oracle`` itself when ``ray`` is None or ``""``; else a copy (same limits, workers, cache)
    whose pairs run on the Ray cluster at ``ray`` (:func:`execir.scale.connect`).

    Raises:
        UsageError: see :func:`execir.scale.connect`.
    """
    if not ray:
        return oracle
    import copy

    out = copy.copy(oracle)
    out.executor = _ray_executor(ray)
    return out
