"""Why the trained cross-encoder's loss sat at ln 2 (issue 25 item 2), and the fix, measured.

    python benchmarks/cross_encoder_head.py [--threads 2]

1. Features under the new head: the bundled all-MiniLM-L6-v2 is a mean-pooling bi-encoder, so
   its [CLS] pooler (``pooler.dense`` + tanh, which ``BertForSequenceClassification`` puts under
   the logit layer) was never trained for it.  On 32 (query, code) pairs of the learnable set
   below: the mean |value| of the pooled features, and the mean pairwise cosine of the [CLS]
   vectors, the pooled features and the mean-pooled token vectors.
2. Loss per epoch of :func:`execir.rerank.train_cross_encoder.fit_cross_encoder` (batch 16, 48 tokens, 4
   epochs = 32 steps, seed 0) on :func:`learnable_pairs` -- pairs that the words alone tell
   apart -- with the head at the encoder's learning rate (5e-5, the old recipe) and at the
   default ``head_learning_rate`` (1e-3).

Prints one JSON object.  ``tests/rerank/test_learning.py`` runs the second half of (2).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

#: things a query asks for, and the function that does each
THINGS = ("sum", "maximum", "minimum", "length", "reverse", "sorted", "count", "average",
          "product", "first", "last", "middle", "square", "double", "half", "negate")


def learnable_pairs(seed: int = 0) -> list[tuple[str, str, int]]:
    """128 ``(query, code, label)`` rows: each query with its own function (1) and with a
    seeded other one (0); 64 of each."""
    rng = random.Random(seed)
    rows = []
    for rep in range(4):
        for i, thing in enumerate(THINGS):
            query = f"return the {thing} of a list of numbers" + (" please" if rep % 2 else "")
            other = THINGS[(i + 1 + rng.randrange(len(THINGS) - 1)) % len(THINGS)]
            rows.append((query, f"def {thing}_of(items):\n    return {thing}(items)\n", 1))
            rows.append((query, f"def {other}_of(items):\n    return {other}(items)\n", 0))
    return rows


def features() -> dict:
    """Part 1 of the module docstring."""
    import torch
    from sentence_transformers import CrossEncoder

    from execir.rerank.cross_encoder import offline_hub
    from execir.rerank.train_cross_encoder import base_folder

    offline_hub()
    model = CrossEncoder(str(base_folder(None)), num_labels=1, max_length=48, device="cpu",
                         local_files_only=True)
    pairs = [(q, c) for q, c, _ in learnable_pairs()[:32]]
    batch = model.preprocess(pairs)
    hf = model[0].model.eval()
    with torch.no_grad():
        out = hf.bert(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"],
                      token_type_ids=batch["token_type_ids"])
    mask = batch["attention_mask"].unsqueeze(-1).float()
    vectors = {"cls": out.last_hidden_state[:, 0], "pooled": out.pooler_output,
               "mean": (out.last_hidden_state * mask).sum(1) / mask.sum(1)}
    result = {"pooled_mean_abs": round(float(out.pooler_output.abs().mean()), 4)}
    for name, x in vectors.items():
        x = torch.nn.functional.normalize(x, dim=-1)
        sim = x @ x.T
        result[f"{name}_mean_pairwise_cosine"] = round(float(sim[~torch.eye(len(x), dtype=bool)].mean()), 4)
    return result


def curves() -> dict:
    """Part 2 of the module docstring."""
    from execir.rerank.train_cross_encoder import TrainSettings, base_folder, fit_cross_encoder

    base = base_folder(None)
    default = TrainSettings(batch_size=16, max_length=48, epochs=4, seed=0)
    out = {}
    for label, settings in (("head at 5e-5 (old)", dataclasses.replace(default, head_learning_rate=5e-5)),
                            ("head at 1e-3 (default)", default)):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            fit = fit_cross_encoder(base, [learnable_pairs()] * 4, Path(tmp) / "m", settings)
        out[label] = {"loss_per_epoch": fit["loss_per_epoch"], "steps": fit["steps"],
                      "seconds": round(time.perf_counter() - start, 1)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    print(json.dumps({"features": features(), "curves": curves(),
                      "load_average": os.getloadavg()}, indent=1))


if __name__ == "__main__":
    main()
