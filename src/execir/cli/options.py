"""Options and helpers shared by the commands of :mod:`execir.cli.commands` and :mod:`execir.cli.train`:
one definition of each option, so every command spells and documents it alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from execir.cli.errors import device_option

QUIET = typer.Option(False, "--quiet", "-q", help="No progress bars; only results and errors.")
OUT = typer.Option(Path("execir-results"), "--out", help="Results directory to write.")
DEVICE = typer.Option("auto", "--device", callback=device_option,
                      help="Where local models run: auto, cpu or cuda.")
WORKERS = typer.Option(None, "--workers", help="Execution workers (default: all cores).")
TIMEOUT = typer.Option(None, "--timeout", help="Per-suite time budget of the oracle in seconds "
                       "(CPU plus blocked time; default 5; 0.001 to 86400).")
MEMORY = typer.Option(None, "--memory", help="Memory per sandboxed child in MiB (default 1024).")
CACHE_DIR = typer.Option(None, "--cache-dir", help="Cache root for releases, the execution cache "
                         "and embeddings (default $EXECIR_CACHE_DIR or ~/.cache/execir).")
NO_CACHE = typer.Option(False, "--no-cache", help="Do not read or write the execution cache.")
REEXECUTE = typer.Option(False, "--reexecute", help="Ignore the outcomes the source records (an ExecRetrieval "
                         "release's data/execution_cache.jsonl, a release's labels.jsonl) and run the oracle.")
RAY = typer.Option(None, "--ray", envvar="EXECIR_RAY_ADDRESS", show_envvar=False,
                   help="Run the oracle and the local encoders on the Ray cluster at this address "
                        "(HOST:PORT, ray://HOST:PORT or auto; default $EXECIR_RAY_ADDRESS; needs "
                        "pip install 'execir\\[ray]').")


def _oracle(*, timeout: Optional[float], memory: Optional[int], workers: Optional[int],
            cache_dir: Optional[Path], no_cache: bool, quiet: bool,
            ray: Optional[str] = None) -> Any:
    """The command's one oracle, after the shared option checks (on Ray when ``ray`` is set)."""
    from execir.execution.oracle_setup import make_oracle
    from execir.workflow.options import check_options

    check_options(workers=workers, timeout=timeout, memory_mb=memory, cache_dir=cache_dir)
    return make_oracle(timeout=timeout, memory_mb=memory, workers=workers, cache_dir=cache_dir,
                       use_cache=not no_cache, quiet=quiet, ray=ray)


def _log(msg: str) -> None:
    typer.echo(msg, err=True)


SYSTEMS_HELP = ("Comma-separated systems: registry names (see `execir models`), local model "
                "folders, trained:FOLDER (from `execir train-retriever`), api:provider/model, run:FILE (rankings "
                "made elsewhere: TREC run, BEIR results JSON, ExecRetrieval results file), fusions "
                "like bm25+minilm, and a reranker after '>' "
                "(minilm>consensus, minilm>rescore:bm25, minilm>cross:FOLDER, minilm>llm:URL; minilm>medoid is "
                "a probe of how much a release's mutants leak, not a method).")
SYSTEMS = typer.Option("bm25,minilm", "--systems", help=SYSTEMS_HELP)
