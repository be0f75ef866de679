"""``execir train-retriever``: fine-tune the bundled MiniLM bi-encoder on mined hard negatives.

The first stage caps every reranker: a within-family reranker cannot pass the share of queries
whose top hit is of the right task (*family@1*).  This trains the first stage itself (issue 25
item 1), on the same problem-disjoint split as ``execir train-reranker``
(:func:`execir.rerank.examples.split_tasks`):

1. retrieve for every training query within the training split with ``minilm`` and label the
   top-ranked snippets of other tasks by execution (only *verified* failing snippets become
   negatives);
2. mine one triplet ``(query, positive, hard negative)`` per training query and epoch from
   :func:`execir.rerank.examples.mine_examples` (the hard negative is one of the query's own
   verified mutants or a verified-failing top-ranked snippet; the easy one when it has none);
3. train a sentence-transformers ``SentenceTransformer`` from the bundled all-MiniLM-L6-v2 (or
   any local folder) with ``MultipleNegativesRankingLoss``: each query against its positive,
   its hard negative and every other triplet's positive and negative in the batch (in-batch
   negatives); AdamW with linear warm-up then decay, every draw seeded, CPU by default;
4. save the model with a model card (``execir_card.json``, ``README.md``) and its triplets
   (``examples.jsonl``);
5. evaluate on the held-out split only: ``minilm`` against ``trained:<folder>``, exec@k and
   nDCG@10 with 95% bootstrap CIs and paired tests, plus family@1 of both.

The trainer reads the oracle's tests only to label training candidates; the trained encoder
sees query text and code only, like any retriever.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from execir.errors import UsageError
from execir.progress import Stage, note
from execir.rerank.examples import EASY, HARD, POSITIVE, mine_examples
from execir.rerank.held_out import delta_lines, evaluate_held_out, probe_label, renamed, task_markdown
from execir.rerank.train_cross_encoder import (CARD_JSON, CARD_MD, EXAMPLES_JSONL, _mining_failures, _versions,
                                 base_folder, card_head, check_max_length, failing_counts, loss_curve,
                                 staged, training_split)
from execir.records import Benchmark

#: the card's ``kind``: what ``trained:<folder>`` accepts
KIND = "sentence-transformers bi-encoder (use as trained:<folder>)"
#: the base system that mines the candidates and that the trained encoder is compared with
BASELINE = "minilm"


@dataclass(frozen=True)
class RetrieverSettings:
    """Every setting of a retriever training run (recorded in the model card).

    Attributes:
        base: model folder to start from; None = the bundled all-MiniLM-L6-v2.
        held_out: fraction of tasks held out (by a seeded hash of the task id).
        seed: seeds the split, the mining, dropout and the shuffles.
        epochs: passes over the data; each epoch draws a new mining round (new negatives).
        batch_size: triplets per optimiser step (each query sees ``2 * batch_size`` candidates).
        learning_rate, warmup_ratio, weight_decay: AdamW with linear warm-up then decay.
        scale: inverse temperature of the in-batch softmax over cosine similarities.
        max_length: tokens per text (query or code).
        mine_depth: retrieved snippets per query searched for hard negatives.
        max_train_queries: train on at most this many training tasks (None: all).
        device: ``cpu`` (default, reproducible), ``cuda`` or ``auto``.
    """

    base: str | None = None
    held_out: float = 0.2
    seed: int = 0
    epochs: int = 1
    batch_size: int = 16
    learning_rate: float = 2e-5
    warmup_ratio: float = 0.1
    weight_decay: float = 0.01
    scale: float = 20.0
    max_length: int = 256
    mine_depth: int = 10
    max_train_queries: int | None = None
    device: str = "cpu"

    def check(self) -> None:
        """Raises UsageError naming the first unusable setting."""
        if not 0.0 < self.held_out < 1.0:
            raise UsageError(f"--held-out must be between 0 and 1, got {self.held_out}")
        for name in ("epochs", "batch_size", "max_length", "mine_depth"):
            if getattr(self, name) < 1:
                raise UsageError(f"--{name.replace('_', '-')} must be at least 1, "
                                 f"got {getattr(self, name)}")
        if self.max_train_queries is not None and self.max_train_queries < 1:
            raise UsageError(f"--max-train-queries must be at least 1, got {self.max_train_queries}")
        for name in ("learning_rate", "scale"):
            value = getattr(self, name)
            if not (value > 0 and math.isfinite(value)):
                raise UsageError(f"--{name.replace('_', '-')} must be a positive number, got {value}")
        if self.seed < 0:
            raise UsageError(f"--seed must be >= 0, got {self.seed}")
        from execir.retrieval.dense import check_device

        check_device(self.device)
        check_max_length(base_folder(self.base), self.max_length)


def triplets(examples: Sequence[Any], epochs: int) -> list[list[tuple[str, str, str, str]]]:
    """Per epoch: ``(query id, positive id, negative id, negative kind)``, one per query that
    has a positive and a negative in that mining round (the hard negative when there is one),
    queries in id order."""
    rounds: list[list[tuple[str, str, str, str]]] = []
    for r in range(epochs):
        pos: dict[str, str] = {}
        neg: dict[str, tuple[str, str]] = {}
        for ex in examples:
            if ex.round != r:
                continue
            if ex.kind == POSITIVE:
                pos.setdefault(ex.query_id, ex.snippet_id)
            elif ex.kind == HARD or (ex.kind == EASY and ex.query_id not in neg):
                neg[ex.query_id] = (ex.snippet_id, ex.kind)
        rounds.append([(q, pos[q], *neg[q]) for q in sorted(pos) if q in neg])
    return rounds


def fit_bi_encoder(base: Path, texts: Sequence[Sequence[tuple[str, str, str]]], out: Path,
                   settings: RetrieverSettings) -> dict[str, Any]:
    """Fine-tune a ``SentenceTransformer`` from ``base`` on ``(query, positive, negative)``
    texts (one list per epoch, shuffled with ``random.Random(f"{seed}:{epoch}")``) with
    ``MultipleNegativesRankingLoss`` and save it to ``out``.

    Returns:
        ``{"steps", "loss_per_epoch", "loss_curve", "seconds"}`` (mean in-batch cross-entropy
        per epoch and per tenth of the steps; a model that tells nothing apart sits at ln(2b) for a
        batch of ``b`` triplets).
    """
    from execir.rerank.cross_encoder import offline_hub

    offline_hub()
    import torch
    from sentence_transformers import SentenceTransformer
    try:  # sentence-transformers >= 5.2 moved the losses (the old path warns)
        from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss
    except ImportError:  # pragma: no cover - older releases
        from sentence_transformers.losses import MultipleNegativesRankingLoss
    from transformers import get_linear_schedule_with_warmup
    from transformers.utils import logging as hf_logging

    from execir.retrieval.dense import resolve_device

    hf_logging.disable_progress_bar()
    start = time.perf_counter()
    torch.manual_seed(settings.seed)  # dropout
    model = SentenceTransformer(str(base), device=resolve_device(settings.device),
                                local_files_only=True)
    model.max_seq_length = settings.max_length
    loss_fn = MultipleNegativesRankingLoss(model, scale=settings.scale)
    optimizer = torch.optim.AdamW(model.parameters(), lr=settings.learning_rate,
                                  weight_decay=settings.weight_decay)
    total = max(1, sum(math.ceil(len(t) / settings.batch_size) for t in texts))
    scheduler = get_linear_schedule_with_warmup(optimizer, int(settings.warmup_ratio * total), total)
    stage = Stage(f"training the bi-encoder ({sum(len(t) for t in texts):,} triplets)", total)
    per_epoch: list[float] = []
    steps: list[float] = []
    model.train()
    for epoch, rows in enumerate(texts):
        losses = _bi_encoder_epoch(model, loss_fn, optimizer, scheduler, rows, epoch, settings, stage)
        steps += losses
        per_epoch.append(sum(losses) / max(1, len(losses)))
    model.eval()
    out.mkdir(parents=True, exist_ok=True)
    model.save(str(out))
    return {"steps": total, "loss_per_epoch": [round(x, 6) for x in per_epoch],
            "loss_curve": loss_curve(steps), "seconds": round(time.perf_counter() - start, 2)}


def _bi_encoder_epoch(model: Any, loss_fn: Any, optimizer: Any, scheduler: Any,
                      rows: Sequence[tuple[str, str, str]], epoch: int, settings: RetrieverSettings,
                      stage: Stage) -> list[float]:
    """One epoch of :func:`fit_bi_encoder` over ``rows`` (shuffled with
    ``random.Random(f"{seed}:{epoch}")``), one optimiser step per batch of triplets; returns each
    step's in-batch cross-entropy."""
    import torch

    order = list(range(len(rows)))
    random.Random(f"{settings.seed}:{epoch}").shuffle(order)
    losses = []
    for b in range(0, len(order), settings.batch_size):
        batch = [rows[i] for i in order[b:b + settings.batch_size]]
        features = [_on(model.tokenize([r[c] for r in batch]), model.device) for c in range(3)]
        loss = loss_fn(features, torch.zeros(len(batch), device=model.device))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        losses.append(float(loss.detach()))
        stage.advance()
    return losses


