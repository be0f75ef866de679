"""The ``execir`` command line.  Each sub-command is a thin call into a module below.

Errors in user input (:class:`execir.io.DataError` and :class:`execir.io.UsageError`)
print one line to stderr and exit with code 2; nothing imports this module.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import typer

from execir.io import DataError, UsageError

app = typer.Typer(
    name="execir",
    help="Execution-grounded code-retrieval benchmarks: build, retrieve, execute, score.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
cache_app = typer.Typer(help="Inspect or clear the execution cache.", no_args_is_help=True)
app.add_typer(cache_app, name="cache")


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn input errors into one line on stderr and exit code 2 (no traceback)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (DataError, UsageError) as exc:
            typer.echo(f"execir: error: {exc}", err=True)
            raise typer.Exit(code=2) from None

    return wrapper


QUIET = typer.Option(False, "--quiet", "-q", help="No progress bars; only results and errors.")


@app.command()
@user_errors
def run(
    out: Path = typer.Option(Path("execir-results"), "--out", help="Results directory to write."),
    dataset: str = typer.Option("humaneval", "--dataset", help="Dataset name (see `execir datasets`)."),
    path: Optional[Path] = typer.Option(None, "--path", help="Dataset file, for adapters that read one (mbpp)."),
    systems: str = typer.Option("bm25,minilm", "--systems", help="Comma-separated systems to evaluate."),
    seed: int = typer.Option(0, "--seed", help="Seed for distractor selection and bootstrap."),
    cache_dir: Optional[Path] = typer.Option(None, "--cache-dir", help="Where releases and caches live."),
    quiet: bool = QUIET,
) -> None:
    """Build (or reuse) a release, evaluate the systems on it and print the leaderboard."""
    from execir.pipeline import run_pipeline

    run_pipeline(out=out, dataset=dataset, path=path, systems=systems, seed=seed,
                 cache_dir=cache_dir, quiet=quiet)


# ---- execution (oracle) commands: exec, cache stats, cache clear -------------------------------

# ---- build commands: build ---------------------------------------------------------------------

# ---- dataset commands: datasets ----------------------------------------------------------------

# ---- retrieval commands: models ----------------------------------------------------------------

# ---- evaluation / report commands: evaluate, compare, reproduce, report ------------------------


def main() -> None:  # pragma: no cover - console entry point alias
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
