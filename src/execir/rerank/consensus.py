"""Execution-consensus reranking: order a retriever's top-k by how much the candidates agree when
they are run on the same inputs -- without ever reading the oracle's tests.

The idea comes from selection among *generated* programs: CodeT (Chen et al. 2022, dual
agreement between solutions and generated tests), MBR-exec (Shi et al. 2022, minimum Bayes risk
over outputs on test inputs only) and AlphaCode (Li et al. 2022, clustering by behaviour on
generated inputs).  Applied to retrieval: the top-k of a query holds the right snippet and its
look-alikes (single-edit mutants of it, other tasks' snippets).  A mutant differs from the right
snippet only on inputs that trigger its edit, while two mutants differ wherever either does, so
the snippet that agrees most with its siblings -- the behavioural medoid -- is the best guess.

Per query (:meth:`ConsensusReranker.rerank`):

1. each candidate's main function is found (Python: :func:`execir.mutation.call_inputs.entry_function`;
   JavaScript: :func:`execir.rerank.js_behaviour.js_function`); candidates that share a signature
   (language, name, arity) form a *group* and get the same inputs
   (:func:`execir.mutation.call_inputs.derive_calls`: the query's and docstrings' examples, literals,
   type-consistent generated values, seeded);
2. every candidate runs once in the sandbox through the :class:`~execir.execution.Oracle` (one
   pair per candidate, all its inputs in one child, output captured); its *behaviour* is the
   vector of normalised returned values, with ``!<outcome>`` where it raised or timed out;
3. :func:`consensus_order` scores candidate *i* as ``sum_j w_j * a(i, j)`` over the candidates
   *j* of its group (itself included), where ``a`` is the share of the group's informative
   inputs (those some candidate of the group answered) on which *i* and *j* behave alike and
   ``w_j = exp((s_j - s_top) / temperature)`` weighs candidates by retrieval score (the top
   candidate weighs 1; ``temperature=inf`` weighs all alike).  Order: score, then fewer crashes
   on informative inputs (candidates that crash where their siblings answer sink), then retrieval
   score, then id.  Candidates that cannot be run (no function found, or a language without a
   function probe) score 0 and keep their retrieval order below the others;
4. *stated examples* (a result written beside a call in the query or in a docstring:
   :mod:`execir.mutation.stated_examples`) decide within a group: :func:`sink_contradictions` re-seats each
   group's members on the positions the group holds, fewest contradicted examples first, so a
   candidate that returns something other than a stated result never ranks above a sibling that
   does not (issue 25 item 3), and no other task's candidate moves.

*Programs* that read standard input (execir-poly's, in six languages:
:func:`execir.rerank.stdin.program_language`) have no function to call: they form one group per
query, ``stdin``, whatever their language, and run on the stdin texts of the query's prose
examples (:func:`execir.rerank.stdin.stdin_inputs`, each example tried in a few shapes, one
process per text); their behaviour is what they print (tokens), and an example counts as
reproduced when any of its shapes prints its stated output.  A query that is itself such a
program (CoREB's code-to-code task) is the reference instead: it runs on generated inputs and its
printout on each input it answers is that input's stated output
(:mod:`execir.rerank.reference_program`).  A query that states no example and is no program that answers
one leaves its programs unrun, in retrieval order.

The reranker's API takes query *texts* and candidate *code* only (``rerank`` rejects anything but
strings), so the oracle's tests cannot reach it; ``tests/rerank/test_consensus.py`` checks that
its ranking is unchanged when a release's tests are altered.
"""

from __future__ import annotations

import ast
import dataclasses
import math
from dataclasses import dataclass, fields
from typing import Any, Iterable, Mapping, Sequence