def _on(features: Mapping[str, Any], device: Any) -> dict[str, Any]:
    """``features`` with every tensor moved to ``device`` (other entries kept as they are)."""
    return {k: v.to(device) if hasattr(v, "to") else v for k, v in features.items()}


def card_markdown(card: Mapping[str, Any]) -> str:
    """The human-readable model card (``README.md``) of a trained retriever."""
    s, d, sp, ex, tr = card["settings"], card["data"], card["split"], card["examples"], card["training"]
    lines = [f"# execir bi-encoder retriever ({card['name']})", "",
             "Trained by `execir train-retriever`: in-batch negatives plus one execution-verified "
             "hard negative per query (MultipleNegativesRankingLoss).", "", "## Data", "",
             f"- release: {d['release']} (version {d.get('version')}), {d['n_tasks']} tasks",
             f"- split: problem-disjoint by {sp['rule']}; seed {sp['seed']}, held-out fraction "
             f"{sp['held_out_fraction']}, {sp['n_train']} train / {sp['n_held_out']} held-out tasks "
             f"(held-out fingerprint {sp['fingerprint']})",
             f"- triplets: {ex['total']} ({ex['hard']} with a hard negative, {ex['easy']} with an "
             f"easy one) from {ex['queries']} training queries, mined with `{BASELINE}` "
             f"(top {s['mine_depth']})", "", "## Settings", "",
             f"- base model: {card['base']['name']} ({card['base']['fingerprint']})"]
    lines += [f"- {k}: {v}" for k, v in s.items() if k != "base"]
    lines += ["", "## Training", "", f"- seconds: {tr['seconds']}, steps {tr['steps']}, mean loss "
              f"per epoch {tr['loss_per_epoch']}",
              f"- training curve (mean loss per tenth of the steps): {tr['loss_curve']}"]
    held = card.get("held_out")
    if held:
        keys = list(next(iter(held["systems"].values())))
        lines += ["", f"## Held-out evaluation ({held['n_queries']} queries)", "",
                  "| system | family@1 | " + " | ".join(keys) + " |", "|---|---|" + "---|" * len(keys)]
        for name, metrics in held["systems"].items():
            fam = held["family@1"][name]
            cells = [f"{m['value']:.3f} [{m['ci_low']:.3f}, {m['ci_high']:.3f}]"
                     for m in [fam] + [metrics[k] for k in keys]]
            lines.append(f"| {probe_label(held, name)} | " + " | ".join(cells) + " |")
        lines += delta_lines(held)
        lines += task_markdown(held)
    return "\n".join(lines) + "\n"


