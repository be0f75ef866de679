"""The goal of issue 53 item 1, end to end: MTEB's evaluation of the local MiniLM on humaneval@2
gives execir's numbers (slow: both encode the release on the CPU, about a minute)."""

from __future__ import annotations

import pytest

pytest.importorskip("mteb", reason="execir.mteb needs the mteb package (pip install 'execir[mteb]')")


@pytest.mark.slow
def test_mteb_evaluate_matches_execir_on_humaneval_v2(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("MTEB_CACHE", str(tmp_path / "mteb-cache"))
    import mteb
    from sentence_transformers import SentenceTransformer

    import execir
    import execir.mteb
    from execir.retrieval.dense import packaged_model_path
    from execir.retrieval.registry import default_registry

    cache = tmp_path / "execir-cache"
    model = SentenceTransformer(str(packaged_model_path(default_registry().get("minilm"))), device="cpu")
    result = mteb.evaluate(model, tasks=[execir.mteb.task("humaneval@2", cache_dir=cache)],
                           cache=mteb.ResultCache(tmp_path / "mteb-results"), co2_tracker=False,
                           show_progress_bar=False)
    scores = result.task_results[0].scores["test"][0]
    ours = execir.evaluate("humaneval@2", "minilm", cache_dir=cache, replicates=10, device="cpu")
    assert scores["ndcg_at_10"] == pytest.approx(ours.metric("minilm", "ndcg@10"), abs=1e-4)
    for k in (1, 3, 5, 10):
        assert scores[f"exec_at_{k}"] == ours.metric("minilm", f"exec@{k}")
    assert scores["main_score"] == scores["ndcg_at_10"]
