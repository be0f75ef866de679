"""CoREB's text steps through an LLM (CoREB §3.1 and appendix A.2): query variants, hard-negative
descriptions and counterfactual rewrites of a problem statement.

* :func:`complete_texts` fills what a problem folder leaves out: the ``abbreviated`` statement
  (CoREB's paraphrase variant, 50-150 words), the ``search`` query (its keyword variant, 2-10
  words) and any of the four ``hard_negatives`` (one per strategy of
  :data:`~execir.datasets.poly_sources.HARD_NEGATIVE_KINDS`: the statement of a *different*
  program a careless reader would confuse with this one, at least 30 words).  What an author
  wrote is never asked for.
* :func:`rewrite_statements` rewrites each statement counterfactually (new names and story, the
  same computation and formats), then checks the rewrite by having every ``--llm`` in turn solve
  it in Python and running that program on the problem's tests: a rewrite no model solves is
  dropped (the problem keeps its statement).  A kept rewrite replaces the statement, and the
  texts written from the old one (abbreviated, search, hard negatives) are written again from
  the new one.

Every request is temperature 0 with the build seed, through the response cache
(:mod:`execir.generate.response_cache`), so a rebuild from the cache is byte-identical offline.  The
models are asked in turn: the first answer that passes its check is used.  An answer fails its
check, under its reason in the manifest, when it was cut off (``truncated``), is empty
(``empty``), opens as a refusal ("I cannot help", "Sorry, ..."; ``refused``), has too few or too many words (``length``), repeats the statement or another text of
the problem (``duplicate``), or, for the search query, spans several lines (``not_one_line``).
Prompts are locked files (``prompts/*_v1.txt``), named with their SHA-256 in the manifest.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any, Callable, Sequence

from execir.construction.verify import run_by_language
from execir.datasets.poly_sources import (ABBREVIATED_WORDS, DESCRIPTION_MIN_WORDS, HARD_NEGATIVE_KINDS,
                                          HARD_NEGATIVE_MIN_WORDS, SEARCH_WORDS)
from execir.execution import Oracle
from execir.generate.bugs import fenced_code
from execir.generate.endpoint import LLMClient, answer_tokens
from execir.generate.prompt import load_prompt

PARAPHRASE = load_prompt("paraphrase_v1.txt")
KEYWORDS = load_prompt("keywords_v1.txt")
HARD_NEGATIVE = load_prompt("hard_negative_text_v1.txt")
COUNTERFACTUAL = load_prompt("counterfactual_v1.txt")
#: what each hard-negative strategy changes (filled into :data:`HARD_NEGATIVE`)
STRATEGIES = {
    "operation_type": ("operation type", "the operation done on the data, for example counting instead of "
                       "summing, or the minimum instead of the maximum."),
    "optimisation_objective": ("optimisation objective", "what is optimised or asked for, for example the "
                               "longest instead of the shortest, or how many instead of whether one exists."),
    "algorithmic_approach": ("algorithmic approach", "a rule that calls for another algorithm, for example "
                             "allowing repeats, or a contiguous part instead of any subset."),
    "problem_domain": ("problem domain", "the kind of data it is about, with a rule that differs in substance, "
                       "for example text instead of numbers, or a grid instead of a line."),
}
_FENCED = re.compile(r"^```[^\n]*\n(.*?)\n?```$", re.DOTALL)
Check = Callable[[str], "str | None"]


def plain_text(answer: dict[str, Any]) -> tuple[str | None, str | None]:
    """An answer's text (stripped; a fence or quotes around the whole of it removed) and None,
    or None and the reason it is unusable (``truncated``, ``empty``)."""
    if answer["finish_reason"] == "length":
        return None, "truncated"
    text = answer["text"].strip()
    fenced = _FENCED.match(text)
    text = (fenced.group(1) if fenced else text).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return (text, None) if text else (None, "empty")


def words_between(low: int, high: int | None) -> Check:
    """A check: the text has ``low`` to ``high`` words (no upper bound when None)."""
    def check(text: str) -> str | None:
        n = len(text.split())
        return None if n >= low and (high is None or n <= high) else "length"
    return check


class TextAsker:
    """Asks ``clients`` in turn for one text and keeps the first that passes its check; counts
    every answer per model (``accepted`` per field, ``rejected`` per reason, tokens)."""

    def __init__(self, clients: Sequence[LLMClient], seed: int) -> None:
        self.clients, self.seed = list(clients), seed
        self.counts = {c.endpoint.model: {"asked": 0, "accepted": Counter(), "rejected": Counter(),
                                          "tokens": Counter()} for c in self.clients}

    def ask(self, field: str, messages: list[dict[str, str]], *checks: Check) -> str | None:
        """The first answer of any client that passes every check, or None (one line of
        :class:`~execir.errors.UsageError` when an endpoint fails for good)."""
        for client in self.clients:
            count = self.counts[client.endpoint.model]
            answer = client.complete(messages, temperature=0.0, max_tokens=1024, seed=self.seed)
            count["asked"] += 1
            count["tokens"].update(answer_tokens(answer))
            text, reason = plain_text(answer)
            for check in (not_refusal, *checks):
                reason = reason or check(text or "")
            if reason is None:
                count["accepted"][field] += 1
                return text
            count["rejected"][reason] += 1
        return None

    def record(self) -> list[dict[str, Any]]:
        """Per model, for the manifest: ``model``, ``asked``, ``accepted``, ``rejected``, ``tokens``."""
        return [{"model": model, "asked": c["asked"], "accepted": dict(sorted(c["accepted"].items())),
                 "rejected": dict(sorted(c["rejected"].items())),
                 "tokens": {t: c["tokens"][t] for t in ("prompt_tokens", "completion_tokens")}}
                for model, c in self.counts.items()]


def _not_among(texts: Sequence[str]) -> Check:
    seen = {" ".join(t.split()).lower() for t in texts}
    return lambda text: "duplicate" if " ".join(text.split()).lower() in seen else None


_REFUSAL = re.compile(r"^(i cannot|i can't|i can not|i won't|i'm sorry|i am sorry|sorry|as an ai|i'm unable|"
                      r"i am unable|unfortunately)\b", re.IGNORECASE)


def not_refusal(text: str) -> str | None:
    """A check: the text does not open as a refusal ("I cannot help", "Sorry, ...")."""
    return "refused" if _REFUSAL.match(text.strip()) else None


def _one_line(text: str) -> str | None:
    return None if "\n" not in text else "not_one_line"


def complete_texts(problems: Sequence[Any], asker: TextAsker) -> tuple[list[Any], list[str]]:
    """Fill each problem's missing ``abbreviated``, ``search`` and hard negatives (module
    docstring).  Returns ``(problems with every text, rejections)``: a problem left without one
    of them (every model's answer failed its check) is dropped and named in ``rejections``."""
    out, rejections = [], []
    for p in problems:
        desc = {"description": p.description}
        abbreviated = p.abbreviated or asker.ask("abbreviated", PARAPHRASE.messages(**desc),
                                                 words_between(*ABBREVIATED_WORDS), _not_among([p.description]))
        search = p.search or asker.ask("search", KEYWORDS.messages(**desc), _one_line, words_between(*SEARCH_WORDS))
        negatives = dict(p.hard_negatives)
        for kind in HARD_NEGATIVE_KINDS:
            if kind not in negatives:
                strategy, definition = STRATEGIES[kind]
                text = asker.ask(kind, HARD_NEGATIVE.messages(strategy=strategy, definition=definition, **desc),
                                 words_between(HARD_NEGATIVE_MIN_WORDS, None),
                                 _not_among([p.description, *negatives.values()]))
                if text is not None:
                    negatives[kind] = text
        missing = [name for name, value in (("abbreviated", abbreviated), ("search", search)) if value is None]
        missing += [f"hard_negatives.{k}" for k in HARD_NEGATIVE_KINDS if k not in negatives]
        if missing:
            rejections.append(f"{p.problem_id}: dropped: no usable {', '.join(missing)} from --llm (every answer "
                              "failed its check; counts in the manifest's generation.steps.texts)" if asker.clients
                              else f"{p.problem_id}: dropped: problem.json has no {', '.join(missing)}; write "
                              "them, or give --llm to have them written")
            continue
        out.append(dataclasses.replace(p, abbreviated=abbreviated, search=search,
                                       hard_negatives={k: negatives[k] for k in HARD_NEGATIVE_KINDS}))
    return out, rejections


def rewrite_statements(problems: Sequence[Any], asker: TextAsker, oracle: Oracle
                       ) -> tuple[list[Any], dict[str, int]]:
    """Counterfactual rewrites, checked by solving them (module docstring).  Returns the
    problems (a rewritten one with ``rewritten_from`` set and its derived texts cleared, for
    :func:`complete_texts` to write again) and counts: ``rewritten``, ``unsolved`` (the rewrite
    was dropped: no model's Python program for it passes the tests), ``no_rewrite`` (every
    answer failed its check), ``solve_requests`` and their ``tokens`` (the rewrite requests
    themselves are counted by ``asker``, under the field ``rewrite``)."""
    from execir.generate.solutions import solve_messages

    drafts: dict[str, str] = {}
    for p in problems:
        text = asker.ask("rewrite", COUNTERFACTUAL.messages(description=p.description),
                         words_between(DESCRIPTION_MIN_WORDS, None), _not_among([p.description]))
        if text is not None:
            drafts[p.problem_id] = text
    jobs, owners = [], []
    tokens: Counter = Counter()
    for p in problems:
        if p.problem_id not in drafts:
            continue
        for client in asker.clients:
            answer = client.complete(solve_messages(drafts[p.problem_id], "python"), temperature=0.0,
                                     max_tokens=2048, seed=asker.seed)
            tokens.update(answer_tokens(answer))
            code = None if answer["finish_reason"] == "length" else fenced_code(answer["text"], "python")
            if code is not None:
                jobs.append((code, list(p.tests)))
                owners.append(p.problem_id)
    results = run_by_language(oracle, jobs, ["python"] * len(jobs), progress="solving the rewritten statements")
    solved = {pid for pid, res in zip(owners, results) if res.passed}
    out = []
    for p in problems:
        if p.problem_id in solved:
            p = dataclasses.replace(p, description=drafts[p.problem_id], rewritten_from=p.description,
                                    abbreviated=None, search=None, hard_negatives={})
        out.append(p)
    return out, {"rewritten": len(solved), "unsolved": len(drafts) - len(solved),
                 "no_rewrite": len(problems) - len(drafts), "solve_requests": len(drafts) * len(asker.clients),
                 "tokens": {t: tokens[t] for t in ("prompt_tokens", "completion_tokens")}}