from execir.errors import UsageError
from execir.execution import Oracle
from execir.execution.limits import TIMEOUT_RANGE
from execir.execution.values import normalised, probe_test, read_outputs
from execir.progress import Stage
from execir.ranking import rank
from execir.mutation.call_inputs import derive_calls, entry_function, parse_python
from execir.mutation.stated_examples import example_calls, stated_examples, unary_examples
from execir.rerank.js_behaviour import js_arguments, js_function, js_normalised, js_probe
from execir.rerank.reference_program import grid_inputs, padded, reference_examples
from execir.rerank.stdin import program_jobs, program_language, program_output, stdin_inputs
from execir.records import Run

#: most inputs per signature group ``consensus:inputs=N`` accepts (each candidate runs all of
#: them in one child; the default is 24)
MAX_INPUTS = 1000

#: (per call, per suite) charged seconds added to the settings' limits for a language whose
#: runner starts one process per call (every language but Python: a node start is ~0.03 s
#: charged), so JavaScript keeps the 0.5 s / 4 s it had before the Python limits were tightened
START_ALLOWANCE_S = (0.4, 2.0)



@dataclass(frozen=True)
class ConsensusSettings:
    """Settings of :class:`ConsensusReranker` (chosen on MBPP, the development split; see
    ``benchmarks/bench_rerank.py``).

    Attributes:
        inputs: inputs per signature group (the number of probes each candidate runs).
        temperature: retrieval-score temperature of the candidate weights (cosine units for
            dense retrievers); ``math.inf`` weighs every candidate alike.
        seed: seed of the generated values.
        timeout: suite budget of one candidate, charged seconds (all its inputs).
        test_timeout: limit of one input, charged seconds.  Python calls run in one forked child
            per candidate, so this is the call alone: on the shipped Python releases the slowest
            call that returns takes 0.025-0.40 s and 99.9% take under 0.025 s (charged time does
            not grow with load), while every call that loops forever costs the whole limit -- the
            bulk of the stage's time at 0.5 s (``benchmarks/README.md``, consensus cost).  Other
            languages start one process per call, so they get :data:`START_ALLOWANCE_S` more per
            call and per suite.
        documented: weight of the documented examples (a call written with its result in the
            query text or a candidate's docstring, ``f(3) == 4``, ``>>> f(3)`` / ``4``, ``12 -> 8``)
            as one more voter: a candidate gains ``documented`` times the share of them it
            reproduces.  0 ignores them.
    """

    inputs: int = 24
    temperature: float = 0.05
    seed: int = 0
    timeout: float = 2.0
    test_timeout: float = 0.1
    documented: float = 1.0

    @classmethod
    def parse(cls, text: str | None) -> "ConsensusSettings":
        """Settings from ``"inputs=16,temperature=0.1,seed=1"`` (what follows ``consensus:``);
        None or ``""`` gives the defaults.

        Raises:
            UsageError: an unknown key or a value of the wrong type or range.
        """
        if not text:
            return cls()
        known = {f.name: f.type for f in fields(cls)}
        values: dict[str, Any] = {}
        for part in text.split(","):
            key, sep, value = (p.strip() for p in part.partition("="))
            if not sep or key not in known:
                raise UsageError(f"consensus: unknown setting {part!r}; settings are "
                                 f"{', '.join(known)} (e.g. consensus:inputs=16)")
            if key in values:
                raise UsageError(f"consensus: {key} is given twice in {text!r}")
            integer = key in ("inputs", "seed")
            try:
                values[key] = int(value) if integer else float(value)
            except ValueError:
                raise UsageError(f"consensus: {key} must be {'an integer' if integer else 'a number'}, "
                                 f"got {value!r}") from None
        out = cls(**values)
        low, high = TIMEOUT_RANGE
        seconds = (lambda t: low <= t <= high, f"from {low:g} to {high:g} seconds")
        rules = {"inputs": (lambda n: 1 <= n <= MAX_INPUTS, f"from 1 to {MAX_INPUTS}"),
                 "seed": (lambda n: n >= 0, ">= 0"),
                 "temperature": (lambda t: t > 0, "> 0 (inf: equal weights)"),
                 "documented": (lambda w: math.isfinite(w) and w >= 0, "a number >= 0"),
                 "timeout": seconds, "test_timeout": seconds}
        for key, (ok, rule) in rules.items():
            if not ok(getattr(out, key)):
                raise UsageError(f"consensus: {key} must be {rule}, got {values[key]!r}")
        return out


