"""Reference points a leaderboard is read against: chance, the release's best probe, the definitions.

A system's exec@1 means little alone. ExecRetrieval's finding is that embedding models often sit
at chance inside a family of near-identical snippets (MiniLM on execir-py v2: 0.181 against a
within-family chance of 0.200), and a query-blind probe can beat every retriever. Every
single-task leaderboard therefore carries, beside its systems and never ranked:

* ``chance``: exec@k of a uniformly random ranking of the whole corpus, per k: for a query with
  ``m`` passing snippets among ``N``, ``1 - C(N - m, k) / C(N, k)``, averaged over queries;
* ``family_chance``: exec@1 of a uniformly random pick inside the query's family (its qrels: the
  canonical, its planted distractors and any other snippet judged for it): passing members /
  members, averaged over queries -- what the probe card calls chance;
* ``best_probe``: the probe of the release's card (:mod:`execir.probes.card`) with the highest
  exec@1; a probe reads neither the query nor the tests, so a retriever that does not beat it has
  not shown that it reads them (None when the release has no card);
* ``definitions``: one line each for exec@k and the tie rule.

"Passing" comes from the qrels: level 2 is a snippet that passes the query's tests (the
canonical, or a snippet the build's sweep saw pass), so the values need no execution and are the
same on every rerun (``execir reproduce``).
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from execir.records import REL_CANONICAL

DEFINITIONS = {
    "exec@k": "share of queries with at least one snippet that passes the query's tests among the top k "
              "(the tests are run; ExecRetrieval section 3)",
    "ties": "ranking: score descending, then snippet id ascending; tie_aware_exec@1 is exec@1 with "
            "rank-1 score ties broken at random",
}


def random_ranking_exec(n_corpus: int, passing: Sequence[int], k: int) -> float | None:
    """Mean over queries of P(a uniformly random order of ``n_corpus`` snippets puts at least one
    of the query's ``passing[i]`` snippets in its top ``k``); None without queries.

    Raises:
        ValueError: ``k`` < 1, or a query with more passing snippets than the corpus holds.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    if not passing:
        return None
    values = []
    for m in passing:
        if m > n_corpus:
            raise ValueError(f"{m} passing snippets in a corpus of {n_corpus}")
        miss = math.comb(n_corpus - m, k) / math.comb(n_corpus, k) if k <= n_corpus else 0.0
        values.append(1.0 - miss)
    return sum(values) / len(values)


def family_chance(qrels: Sequence[Mapping[str, int]]) -> float | None:
    """Mean over queries with a family of (level-2 members) / (members with level >= 1); None when
    no query has one."""
    shares = [sum(r >= REL_CANONICAL for r in q.values()) / len(q) for q in qrels
              if any(r >= 1 for r in q.values())]
    return sum(shares) / len(shares) if shares else None


def best_probe(card: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The row of ``card`` (a probe card) with the highest exec@1 (ties: the first name in sorted
    order), as ``{"probe", "split", "exec@1", "ci_low", "ci_high", "chance", "lift",
    "n_families"}``; None without a card or probe rows."""
    rows = [r for r in (card or {}).get("probes", ()) if r.get("exec@1") is not None]
    if not rows:
        return None
    top = min(rows, key=lambda r: (-r["exec@1"], r["probe"], r.get("split", "")))
    return {"probe": top["probe"], "split": top.get("split", "all"), "exec@1": top["exec@1"],
            "ci_low": top.get("ci_low"), "ci_high": top.get("ci_high"), "chance": top.get("chance"),
            "lift": top.get("lift"), "n_families": top.get("n_families")}


def references(qrels: Sequence[Mapping[str, int]], n_corpus: int, ks: Sequence[int],
               card: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``references`` section of a leaderboard (module docstring) for queries with ``qrels``
    (one mapping per query, in query order) over a corpus of ``n_corpus`` snippets."""
    passing = [sum(r >= REL_CANONICAL for r in q.values()) for q in qrels]
    return {
        "chance": {f"exec@{k}": random_ranking_exec(n_corpus, passing, k) for k in ks},
        "family_chance": {"exec@1": family_chance(qrels)},
        "best_probe": best_probe(card),
        "definitions": dict(DEFINITIONS),
        "note": "reference values, never ranked: chance is a uniformly random ranking of the corpus "
                "(family_chance: a random pick within the query's family); best_probe is the release's "
                "probe card's strongest query-blind probe",
    }


def reference_rows(refs: Mapping[str, Any] | None) -> list[tuple[str, dict[str, float | None]]]:
    """``(label, metric key -> value)`` of a leaderboard's ``references`` (never ranked): a random
    ranking, a random pick within the family, the release card's best probe (with its CI as
    ``"exec@1 ci_low"`` / ``"exec@1 ci_high"``); ``[]`` for a leaderboard without references."""
    if not refs:
        return []
    rows = [("chance: random ranking", dict(refs["chance"])),
            ("chance: random pick in the family", dict(refs["family_chance"]))]
    best = refs.get("best_probe")
    if best:
        split = "" if best["split"] == "all" else f", {best['split']} split"
        families = f", {best['n_families']} families" if best.get("n_families") else ""
        rows.append((f"best probe: {best['probe']} (release card{split}{families})",
                     {"exec@1": best["exec@1"], "exec@1 ci_low": best["ci_low"], "exec@1 ci_high": best["ci_high"]}))
    return rows


def reference_lines(board: Any) -> list[str]:
    """The definitions of exec@k and the tie rule, and how to read the reference rows."""
    refs = board.get("references")
    if not refs:
        return []
    lines = [f"exec@k: {refs['definitions']['exec@k']}", f"ties: {refs['definitions']['ties']}"]
    best = refs.get("best_probe")
    lines.append("ref rows are not systems: chance is what a random order scores (a family: a query's "
                 "canonical and the mutants planted beside it); "
                 + (f"the best probe ({best['probe']}) picks within each family without reading the query "
                    "or the tests, so a system at or below it has not shown that it reads them"
                    if best else "the source has no probe card to compare with (`execir probe SOURCE` prints one)"))
    return lines


def reference_cell(values: Mapping[str, float | None], key: str) -> str:
    """A reference row's cell for metric ``key``: the value (3 decimals) with its 95% interval
    where the row has one (the best probe's exec@1), ``""`` where the row has no value."""
    value = values.get(key)
    if value is None:
        return ""
    low, high = values.get(f"{key} ci_low"), values.get(f"{key} ci_high")
    return f"{value:.3f}" if low is None or high is None else f"{value:.3f} [{low:.3f}, {high:.3f}]"


def probe_references(card: Mapping[str, Any] | None) -> dict[str, Any]:
    """The ``references`` of a leaderboard in CoREB's view (tables per task; nDCG@10 first): the
    release card's best probe and its within-family chance (None without a card) and the
    definitions; never ranked."""
    best = best_probe(card)
    return {"best_probe": best, "family_chance": {"exec@1": None if best is None else best.get("chance")},
            "definitions": dict(DEFINITIONS, **{"ndcg@10": "graded nDCG at 10 with only relevance-2 snippets "
                                                            "(those that pass) gaining; CoREB section 4"})}


def probe_reference_line(board: Mapping[str, Any]) -> str:
    """One line under a CoREB-view table: the best probe against its chance, or that the source
    has no card."""
    best = (board.get("references") or {}).get("best_probe")
    if not best:
        return "reference: the source has no probe card to compare with (`execir probe SOURCE` prints one)"
    shown = reference_cell({"exec@1": best["exec@1"], "exec@1 ci_low": best.get("ci_low"),
                            "exec@1 ci_high": best.get("ci_high")}, "exec@1")
    chance = "" if best.get("chance") is None else f" against a chance of {best['chance']:.3f}"
    return (f"reference (not ranked): the release card's best probe, {best['probe']}, picks a passing snippet "
            f"first in {shown} of its families{chance}, reading neither the query nor the tests")