def _mine(train: Benchmark, settings: RetrieverSettings, oracle: Any, cache_dir: Any
          ) -> tuple[list[list[tuple[str, str, str, str]]], dict[str, int]]:
    """Triplet ids per epoch (:func:`triplets`) and the card's counts of failing other-task
    candidates (:func:`~execir.rerank.train_cross_encoder.failing_counts`)."""
    from execir.paths import embeddings_dir
    from execir.retrieval.factory import make_retriever
    from execir.retrieval.runs import retrieve

    retriever = make_retriever(BASELINE, device=settings.device,
                               cache_dir=embeddings_dir(cache_dir), quiet=oracle.quiet)
    runs, _ = retrieve(train, {BASELINE: retriever}, depth=settings.mine_depth)
    failing = _mining_failures(train, runs[BASELINE], settings.mine_depth, oracle)
    examples = mine_examples(train, runs[BASELINE], failing, seed=settings.seed,
                             rounds=settings.epochs, depth=settings.mine_depth)
    return triplets(examples, settings.epochs), failing_counts(train, failing)


def train_retriever(benchmark: Benchmark, out: str | os.PathLike[str], *, oracle: Any,
                    settings: RetrieverSettings = RetrieverSettings(),
                    labels: Mapping[tuple[str, str], Any] | None = None,
                    cache_dir: str | os.PathLike[str] | None = None, evaluate: bool = True,
                    log: Callable[[str], None] = note) -> dict[str, Any]:
    """Train, save and (``evaluate``) score a bi-encoder retriever; see the module docstring.

    Args:
        benchmark: the release to split (e.g. execir-py).
        out: the model folder to write (created; ``execir_card.json`` and ``README.md`` inside).
        oracle: labels the top-ranked snippets of other tasks (mining) and unknown pairs in the
            held-out evaluation.
        labels: execution labels already known (the release's ``labels.jsonl``).
        cache_dir: cache root (embedding cache).

    Returns:
        the model card (as written to ``execir_card.json``).

    Raises:
        UsageError: a bad setting, a split with an empty side, a base that is not a model
            folder, or no training triplet.
    """
    settings.check()
    out = Path(out).expanduser()
    base = base_folder(settings.base)
    split, train_ids, train, held = training_split(benchmark, settings, log)
    t0 = time.perf_counter()
    rounds, failing = _mine(train, settings, oracle, cache_dir)
    if not any(rounds):
        raise UsageError(f"{benchmark.name}: no training triplet (no query with a positive and a negative)")
    timings = {"mining": round(time.perf_counter() - t0, 2)}
    texts = [[(train.queries[q].text, train.corpus[p].code, train.corpus[n].code) for q, p, n, _ in r]
             for r in rounds]
    with staged(out) as work:  # out is replaced only when everything below succeeds
        card = _card(benchmark, split, train_ids, rounds, failing, base, out, settings, timings,
                     fit_bi_encoder(base, texts, work, settings))
        _write_card(work, card)  # before the evaluation: trained:<work> is recognised by its card
        if evaluate:
            t1 = time.perf_counter()
            card["held_out"] = renamed(
                evaluate_held_out(benchmark, held, work, settings, oracle=oracle, labels=labels,
                                  cache_dir=cache_dir, base=BASELINE, challenger=f"trained:{work}"),
                f"trained:{work}", f"trained:{out}")
            timings["held_out_evaluation"] = round(time.perf_counter() - t1, 2)
        (work / EXAMPLES_JSONL).write_text("".join(
            json.dumps({"query_id": q, "positive_id": p, "negative_id": n, "kind": k, "round": r},
                       sort_keys=True) + "\n" for r, rows in enumerate(rounds) for q, p, n, k in rows),
            encoding="utf-8")
        _write_card(work, card)
    return card


def _card(benchmark: Benchmark, split: Any, train_ids: Sequence[str], rounds: Sequence[Sequence],
          failing: Mapping[str, int], base: Path, out: Path, settings: RetrieverSettings,
          timings: dict[str, float], training: dict[str, Any]) -> dict[str, Any]:
    """The model card of a trained retriever (before its held-out evaluation)."""
    timings["training"] = training["seconds"]
    flat = [t for r in rounds for t in r]
    return {
        **card_head(benchmark, split, train_ids, base, out, settings, KIND),
        "examples": {"total": len(flat), "hard": sum(1 for t in flat if t[3] == HARD),
                     "easy": sum(1 for t in flat if t[3] == EASY),
                     "queries": len({t[0] for t in flat}),
                     **failing},
        "settings": dataclasses.asdict(settings), "training": training, "timings_s": timings,
        "environment": _versions(),
    }


def _write_card(out: Path, card: Mapping[str, Any]) -> None:
    (out / CARD_JSON).write_text(json.dumps(card, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (out / CARD_MD).write_text(card_markdown(card), encoding="utf-8")
