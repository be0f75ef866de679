"""The execir-poly multitask release: verified programs -> CoREB tasks, subtasks and graded qrels.

Stages (CoREB §3, appendices A.2-A.5; every step deterministic for a given seed):

1. the verified programs (:mod:`execir.construction.poly_programs`): every problem's canonical
   programs run on its stdin/stdout tests, and the mutants that fail a test without an
   ``ERROR``, a ``TIMEOUT`` or a slow suite are planted -- CoREB's failed solutions; ``star``
   families (v2, :func:`verify_programs`: the first ``keep`` of a seeded sample) or ``centred``
   ones (v3, :func:`execir.construction.poly_centred.verify_centred`: centre drawn per
   (problem, language), adversarial picks, family filter).
2. :func:`assemble` -- the corpora and queries:

   * code corpus: each passing canonical (``passed`` true) and kept mutant (``passed`` false),
     and with LLM solutions each passing (``solution``) and failing (``failed_solution``) program
     an LLM wrote (``meta.generated``);
   * text corpus: each problem's description (``abbreviated_text`` = its 50-150 word form) and,
     in a ``star`` release, its four authored hard-negative descriptions (appendix A.2
     strategies, in ``meta.kind``; a ``centred`` release leaves them out, :func:`domain_negatives`);
   * t2c {canonical_retro (abbreviated), full_retro (description), search (keywords)} x
     {any, each language}: 2 = passing program (in the target language when constrained),
     1 = the problem's mutants and its passing programs excluded by the constraint;
   * c2t {canonical_retro, full_retro} x {any, each language} with an anchor program of that
     language (``any``: a seeded language): 2 = the description, 1 = its four hard negatives
     (``centred``: four other descriptions of its domain);
     c2t match: per problem one positive pair (2 = description, 1 = hard negatives) and one
     negative pair (the program with another problem's description: that description is its only,
     level-1, judgement);
   * c2c cross_lang per anchor language: 2 = the passing programs in the other languages,
     1 = the problem's mutants and failing programs, and its other passing programs in the
     anchor's language (an LLM's, :mod:`execir.generate.solutions`); the anchor (the canonical)
     itself is in the corpus and in the anchor map.

   Document ids are ``code_``/``text_`` plus 12 hex digits of a SHA-256 of the content, so the
   rank tie rule (id ascending) favours no role; query ids follow CoREB's scheme.
3. :func:`write_problems` -- the CoREB files, ``tasks.jsonl`` (each problem's tests, the
   oracle) and ``manifest.json`` (counts per task and subtask, SHA-256 of every file).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.construction.families import CENTRED, STAR, shuffled
from execir.construction.poly_programs import DEFAULT_CANDIDATES, DEFAULT_KEEP, Program, verify_programs
from execir.datasets.shipped import POLY
from execir.errors import UsageError
from execir.execution import Oracle
from execir.formats.files import ReleaseLayout, write_jsonl, write_release
from execir.formats.coreb import write_coreb_folder
from execir.formats.coreb_names import (coreb_folder_query_id,
                                      subtask_name)
from execir.records import CODE, TEXT, Benchmark, Query, Snippet, sha256_text

FORMAT = "execir-multitask-release/1"
TASKS_FILE = "tasks.jsonl"
#: judged hard-negative texts per problem in a ``centred`` release (:func:`domain_negatives`)
TEXT_NEGATIVES = 4


def _doc_id(prefix: str, *parts: str) -> str:
    return f"{prefix}_{sha256_text(chr(0).join(parts))[:12]}"


def assemble(problems: Sequence[Any], programs: Mapping[tuple[str, str], Sequence[Program]], *,
             name: str = POLY, seed: int = 0, languages: Sequence[str] | None = None,
             shuffle: bool = False) -> Benchmark:
    """Stage 2 of the module docstring: the multitask benchmark of ``problems``: the documents,
    then the t2c, c2t, c2t match and c2c queries of every problem, in that order.

    A problem with fewer than two passing languages is left out (c2c needs a target).  With
    ``shuffle`` (``centred`` families, :mod:`execir.construction.poly_centred`) each corpus is
    in a seeded shuffled order (:func:`execir.construction.families.shuffled`), so no position in
    a corpus file tells a canonical or a description from its hard negatives, and a problem's
    judged hard-negative texts are other problems' descriptions (:func:`domain_negatives`), not
    its four authored ones.

    Raises:
        ValueError: two documents get the same id (identical content in one problem).
    """
    a = _Assembly()
    kept = [p for p in problems if sum((p.problem_id, lang) in programs for lang in p.solutions) >= 2]
    info = {p.problem_id: a.documents(p, programs, list(languages) if languages else None, authored=not shuffle)
            for p in kept}
    if shuffle:
        for pid, negatives in domain_negatives(kept, seed).items():
            info[pid]["negs"] = [info[q]["desc"] for q in negatives]
    for p in kept:
        a.text_to_code(p, info[p.problem_id])
    rng = random.Random(f"{seed}:anchors")
    for p in kept:
        a.code_to_text(p, info[p.problem_id], rng)
    for i, p in enumerate(kept):
        others = [info[kept[(i + 1 + j) % len(kept)].problem_id] for j in range(len(kept) - 1)]
        a.match(p, info[p.problem_id], rng, others)
    for p in kept:
        a.code_to_code(p, info[p.problem_id])
    docs = a.docs
    if shuffle:
        docs = {d.snippet_id: d for modality in (CODE, TEXT)
                for d in shuffled([d for d in a.docs.values() if d.modality == modality], seed)}
    return Benchmark(name=name, queries=a.queries, corpus=docs, qrels=a.qrels)


def domain_negatives(problems: Sequence[Any], seed: int) -> dict[str, list[str]]:
    """The judged hard-negative texts of a ``centred`` release: problem id -> the problems whose
    descriptions are its c2t hard negatives (level 1).

    The authored hard negatives of a problem folder are all shorter than every description (median
    37 against 161 words, at most 58 against at least 126) and in another register (no input or
    output format), so a query-blind probe picks the description among them every time
    (execir-poly v3 build B: longest-chars 1.000, classifier 1.000 on 145 families, chance 0.200).
    Here they are other descriptions of the same domain, in a window: the domain's problems in a
    seeded order (:data:`TEXT_NEGATIVES` + 1 or more of them; smaller domains are pooled into one
    group), and each problem's negatives the next :data:`TEXT_NEGATIVES` in that order, wrapping
    round.  Every description is then the positive of one family and a negative of
    ``TEXT_NEGATIVES`` others, in the same style and length distribution, and which member of a
    window is the positive is hidden in the seeded order.  A group of one problem gives none.
    """
    groups: dict[str, list[str]] = {}
    for p in problems:
        groups.setdefault(p.domain, []).append(p.problem_id)
    pooled = sorted(pid for pids in groups.values() if len(pids) <= TEXT_NEGATIVES for pid in pids)
    windows = [(domain, sorted(pids)) for domain, pids in sorted(groups.items()) if len(pids) > TEXT_NEGATIVES]
    out: dict[str, list[str]] = {}
    for name, pids in windows + ([("\0pooled", pooled)] if pooled else []):
        random.Random(f"{seed}:text-negatives:{name}").shuffle(pids)
        m = min(TEXT_NEGATIVES, len(pids) - 1)
        out.update({pid: [pids[(i + j) % len(pids)] for j in range(1, m + 1)] for i, pid in enumerate(pids)})
    return out


class _Assembly:
    """The documents, queries and qrels :func:`assemble` accumulates (query ids numbered per
    subtask in the order queries are added)."""

    def __init__(self) -> None:
        self.docs: dict[str, Snippet] = {}
        self.queries: dict[str, Query] = {}
        self.qrels: dict[str, dict[str, int]] = {}
        self.counters: dict[str, int] = {}

    def add_doc(self, doc: Snippet) -> str:
        if doc.snippet_id in self.docs:
            raise ValueError(f"duplicate document id {doc.snippet_id} ({doc.task_id})")
        self.docs[doc.snippet_id] = doc
        return doc.snippet_id

    def add_query(self, task: str, variant: str, language: str | None, text: str, pid: str,
                  rel: Mapping[str, int], **kw: Any) -> None:
        sub = subtask_name(task, variant, language)
        self.counters[sub] = self.counters.get(sub, 0) + 1
        qid = coreb_folder_query_id(task, variant, language, self.counters[sub])
        self.queries[qid] = Query(query_id=qid, text=text, task_id=pid, direction=task, subtask=sub,
                                  variant=variant, language=language, **kw)
        self.qrels[qid] = dict(rel)

    def documents(self, p: Any, programs: Mapping[tuple[str, str], Sequence[Program]],
                  order: Sequence[str] | None, authored: bool = True) -> dict[str, Any]:
        """Add ``p``'s programs (code corpus) and texts (text corpus: its description and, with
        ``authored``, its authored hard negatives); return their ids."""
        langs = [lang for lang in (order or p.solutions) if (p.problem_id, lang) in programs]
        passing: dict[str, list[str]] = {}  # language -> passing programs, the canonical (the anchor) first
        failing: list[str] = []
        for lang in langs:
            for prog in programs[(p.problem_id, lang)]:
                meta = {"meta.mutation": dict(prog.mutation)} if prog.mutation else {}
                if prog.origin:
                    meta["meta.generated"] = dict(prog.origin)
                kind = "solution" if prog.passed else "mutant" if prog.mutation else "failed_solution"
                did = self.add_doc(Snippet(_doc_id("code", p.problem_id, lang, prog.code), prog.code, p.problem_id,
                                           kind, lang, modality=CODE, passed=prog.passed, meta=meta))
                if prog.passed:
                    passing.setdefault(lang, []).append(did)
                else:
                    failing.append(did)
        desc = self.add_doc(Snippet(_doc_id("text", p.problem_id, "description"), p.description, p.problem_id,
                                    "description", None, modality=TEXT, abbreviated=p.abbreviated))
        negs = [self.add_doc(Snippet(_doc_id("text", p.problem_id, kind), text, p.problem_id, "hard_negative",
                                     None, modality=TEXT, meta={"meta.strategy": kind}))
                for kind, text in (p.hard_negatives.items() if authored else ())]
        return {"langs": langs, "passing": passing, "failing": failing, "desc": desc, "negs": negs}

    def text_to_code(self, p: Any, info: Mapping[str, Any]) -> None:
        """t2c: each description view, language-agnostic and per language."""
        langs, passing, failing = info["langs"], info["passing"], info["failing"]
        for variant, text, sub_type in (("canonical_retro", p.abbreviated, "abbreviated"),
                                        ("full_retro", p.description, "full_description"),
                                        ("search", p.search, "search")):
            for language in [None] + langs:
                rel = {d: 1 for d in failing}
                rel.update({d: 2 if language in (None, lang) else 1 for lang, ds in passing.items() for d in ds})
                self.add_query("t2c", variant, language, text, p.problem_id, rel,
                               meta={"query_type": "language_agnostic" if language is None else "language_specific",
                                     "sub_query_type": sub_type})

    def code_to_text(self, p: Any, info: Mapping[str, Any], rng: random.Random) -> None:
        """c2t: a solution ranks the texts (the language-agnostic query's language drawn)."""
        langs, passing = info["langs"], info["passing"]
        text_rel = {info["desc"]: 2, **{n: 1 for n in info["negs"]}}
        picked = langs[rng.randrange(len(langs))]
        for variant in ("canonical_retro", "full_retro"):
            for language in [None] + langs:
                lang = picked if language is None else language
                self.add_query("c2t", variant, language, p.solutions[lang], p.problem_id, text_rel,
                               anchor_language=lang, anchor_id=passing[lang][0],
                               meta={"meta.text_type": "canonical_description" if variant == "canonical_retro"
                                     else "full_description"})

    def match(self, p: Any, info: Mapping[str, Any], rng: random.Random, others: Sequence[Mapping[str, Any]]
              ) -> None:
        """c2t match: a positive pair with the problem's own description and, when there are
        other problems (``others``, in the order after ``p``), a negative pair with a drawn one's."""
        langs, passing = info["langs"], info["passing"]
        lang = langs[rng.randrange(len(langs))]
        self.add_query("c2t", "match", None, p.solutions[lang], p.problem_id,
                       {info["desc"]: 2, **{n: 1 for n in info["negs"]}},
                       anchor_language=lang, anchor_id=passing[lang][0], label=1,
                       meta={"text_id": info["desc"], "meta.pair_type": "positive"})
        if others:
            other = others[rng.randrange(len(others))]
            lang = langs[rng.randrange(len(langs))]
            self.add_query("c2t", "match", None, p.solutions[lang], p.problem_id, {other["desc"]: 1},
                           anchor_language=lang, anchor_id=passing[lang][0], label=0,
                           meta={"text_id": other["desc"], "meta.pair_type": "negative"})

    def code_to_code(self, p: Any, info: Mapping[str, Any]) -> None:
        """c2c: each passing solution ranks the programs of the other languages."""
        langs, passing, failing = info["langs"], info["passing"], info["failing"]
        for lang in langs:
            rel = {d: 1 for d in failing}
            rel.update({d: 1 for d in passing[lang][1:]})  # correct, but in the anchor's own language
            rel.update({d: 2 for other, ds in passing.items() if other != lang for d in ds})
            self.add_query("c2c", "cross_lang", None, p.solutions[lang], p.problem_id, rel, anchor_language=lang,
                           anchor_id=passing[lang][0],
                           meta={"meta.target_languages": [x for x in langs if x != lang]})


def integrity_failures(bench: Benchmark) -> list[str]:
    """Integrity gate of an assembled release; one line per problem found (empty = passes):
    a query without a level-2 item (other than a c2t match negative pair), a judged document
    missing or in the other corpus, a c2c anchor that is judged or is not a passing program of its
    problem, a judged level-2 program that does not pass, or one program text that is both a
    passing program and a mutant of a problem."""
    out = []
    for qid, q in bench.queries.items():
        rel = bench.qrels.get(qid, {})
        if not any(v >= 2 for v in rel.values()) and not (q.variant == "match" and q.label == 0):
            out.append(f"{qid}: no relevance-2 item")
        for did, lvl in rel.items():
            doc = bench.corpus.get(did)
            if doc is None or doc.modality != q.target:
                out.append(f"{qid}: judged document {did} is not in the {q.target} corpus")
            elif lvl >= 2 and doc.modality == CODE and not (doc.passed and doc.task_id == q.task_id):
                out.append(f"{qid}: level-2 program {did} does not pass problem {q.task_id}")
        if q.direction == "c2c":
            anchor = bench.corpus.get(q.anchor_id or "")
            if q.anchor_id in rel or anchor is None or not anchor.passed or anchor.task_id != q.task_id:
                out.append(f"{qid}: anchor {q.anchor_id} is judged, missing or not a passing program")
    seen: dict[tuple[str, str], bool] = {}
    for doc in bench.documents(CODE).values():
        key = (doc.task_id, doc.code)
        if key in seen and seen[key] != doc.passed:
            out.append(f"{doc.task_id}: one program text is both passing and a mutant")
        seen[key] = bool(doc.passed)
    return out


def counts(bench: Benchmark) -> dict[str, Any]:
    """Manifest counts: queries per task and per subtask, documents per corpus, qrels per level."""
    per_task: dict[str, int] = {}
    per_sub: dict[str, int] = {}
    for q in bench.queries.values():
        per_task[q.direction] = per_task.get(q.direction, 0) + 1
        per_sub[q.subtask] = per_sub.get(q.subtask, 0) + 1
    levels: dict[str, int] = {}
    for row in bench.qrels.values():
        for lvl in row.values():
            levels[str(lvl)] = levels.get(str(lvl), 0) + 1
    return {"queries": len(bench.queries), "queries_per_task": per_task, "queries_per_subtask": per_sub,
            "code_corpus": len(bench.documents(CODE)), "text_corpus": len(bench.documents(TEXT)),
            "passing_programs": sum(1 for d in bench.corpus.values() if d.passed),
            "mutants": sum(1 for d in bench.corpus.values() if d.modality == CODE and not d.passed),
            "qrels_per_level": levels, "problems": len({q.task_id for q in bench.queries.values()})}


def _write_benchmark_files(folder: Path, name: str, queries: list[Query], corpus: list[Snippet],
                       qrels: dict[str, dict[str, int]]) -> tuple[str, ...]:
    return write_coreb_folder(folder, _benchmark(name, queries, corpus, qrels))


def _benchmark_counts(name: str, queries: list[Query], corpus: list[Snippet], qrels: dict[str, dict[str, int]],
            task_rows: list[dict[str, Any]]) -> dict[str, Any]:
    return counts(_benchmark(name, queries, corpus, qrels))


def _benchmark(name: str, queries: list[Query], corpus: list[Snippet], qrels: dict[str, dict[str, int]]) -> Benchmark:
    return Benchmark(name=name, queries={q.query_id: q for q in queries}, corpus={d.snippet_id: d for d in corpus},
                     qrels=qrels)


#: a multitask release's files (:func:`execir.formats.files.write_release`): CoREB's, and one
#: ``tasks.jsonl`` row per problem (its tests, the oracle: :func:`problem_rows`)
LAYOUT = ReleaseLayout(FORMAT, _write_benchmark_files, _benchmark_counts, dict)


def problem_rows(bench: Benchmark, problems: Sequence[Any]) -> list[dict[str, Any]]:
    """The ``tasks.jsonl`` rows of the ``problems`` that ``bench`` has queries of, in the given order."""
    used = {q.task_id for q in bench.queries.values()}
    return [{"problem_id": p.problem_id, "domain": p.domain, "tests": list(p.tests),
             "languages": sorted(p.solutions), "ported_from": p.ported_from,
             **({"rewritten_from": p.rewritten_from} if p.rewritten_from else {})}
            for p in problems if p.problem_id in used]


def write_problems(folder: str | Path, bench: Benchmark, problems: Sequence[Any], *,
                   manifest_extra: Mapping[str, Any] | None = None,
                   extra_jsonl: Mapping[str, Sequence[Mapping[str, Any]]] | None = None) -> dict[str, Any]:
    """Stage 3: ``bench`` written as a multitask release (:data:`LAYOUT`) with the ``problems``'
    rows as ``tasks.jsonl``, any ``extra_jsonl`` (file name -> records) first, and ``manifest.json``
    last, hashing them all; returns the manifest.  Byte-identical for the same benchmark."""
    folder = Path(folder)
    for name, records in (extra_jsonl or {}).items():
        write_jsonl(folder / name, records)
    return write_release(folder, name=bench.name, queries=bench.queries.values(), corpus=bench.corpus.values(),
                         qrels=bench.qrels, tasks=problem_rows(bench, problems), manifest_extra=manifest_extra,
                         extra_files=tuple(extra_jsonl or {}), layout=LAYOUT)


def build_problem_release(out: str | Path, *, oracle: Oracle, seed: int = 0, candidates: int | None = None,
               keep: int = DEFAULT_KEEP, root: str | Path | None = None, version: str | None = None,
               families: str = STAR) -> dict[str, Any]:
    """Build the execir-poly release from its problem folders into ``out``: the three stages of
    the module docstring, with ``star`` families (v2, :func:`verify_programs`) or ``centred``
    ones (v3, :func:`execir.construction.poly_centred.verify_centred`; ``candidates`` is then
    that design's own default unless given).  Returns the manifest (``build`` holds the settings,
    the rejections and, for ``centred``, the design's counts).  (With LLM-written solutions:
    :func:`execir.generate.problems.build_with_llm`.)

    Raises:
        DataError: a malformed problem folder (:func:`execir.datasets.poly_sources.load_problems`).
        UsageError: an unknown family design; the assembled release fails :func:`integrity_failures`.
    """
    from execir.datasets.poly_sources import load_problems

    if families not in (STAR, CENTRED):
        raise UsageError(f"--families {families}: execir-poly builds {STAR} or {CENTRED} families")
    problems = load_problems(root)
    settings: dict[str, Any] = {"seed": seed, "keep": keep}
    if families == STAR:
        programs, rejections = verify_programs(problems, oracle, seed=seed, candidates=candidates or DEFAULT_CANDIDATES,
                                               keep=keep)
        settings["candidates"] = candidates or DEFAULT_CANDIDATES
    else:
        from execir.construction.poly_centred import CANDIDATES, verify_centred

        programs, rejections, design = verify_centred(problems, oracle, seed=seed, keep=keep,
                                                      candidates=candidates or CANDIDATES)
        settings.update(candidates=candidates or CANDIDATES, families=CENTRED, design=design)
    return release_from_programs(out, problems, programs, rejections=rejections, settings=settings,
                                 version=version)


def release_from_programs(out: str | Path, problems: Sequence[Any],
                          programs: Mapping[tuple[str, str], Sequence[Program]], *,
                          rejections: Sequence[str] = (), settings: Mapping[str, Any] | None = None,
                          version: str | None = None, generation: Mapping[str, Any] | None = None,
                          problems_in: int | None = None,
                          extra_jsonl: Mapping[str, Sequence[Mapping[str, Any]]] | None = None) -> dict[str, Any]:
    """Stages 2 and 3 of the module docstring: assemble, check and write the release of
    ``problems`` from their verified ``programs`` (what :func:`verify_programs` returns, or
    :func:`programs_of` reads back from a release).  ``settings`` holds the build's ``seed``,
    ``candidates`` and ``keep`` (recorded in the manifest; ``seed`` also seeds the assembly) and,
    for a ``centred`` build, ``families`` and the design's counts (``design``; the corpora are
    then shuffled);
    ``problems_in``: the problems read, when some were dropped before ``problems`` (default: their
    number); ``extra_jsonl`` as in :func:`write_problems`.
    Returns the manifest.

    Raises:
        UsageError: no problem has two passing languages, or the assembled release fails
            :func:`integrity_failures`.
    """
    settings = {"seed": 0, "candidates": DEFAULT_CANDIDATES, "keep": DEFAULT_KEEP, **dict(settings or {})}
    dropped = _too_few_languages(problems, programs)
    rejections = list(rejections) + dropped
    if len(dropped) == len(problems):
        raise UsageError(f"no problem is left to release ({problems_in or len(problems)} read, every one "
                         f"dropped); first: {rejections[0] if rejections else 'no problem folder'}")
    centred = settings.get("families") == CENTRED
    bench = assemble(problems, programs, seed=settings["seed"], shuffle=centred)
    failures = integrity_failures(bench)
    if failures:
        raise UsageError(f"{POLY} fails the integrity gate ({len(failures)} problems), first: {failures[0]}")
    extra: dict[str, Any] = {"build": {"seed": settings["seed"], "candidates": settings["candidates"],
                                       "keep": settings["keep"], "rejections": list(rejections),
                                       "problems_in": problems_in or len(problems),
                                       "gates": {"canonicals_pass": "every kept (problem, language)",
                                                 "mutants_fail": "every planted mutant fails a test, no "
                                                                 "ERROR/TIMEOUT/slow suite",
                                                 "integrity": "passed"}}}
    if centred:
        extra["build"].update(families=CENTRED, design=dict(settings.get("design") or {}))
    if version is not None:
        extra["version"] = version
    if generation is not None:
        extra["generation"] = dict(generation)
    return write_problems(out, bench, problems, manifest_extra=extra, extra_jsonl=extra_jsonl)


def _too_few_languages(problems: Sequence[Any], programs: Mapping[tuple[str, str], Sequence[Program]]
                       ) -> list[str]:
    """One line per problem :func:`assemble` leaves out: fewer than two languages pass."""
    out = []
    for p in problems:
        langs = [lang for lang in p.solutions if (p.problem_id, lang) in programs]
        if len(langs) < 2:
            out.append(f"{p.problem_id}: dropped: {len(langs)} language{'' if len(langs) == 1 else 's'} "
                       f"pass{'es' if len(langs) == 1 else ''}{' (' + langs[0] + ')' if langs else ''}; a problem "
                       "needs two (code-to-code)")
    return out


def programs_of(bench: Benchmark) -> dict[tuple[str, str], list[Program]]:
    """The verified programs a release holds, as :func:`verify_programs` returned them when it
    was built: ``(problem_id, language) -> [canonical, kept mutant, ...]``: the canonical first,
    then the others in corpus order (their ``outcomes`` are not stored in a release and come back
    empty; a ``centred`` release's shuffled corpus gives its mutants in another order, which
    changes no file the assembly writes: each corpus is shuffled again)."""
    out: dict[tuple[str, str], list[Program]] = {}
    for doc in bench.documents(CODE).values():
        mutation, origin = doc.meta.get("meta.mutation"), doc.meta.get("meta.generated")
        out.setdefault((doc.task_id, doc.language), []).append(
            Program(doc.code, doc.language or "", bool(doc.passed), dict(mutation) if mutation else None, (),
                    dict(origin) if origin else None))
    return {key: sorted(progs, key=lambda p: not (p.passed and p.origin is None)) for key, progs in out.items()}