@dataclass(frozen=True)
class Behaviour:
    """What one candidate did on its group's inputs.

    Attributes:
        group: the signature the candidate was run under (``"python:name/arity"``), or None when
            it could not be run.
        outputs: one entry per input: ``"=<value>"`` for a returned value, ``"!<outcome>"`` when it
            raised / failed to load / timed out (``"!FAIL:ValueError"``), ``"?"`` when the value
            was lost (captured output full).
        expected: per input, the value stated for it in the query or in this candidate's own
            docstring (``"=<value>"``, normalised like the outputs), or ``""`` where none is.
        examples: per input, the stated example it is one shape of (a program's inputs,
            :func:`~execir.rerank.stdin.stdin_inputs`), or ``()``: each input is its own.  An
            example is reproduced when any of its inputs gives the expected value.
    """

    group: str | None
    outputs: tuple[str, ...] = ()
    expected: tuple[str, ...] = ()
    examples: tuple[int, ...] = ()


def _agreement(a: Sequence[str], b: Sequence[str], informative: Sequence[int]) -> float:
    idx = informative or range(len(a))
    same = sum(1 for x in idx if a[x] == b[x] and a[x] != "?")
    return same / len(idx) if idx else 0.0


def consensus_order(candidates: Sequence[tuple[str, float]], behaviours: Mapping[str, Behaviour],
                    *, temperature: float, documented: float = 0.0) -> list[tuple[str, float]]:
    """Order one query's candidates by execution consensus (see the module docstring).

    Args:
        candidates: ``(snippet_id, retrieval score)`` in the retriever's order.
        behaviours: snippet id -> :class:`Behaviour` (missing ids cannot be run).
        temperature: weight temperature (``math.inf``: equal weights).
        documented: weight of the documented examples (:class:`ConsensusSettings`).

    Returns:
        ``(snippet_id, score)`` for every candidate, in :func:`execir.ranking.rank` order; the
        score of the candidate at position ``p`` (0-based) of ``n`` is ``n - p`` (the consensus
        value itself, rounded to 9 decimals, decides; its ties go as the module docstring says).

    Raises:
        ValueError: ``temperature`` not above 0, a NaN retrieval score, or behaviours of one
            group whose outputs differ in length, or whose expectations are neither empty nor as
            long as their outputs.
    """
    if not temperature > 0:
        raise ValueError(f"temperature must be above 0, got {temperature}")
    for sid, s in candidates:
        if s != s:
            raise ValueError(f"retrieval score of {sid!r} is NaN")
    if not candidates:
        return []
    top = max(s for _, s in candidates)
    weight = {sid: (1.0 if math.isinf(temperature) else math.exp((s - top) / temperature))
              for sid, s in candidates}
    groups: dict[str, list[str]] = {}
    for sid, _ in candidates:
        b = behaviours.get(sid)
        if b is not None and b.group is not None:
            groups.setdefault(b.group, []).append(sid)
    value: dict[str, float] = {}
    crashes: dict[str, float] = {}
    contradicted: dict[str, float] = {}
    for group, members in groups.items():
        _score_group(group, members, behaviours, weight, documented, value, crashes, contradicted)
    retrieval = dict(candidates)
    order = sorted((sid for sid, _ in candidates),
                   key=lambda sid: (-value.get(sid, 0.0), crashes.get(sid, 1.0), -retrieval[sid],
                                    sid))
    order = sink_contradictions(order, groups.values(), contradicted)
    return rank((sid, float(len(order) - p)) for p, sid in enumerate(order))


