"""Background enumeration in helper processes gives exactly the serial enumeration's mutants."""

from __future__ import annotations

import pytest

from execir.construction.enumeration import Enumeration
from execir.mutation import enumerate_mutants

CODES = [
    "def f(a, b):\n    if a < 1:\n        return 0\n    return a - b\n",
    "def g(xs):\n    n = 0\n    for x in xs[1:]:\n        n += x\n    return max(n, 0)\n",
    "def h(s):\n    return len(s) + s.count('a')\n",
]


def _items(extended=False):
    return [(code, code[4], extended) for code in CODES * 3]


def _serial(items):
    return [enumerate_mutants(c, entry_point=e, extended=x) for c, e, x in items]


@pytest.mark.parametrize("processes", [1, 2, 3])
def test_helpers_give_the_serial_mutants_in_order(processes):
    for extended in (False, True):
        items = _items(extended)
        assert Enumeration(items, processes, chunk=2).result() == _serial(items)


def test_an_error_is_raised_as_serial_enumeration_raises_it():
    items = _items() + [("def f(:\n", "f", False)] + _items()
    with pytest.raises(SyntaxError):
        _serial(items)
    with pytest.raises(SyntaxError):
        Enumeration(items, 2, chunk=2).result()


def test_a_killed_helper_leaves_its_chunks_to_the_caller():
    items = _items()
    run = Enumeration(items, 2, chunk=1)
    for proc in list(run._procs):
        proc.kill()
    assert run.result() == _serial(items)


def test_cancel_stops_the_helpers():
    run = Enumeration(_items() * 20, 2, chunk=1)
    procs = list(run._procs)
    run.cancel()
    assert all(p.poll() is not None for p in procs)
    assert run.result() == _serial(_items() * 20)  # still complete: the rest is done here
