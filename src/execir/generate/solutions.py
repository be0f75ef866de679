"""CoREB-style solutions (CoREB §3.1): an LLM writes ``samples`` programs per problem and
language, the oracle runs each on the problem's stdin/stdout tests, and the result labels it:
passing -> another correct program (relevance 2 wherever the canonical is), failing with a wrong
output or a crash -> a *natural* hard negative (relevance 1), not one edit away from anything.

The prompt is locked and versioned (``prompts/solve_v1.txt``, its SHA-256 in the manifest);
sample ``k`` is asked with seed ``seed + k`` at :data:`TEMPERATURE`, through the response cache
(:mod:`execir.generate.response_cache`).  An answer is dropped, under its reason in the manifest, when it
has no fenced block (``no_code_block``), was cut off (``truncated``), repeats the canonical or an
earlier sample (``duplicate``), or does not run to a verdict (``error``: does not compile, a
harness error; ``timeout``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Mapping, Sequence

from execir.construction.multitask import Program
from execir.construction.verify import run_by_language
from execir.datasets.poly_sources import SOLUTION_FILES
from execir.execution import Oracle
from execir.execution.outcomes import TIMEOUT
from execir.generate.bugs import fenced_code
from execir.generate.endpoint import LLMClient, answer_tokens
from execir.generate.prompt import load_prompt
from execir.mutation.select import KILLED_CRASH_ONLY, KILLED_WRONG_OUTPUT, classify

#: sampling temperature of every solution request (several samples must differ)
TEMPERATURE = 0.8
_NOTES = {"java": " The public class must be named Main."}


PROMPT = load_prompt("solve_v1.txt")
#: the prompt's identity for the manifest
SOLVE_PROMPT = PROMPT.identity()


def solve_messages(description: str, language: str) -> list[dict[str, str]]:
    """The chat messages asking for one ``language`` program solving ``description``."""
    return PROMPT.messages(language=language, note=_NOTES.get(language, ""), description=description)


def generated_programs(problems: Sequence[Any], live: Mapping[tuple[str, str], Sequence[Program]],
                       client: LLMClient, oracle: Oracle, *, samples: int, seed: int = 0
                       ) -> tuple[dict[tuple[str, str], list[Program]], dict[str, Any]]:
    """Ask, run and label ``samples`` programs for every (problem, language) in ``live`` (the
    verified programs so far, canonical first; a language whose canonical failed is not asked).

    Returns:
        ``((problem_id, language) -> labelled programs in sample order, counts)``; ``counts``:
        ``asked``, ``passing``, ``failing``, ``rejected`` (reason -> n) and ``tokens``.

    Raises:
        UsageError: the endpoint failed for good, or ``offline`` met an uncached request.
    """
    reasons: Counter = Counter()
    tokens: Counter = Counter()
    pending: list[tuple[tuple[str, str], int, str]] = []
    for p in problems:
        for lang in p.solutions:
            key = (p.problem_id, lang)
            if key not in live:
                continue
            seen = {prog.code for prog in live[key]}
            for k in range(samples):
                answer = client.complete(solve_messages(p.description, lang), temperature=TEMPERATURE,
                                         max_tokens=2048, seed=seed + k)
                tokens.update(answer_tokens(answer))
                code = "truncated" if answer["finish_reason"] == "length" else fenced_code(answer["text"], lang)
                if code in (None, "truncated") or code in seen:
                    reasons["no_code_block" if code is None else "truncated" if code == "truncated"
                            else "duplicate"] += 1
                    continue
                seen.add(code)
                pending.append((key, k, code))
    tests = {p.problem_id: list(p.tests) for p in problems}
    results = run_by_language(oracle, [(code, tests[key[0]]) for key, _, code in pending],
                              [key[1] for key, _, _ in pending], progress="executing generated programs")
    out: dict[tuple[str, str], list[Program]] = {}
    for (key, k, code), res in zip(pending, results):
        origin = {"model": client.endpoint.model, "sample": k}
        if res.passed:
            out.setdefault(key, []).append(Program(code, key[1], True, None, res.outcomes, origin))
        elif TIMEOUT in res.outcomes:
            reasons["timeout"] += 1
        elif classify(res.outcomes) in (KILLED_WRONG_OUTPUT, KILLED_CRASH_ONLY):
            out.setdefault(key, []).append(Program(code, key[1], False, None, res.outcomes, origin))
        else:
            reasons["error"] += 1
    kept = [prog for progs in out.values() for prog in progs]
    asked = samples * sum((p.problem_id, lang) in live for p in problems for lang in p.solutions)
    return out, {"asked": asked,
                 "passing": sum(prog.passed for prog in kept), "failing": sum(not prog.passed for prog in kept),
                 "rejected": dict(sorted(reasons.items())),
                 "tokens": {t: tokens[t] for t in ("prompt_tokens", "completion_tokens")}}


def solve_missing(problems: Sequence[Any], llms: Sequence[LLMClient], oracle: Oracle, *, samples: int,
                  seed: int = 0, languages: Sequence[str] = ()) -> tuple[list[Any], dict[str, Any], list[str]]:
    """Canonicals for the languages a problem folder has no solution file for (``--from-problems``):
    each of ``llms`` in turn is asked the requests :func:`generated_programs` sends (sample ``k``:
    seed ``seed + k``, so they are cached once for both), and the first program in (model,
    sample) order that passes every test becomes the canonical of that language.

    Returns:
        ``(problems with those solutions added, record, rejections)``: ``record`` holds
        ``asked`` (requests), ``tokens`` and ``canonicals`` (``"problem_id language"`` -> the
        canonical's ``{"model", "sample"}``); a language no program passes is named in
        ``rejections`` and stays out of the problem.
    """
    asked: list[tuple[int, str, int, int, str]] = []  # (problem index, language, model index, sample, code)
    tokens: Counter = Counter()
    requests = 0
    for i, p in enumerate(problems):
        for lang in languages:
            if lang in p.solutions:
                continue
            for m, llm in enumerate(llms):
                for k in range(samples):
                    answer = llm.complete(solve_messages(p.description, lang), temperature=TEMPERATURE,
                                          max_tokens=2048, seed=seed + k)
                    requests += 1
                    tokens.update(answer_tokens(answer))
                    code = None if answer["finish_reason"] == "length" else fenced_code(answer["text"], lang)
                    if code is not None:
                        asked.append((i, lang, m, k, code))
    results = run_by_language(oracle, [(code, list(problems[i].tests)) for i, _, _, _, code in asked],
                              [lang for _, lang, _, _, _ in asked], progress="executing generated canonicals")
    found: dict[tuple[int, str], tuple[str, dict[str, Any]]] = {}
    for (i, lang, m, k, code), res in zip(asked, results):
        if res.passed and (i, lang) not in found:
            found[(i, lang)] = code, {"model": llms[m].endpoint.model, "sample": k}
    out, origins, rejections = [], {}, []
    for i, p in enumerate(problems):
        missing = [lang for lang in languages if lang not in p.solutions]
        added = {lang: found[(i, lang)][0] for lang in missing if (i, lang) in found}
        origins.update({f"{p.problem_id} {lang}": found[(i, lang)][1] for lang in added})
        rejections += [f"{p.problem_id} [{lang}]: no {SOLUTION_FILES[lang]}, and no --llm program passes its tests"
                       if llms else f"{p.problem_id} [{lang}]: no {SOLUTION_FILES[lang]} (write one, or give --llm "
                       "to have it written)" for lang in missing if lang not in added]
        out.append(replace(p, solutions={**p.solutions, **added}) if added else p)
    record = {"asked": requests, "tokens": {t: tokens[t] for t in ("prompt_tokens", "completion_tokens")},
              "canonicals": origins}
    return out, record, rejections
