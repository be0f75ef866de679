"""The ``execir`` command line.  Each sub-command is a thin call into a module below.

Errors in user input (:class:`execir.errors.DataError` and :class:`execir.errors.UsageError`)
print one line to stderr and exit with code 2; nothing imports this module.  Every command checks
its options through :mod:`execir.workflow.options` before any work and builds the one
:class:`~execir.execution.Oracle` it hands down.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, List, Optional

import typer

from execir.cli.build import (AMPLIFY, BUILD_SEED, DATASET_ARG, DATASET_PATH, DISTRACTORS, EXTENDED, FAMILIES,
                              FILL_EXTENDED, FROM_PROBLEMS, FROM_REPO, FUNCTIONS_OUT, LLM, LLM_PRICE, MAX_TESTS,
                              MIN_DISTRACTORS, MIN_TESTS, OFFLINE, PROBE_GATE, PROBE_MARGIN, PYTHON, QUERY,
                              RELEASE_OUT, REWRITE, SAMPLES, STACKED, TESTS, run_build)
from execir.cli.errors import ExecirGroup, user_errors
from execir.cli.options import (CACHE_DIR, DEVICE, MEMORY, NO_CACHE, OUT, QUIET, RAY, REEXECUTE, SYSTEMS,
                                TIMEOUT, WORKERS, _log, _oracle)
from execir.cli.train import train_reranker_command, train_retriever_command
from execir.cli.render import _duration, _has_duration, print_board, stdout_console
from execir.progress import command_display

app = typer.Typer(
    name="execir",
    help="Execution-grounded code-retrieval benchmarks: build, retrieve, execute, score.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=ExecirGroup,  # click's usage errors as one line (execir.cli.errors)
)
cache_app = typer.Typer(help="Inspect, prune or clear the caches.", no_args_is_help=True, cls=ExecirGroup)
app.add_typer(cache_app, name="cache")


LANGUAGE = typer.Option(None, "--language", help="Language of humaneval-x (cpp, go, java, javascript, python, "
                        "rust) or mbxp (cpp, java, javascript, ruby); for tasks, keep only this language's tasks.")
MATCH_NEGATIVES = typer.Option(None, "--match-negatives", help="Queries without a relevance-2 item (CoREB's c2t "
                               "match negative pairs; an execir release has none) score 0 (keep, the default: "
                               "CoREB A.6) or leave the means (exclude, CoREB A.3).")
RERANK_DEPTH = typer.Option(128, "--rerank-depth", min=1, help="Snippets per query that a "
                            "retriever>reranker system (e.g. minilm>consensus) reranks (CoREB: 128).")


@app.command()
@user_errors
def run(
    out: Path = OUT,
    dataset: str = typer.Option("execir-py", "--dataset", help="Dataset name (see `execir datasets`): execir-py (built-in), humaneval, mbpp, tasks; or execir-poly, a CoREB-format folder or a BEIR folder (multitask scoring), or an ExecRetrieval release folder."),
    path: Optional[Path] = typer.Option(None, "--path", help="Dataset file: required for mbpp and tasks, optional for humaneval and execir-py."),
    systems: str = SYSTEMS,
    seed: int = typer.Option(0, "--seed", help="Seed for distractor selection and bootstrap."),
    device: str = DEVICE,
    workers: Optional[int] = WORKERS,
    timeout: Optional[float] = TIMEOUT,
    memory: Optional[int] = MEMORY,
    cache_dir: Optional[Path] = CACHE_DIR,
    no_cache: bool = NO_CACHE,
    stacked: bool = typer.Option(False, "--stacked", help="Also build stacked mutants and score "
                                 "them (analyses/stacked.json)."),
    rerank_depth: int = RERANK_DEPTH,
    ray: Optional[str] = RAY,
    match_negatives: Optional[str] = MATCH_NEGATIVES,
    language: Optional[str] = LANGUAGE,
    reexecute: bool = REEXECUTE,
    quiet: bool = QUIET,
) -> None:
    """Build (or reuse) a release, evaluate the systems on it, print the leaderboard."""
    from execir.datasets.sources import check_dataset
    from execir.workflow.options import check_options
    from execir.retrieval.spec import parse_systems

    specs = parse_systems(systems)
    check_options(out=out, seed=seed, workers=workers, timeout=timeout, memory_mb=memory, cache_dir=cache_dir,
                  out_kind="results", match_negatives=match_negatives)
    oracle = _oracle(timeout=timeout, memory=memory, workers=workers, cache_dir=cache_dir, no_cache=no_cache,
                     quiet=quiet, ray=ray)
    check_dataset(dataset)  # before the pipeline (torch, models) is imported
    from execir.workflow.pipeline import run_pipeline

    with command_display(quiet=quiet):
        board = run_pipeline(out=out, dataset=dataset, path=path, systems=specs, seed=seed,
                             cache_dir=cache_dir, device=device, oracle=oracle, stacked=stacked,
                             log=_log, rerank_depth=rerank_depth, language=language,
                             match_negatives=match_negatives, reexecute=reexecute)
    _print_board(board, out, quiet=quiet)


@app.command("export")
@user_errors
def export(
    dataset: str = typer.Argument(..., help="execir-py / execir-poly / humaneval (shipped releases), an execir release folder, a CoREB-format, BEIR or Hugging Face folder."),
    out: Path = typer.Option(..., "--out", help="Folder to write."),
    fmt: str = typer.Option("coreb", "--format", help="beir (one folder; one per task for multitask sources), coreb (CoREB JSONL files) or hf (Hugging Face parquet configs and dataset card; needs pyarrow)."),
    cache_dir: Optional[Path] = CACHE_DIR,
) -> None:
    """Write a release in another format: BEIR folders, CoREB-format JSONL or a Hugging Face dataset."""
    from execir.datasets.sources import export_source
    from execir.workflow.options import check_options

    check_options(out=out, cache_dir=cache_dir, out_kind="export")
    written = export_source(dataset, out, fmt, cache_dir=cache_dir)
    _log(f"wrote {len(written)} {'files' if fmt == 'coreb' else 'files or folders'} to {out}: {', '.join(written)}")
    if fmt == "beir" and "code2text" in written:
        _log("note: a BEIR corpus has one text per document, so code2text's canonical_retro queries rank the "
             "full descriptions there (CoREB ranks their abbreviated form)")


@app.command()
@user_errors
def evaluate(
    release: str = typer.Argument(..., help="Release folder written by `execir build`, a CoREB-format or BEIR folder, an ExecRetrieval release folder (data/queries.jsonl, data/corpus.jsonl), or a shipped release (execir-py, humaneval, execir-poly)."),
    out: Path = OUT,
    systems: str = SYSTEMS,
    seed: int = typer.Option(0, "--seed", help="Seed for the bootstrap."),
    device: str = DEVICE,
    workers: Optional[int] = WORKERS,
    timeout: Optional[float] = TIMEOUT,
    memory: Optional[int] = MEMORY,
    cache_dir: Optional[Path] = CACHE_DIR,
    no_cache: bool = NO_CACHE,
    rerank_depth: int = RERANK_DEPTH,
    ray: Optional[str] = RAY,
    match_negatives: Optional[str] = MATCH_NEGATIVES,
    reexecute: bool = REEXECUTE,
    quiet: bool = QUIET,
) -> None:
    """Evaluate systems on an existing release and write a results directory (stacked mutants
    are scored when the release has stacked.jsonl; a CoREB-format or BEIR folder, or
    execir-poly, is scored per task as by `execir run --dataset`)."""
    from execir.datasets.sources import check_dataset
    from execir.workflow.options import check_options
    from execir.retrieval.spec import parse_systems

    specs = parse_systems(systems)
    check_options(out=out, seed=seed, workers=workers, timeout=timeout, memory_mb=memory, cache_dir=cache_dir,
                  out_kind="results", match_negatives=match_negatives)
    oracle = _oracle(timeout=timeout, memory=memory, workers=workers, cache_dir=cache_dir, no_cache=no_cache,
                     quiet=quiet, ray=ray)
    check_dataset(release)  # before the pipeline (torch, models) is imported
    from execir.workflow.pipeline import evaluate_release

    with command_display(quiet=quiet):
        board = evaluate_release(release, systems=specs, out=out, seed=seed, device=device,
                                 cache_dir=cache_dir, oracle=oracle, log=_log,
                                 rerank_depth=rerank_depth, match_negatives=match_negatives,
                                 reexecute=reexecute)
    _print_board(board, out, quiet=quiet)


def _print_board(board: Any, out: Path, *, quiet: bool) -> None:
    """The leaderboard on stdout as its kind shows it (:func:`execir.cli.render.print_board`),
    then where the results went on stderr."""
    print_board(board)
    if not quiet:  # stdout carries the table only
        _log(f"results written to {out}; HTML report: {out / 'report.html'}")


# ---- execution (oracle) commands: exec, cache stats, cache clear -------------------------------


@app.command("exec")
@user_errors
def exec_(
    code_file: Path = typer.Argument(..., help="Python file with the code under test."),
    tests_file: Path = typer.Argument(..., help="Tests: a JSON list of test strings, or a text "
                                      "file with one self-contained test per line."),
    timeout: Optional[float] = TIMEOUT,
    memory: Optional[int] = MEMORY,
    as_json: bool = typer.Option(False, "--json", help="Print outcomes and sandbox features as JSON."),
    language: str = typer.Option("python", "--language", "-l", help="Language of CODE_FILE: "
                                 "python, cpp, java, go, ruby, javascript or rust."),
    compare: str = typer.Option("exact", "--compare", help="stdin/stdout tests: 'exact' (after "
                                "trailing whitespace is stripped) or 'tokens' (floats to 1e-6)."),
) -> None:
    """Run CODE_FILE against the tests in TESTS_FILE in the sandbox and print per-test outcomes.

    TESTS_FILE is a JSON list of test strings (["assert f(1) == 2", ...]; for another
    --language, test harnesses in that language) or of {"input": ..., "output": ...} objects
    (the program reads stdin); for Python also plain text with one test per non-blank line.
    Exit code 0 when every test passes, 1 otherwise.
    """
    import json

    from execir.execution import Oracle, sandbox_features
    from execir.execution.outcomes import PASS
    from execir.execution.inputs import error_diagnostic, read_code_file, read_tests_file
    from execir.execution.limits import make_limits
    from execir.workflow.options import check_compare, check_language

    limits = make_limits(timeout=timeout, memory_mb=memory)
    language = check_language(language)
    code, tests = read_code_file(code_file), read_tests_file(tests_file, language)
    result = Oracle(limits=limits).run_suite(code, tests, capture=True, language=language,
                                             compare=check_compare(compare))
    if as_json:
        row = result.to_dict()
        # null, not 0.0, where no duration was recorded (TIMEOUT, or a test that never ran)
        row["durations"] = [d if _has_duration(o, d) else None
                            for o, d in zip(result.outcomes, result.durations)]
        typer.echo(json.dumps({**row, "tests": tests, "output": result.output,
                               "diagnostic": list(error_diagnostic(code, language, result)),
                               "sandbox": sandbox_features()}, indent=2))
    else:
        for test, outcome, seconds in zip(tests, result.outcomes, result.durations):
            shown = f"stdin: {test['input']!r}" if isinstance(test, dict) else test
            first = shown.splitlines()[0] if shown.strip() else shown
            typer.echo(f"{outcome:<20} {_duration(outcome, seconds):>9}  {first[:70]}")
        for line in error_diagnostic(code, language, result):  # a test is ERROR: say why
            typer.echo(line)
        typer.echo(f"{sum(o == PASS for o in result.outcomes)}/{len(tests)} passed")
    raise typer.Exit(code=0 if result.passed else 1)


@cache_app.command("stats")
@user_errors
def cache_stats(cache_dir: Optional[Path] = CACHE_DIR) -> None:
    """Show every cache (entries, size, folder), then the execution cache's rows per runner."""
    from execir.workflow import caches
    from execir.execution import default_cache
    from execir.workflow.options import check_options

    check_options(cache_dir=cache_dir)
    for line in caches.table(caches.stats(cache_dir)):
        typer.echo(line)
    with default_cache(cache_dir) as cache:
        stats = cache.stats()
    typer.echo(f"execution cache rows: {stats['rows']} ({stats['passed_rows']} all-pass), "
               f"{stats['bytes']} bytes")
    for runner, count in sorted(stats["runners"].items()):
        typer.echo(f"runner {runner}: {count}")


