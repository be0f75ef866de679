"""Runs under the peer's throwaway venv (never imports execir): scores runs on a CoREB-format
folder with the reference evaluator of ``coreb`` 0.1.0, the way its own runner does.

    /tmp/coreb-venv/bin/python benchmarks/coreb_peer_driver.py FOLDER RUNS.json OUT.json

* Modules are loaded by file path (``coreb_runner/__init__`` does not import: ``utils.tasks`` has
  no ``Task``).  ``evaluation.py`` imports torch at module level but ``EvaluateRetrieval.evaluate``
  and ``mrr`` never touch it; when torch is not installed a placeholder module stands in.
* Files are read with the peer's ``data_loader.load_custom_dataset`` (one call per task).
* c2c: the anchor map is built from ``meta.anchor_code_id`` as ``CoREBTasks.get_code2code_task``
  does, and each anchor is stripped from its list as ``_recompute_c2c_without_anchor`` does,
  before ``EvaluateRetrieval.evaluate``; the unstripped figures are reported too.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import sys
import types
from pathlib import Path

KS = [1, 3, 5, 10, 100]
TASKS = {"t2c": ("text2code", "code_corpus_v2.jsonl"), "c2c": ("code2code", "code_corpus_v2.jsonl"),
         "c2t": ("code2text", "text_corpus_v2.jsonl")}


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def peer_modules():
    """The peer's ``evaluation`` and ``data_loader`` modules, loaded by path."""
    root = Path(importlib.util.find_spec("coreb_runner").submodule_search_locations[0])
    if importlib.util.find_spec("torch") is None:
        stub = types.ModuleType("torch")
        stub.Tensor = object  # only used in annotations of the similarity helpers
        sys.modules["torch"] = stub
    return (_load("coreb_peer_evaluation", root / "benchmark" / "evaluation.py"),
            _load("coreb_peer_data_loader", root / "benchmark" / "data_loader.py"), root)


def main(folder: str, runs_file: str, out_file: str) -> int:
    logging.disable(logging.CRITICAL)
    evaluation, loader, root = peer_modules()
    folder_p = Path(folder)
    runs = json.loads(Path(runs_file).read_text())
    out: dict = {"peer": str(root), "systems": {}}
    for system, run in runs.items():
        per_task = {}
        for task, (split, corpus_name) in TASKS.items():
            qfile = folder_p / f"{split}_queries.jsonl"
            if not qfile.is_file() or not qfile.read_text().strip():
                continue
            _, queries, qrels = loader.load_custom_dataset(str(folder_p / corpus_name), str(qfile),
                                                           str(folder_p / f"{split}_qrels.jsonl"))
            anchors = {}
            if task == "c2c":
                for q in loader.load_jsonl(str(qfile)):
                    anchor = (q.get("meta") or {}).get("anchor_code_id", "")
                    if anchor:
                        anchors[q["query_id"]] = anchor
            results = {q: {d: float(s) for d, s in run[q] if d != anchors.get(q)} for q in queries}
            ndcg, _map, recall, precision = evaluation.EvaluateRetrieval.evaluate(
                {q: dict(r) for q, r in qrels.items()}, results, KS)
            mrr = evaluation.mrr(qrels, results, [10])
            row = {"n_queries": len(queries), "ndcg": ndcg, "map": _map, "recall": recall, "precision": precision,
                   "mrr": mrr}
            if task == "c2c":
                raw = {q: {d: float(s) for d, s in run[q]} for q in queries}
                ndcg_raw, _, recall_raw, _ = evaluation.EvaluateRetrieval.evaluate(
                    {q: dict(r) for q, r in qrels.items()}, raw, KS)
                row["anchor_kept"] = {"ndcg": ndcg_raw, "recall": recall_raw}
            per_task[task] = row
        out["systems"][system] = per_task
    Path(out_file).write_text(json.dumps(out, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
