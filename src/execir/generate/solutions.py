"""CoREB-style solutions (CoREB §3.1): an LLM writes ``samples`` programs per problem and
language, the oracle runs each on the problem's stdin/stdout tests, and the result labels it:
passing -> another correct program (relevance 2 wherever the canonical is), failing with a wrong
output or a crash -> a *natural* hard negative (relevance 1), not one edit away from anything.

The prompt is locked and versioned (``prompts/solve_v1.txt``, its SHA-256 in the manifest);
sample ``k`` is asked with seed ``seed + k`` at :data:`TEMPERATURE`, through the response cache
(:mod:`execir.generate.cache`).  An answer is dropped, under its reason in the manifest, when it
has no fenced block (``no_code_block``), was cut off (``truncated``), repeats the canonical or an
earlier sample (``duplicate``), or does not run to a verdict (``error``: does not compile, a
harness error; ``timeout``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.construction.multitask import DEFAULT_KEEP, Program, release_from_programs, verify_programs
from execir.construction.verify import run_by_language
from execir.execution import Oracle
from execir.execution.outcomes import TIMEOUT
from execir.generate.bugs import fenced_code
from execir.generate.endpoint import LLMClient
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
                tokens.update({t: int(answer["usage"].get(t, 0)) for t in ("prompt_tokens", "completion_tokens")})
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


def build_poly_with_solutions(out: str | Path, *, oracle: Oracle, llms: Sequence[LLMClient], samples: int,
                              seed: int = 0, keep: int = DEFAULT_KEEP, root: str | Path | None = None
                              ) -> dict[str, Any]:
    """:func:`execir.construction.multitask.build_poly` with CoREB's generated solutions: the
    problems' canonicals and ``keep`` mutants are verified, then each of ``llms`` in turn writes
    ``samples`` programs per problem and language, labelled by execution
    (:func:`generated_programs`; a program an earlier model wrote is a ``duplicate``): passing
    ones join the canonical (relevance 2 wherever it is), failing ones the hard negatives; the
    manifest's ``generation`` records the prompt, settings and each model's counts.  Returns
    the manifest.

    Raises:
        DataError: a malformed problem folder.  UsageError: an endpoint failed, or the release
            fails the integrity gate.
    """
    from execir.datasets.poly_sources import load_problems

    problems = load_problems(root)
    programs, rejections = verify_programs(problems, oracle, seed=seed, keep=keep)
    models = []
    for llm in llms:
        extra, counts = generated_programs(problems, programs, llm, oracle, samples=samples, seed=seed)
        for key, progs in extra.items():
            programs[key] = list(programs[key]) + progs
        models.append({"model": llm.endpoint.model, **counts})
    generation = {"distractors": "llm" if keep == 0 else "both", "prompt": SOLVE_PROMPT, "samples": samples,
                  "temperature": TEMPERATURE, "seed": seed, "models": models}
    return release_from_programs(out, problems, programs, rejections=rejections,
                                 settings={"seed": seed, "keep": keep}, generation=generation)