@cache_app.command("prune")
@user_errors
def cache_prune(
    max_size: Optional[str] = typer.Option(None, "--max-size", help="Keep at most this much in "
                                           "the prunable caches, e.g. 2G, 500M."),
    older_than: Optional[str] = typer.Option(None, "--older-than", help="Remove entries last "
                                             "used longer ago than this, e.g. 30d, 12h."),
    cache_dir: Optional[Path] = CACHE_DIR,
) -> None:
    """Remove cache entries by last use: compiled programs, embeddings, unpacked and built
    releases, models, ONNX exports (not the execution cache, trained rerankers or LLM answers)."""
    from execir.workflow import caches
    from execir.workflow.options import check_options

    check_options(cache_dir=cache_dir)
    removed = caches.prune(cache_dir,
                           max_size=None if max_size is None else caches.parse_size(max_size),
                           older_than=None if older_than is None else caches.parse_age(older_than))
    freed = sum(e.bytes for e in removed)
    typer.echo(f"removed {len(removed)} entries, {caches.human(freed)}")


@cache_app.command("clear")
@user_errors
def cache_clear(cache_dir: Optional[Path] = CACHE_DIR) -> None:
    """Delete every row of the execution cache."""
    from execir.execution import default_cache
    from execir.workflow.options import check_options

    check_options(cache_dir=cache_dir)
    with default_cache(cache_dir) as cache:
        removed = cache.clear()
    typer.echo(f"removed {removed} rows")

