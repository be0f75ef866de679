"""A CoREB-format multitask release from a folder of problems and an LLM endpoint
(``execir build --from-problems DIR --llm URL?model=NAME``; issue 26).

A problem folder (:mod:`execir.datasets.poly_sources`, read with ``partial=True``) needs only
``problem.json`` with a ``description`` and stdin/stdout ``tests``.  The steps, in order, each
through the response cache (a rebuild from it is byte-identical offline):

1. ``rewrite`` (optional): counterfactual statements, kept only when an LLM's program for the
   rewrite passes the tests (:func:`execir.generate.texts.rewrite_statements`);
2. the texts the folder leaves out: abbreviated and search variants, the four hard-negative
   descriptions (:func:`execir.generate.texts.complete_texts`);
3. canonicals for the languages without a solution file: the first LLM program that passes
   (:func:`execir.generate.solutions.solve_missing`);
4. mutants of every canonical (``keep`` per language; 0 with ``--distractors llm``), verified
   by the oracle (:func:`execir.construction.multitask.verify_programs`);
5. with ``--distractors llm|both``: ``samples`` more programs per model, problem and language,
   labelled by execution (:func:`execir.generate.solutions.generated_programs`);
6. with ``functions`` (``--functions-out``): each problem as an ExecRetrieval task, a Python
   function with a docstring query and assert tests (:mod:`execir.generate.functions`), written
   as ``function_tasks.jsonl`` for the single-task builder;
7. assembly, the integrity gate and the files (:func:`execir.construction.multitask.release_from_programs`).

The manifest's ``generation`` names every prompt (file and SHA-256) and, per step and model, the
requests, what was accepted or rejected (by reason) and the tokens; with ``price`` (US dollars per
million prompt and completion tokens) also each step's cost.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from execir.construction.multitask import DEFAULT_KEEP, release_from_programs, verify_programs
from execir.datasets.poly_sources import SOLUTION_FILES, load_problems
from execir.execution import Oracle
from execir.generate.endpoint import LLMClient, cost_usd
from execir.generate.functions import function_tasks
from execir.generate.solutions import SOLVE_PROMPT, TEMPERATURE, generated_programs, solve_missing
from execir.generate.texts import COUNTERFACTUAL, HARD_NEGATIVE, KEYWORDS, PARAPHRASE, TextAsker, complete_texts, \
    rewrite_statements


#: the ExecRetrieval tasks file a ``functions`` build adds to the release
FUNCTION_TASKS = "function_tasks.jsonl"


def _priced(record: dict[str, Any], price: tuple[float, float] | None) -> dict[str, Any]:
    if price is not None:
        record["cost_usd"] = cost_usd(record["tokens"], price)
    return record


def _more_programs(problems: Sequence[Any], programs: dict, llms: Sequence[LLMClient], oracle: Oracle,
                   samples: int, seed: int, price: tuple[float, float] | None) -> list[dict[str, Any]]:
    """Step 5: each model's labelled programs appended to ``programs`` (in place); each model's
    counts."""
    models = []
    for llm in llms:
        got, counts = generated_programs(problems, programs, llm, oracle, samples=samples, seed=seed)
        for key, progs in got.items():
            programs[key] = list(programs[key]) + progs
        models.append(_priced({"model": llm.endpoint.model, **counts}, price))
    return models


def build_with_llm(out: str | Path, *, oracle: Oracle, llms: Sequence[LLMClient], root: str | Path | None,
                   samples: int = 2, seed: int = 0, keep: int = DEFAULT_KEEP, solutions: bool = True,
                   rewrite: bool = False, partial: bool = True, price: tuple[float, float] | None = None,
                   functions: bool = False) -> dict[str, Any]:
    """The steps of the module docstring into ``out``; returns the manifest.

    Args:
        root: the problem folders (None: execir-poly's packaged problems).
        samples: programs asked per model, problem and language (steps 3 and 5).
        keep: mutants kept per (problem, language); 0 plants none.
        solutions: run step 5 (``--distractors llm|both``).
        rewrite: run step 1.
        partial: folders may leave out everything but ``description`` and ``tests``.
        price: dollars per million prompt and completion tokens, for the cost figures.
        functions: also write :data:`FUNCTION_TASKS`, each problem as an ExecRetrieval task
            (a Python function with a docstring query and assert tests,
            :func:`execir.generate.functions.function_tasks`), for ``execir build tasks --path``.

    Raises:
        DataError: a malformed problem folder.  UsageError: an endpoint failed for good,
            ``--offline`` met an uncached request, or the release fails the integrity gate.
    """
    problems = load_problems(root, partial=partial)
    read = len(problems)
    generation: dict[str, Any] = {"distractors": "mutation" if not solutions else "llm" if keep == 0 else "both",
                                  "seed": seed, "samples": samples,
                                  "temperature": {"texts": 0.0, "programs": TEMPERATURE}, "prompts": [], "steps": {}}
    problems, rejections = _texts(problems, TextAsker(llms, seed), oracle, rewrite, generation, price)
    problems, canonicals, missing = solve_missing(problems, llms, oracle, samples=samples, seed=seed,
                                                  languages=list(SOLUTION_FILES))
    rejections += missing
    if canonicals["asked"]:
        generation["steps"]["canonicals"] = _priced(canonicals, price)
    if canonicals["asked"] or solutions or rewrite:
        generation["prompts"].insert(0, SOLVE_PROMPT)
    programs, failed = verify_programs(problems, oracle, seed=seed, keep=keep)
    rejections += failed
    for key, origin in canonicals["canonicals"].items():
        pid, lang = key.split(" ")
        if (pid, lang) in programs:
            programs[(pid, lang)][0] = replace(programs[(pid, lang)][0], origin=origin)
    if solutions:
        generation["steps"]["solutions"] = _more_programs(problems, programs, llms, oracle, samples, seed, price)
    files = {}
    if functions:
        tasks, record, failed = function_tasks(problems, llms, seed=seed)
        rejections += failed
        generation["prompts"].append(record["prompt"])
        generation["steps"]["functions"] = [_priced(m, price) for m in record["models"]]
        files[FUNCTION_TASKS] = [t.to_dict() for t in tasks]
    if price is not None:
        generation["price_usd_per_million_tokens"] = {"prompt": price[0], "completion": price[1]}
    return release_from_programs(out, problems, programs, rejections=rejections,
                                 settings={"seed": seed, "keep": keep}, generation=generation if llms else None,
                                 problems_in=read, extra_jsonl=files)


def _texts(problems: Any, asker: TextAsker, oracle: Oracle, rewrite: bool, generation: dict[str, Any],
           price: tuple[float, float] | None) -> tuple[Any, list]:
    """Steps 1-2: rewrite the statements (with ``rewrite``), then complete the missing texts;
    records their prompts and counts in ``generation``.  Returns the problems and the rejections
    so far."""
    if rewrite:
        problems, counts = rewrite_statements(problems, asker, oracle)
        generation["steps"]["rewrite"] = _priced(counts, price)
    problems, rejections = complete_texts(problems, asker)
    if rewrite or any(m["asked"] for m in asker.record()):
        generation["prompts"] += [p.identity() for p in (COUNTERFACTUAL, PARAPHRASE, KEYWORDS, HARD_NEGATIVE)
                                  if rewrite or p is not COUNTERFACTUAL]
        generation["steps"]["texts"] = [_priced(m, price) for m in asker.record()]
    return problems, rejections
