"""``--systems mteb:NAME``: parsing, the offline one-line failure, and a real run with prompts."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from execir.errors import UsageError
from execir.retrieval.spec import parse_system, parse_systems

MINILM = "sentence-transformers/all-MiniLM-L6-v2"


def test_mteb_entries_parse_into_their_own_kind():
    spec = parse_system(f"mteb:{MINILM}>medoid")
    assert (spec.kind, spec.mteb, spec.reranker, spec.identity) == \
        ("mteb", MINILM, "medoid", f"mteb:{MINILM.lower()}>medoid")
    with pytest.raises(UsageError, match="expected mteb:NAME"):
        parse_system("mteb: ")
    with pytest.raises(UsageError, match="more than once"):
        parse_systems(f"mteb:{MINILM},mteb:{MINILM.upper()}")


def _run(args, tmp_path):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(tmp_path / "cache"), HF_HUB_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1", HF_HUB_CACHE=str(tmp_path / "empty-hub"))
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", *args], capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.mark.parametrize("name, message", [
    (MINILM, f"mteb:{MINILM}: needs a download of {MINILM} (revision "),
    ("nobody/no-such-model", "mteb:nobody/no-such-model: Model 'nobody/no-such-model' not found in MTEB registry"),
])
def test_a_model_not_on_disk_stops_at_once_with_one_line(two_tasks, tmp_path, name, message):
    pytest.importorskip("mteb", reason="mteb: systems need the mteb package")
    folder, _ = two_tasks
    out = tmp_path / "res"
    proc = _run(["run", "--dataset", str(folder), "--systems", f"mteb:{name}", "--out", str(out), "--quiet"],
                tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in proc.stderr, proc.stderr
    assert not out.exists()


def test_a_registry_model_runs_with_its_prompts(two_tasks, tmp_path, monkeypatch):
    """Test-only registration: MTEB's own all-MiniLM-L6-v2 entry names a hub revision whose files
    are not on this machine (the packaged MiniLM does not say which revision it holds), so a copy
    of that entry under a test name stands in, loading the packaged folder with query and document
    prompts; ``open_weights=False`` stands for "needs no download"."""
    pytest.importorskip("mteb", reason="mteb: systems need the mteb package")
    import mteb
    from mteb.models.model_implementations import MODEL_REGISTRY
    from mteb.models.sentence_transformer_wrapper import SentenceTransformerEncoderWrapper
    from sentence_transformers import SentenceTransformer

    from execir.formats.files import load_benchmark, read_run
    from execir.execution.oracle_setup import make_oracle
    from execir.workflow.pipeline import evaluate_release
    from execir.ranking import rank
    from execir.retrieval.dense import packaged_model_path
    from execir.retrieval.registry import default_registry
    from execir.records import run_file_name

    weights = str(packaged_model_path(default_registry().get("minilm")))
    prompts = {"query": "query: ", "document": "passage: "}

    def loader(name, revision=None, device=None, **kwargs):
        return SentenceTransformerEncoderWrapper(weights, device=device, model_prompts=dict(prompts),
                                                 local_files_only=True)

    name = "execir-test/minilm-prompted"
    meta = mteb.get_model_meta(MINILM).model_copy(
        update={"name": name, "loader": loader, "loader_kwargs": {}, "open_weights": False, "revision": "test"})
    monkeypatch.setitem(MODEL_REGISTRY, name, meta)
    folder, ids = two_tasks
    system, out, cache = f"mteb:{name}", tmp_path / "res", tmp_path / "cache"
    evaluate_release(folder, systems=system, out=out, oracle=make_oracle(cache_dir=cache, quiet=True),
                     cache_dir=cache, device="cpu", log=lambda _msg: None)
    roles = json.loads((out / "config.json").read_text())["invocation"][system]["roles"]
    assert (roles["query"]["prompt"], roles["document"]["prompt"]) == ("query: ", "passage: ")
    # the same model run by hand with those prompts ranks every query's list the same way
    release = load_benchmark(folder)
    st = SentenceTransformer(weights, device="cpu")
    doc_ids = list(release.corpus)
    docs = st.encode([prompts["document"] + release.corpus[d].code.strip() for d in doc_ids],
                     normalize_embeddings=True)
    run = read_run(out / "runs" / run_file_name(system))
    for qid, query in release.queries.items():
        vec = st.encode([prompts["query"] + query.text], normalize_embeddings=True)[0]
        expected = [d for d, _ in rank(dict(zip(doc_ids, (docs @ vec).tolist())))]
        assert [d for d, _ in run[qid]] == expected
        assert np.isclose(run[qid][0][1], float(np.max(docs @ vec)), atol=1e-5)