# ---- build commands: build ---------------------------------------------------------------------


@app.command("build")
@user_errors
def build(
    dataset: Optional[str] = DATASET_ARG,
    out: Path = RELEASE_OUT,
    seed: int = BUILD_SEED,
    path: Optional[Path] = DATASET_PATH,
    language: Optional[str] = LANGUAGE,
    workers: Optional[int] = WORKERS,
    timeout: Optional[float] = TIMEOUT,
    memory: Optional[int] = MEMORY,
    cache_dir: Optional[Path] = CACHE_DIR,
    extended: bool = EXTENDED,
    min_distractors: int = MIN_DISTRACTORS,
    fill_extended: int = FILL_EXTENDED,
    amplify: bool = AMPLIFY,
    stacked: bool = STACKED,
    families: Optional[str] = FAMILIES,
    probe_gate: Optional[bool] = PROBE_GATE,
    probe_margin: float = PROBE_MARGIN,
    distractors: str = DISTRACTORS,
    llm: Optional[List[str]] = LLM,
    offline: bool = OFFLINE,
    samples: Optional[int] = SAMPLES,
    from_problems: Optional[Path] = FROM_PROBLEMS,
    rewrite: bool = REWRITE,
    functions_out: Optional[Path] = FUNCTIONS_OUT,
    llm_price: Optional[str] = LLM_PRICE,
    from_repo: Optional[Path] = FROM_REPO,
    tests: Optional[str] = TESTS,
    python: Optional[Path] = PYTHON,
    min_tests: Optional[int] = MIN_TESTS,
    max_tests: Optional[int] = MAX_TESTS,
    query: Optional[str] = QUERY,
    no_cache: bool = NO_CACHE,
    ray: Optional[str] = RAY,
    quiet: bool = QUIET,
) -> None:
    """Build a validated release: mutants, five gates, sweeps, manifest and build_report.json."""
    run_build(**locals())  # every option, by its parameter name


