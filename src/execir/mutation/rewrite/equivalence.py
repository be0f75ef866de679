"""Execution verification of rewritten variants: the task's tests plus differential runs.

A variant is kept only when

1. it still compiles and defines the entry point;
2. it passes every test of the task (``expect="pass"``, for variants of a correct program), or
   its per-test outcomes equal the original's (``expect="same"``, for restyled mutants);
3. it behaves exactly like the original on generated inputs: the inputs the consensus reranker
   would use (:func:`execir.mutation.call_inputs.derive_calls`: examples in the docstring, literals of
   the code, seeded values typed from annotations and usage), after the neighbours of the tests'
   own calls (:func:`execir.mutation.amplify.derive_inputs`).

Step 3 runs through the same path as consensus reranking (:mod:`execir.rerank.consensus`): one
probe suite per program through :meth:`execir.execution.Oracle.probe` (the sandbox, output
captured, never cached), each input a test that prints the normalised result on a marked line,
read back by :func:`execir.execution.values.read_outputs` (``=value`` or ``!outcome``).  The
observation here is the returned value *and the arguments after the call* (a rewrite must not
change what a function does to its arguments either).  The original runs twice: inputs on which
its two runs disagree (randomness, time), or on which it times out, are not compared.  No
candidate code ever runs in this process.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Sequence

from execir.execution import Oracle
from execir.execution.outcomes import PASS, TIMEOUT
from execir.execution.values import MARK, NORMALISE, read_outputs
from execir.mutation.amplify import derive_inputs
from execir.mutation.engine import _compiles, _defines
from execir.mutation.rewrite.variants import Variant
from execir.mutation.call_inputs import PyFunction, derive_calls


@dataclass(frozen=True)
class Verification:
    """What :func:`verify_variants` decided.

    Attributes:
        kept: the variants that passed every check, in input order.
        rejected: ``(variant, reason)`` for every other one, in input order.
        inputs: the argument lists (Python source) of the differential runs.
        compared: how many of them were compared (the original answered them the same way
            twice and did not time out).
    """

    kept: tuple[Variant, ...]
    rejected: tuple[tuple[Variant, str], ...]
    inputs: tuple[str, ...] = ()
    compared: int = 0


def probe(name: str, i: int, call: str) -> str:
    """The differential probe of input ``i``: call ``name`` on ``call`` (argument source) and
    print, on a marked line, the normalised ``(returned value, positional arguments after the
    call, keyword arguments after the call)``."""
    return (NORMALISE + f"def _execir_args(*a, **k):\n    return list(a), k\n"
            f"_execir_a, _execir_k = _execir_args({call})\n"
            f"_execir_v = {name}(*_execir_a, **_execir_k)\n"
            f"print('\\n{MARK}{i}:' + _execir_norm((_execir_v, _execir_a, _execir_k)))\n")


def entry_signature(code: str, entry_point: str) -> tuple[ast.Module, PyFunction] | None:
    """The module of ``code`` and its function ``entry_point`` as the input generator describes
    functions (:class:`execir.mutation.call_inputs.PyFunction`), or None when it defines no such
    top-level function."""
    tree = _compiles(code)
    if tree is None:
        return None
    node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and n.name == entry_point), None)
    if node is None:
        return None
    args = [a for a in node.args.posonlyargs + node.args.args if a.arg not in ("self", "cls")]
    n_def = len(node.args.defaults)
    defaults: list[Any] = [None] * (len(args) - n_def)
    for d in node.args.defaults:
        try:
            defaults.append(ast.literal_eval(d))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            defaults.append(None)
    defaults = defaults[-len(args):] if args else []
    return tree, PyFunction(
        name=entry_point, params=tuple(a.arg for a in args), n_required=max(0, len(args) - n_def),
        annotations=tuple(ast.unparse(a.annotation) if a.annotation else None for a in args),
        defaults=tuple(defaults))


def differential_inputs(code: str, tests: Sequence[str], *, entry_point: str, inputs: int,
                        seed: int, query: str = "") -> list[str]:
    """Up to ``inputs`` argument lists for the differential runs: neighbours of the tests' own
    calls (at most half), then :func:`~execir.mutation.call_inputs.derive_calls` of the original."""
    found = entry_signature(code, entry_point)
    if found is None:
        return []
    tree, fn = found
    out = list(dict.fromkeys(derive_inputs(tests, entry_point, limit=max(1, inputs // 2))))
    for call in derive_calls(query, [(code, tree, fn)], n_inputs=inputs, seed=seed):
        if len(out) >= inputs:
            break
        if call not in out:
            out.append(call)
    return out[:inputs]


def verify_variants(canonical: str, variants: Sequence[Variant], tests: Sequence[str], *,
                    entry_point: str, oracle: Oracle, inputs: int = 24, seed: int = 0,
                    expect: str = "pass", query: str = "", timeout: float = 4.0,
                    test_timeout: float = 0.5) -> Verification:
    """Keep the variants of ``canonical`` that are verified equivalent (module docstring).

    Args:
        canonical: the original program (a canonical; with ``expect="same"`` any program, e.g.
            a mutant whose restyled copies are checked).
        variants: the candidates (:func:`execir.mutation.rewrite.rewrite_variants`).
        tests: the task's tests.
        entry_point: the function the tests and probes call.
        oracle: runs everything (its sandbox, workers and cache; the tests go through its cache,
            the probes never do).
        inputs: the most generated inputs compared.
        seed: seed of the generated inputs.
        expect: ``"pass"`` (every test must pass) or ``"same"`` (the outcomes must equal the
            original's).
        query: the task's text, for the examples it shows (optional).
        timeout: suite budget of one probe suite (charged seconds, all inputs).
        test_timeout: limit of one probed input.

    Raises:
        ValueError: ``expect`` is neither ``"pass"`` nor ``"same"``.
    """
    if expect not in ("pass", "same"):
        raise ValueError(f"expect must be 'pass' or 'same', got {expect!r}")
    rejected = _static_rejections(variants, entry_point)
    todo = [i for i in range(len(variants)) if i not in rejected]
    if todo:
        rejected.update(_test_rejections(canonical, variants, todo, tests, oracle=oracle, expect=expect))
    todo = [i for i in todo if i not in rejected]
    calls = differential_inputs(canonical, tests, entry_point=entry_point, inputs=inputs,
                                seed=seed, query=query)
    compared = 0
    if todo and calls:
        runner = oracle.with_limits(timeout=timeout, test_timeout=test_timeout)
        compared, differing = _probe_rejections(canonical, variants, todo, calls,
                                                entry_point=entry_point, runner=runner)
        rejected.update(differing)
    kept = tuple(v for i, v in enumerate(variants) if i not in rejected)
    return Verification(kept, tuple((variants[i], rejected[i]) for i in sorted(rejected)),
                        tuple(calls), compared)


def _static_rejections(variants: Sequence[Variant], entry_point: str) -> dict[int, str]:
    """Step 1: variant index -> why, for each variant that does not compile or no longer
    defines ``entry_point``."""
    rejected: dict[int, str] = {}
    for i, v in enumerate(variants):
        tree = _compiles(v.code)
        if tree is None:
            rejected[i] = "does not compile"
        elif not _defines(tree, entry_point):
            rejected[i] = f"does not define `{entry_point}`"
    return rejected


def _test_rejections(canonical: str, variants: Sequence[Variant], todo: Sequence[int],
                     tests: Sequence[str], *, oracle: Oracle, expect: str) -> dict[int, str]:
    """Step 2: variant index -> why, for each variant of ``todo`` whose test outcomes break
    ``expect`` (``"pass"``: a test not passing; ``"same"``: an outcome unlike the original's),
    naming the first such test and how many more."""
    results = oracle.run([(canonical, list(tests))] + [(variants[i].code, list(tests)) for i in todo])
    reference = results[0].outcomes
    rejected: dict[int, str] = {}
    for i, res in zip(todo, results[1:]):
        bad = [(j, o) for j, o in enumerate(res.outcomes) if o != PASS] if expect == "pass" \
            else [(j, o) for j, (o, r) in enumerate(zip(res.outcomes, reference)) if o != r]
        if bad:
            j, o = bad[0]
            rejected[i] = (f"test {j + 1} gives {o}" + ("" if expect == "pass" else
                           f" (the original: {reference[j]})")
                           + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""))
    return rejected


def _probe_rejections(canonical: str, variants: Sequence[Variant], todo: Sequence[int],
                      calls: Sequence[str], *, entry_point: str, runner: Oracle
                      ) -> tuple[int, dict[int, str]]:
    """Step 3: run the original twice and every variant of ``todo`` on ``calls`` (``runner``'s
    limits); returns the number of usable inputs (the original answered both times alike, not
    lost nor timed out) and variant index -> the first usable input it answers differently."""
    probes = [probe(entry_point, j, c) for j, c in enumerate(calls)]
    jobs = [(canonical, probes), (canonical, probes)] + [(variants[i].code, probes) for i in todo]
    outs = [read_outputs(r, len(calls)) for r in runner.probe(jobs)]
    first, second = outs[0], outs[1]
    usable = [j for j in range(len(calls)) if first[j] == second[j] and first[j] != "?"
              and first[j] != "!" + TIMEOUT]
    rejected: dict[int, str] = {}
    for i, out in zip(todo, outs[2:]):
        diff = next((j for j in usable if out[j] != first[j]), None)
        if diff is not None:
            rejected[i] = (f"differs from the original on {entry_point}({calls[diff]}): "
                           f"{_show(out[diff])} instead of {_show(first[diff])}")
    return len(usable), rejected


def _show(observed: str, limit: int = 120) -> str:
    text = observed[1:] if observed.startswith("=") else observed
    return text if len(text) <= limit else text[:limit] + "..."
