"""What one ``execir build`` hands its builder (:class:`BuildRequest`) and what a builder is
(:class:`Builder`); the builders are :data:`execir.cli.build.BUILDERS`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence


@dataclass(frozen=True)
class BuildRequest:
    """One ``execir build`` after its option checks: what every :class:`Builder` reads.

    Attributes mirror the command's options (``path``: ``--from-problems`` when given, else
    ``--path``; ``partial``: the problems come from ``--from-problems``, an LLM writing what the
    folder leaves out); ``oracle`` is the one :class:`~execir.execution.Oracle`, ``clients`` the
    LLM clients (:func:`llm_clients`), ``price`` dollars per million prompt and completion tokens
    or None, ``samples`` programs asked per problem and language, ``log`` one line of progress.
    """

    out: Path
    dataset: Optional[str]
    path: Optional[Path]
    partial: bool
    language: Optional[str]
    seed: int
    oracle: Any
    clients: Sequence[Any]
    price: Optional[tuple[float, float]]
    samples: int
    distractors: str
    rewrite: bool
    functions_out: Optional[Path]
    families: Optional[str]
    probe_gate: Optional[bool]
    probe_margin: float
    extended: bool
    min_distractors: int
    fill_extended: int
    amplify: bool
    stacked: bool
    cache_dir: Optional[Path]
    quiet: bool
    log: Callable[[str], None]


@dataclass(frozen=True)
class Builder:
    """What ``execir build`` makes from one kind of input.

    Attributes:
        kind: the kind of release it writes (:data:`execir.records.SINGLE_TASK` or
            :data:`~execir.records.MULTITASK`).
        rewrite: ``--rewrite`` applies (the input has problem statements to rewrite).
        samples: ``--samples`` applies with ``--llm`` (programs asked per problem and language).
        run: ``run(request)`` builds, gates and publishes the release and prints its summary.
    """

    kind: str
    rewrite: bool
    samples: bool
    run: Callable[[BuildRequest], None]