# ---- dataset commands: datasets ----------------------------------------------------------------


@app.command("datasets")
@user_errors
def datasets_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """List built-in datasets and adapters with their task counts."""
    import json

    from rich.table import Table

    from execir.datasets import available_datasets

    rows = available_datasets()
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table("dataset", "tasks", "domains", "shipped release", "worst probe", "description",
                  caption="shipped release: version, queries / snippets, SHA-256 of its manifest "
                          "(full in --json); worst probe: the construction probe with the largest "
                          "lift over chance in the release's probe card (execir probe NAME)")
    for row in rows:
        versions = row.get("versions") or [row["release"]]
        for rel in reversed(versions):  # the newest first: what the bare name means
            counts = {} if rel is None else rel["counts"]
            docs = counts.get("corpus", counts.get("code_corpus", 0) + counts.get("text_corpus", 0))
            shipped = "-" if rel is None else (f"v{rel['version']}: {counts.get('queries', 0):,} / "
                                               f"{docs:,}, {rel['sha256'][:12]}")
            probe = (rel or {}).get("probe")
            worst = "-" if probe is None else f"{probe['probe']} {probe['lift']:+.3f}"
            newest = rel is versions[-1]
            table.add_row(row["name"] if newest else f"{row['name']}@{rel['version']}",
                          "-" if row["tasks"] is None else str(row["tasks"]),
                          "-" if row["domains"] is None else str(row["domains"]), shipped, worst,
                          row["description"] if newest else f"v{rel['version']} of {row['name']}")
    stdout_console().print(table)

