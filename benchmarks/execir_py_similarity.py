"""Near-duplicate check for the execir-py queries (issue 5, item 3).

TF-IDF (word unigrams + bigrams, sublinear tf, English stop words kept out) over every query of the
built-in dataset, cosine similarity between all pairs, and the most similar pairs printed. Pairs at
or above ``--threshold`` must either be removed from the data or listed in ``JUSTIFIED`` below with
the one rule that makes the two tasks behave differently; the script exits 1 when an unjustified pair
reaches the threshold.

Usage: ``python benchmarks/execir_py_similarity.py [--top 20] [--threshold 0.8] [--json]``
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity

from execir.datasets import load_dataset

DEFAULT_THRESHOLD = 0.8

#: Pairs allowed at or above the threshold: (entry point, entry point) sorted -> the differing rule.
JUSTIFIED: dict[tuple[str, str], str] = {}


def similar_pairs(queries: list[str], names: list[str], top: int) -> list[dict]:
    """The ``top`` most similar query pairs, by TF-IDF cosine (descending, then names ascending).

    Returns dicts ``{"a", "b", "cosine"}`` with ``a < b`` (entry-point names).
    """
    vectorizer = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, stop_words="english")
    matrix = vectorizer.fit_transform(queries)
    sims = cosine_similarity(matrix)
    iu, ju = np.triu_indices(len(queries), k=1)
    values = sims[iu, ju]
    order = np.lexsort((ju, iu, -values))[:top]
    pairs = []
    for idx in order:
        a, b = sorted((names[iu[idx]], names[ju[idx]]))
        pairs.append({"a": a, "b": b, "cosine": round(float(values[idx]), 4)})
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)

    tasks = load_dataset("execir-py")
    domain = {t.entry_point: t.domain for t in tasks}
    pairs = similar_pairs([t.query for t in tasks], [t.entry_point for t in tasks], args.top)
    over = [p for p in pairs if p["cosine"] >= args.threshold]
    unjustified = [p for p in over if (p["a"], p["b"]) not in JUSTIFIED]
    if args.json:
        print(json.dumps({"tasks": len(tasks), "threshold": args.threshold, "top": pairs,
                          "over_threshold": len(over), "unjustified": unjustified}))
    else:
        print(f"{len(tasks)} queries, TF-IDF cosine, top {args.top} pairs "
              f"(threshold {args.threshold})")
        for p in pairs:
            flag = "  <-- over threshold" if p["cosine"] >= args.threshold else ""
            print(f"{p['cosine']:.4f}  {p['a']} ({domain[p['a']]})  ~  "
                  f"{p['b']} ({domain[p['b']]}){flag}")
            note = JUSTIFIED.get((p["a"], p["b"]))
            if note:
                print(f"        justified: {note}")
    return 1 if unjustified else 0


if __name__ == "__main__":
    sys.exit(main())
