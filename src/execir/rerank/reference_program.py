"""A code-to-code query's own program as the reference of execution consensus (CoREB's c2c task).

A code-to-code query *is* a program: the user holds working code in one language and asks for the
same behaviour in another.  What that program prints is therefore the answer every candidate
should print, on any input the program reads -- and no input is written in the query.  So the
inputs are generated: :func:`grid_inputs` draws stdin texts of small integers in the shapes
stdin/stdout programs commonly read (a count then that many values; a count then that many lines;
rows and columns then a grid; a list then queries; ...), the query's program runs on each in the
sandbox, and on each again with one more line of values appended (:data:`PAD`).  The inputs it
answers (exit 0, something printed) are kept with what it printed (:func:`reference_examples`) --
only those it answers alike both times, when there are such.  The second run drops the grids too
short for a program that reads what their counts announce: it reads past their end (a count
larger than the values given) and prints something else once more values follow, and what a
program does at the end of its input is no part of its behaviour -- C++'s ``cin`` leaves zeros,
JavaScript reads ``NaN``, Java throws -- so a correct port in another language would seem to
disagree there.  A program that reads to the end of its input answers no grid alike when
padded; the end is then part of its format, and every grid it answers is kept.  Consensus then
runs every candidate program on the kept inputs and treats the query's printout of each as a
stated example: a candidate that prints something else sinks below the candidates that agree
(:func:`execir.rerank.consensus.sink_contradictions`).  Measured in ``benchmarks/README.md``
("Code-to-code: the query's own program as the reference").

Only the query is read, never a test.  A program that reads no integers (strings, dates) answers
none of the grids, and its candidates keep their retrieval order -- or the query's prose examples
where it has any (:func:`execir.rerank.stdin.stdin_inputs`).
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

#: stdin texts drawn per query program (each shape :data:`SHAPES` in turn), and most kept
GRID_INPUTS = 16
MAX_KEPT = 8
#: the line appended to a grid to see whether the program reads past its end
PAD = "3 1 4 1 5 9 2 6\n"

Draw = Callable[[random.Random], list[list[int]]]


def _count_then_values(r: random.Random) -> list[list[int]]:
    n = r.randint(1, 6)
    return [[n], [_v(r) for _ in range(n)]]


def _count_then_lines(r: random.Random) -> list[list[int]]:
    n, w = r.randint(1, 4), r.randint(1, 3)
    return [[n]] + [[_v(r) for _ in range(w)] for _ in range(n)]


def _grid(r: random.Random) -> list[list[int]]:
    rows, cols = r.randint(1, 4), r.randint(1, 4)
    return [[rows, cols]] + [[_v(r) for _ in range(cols)] for _ in range(rows)]


def _list_then_queries(r: random.Random) -> list[list[int]]:
    n, q = r.randint(1, 6), r.randint(1, 3)
    return [[n], [_v(r) for _ in range(n)], [q]] + [[_v(r)] for _ in range(q)]


def _count_and_k_then_values(r: random.Random) -> list[list[int]]:
    n = r.randint(1, 6)
    return [[n, r.randint(0, n)], [_v(r) for _ in range(n)]]


def _one_line(r: random.Random) -> list[list[int]]:
    return [[_v(r) for _ in range(r.randint(1, 3))]]


def _lines_of_pairs(r: random.Random) -> list[list[int]]:
    return [[_v(r), _v(r)] for _ in range(r.randint(1, 4))]


#: the shapes :func:`grid_inputs` draws, in turn
SHAPES: tuple[Draw, ...] = (_count_then_values, _count_then_lines, _grid, _list_then_queries,
                            _count_and_k_then_values, _one_line, _lines_of_pairs)


def _v(r: random.Random) -> int:
    """A value: mostly 0-9 (where off-by-one edits show), now and then up to 99."""
    return r.randint(0, 9) if r.random() < 0.8 else r.randint(10, 99)


def grid_inputs(seed: int = 0, n: int = GRID_INPUTS) -> tuple[str, ...]:
    """``n`` stdin texts (each line's integers joined by spaces, every line ending with a newline),
    drawn from :data:`SHAPES` in turn with ``random.Random`` seeded by ``seed``; the same for every
    query, so a candidate that many queries retrieve runs on them once.  Duplicates are dropped,
    so there may be fewer than ``n``.

    Raises:
        ValueError: ``n`` < 1.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    r = random.Random(f"execir-grid-inputs:{seed}")
    texts = ("".join(" ".join(map(str, line)) + "\n" for line in SHAPES[i % len(SHAPES)](r))
             for i in range(n))
    return tuple(dict.fromkeys(texts))


def padded(inputs: Sequence[str]) -> tuple[str, ...]:
    """Each input with :data:`PAD` appended (the second run of :func:`reference_examples`)."""
    return tuple(text + PAD for text in inputs)


def reference_examples(inputs: Sequence[str], outputs: Sequence[str], again: Sequence[str],
                       most: int = MAX_KEPT) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    """The query program's answers as stated examples, in the form of
    :func:`execir.rerank.stdin.stdin_inputs`: ``(inputs, expected, examples)`` for the first
    ``most`` inputs on which it printed something and exited 0 -- of those, only the ones on
    which it printed the same with :data:`PAD` appended where there is any (module docstring;
    ``outputs`` and ``again`` are its behaviour entries on ``inputs`` and on :func:`padded`
    ``inputs``: ``"=<tokens>"`` or ``"!<outcome>"``), each input its own example; all three
    empty when it answered none.

    Raises:
        ValueError: ``inputs``, ``outputs`` and ``again`` differ in length.
    """
    if not len(inputs) == len(outputs) == len(again):
        raise ValueError(f"{len(inputs)} inputs, {len(outputs)} outputs and {len(again)} padded outputs")
    answered = [(text, out, out == out2) for text, out, out2 in zip(inputs, outputs, again)
                if out.startswith("=") and len(out) > 1]
    complete = [(text, out) for text, out, alike in answered if alike]
    kept = (complete or [(text, out) for text, out, _ in answered])[:most]
    return (tuple(t for t, _ in kept), tuple(o for _, o in kept), tuple(range(len(kept))))