def _score_group(group: str, members: Sequence[str], behaviours: Mapping[str, Behaviour],
                 weight: Mapping[str, float], documented: float, value: dict[str, float],
                 crashes: dict[str, float], contradicted: dict[str, float]) -> None:
    """Fill ``value`` (weighted agreement plus ``documented`` times the share of stated examples
    reproduced, 9 decimals), ``crashes`` (share of informative inputs that raised) and
    ``contradicted`` (share of stated examples missed) for every member of one signature group.

    Raises:
        ValueError: members whose outputs differ in length, or whose expectations are neither
            empty nor as long as their outputs.
    """
    n = len(behaviours[members[0]].outputs)
    for m in members:
        b = behaviours[m]
        if len(b.outputs) != n or len(b.expected) not in (0, n):
            raise ValueError(f"{m}: {len(b.outputs)} outputs and {len(b.expected)} expected values, "
                             f"where group {group} has {n} inputs")
    informative = [x for x in range(n)
                   if any(behaviours[m].outputs[x].startswith("=") for m in members)]
    for i in members:
        oi, expected = behaviours[i].outputs, behaviours[i].expected
        doc = _stated_inputs(behaviours[i])
        matched = sum(1 for xs in doc if any(oi[x] == expected[x] for x in xs)) / len(doc) \
            if doc else 0.0
        contradicted[i] = 1.0 - matched if doc else 0.0
        value[i] = round(sum(weight[j] * _agreement(oi, behaviours[j].outputs, informative)
                             for j in members) + documented * matched, 9)
        crashes[i] = (sum(1 for x in informative if oi[x].startswith("!")) / len(informative)
                      if informative else 0.0)


def _stated_inputs(b: Behaviour) -> list[list[int]]:
    """The inputs of each stated example of ``b`` (each input its own example unless
    ``b.examples`` groups them)."""
    by_example: dict[int, list[int]] = {}
    for x, e in enumerate(b.expected):
        if e:
            by_example.setdefault(b.examples[x] if b.examples else x, []).append(x)
    return list(by_example.values())


def sink_contradictions(order: Sequence[str], groups: Iterable[Sequence[str]],
                        contradicted: Mapping[str, float]) -> list[str]:
    """``order`` with each group's members re-seated among the group's own positions by the
    share of stated examples they contradict (fewest first; equal shares keep their order).

    A candidate that returns something other than a stated result (issue 25 item 3) never ranks
    above a sibling of its signature that contradicts fewer; the positions a group holds, and so
    which group is on top, do not change (a foreign task's candidate, which no example of this
    query's function applies to, is not lifted over the whole family).
    """
    out = list(order)
    where = {sid: p for p, sid in enumerate(order)}
    for members in groups:
        seats = sorted(where[m] for m in members)
        ranked = sorted(members, key=lambda m: (contradicted.get(m, 0.0), where[m]))
        for seat, sid in zip(seats, ranked):
            out[seat] = sid
    return out


