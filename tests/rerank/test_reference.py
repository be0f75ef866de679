"""A code-to-code query's own program as consensus's reference: the generated stdin grids, which
of them the query program answers, and a sandboxed run where the candidates that print something
else than the query program sink (execir.rerank.reference_program)."""

from __future__ import annotations

import shutil

import pytest

from execir.execution import Oracle
from execir.rerank.consensus import ConsensusReranker
from execir.rerank.reference_program import GRID_INPUTS, PAD, SHAPES, grid_inputs, padded, reference_examples


def _lines(text: str) -> list[list[int]]:
    assert text.endswith("\n")
    return [[int(v) for v in line.split(" ")] for line in text[:-1].split("\n")]


def test_grids_follow_their_shapes_in_turn_and_are_seeded():
    grids = grid_inputs(0)
    assert grids == grid_inputs(0) and grids != grid_inputs(1)
    assert len(grids) == len(set(grids)) and 1 < len(grids) <= GRID_INPUTS
    first = [_lines(t) for t in grid_inputs(0, len(SHAPES))]
    assert len(first) == len(SHAPES)  # one of each shape, none repeated
    count_values, count_lines, grid, queries, count_k, one_line, pairs = first
    n, = count_values[0]
    assert len(count_values) == 2 and len(count_values[1]) == n
    assert len(count_lines) == count_lines[0][0] + 1 and len({len(r) for r in count_lines[1:]}) == 1
    rows, cols = grid[0]
    assert len(grid) == rows + 1 and all(len(r) == cols for r in grid[1:])
    n, = queries[0]
    assert len(queries[1]) == n and len(queries) == 3 + queries[2][0] and all(len(r) == 1 for r in queries[3:])
    n, k = count_k[0]
    assert 0 <= k <= n and len(count_k) == 2 and len(count_k[1]) == n
    assert len(one_line) == 1 and 1 <= len(one_line[0]) <= 3
    assert all(len(r) == 2 for r in pairs)
    values = [v for t in grids for line in _lines(t) for v in line]
    assert min(values) >= 0 and max(values) <= 99
    with pytest.raises(ValueError, match="at least 1"):
        grid_inputs(0, 0)


def test_the_inputs_the_program_answers_alike_when_padded_are_kept_as_examples():
    inputs = ("1\n", "2\n", "3\n", "4\n", "5\n", "6\n")
    outputs = ("=7", "!FAIL:ValueError", "=", "=7 8", "!TIMEOUT", "=0 0")
    again = ("=7", "=1", "=", "=7 8", "=2", "=0 3")  # 6: read past its end (a zero where 3 follows)
    assert padded(inputs[:2]) == ("1\n" + PAD, "2\n" + PAD) and PAD.endswith("\n")
    assert reference_examples(inputs, outputs, again) == (("1\n", "4\n"), ("=7", "=7 8"), (0, 1))
    assert reference_examples(inputs, outputs, again, most=1) == (("1\n",), ("=7",), (0,))
    assert reference_examples(inputs[:2], outputs[1:3], again[1:3]) == ((), (), ())
    # a program that reads to the end answers no grid alike when padded: every answered one is kept
    assert reference_examples(inputs, outputs, ("=8", "=1", "=", "=9", "=2", "=1")) == (
        ("1\n", "4\n", "6\n"), ("=7", "=7 8", "=0 0"), (0, 1, 2))
    with pytest.raises(ValueError, match="2 inputs, 1 outputs and 2 padded outputs"):
        reference_examples(inputs[:2], outputs[:1], again[:2])


#: the query: a count, then values; prints the sum of the first ``count`` of them (as many as
#: there are), reading the tokens whatever their layout
QUERY = ("import sys\n\nt = list(map(int, sys.stdin.read().split()))\n"
         "print(sum(t[1:1 + t[0]]))\n")
JS = ("const t = require('fs').readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);\n"
      "let s = 0;\nfor (let i = 1; i <= t[0] && i < t.length; i++) s += t[i];\nconsole.log(s);\n")
PY_MUTANT = QUERY.replace("t[1:1 + t[0]]", "t[1:t[0]]")  # one value short


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_program_query_is_the_reference_and_the_candidate_that_disagrees_sinks():
    corpus = {"mut": PY_MUTANT, "js": JS, "other": "print(42)\nimport sys\nsys.stdin.read()\n"}
    run = {"q": [("mut", 0.9), ("other", 0.85), ("js", 0.8)]}
    reranker = ConsensusReranker(Oracle(workers=1, quiet=True))
    found = reranker.behaviours({"q": QUERY}, corpus, run, 3)["q"]
    grids = grid_inputs(0)
    # the query answers every grid, but reads past the end of those whose count exceeds the
    # values that follow it (it then sums PAD's too): those are dropped; by hand:
    answered = []
    for text in grids:
        values = [v for row in _lines(text) for v in row]
        if values[0] <= len(values) - 1:
            answered.append((text, f"={sum(values[1:1 + values[0]])}"))
    assert 0 < len(answered) < len(grids)
    answered = answered[:8]
    assert answered and found["js"].group == "stdin"
    assert found["js"].expected == tuple(e for _, e in answered)
    assert found["js"].outputs == found["js"].expected  # the JavaScript port agrees everywhere
    assert found["other"].outputs == ("=42",) * len(answered)
    mutant = [f"={sum(v[1:v[0]])}" for v in ([x for row in _lines(t) for x in row] for t, _ in answered)]
    assert found["mut"].outputs == tuple(mutant) != found["js"].outputs  # contradicted where a count > 0
    order = [sid for sid, _ in reranker.rerank({"q": QUERY}, corpus, run, 3)["q"]]
    assert order == ["js", "mut", "other"]
    # a query that is no program and states no example leaves the programs in retrieval order
    assert [s for s, _ in reranker.rerank({"q": "sum some numbers"}, corpus, run, 3)["q"]] == ["mut", "other", "js"]
