"""Test amplification for surviving mutants (mutation issue item 4).

A survivor passes every test of its task: either the tests are too weak or the mutant is
equivalent.  Amplification derives extra inputs from the arguments of the existing asserts'
calls to the entry point — neighbouring integers (±1), edited strings and lists (drop or duplicate
the first/last element or character, neighbours of the first/last element) and empty inputs —
and the build runs the canonical and each survivor on them, always in the sandboxed oracle
(:func:`execir.construction.verify.amplify_survivors`; this module only derives inputs and writes asserts, it never runs
code):

1. one probe suite per task runs the canonical on every derived input and prints a marked line
   with ``repr`` of the result (captured output; the parent reads it back with
   :func:`ast.literal_eval` only, so no child output is ever evaluated as code).  Inputs on which
   the canonical raises, times out, or returns something without a literal ``repr`` are dropped;
2. every derived input becomes ``assert f(args) == <canonical output>``; one oracle batch runs
   these asserts against the canonical (it must pass them — a determinism check) and against every
   survivor;
3. an assert kills a survivor when the canonical passes it and the survivor does not (a timeout
   does not count).  The kept ``amplified_tests`` are, per survivor in order, the first assert
   that kills it unless an already kept assert does.  Survivors no assert kills are *likely
   equivalent*.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass
from typing import Any, Sequence

from execir.execution.outcomes import PASS
from execir.mutation.mutant import Mutant

#: Most derived inputs per task.
MAX_INPUTS = 40
#: Longest canonical-output ``repr`` turned into an assert (characters).
MAX_REPR = 2000
_MARK = "@@execir-amplify:"
PROBE_LINE = re.compile(r"^" + re.escape(_MARK) + r"(\d+):(.*)$")


@dataclass(frozen=True)
class AmplifyResult:
    """Amplification of one task.

    Attributes:
        survivors: surviving mutants considered.
        inputs: derived inputs the canonical answered (each became one candidate assert).
        killed: survivors at least one candidate assert kills.
        amplified_tests: the kept asserts (see the module docstring), in a deterministic order.
        likely_equivalent: survivors no candidate assert kills, in input order.
    """

    survivors: int
    inputs: int
    killed: int
    amplified_tests: tuple[str, ...]
    likely_equivalent: tuple[Mutant, ...]


def _literal(value: Any) -> bool:
    """True when ``repr(value)`` reads back equal through :func:`ast.literal_eval`."""
    try:
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def neighbours(value: Any) -> list[Any]:
    """Edited copies of one argument value, in a fixed order, without ``value`` itself.

    bool → its negation; int → ±1; str → ``''``, first/last character dropped, first/last
    character duplicated; list/tuple → empty, first/last element dropped, first/last element
    duplicated, first/last element replaced by each of its own neighbours.  Other types: none.
    """
    out: list[Any] = []
    if isinstance(value, bool):
        out = [not value]
    elif isinstance(value, int):
        out = [value + 1, value - 1]
    elif isinstance(value, str):
        out = [""] + ([value[1:], value[:-1], value[0] + value, value + value[-1]] if value else [])
    elif isinstance(value, (list, tuple)):
        kind = type(value)
        out = [kind()]
        if value:
            out += [value[1:], value[:-1], value[:1] + value, value + value[-1:]]
            items = list(value)
            for pos in sorted({0, len(items) - 1}):
                for n in neighbours(items[pos]) if not isinstance(items[pos], (list, tuple)) else ():
                    edited = items[:pos] + [n] + items[pos + 1:]
                    out.append(kind(edited))
    seen: list[Any] = []
    for v in out:
        if v != value and not any(type(v) is type(s) and v == s for s in seen):
            seen.append(v)
    return seen


def _callee_names(tree: ast.Module, entry_point: str) -> set[str]:
    names = {entry_point}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Name)
                and node.value.id in names):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _call_source(args: Sequence[Any], kwargs: Sequence[tuple[str, Any]]) -> str:
    return ", ".join([repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs])


def derive_inputs(tests: Sequence[str], entry_point: str, *, limit: int = MAX_INPUTS) -> list[str]:
    """Argument lists (source text, e.g. ``"[1, 2], 3"``) derived from the tests' calls.

    Every call to ``entry_point`` (directly or through an alias such as ``candidate =
    entry_point``) whose arguments are all literals is a seed; each positional argument in turn
    is replaced by each of its :func:`neighbours`.  Seeds themselves are excluded; duplicates are
    dropped; at most ``limit`` are returned, in test order.  Tests that do not parse are skipped.
    """
    seeds: list[tuple[list[Any], list[tuple[str, Any]]]] = []
    for test in tests:
        try:
            tree = ast.parse(test)
        except SyntaxError:
            continue
        callees = _callee_names(tree, entry_point)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in callees):
                continue
            if any(isinstance(a, ast.Starred) for a in node.args) or any(
                    k.arg is None for k in node.keywords):
                continue
            try:
                args = [ast.literal_eval(a) for a in node.args]
                kwargs = [(k.arg, ast.literal_eval(k.value)) for k in node.keywords]
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            seeds.append((args, kwargs))
    known = {_call_source(a, k) for a, k in seeds}
    out: list[str] = []
    for args, kwargs in seeds:
        for j, value in enumerate(args):
            for n in neighbours(value):
                if not _literal(n):
                    continue
                text = _call_source(args[:j] + [n] + args[j + 1:], kwargs)
                if text not in known:
                    known.add(text)
                    out.append(text)
                    if len(out) >= limit:
                        return out
    return out


def probe_test(entry_point: str, i: int, call: str) -> str:
    return (f"_execir_r = repr({entry_point}({call}))\n"
            f"if len(_execir_r) <= {MAX_REPR}:\n"
            f"    print({_MARK!r} + '{i}:' + _execir_r.replace(chr(10), ' '))\n")


def assert_for(entry_point: str, call: str, value: Any) -> str | None:
    """The amplified assert for one input, or ``None`` for outputs that cannot be compared
    exactly (floats inside containers, non-finite floats)."""
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return f"assert abs({entry_point}({call}) - {value!r}) <= 1e-6"

    def has_float(v: Any) -> bool:
        if isinstance(v, float):
            return True
        if isinstance(v, (list, tuple, set, frozenset)):
            return any(has_float(x) for x in v)
        if isinstance(v, dict):
            return any(has_float(x) for x in (*v.keys(), *v.values()))
        return False

    if has_float(value):
        return None
    return f"assert {entry_point}({call}) == {value!r}"


def read_probe_output(output: str, outcomes: Sequence[str], n_calls: int) -> dict[int, Any]:
    """Values printed by the probe tests (:func:`probe_test`) of a suite whose captured output is
    ``output`` and per-test outcomes ``outcomes``: ``{call index: value}`` for every call whose
    test passed and whose printed ``repr`` reads back with :func:`ast.literal_eval` (child output
    is never evaluated as code)."""
    values: dict[int, Any] = {}
    for line in output.splitlines():
        m = PROBE_LINE.match(line)
        if m is None or int(m.group(1)) >= n_calls or outcomes[int(m.group(1))] != PASS:
            continue
        try:
            values[int(m.group(1))] = ast.literal_eval(m.group(2))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return values