class ConsensusReranker:
    """The execution-consensus reranker (module docstring); a :class:`~execir.retrieval.protocols.Reranker`.

    Args:
        oracle: runs the candidates (its workers and sandbox; its limits replaced by the
            settings' ``timeout`` / ``test_timeout``; captured runs are never cached).
        settings: :class:`ConsensusSettings`.
        batch: candidate suites per oracle batch.
    """

    def __init__(self, oracle: Oracle, settings: ConsensusSettings | None = None, *,
                 batch: int = 512):
        self.settings = settings or ConsensusSettings()
        self.oracle = oracle.with_limits(timeout=self.settings.timeout,
                                         test_timeout=self.settings.test_timeout)
        call, suite = START_ALLOWANCE_S
        self._per_process = oracle.with_limits(timeout=self.settings.timeout + suite,
                                               test_timeout=self.settings.test_timeout + call)
        self.batch = batch
        self.name = "consensus"
        self._parsed: dict[str, Any] = {}  # code -> (module, PyFunction, language) or None
        self._programs: dict[str, str] = {}  # code of a stdin/stdout program -> its language
        self._memo: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}  # (code, calls) -> outputs
        self._stated: dict[str, dict[str, str]] = {}  # code -> the results its docstrings state

    def settings_record(self) -> dict[str, Any]:
        """The settings a run used, for ``config.json`` (defaults change between versions):
        :class:`ConsensusSettings` and the charged-second limits of a call and a candidate for
        Python and for the languages that start a process per call."""
        limits = {"python": self.oracle.limits, "other languages": self._per_process.limits}
        return {**{k: v if not isinstance(v, float) or math.isfinite(v) else str(v)  # JSON: "inf"
                   for k, v in dataclasses.asdict(self.settings).items()},
                "limits_s": {lang: {"call": lim.per_test, "candidate": lim.timeout}
                             for lang, lim in limits.items()}}

    def _parse(self, code: str) -> Any:
        if code not in self._parsed:
            lang = program_language(code)
            if lang is not None:  # a stdin/stdout program: its functions are helpers
                self._parsed[code], self._programs[code] = None, lang
        if code not in self._parsed:
            fn = entry_function(code)
            if fn is not None:
                self._parsed[code] = (parse_python(code), fn, "python")
            else:
                js = js_function(code)
                self._parsed[code] = None if js is None else (
                    ast.Module(body=[], type_ignores=[]), js, "javascript")
        return self._parsed[code]

    def _signatures(self, corpus: Mapping[str, str]) -> dict[tuple[str, str, int], list[str]]:
        """(language, name, arity) -> ids of every corpus snippet whose main function has it
        (corpus order)."""
        groups: dict[tuple[str, str, int], list[str]] = {}
        for sid, code in corpus.items():
            parsed = self._parse(code)
            if parsed is not None:
                groups.setdefault((parsed[2], *parsed[1].signature), []).append(sid)
        return groups

    def behaviours(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run, k: int
                   ) -> dict[str, dict[str, Behaviour]]:
        """Run every top-``k`` candidate of every query of ``run`` on its group's inputs.

        A group's inputs are derived from every corpus snippet with its signature (so they do not
        depend on the query, and each snippet runs once however many queries retrieve it), plus
        the example calls written in the query text (one more suite per candidate, only for the
        queries that have such examples).  A candidate's expected values are the results stated
        in the query and in its own docstring (the query's win where both state one).

        Returns:
            query id -> snippet id -> :class:`Behaviour`.

        Raises:
            TypeError: a query or a candidate that is not a string (the reranker takes texts and
                code only, never a task or its tests).
            KeyError: a run naming a snippet missing from ``corpus``.
        """
        _check_texts(queries, corpus)
        plans = self._plan(queries, corpus, run, k)
        self._plan_programs(queries, corpus, run, k, plans)
        self._execute([p for plan in plans.values() for p in plan.values()])
        out: dict[str, dict[str, Behaviour]] = {}
        for qid, plan in plans.items():
            out[qid] = {}
            for sid, p in plan.items():
                vector = self._memo[(p.code, p.calls)] if p.calls else ()
                if p.extra:
                    vector = vector + self._memo[(p.code, p.extra)]
                out[qid][sid] = Behaviour(p.group, vector, p.expected, p.examples)
        return out

    def _plan(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run, k: int
              ) -> dict[str, dict[str, _Plan]]:
        """Per query, per runnable top-``k`` candidate: what it runs and what it should return."""
        signatures = self._signatures(corpus)
        base: dict[tuple[str, str, int], tuple[str, ...]] = {}
        asked: dict[tuple[str, tuple[str, str, int]], tuple[tuple[str, ...], dict[str, str]]] = {}
        plans: dict[str, dict[str, _Plan]] = {}
        for qid in run:
            plans[qid] = {}
            for sid, _ in run[qid][:k]:
                parsed = self._parsed.get(corpus[sid])
                if parsed is None:
                    continue
                _, fn, lang = parsed
                gkey = (lang, *fn.signature)
                if gkey not in base:
                    members = [(corpus[m], *self._parsed[corpus[m]][:2]) for m in signatures[gkey]]
                    calls = derive_calls("", members, n_inputs=self.settings.inputs,
                                         seed=self.settings.seed)
                    base[gkey] = tuple(c for c in calls
                                       if lang == "python" or js_arguments(c) is not None)
                if (qid, gkey) not in asked:
                    asked[(qid, gkey)] = _query_examples(queries[qid], fn, lang, base[gkey])
                extra, query_doc = asked[(qid, gkey)]
                own = self._own_examples(corpus[sid], fn, lang)
                expected = tuple(query_doc.get(c, own.get(c, "")) for c in base[gkey] + extra)
                plans[qid][sid] = _Plan(f"{lang}:{fn.name}/{len(fn.params)}", corpus[sid],
                                        base[gkey], extra, expected)
        return plans

    def _plan_programs(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run,
                       k: int, plans: dict[str, dict[str, _Plan]]) -> None:
        """Add to ``plans`` every top-``k`` program of a query that states examples or is itself
        a program (module docstring): group ``stdin``, the query's stdin texts as its extra
        inputs, or the generated inputs its own program answers (:mod:`execir.rerank.reference_program`)."""
        wanting = {qid: [sid for sid, _ in run[qid][:k] if corpus[sid] in self._programs] for qid in run}
        # one reading per query text: CoREB's subtasks share texts
        read = self._references(sorted({queries[qid] for qid, programs in wanting.items() if programs}))
        for qid, programs in wanting.items():
            if programs and queries[qid] not in read:
                read[queries[qid]] = stdin_inputs(queries[qid])
            inputs, expected, examples = read[queries[qid]] if programs else ((), (), ())
            for sid in programs if inputs else ():
                plans[qid][sid] = _Plan("stdin", corpus[sid], (), inputs, expected, examples)

    def _references(self, texts: Sequence[str]) -> dict[str, Any]:
        """Query text -> :func:`~execir.rerank.reference_program.reference_examples` for every text of
        ``texts`` that is a stdin/stdout program and answers at least one generated input (its
        runs go through the sandbox like a candidate's)."""
        grid = grid_inputs(self.settings.seed)
        found = {text: program_language(text) for text in texts}
        programs = [text for text, lang in found.items() if lang is not None]
        for text in programs:
            self._programs[text] = found[text]
        if programs:
            self._run_keys([(text, g) for text in programs for g in (grid, padded(grid))],
                           "reranking: running query programs")
        out = {}
        for text in programs:
            examples = reference_examples(grid, self._memo[(text, grid)], self._memo[(text, padded(grid))])
            if examples[0]:
                out[text] = examples
        return out

    def _own_examples(self, code: str, fn: Any, lang: str) -> dict[str, str]:
        """The results stated in a candidate's own code (its docstrings): call source ->
        ``"=<normalised value>"``, cached per code."""
        if code not in self._stated:
            self._stated[code] = _expectations(stated_examples(code, fn.name, fn.params), lang)
        return self._stated[code]

    def _execute(self, plans: Sequence[_Plan]) -> None:
        """Run every (code, calls) suite of ``plans`` not run yet, into ``self._memo``."""
        wanted: dict[tuple[str, tuple[str, ...]], None] = {}
        for p in plans:
            for part in (p.calls, p.extra):
                if part:
                    wanted.setdefault((p.code, part), None)
        self._run_keys(list(wanted), "reranking: executing candidates")

    def _run_keys(self, wanted: Sequence[tuple[str, tuple[str, ...]]], stage: str) -> None:
        """Run every (code, inputs) suite of ``wanted`` not run yet, into ``self._memo``, by kind
        and language, in batches (progress line ``stage``)."""
        todo = [key for key in wanted if key not in self._memo]
        line = Stage(stage, len(todo)) if not self.oracle.quiet else None
        kinds = {key: ("program", self._programs[key[0]]) if key[0] in self._programs
                 else ("function", self._parsed[key[0]][2]) for key in todo}
        for kind in sorted(set(kinds.values())):
            mine = [key for key in todo if kinds[key] == kind]
            for start in range(0, len(mine), self.batch):
                block = mine[start:start + self.batch]
                self._run_block(block, *kind)
                if line is not None:
                    line.advance(len(block))

    def _run_block(self, block: Sequence[tuple[str, tuple[str, ...]]], kind: str, lang: str
                   ) -> None:
        """Run one batch of (code, inputs) suites of one kind (``"function"``: one probe suite
        per candidate; ``"program"``: one stdin run per input) and language, into ``_memo``."""
        if kind == "program":
            jobs = [job for code, texts in block for job in program_jobs(code, texts)]
            results = iter(self._per_process.probe(jobs, language=lang))
            for key in block:
                self._memo[key] = tuple(program_output(next(results)) for _ in key[1])
            return
        probe = probe_test if lang == "python" else js_probe
        jobs = [(code, [probe(self._parsed[code][1].name, i, c) for i, c in enumerate(calls)])
                for code, calls in block]
        oracle = self.oracle if lang == "python" else self._per_process
        for key, res in zip(block, oracle.probe(jobs, language=lang)):
            self._memo[key] = read_outputs(res, len(key[1]))

    def rerank(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run,
               k: int) -> Run:
        """Re-order the top ``k`` of every query of ``run`` (query id -> query text, snippet id
        -> code); see the module docstring.  Returns a :data:`~execir.records.Run` of the top
        ``k`` per query in :func:`execir.ranking.rank` order.

        Raises:
            TypeError: a query text or candidate that is not a string.
        """
        found = self.behaviours(queries, corpus, run, k)
        return {qid: consensus_order(run[qid][:k], found[qid],
                                     temperature=self.settings.temperature,
                                     documented=self.settings.documented) for qid in run}