# ---- retrieval commands: models ----------------------------------------------------------------

@app.command()
@user_errors
def models(
    as_json: bool = typer.Option(False, "--json", help="Print the full registry as JSON."),
    extra: Optional[Path] = typer.Option(None, "--registry", help="Also load entries from this TOML/JSON file."),
) -> None:
    """List the retrieval systems in the invocation registry (templates, similarity, dtype...)."""
    from execir.retrieval.listing import models_json, models_table

    if extra is not None:
        from execir.retrieval import load_entries

        load_entries(extra)
    if as_json:
        typer.echo(models_json(), nl=False)
    else:
        stdout_console().print(models_table())


# ---- evaluation / report commands: evaluate, compare, reproduce, report ------------------------


@app.command()
@user_errors
def compare(
    results: list[Path] = typer.Argument(..., help="One or more results directories (same release)."),
    metric: Optional[str] = typer.Option(None, "--metric", help="Only this metric, e.g. exec@1."),
    quiet: bool = QUIET,
) -> None:
    """Print the pairwise tests (paired bootstrap, exact McNemar) among the systems of RESULTS."""
    from rich.table import Table

    from execir.evaluation.results import compare as compare_results

    table_data = compare_results(results, metric=metric, quiet=quiet)
    table = Table(title=f"pairwise tests ({table_data['bootstrap']['replicates']} paired bootstrap "
                        "replicates; McNemar exact for exec@k)")
    for col in ("metric", "A", "B", "A - B", "95% CI", "A-only/B-only", "p McNemar", "p bootstrap"):
        table.add_column(col, justify="left" if col in ("metric", "A", "B") else "right")

    def num(x: Any, spec: str) -> str:
        return "-" if x is None else format(x, spec)

    for c in table_data["comparisons"]:
        table.add_row(c["key"] if "group" not in c else f"{c['group']} {c['key']}", c["a"], c["b"],
                      num(c["diff"], "+.3f"),
                      f"[{num(c['diff_ci_low'], '.3f')}, {num(c['diff_ci_high'], '.3f')}]",
                      f"{c['a_only']}/{c['b_only']}" if "a_only" in c else "-",
                      num(c.get("p_mcnemar"), ".3g"), num(c.get("p_bootstrap"), ".3g"))
    if not table_data["comparisons"]:
        _log("only one system in these results: nothing to compare (give more systems or folders)")
    # piped output gets the whole table (rich would cut it to 80 columns)
    stdout_console().print(table)


@app.command()
@user_errors
def reproduce(
    results: Path = typer.Argument(..., help="Results directory written by `execir run`/`evaluate`."),
    quiet: bool = QUIET,
) -> None:
    """Recompute every metric, test and analysis from RESULTS' saved runs and labels; diff them."""
    from execir.workflow.reproduce import reproduce as reproduce_results

    diffs = reproduce_results(results, quiet=quiet)
    if diffs:
        for line in diffs:
            typer.echo(line)
        typer.echo(f"{len(diffs)} difference(s)", err=True)
        raise typer.Exit(code=1)
    typer.echo("reproduced: 0 differences")


@app.command()
@user_errors
def report(
    results: Path = typer.Argument(..., help="Results directory."),
) -> None:
    """(Re)write RESULTS/figures and the self-contained RESULTS/report.html."""
    from execir.report import write_report, written_line

    _log(written_line(write_report(results)))  # stderr, as every "wrote ..." line


@app.command("probe")
@user_errors
def probe(
    release: str = typer.Argument(..., help="A release: execir-py, humaneval, execir-poly or a folder."),
    seed: int = typer.Option(0, "--seed", help="Seed of the classifier split and the bootstrap."),
    as_json: bool = typer.Option(False, "--json", help="Print the card as JSON."),
    margin: float = typer.Option(0.05, "--margin", help="Largest lift over chance a probe may have."),
    cache_dir: Optional[Path] = CACHE_DIR,
) -> None:
    """Construction-artefact probes: exec@1 of query-blind pickers within each query's judged
    snippets, against chance; exit code 1 when one beats chance by more than --margin."""
    from execir.probes.command import probe_command

    raise typer.Exit(code=probe_command(release, seed, as_json, margin, cache_dir))


app.command("train-reranker")(user_errors(train_reranker_command))
app.command("train-retriever")(user_errors(train_retriever_command))


def main() -> None:  # pragma: no cover - console entry point alias
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
