"""The training commands of :mod:`execir.cli.commands`: ``train-reranker`` (a cross-encoder) and
``train-retriever`` (the first-stage bi-encoder).  Both split a release problem-disjointly,
mine execution-verified negatives, write a model folder with its card and score it on the
held-out split only."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Optional

import typer

from execir.cli.options import CACHE_DIR, MEMORY, NO_CACHE, QUIET, TIMEOUT, WORKERS, _log, _oracle
from execir.progress import command_display

DATASET = typer.Option("execir-py", "--dataset", help="Dataset whose release is split and trained "
                       "on (see `execir datasets`).")
PATH = typer.Option(None, "--path", help="Dataset file (mbpp, tasks...).")
RELEASE = typer.Option(None, "--release", help="A release folder to use instead of --dataset.")
BASE = typer.Option(None, "--base", help="Model folder to start from (default: the bundled "
                    "all-MiniLM-L6-v2).")
HELD_OUT = typer.Option(0.2, "--held-out", help="Fraction of tasks held out.")
SEED = typer.Option(0, "--seed", help="Seed of the split, the mining and the training.")
EPOCHS = typer.Option(1, "--epochs", help="Epochs (each draws new negatives).")
MINE_DEPTH = typer.Option(10, "--mine-depth", help="Retrieved snippets per training query "
                          "searched for hard negatives.")
MAX_TRAIN = typer.Option(None, "--max-train-queries", help="Train on a seeded subsample of this "
                         "many training queries.")
NO_EVAL = typer.Option(False, "--no-eval", help="Skip the held-out evaluation.")
TRAIN_DEVICE = typer.Option("cpu", "--device", help="cpu (default, reproducible), cuda or auto.")


def _print_held_out(card: Mapping[str, Any]) -> None:
    """The held-out lines of a training command: each system's metrics (and family@1), then
    each paired difference; then the same per CoREB task (t2c, c2t, c2c) of a multitask release."""
    held = card.get("held_out") or {}
    blocks = [("held-out", held)] + [(f"held-out {task}", block)
                                     for task, block in held.get("by_task", {}).items()]
    for where, block in blocks:
        family = held.get("family@1", {}) if block is held else {}
        for name, metrics in block.get("systems", {}).items():
            rows = {**({"family@1": family[name]} if name in family else {}), **metrics}
            cells = ", ".join(f"{k} {m['value']:.3f} [{m['ci_low']:.3f}, {m['ci_high']:.3f}]"
                              for k, m in rows.items() if m["value"] is not None)
            typer.echo(f"{where} {name}{' (probe)' if name in held.get('probes', ()) else ''}: {cells}")
        best = block.get("best_probe") or {}
        for over, paired in [("", block.get("paired", {})),
                             (f" over the best probe {best.get('system')}", best.get("paired", {}))]:
            for key, d in paired.items():
                lo, diff, hi = (round(d[k], 3) + 0.0 for k in ("diff_ci_low", "diff", "diff_ci_high"))
                typer.echo(f"{where} Δ {key}{over}: {diff:+.3f} [{lo:+.3f}, {hi:+.3f}]")  # never -0.000


def train_reranker_command(
    out: Optional[Path] = typer.Option(None, "--out", help="Model folder to write (default "
                                       "<cache root>/rerankers/cross-<retriever>-<release>-seed<seed>)."),
    dataset: str = DATASET,
    path: Optional[Path] = PATH,
    release: Optional[Path] = RELEASE,
    base: Optional[Path] = BASE,
    retriever: str = typer.Option("minilm", "--retriever", help="First stage that mines the "
                                  "candidates and is reranked in the held-out evaluation."),
    held_out: float = HELD_OUT,
    seed: int = SEED,
    epochs: int = EPOCHS,
    batch_size: int = typer.Option(16, "--batch-size", help="Pairs per optimiser step."),
    learning_rate: float = typer.Option(5e-5, "--learning-rate", help="AdamW learning rate."),
    head_learning_rate: float = typer.Option(1e-3, "--head-learning-rate", help="AdamW learning "
                                             "rate of the new logit head and its [CLS] pooler."),
    max_length: int = typer.Option(256, "--max-length", help="Tokens per (query, code) pair."),
    mine_depth: int = MINE_DEPTH,
    eval_depth: int = typer.Option(32, "--eval-depth", help="Candidates per held-out query the "
                                   "reranker re-orders."),
    max_train_queries: Optional[int] = MAX_TRAIN,
    no_eval: bool = NO_EVAL,
    device: str = TRAIN_DEVICE,
    workers: Optional[int] = WORKERS,
    timeout: Optional[float] = TIMEOUT,
    memory: Optional[int] = MEMORY,
    cache_dir: Optional[Path] = CACHE_DIR,
    no_cache: bool = NO_CACHE,
    quiet: bool = QUIET,
) -> None:
    """Train a cross-encoder reranker on execution-verified hard negatives of a problem-disjoint
    training split, save it with a model card, and evaluate it on the held-out split only, beside
    the query-blind probe <retriever>>medoid (the Δ over it is printed too)."""
    from execir.workflow.training import train_reranker_on
    from execir.rerank.train import TrainSettings

    settings = TrainSettings(base=str(base) if base else None, retriever=retriever,
                             held_out=held_out, seed=seed, epochs=epochs, batch_size=batch_size,
                             learning_rate=learning_rate,
                             head_learning_rate=head_learning_rate, max_length=max_length,
                             mine_depth=mine_depth, eval_depth=eval_depth,
                             max_train_queries=max_train_queries, device=device)
    settings.check()
    oracle = _oracle(timeout=timeout, memory=memory, workers=workers, cache_dir=cache_dir,
                     no_cache=no_cache, quiet=quiet)
    with command_display(quiet=quiet):
        card = train_reranker_on(dataset=dataset, path=path, release=release, out=out,
                                 settings=settings, oracle=oracle, cache_dir=cache_dir,
                                 evaluate=not no_eval, log=_log)
    typer.echo(f"model: {card['folder']} ({card['examples']['total']} examples, "
               f"{card['training']['seconds']} s training); use it as "
               f"'{retriever}>cross:{card['folder']}'")
    _print_held_out(card)


def train_retriever_command(
    out: Optional[Path] = typer.Option(None, "--out", help="Model folder to write (default "
                                       "<cache root>/rerankers/bi-minilm-<release>-seed<seed>)."),
    dataset: str = DATASET,
    path: Optional[Path] = PATH,
    release: Optional[Path] = RELEASE,
    base: Optional[Path] = BASE,
    held_out: float = HELD_OUT,
    seed: int = SEED,
    epochs: int = EPOCHS,
    batch_size: int = typer.Option(16, "--batch-size", help="Triplets per optimiser step."),
    learning_rate: float = typer.Option(2e-5, "--learning-rate", help="AdamW learning rate."),
    scale: float = typer.Option(20.0, "--scale", help="Inverse temperature of the in-batch "
                                "softmax over cosine similarities."),
    max_length: int = typer.Option(256, "--max-length", help="Tokens per text."),
    mine_depth: int = MINE_DEPTH,
    max_train_queries: Optional[int] = MAX_TRAIN,
    no_eval: bool = NO_EVAL,
    device: str = TRAIN_DEVICE,
    workers: Optional[int] = WORKERS,
    timeout: Optional[float] = TIMEOUT,
    memory: Optional[int] = MEMORY,
    cache_dir: Optional[Path] = CACHE_DIR,
    no_cache: bool = NO_CACHE,
    quiet: bool = QUIET,
) -> None:
    """Fine-tune the MiniLM bi-encoder (in-batch negatives plus execution-verified hard
    negatives) on a problem-disjoint training split, save it with a model card, and compare it
    with minilm on the held-out split only (exec@k, nDCG@10, family@1), beside the query-blind
    probe on each first stage (minilm>medoid, trained:<folder>>medoid; the Δ over the better is
    printed too)."""
    from execir.workflow.training import train_retriever_on
    from execir.rerank.train_retriever import RetrieverSettings

    settings = RetrieverSettings(base=str(base) if base else None, held_out=held_out, seed=seed,
                                 epochs=epochs, batch_size=batch_size, learning_rate=learning_rate,
                                 scale=scale, max_length=max_length, mine_depth=mine_depth,
                                 max_train_queries=max_train_queries, device=device)
    settings.check()
    oracle = _oracle(timeout=timeout, memory=memory, workers=workers, cache_dir=cache_dir,
                     no_cache=no_cache, quiet=quiet)
    with command_display(quiet=quiet):
        card = train_retriever_on(dataset=dataset, path=path, release=release, out=out,
                                  settings=settings, oracle=oracle, cache_dir=cache_dir,
                                  evaluate=not no_eval, log=_log)
    typer.echo(f"model: {card['folder']} ({card['examples']['total']} triplets, "
               f"{card['training']['seconds']} s training); use it as 'trained:{card['folder']}'")
    _print_held_out(card)