@dataclass(frozen=True)
class _Plan:
    """One candidate's run for one query: its group, code, the group's calls, the query's extra
    calls (a program's: the query's stdin texts), the expected value of each (``""`` where none
    is stated), and for a program the example each input is a shape of."""

    group: str
    code: str
    calls: tuple[str, ...]
    extra: tuple[str, ...]
    expected: tuple[str, ...]
    examples: tuple[int, ...] = ()


def _query_examples(query: str, fn: Any, lang: str, base: Sequence[str]
                    ) -> tuple[tuple[str, ...], dict[str, str]]:
    """The calls a query writes out for ``fn`` that its group does not run already, and the
    results the query states (call source -> ``"=<normalised value>"``)."""
    stated = dict(unary_examples(query) if len(fn.params) == 1 else [])
    stated.update(stated_examples(query, fn.name, fn.params))  # a call's stated result wins
    calls = list(dict.fromkeys(example_calls(query, fn.name, len(fn.params)) + list(stated)))
    extra = tuple(c for c in calls if c not in base and (lang == "python" or js_arguments(c) is not None))
    return extra, _expectations(stated.items(), lang)


def _expectations(stated: Iterable[tuple[str, Any]], lang: str) -> dict[str, str]:
    """Stated results as a :class:`Behaviour` expects them: call source -> ``"=<value>"``,
    normalised as ``lang``'s probe writes returned values."""
    norm = normalised if lang == "python" else js_normalised
    return {call: "=" + norm(value) for call, value in stated}


def _check_texts(queries: Mapping[str, str], corpus: Mapping[str, str]) -> None:
    for kind, mapping in (("query", queries), ("candidate", corpus)):
        for key, value in mapping.items():
            if not isinstance(value, str):
                raise TypeError(f"consensus reranking takes {kind} texts only; {key!r} is a "
                                f"{type(value).__name__}")


def from_name(arg: str | None, context: Any) -> ConsensusReranker:
    """``consensus`` or ``consensus:<settings>`` (see :meth:`ConsensusSettings.parse`) for the
    rerank registry; ``context`` supplies the oracle."""
    settings = ConsensusSettings.parse(arg)
    return ConsensusReranker(context.oracle if context.oracle is not None else Oracle(), settings)
