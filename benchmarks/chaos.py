"""Chaos run: execir commands sharing one cache (and some one ``--out``) are killed at random
moments, the cache is damaged once while they run, and every interrupted command is run again.

    python benchmarks/chaos.py [--seconds 600] [--procs 3] [--kill 0.5] [--seed 0] [--work DIR]

Commands (CPU-cheap: BM25 and the static model on a five-task fixture): ``build tasks``,
``evaluate`` of a release (bm25,static), ``run --dataset tasks`` (build + bm25) and ``exec``.
First each kind runs once alone in a fresh cache: its output is the reference.  Then, for
``--seconds``, ``--procs`` commands run at a time, each kind writing into one of two output
folders (so two commands of a kind often share one ``--out``); each new command is, with
probability ``--kill``, sent SIGKILL or SIGTERM at a random moment in its first few seconds.
Once, a third of the way in, a page in the middle of the shared ``exec.sqlite3`` is overwritten
with random bytes.  Every command that was killed is run again (not killed) until it completes.

Afterwards it checks, and prints: every output folder holding a completed output is byte for byte
its kind's reference (``config.json`` aside: it names its own ``--out``), every ``exec`` printed
the reference outcome, no staging folder is left, the cache passes SQLite's integrity check and
``execir cache stats``, no stderr holds a traceback, and every command ended by SIGTERM printed
exactly one line and exit code 143.  Exit code 0 when every check holds.

Not covered: a full disk (a tmpfs needs a mount this script does not assume it may make).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "e2e" / "tasks.jsonl"
KINDS = ("build", "evaluate", "run", "exec")
#: output folders per kind (two: commands of one kind often share an ``--out``)
SHARED_OUTS = 2
#: a command to be killed gets its signal this many seconds after it starts (uniform)
KILL_WINDOW = (0.3, 4.0)
#: how many times one killed command is run again before the run is called a failure
MAX_RERUNS = 4


@dataclass
class Job:
    """One command started by the driver."""

    kind: str
    out: Path | None
    argv: list[str]
    log: Path
    kill_at: float | None = None
    sig: int = 0
    proc: subprocess.Popen | None = None
    start: float = 0.0
    signalled: bool = False
    reruns: int = 0


@dataclass
class Figures:
    commands: int = 0
    killed: int = 0
    sigterm: int = 0
    reruns: int = 0
    corruptions: int = 0
    outputs_compared: int = 0
    differing: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    bad_sigterm_lines: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    staging_left: list[str] = field(default_factory=list)
    cache_ok: bool = False

    def passed(self) -> bool:
        return not (self.differing or self.tracebacks or self.bad_sigterm_lines or self.failed
                    or self.staging_left) and self.cache_ok


def argv_for(kind: str, out: Path | None, inputs: Path) -> list[str]:
    """The ``execir`` arguments of one command of ``kind`` writing into ``out``."""
    if kind == "build":
        return ["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet"]
    if kind == "evaluate":
        return ["evaluate", str(inputs / "release"), "--systems", "bm25,static", "--out",
                str(out), "--quiet"]
    if kind == "run":
        return ["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25",
                "--out", str(out), "--quiet"]
    if kind == "exec":
        return ["exec", str(inputs / "add.py"), str(inputs / "add.json")]
    raise ValueError(kind)


def _start(job: Job, cache: Path) -> None:
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), EXECIR_PROGRESS="plain",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    job.log.parent.mkdir(parents=True, exist_ok=True)
    with open(job.log.with_suffix(".out"), "wb") as out, open(job.log, "wb") as err:
        job.proc = subprocess.Popen([sys.executable, "-m", "execir.cli", *job.argv], stdout=out,
                                    stderr=err, env=env, cwd=job.log.parent)
    job.start = time.monotonic()


def _inputs(work: Path) -> Path:
    inputs = work / "inputs"
    inputs.mkdir(parents=True, exist_ok=True)
    (inputs / "add.py").write_text("def add(a, b):\n    return a + b\n")
    (inputs / "add.json").write_text('["assert add(1, 2) == 3", "assert add(-1, 1) == 0"]')
    return inputs


def references(work: Path, inputs: Path) -> dict[str, Path]:
    """Each kind run alone in a fresh cache: kind -> its output folder (``exec``: its stdout)."""
    cache = work / "reference-cache"
    refs: dict[str, Path] = {}
    build = Job("build", inputs / "release", argv_for("build", inputs / "release", inputs),
                work / "logs" / "reference-release.err")
    for job in [build] + [Job(k, work / "reference" / k, argv_for(k, work / "reference" / k, inputs),
                              work / "logs" / f"reference-{k}.err") for k in KINDS]:
        _start(job, cache)
        if job.proc.wait() != 0:
            raise SystemExit(f"reference {job.kind} failed: {job.log.read_text()[-2000:]}")
        refs[job.kind] = job.log.with_suffix(".out") if job.kind == "exec" else job.out
    return refs


def _corrupt(db: Path, rng: random.Random) -> bool:
    """Overwrite one 4 KiB page in the middle of ``db`` (False when it is too small yet)."""
    try:
        size = db.stat().st_size
    except FileNotFoundError:
        return False
    if size < 3 * 4096:
        return False
    with open(db, "r+b") as fh:
        fh.seek((size // 4096 // 2) * 4096)
        fh.write(rng.randbytes(4096))
    return True


def _new_job(rng: random.Random, work: Path, inputs: Path, kill: float, n: int) -> Job:
    kind = rng.choice(KINDS)
    out = None if kind == "exec" else work / "outs" / f"{kind}-{rng.randrange(SHARED_OUTS)}"
    job = Job(kind, out, argv_for(kind, out, inputs), work / "logs" / f"{n:04d}-{kind}.err")
    if rng.random() < kill:
        job.kill_at = rng.uniform(*KILL_WINDOW)
        job.sig = rng.choice((signal.SIGKILL, signal.SIGTERM))
    return job


def drive(work: Path, inputs: Path, *, seconds: float, procs: int, kill: float, seed: int,
          figures: Figures) -> list[Job]:
    """The chaos phase (module docstring); returns every job that ran."""
    rng = random.Random(seed)
    cache = work / "cache"
    running: list[Job] = []
    reruns: list[Job] = []
    done: list[Job] = []
    begin = time.monotonic()
    corrupt_at = begin + seconds / 3
    n = 0
    while running or reruns or time.monotonic() - begin < seconds:
        while len(running) < procs and (reruns or time.monotonic() - begin < seconds):
            job = reruns.pop(0) if reruns else _new_job(rng, work, inputs, kill, n)
            n += 1
            _start(job, cache)
            figures.commands += 1
            running.append(job)
        now = time.monotonic()
        if not figures.corruptions and now >= corrupt_at and _corrupt(cache / "exec.sqlite3", rng):
            figures.corruptions += 1
        for job in list(running):
            if job.kill_at is not None and not job.signalled and now - job.start >= job.kill_at:
                if job.proc.poll() is None:
                    os.kill(job.proc.pid, job.sig)
                    job.signalled = True
            rc = job.proc.poll()
            if rc is None:
                continue
            running.remove(job)
            done.append(job)
            if job.signalled:
                figures.killed += 1
                if job.sig == signal.SIGTERM and rc != -signal.SIGTERM:
                    figures.sigterm += 1
                    _check_sigterm(job, rc, figures)
                again = Job(job.kind, job.out, job.argv, job.log.with_name(
                    job.log.stem + f"-rerun{job.reruns + 1}.err"), reruns=job.reruns + 1)
                if again.reruns > MAX_RERUNS:
                    figures.failed.append(f"{job.log.name}: killed and rerun {MAX_RERUNS} times")
                else:
                    figures.reruns += 1
                    reruns.append(again)
            elif rc != 0:
                figures.failed.append(f"{job.log.name}: exit {rc}: {_tail(job.log)}")
        time.sleep(0.05)
    return done


def _check_sigterm(job: Job, rc: int, figures: Figures) -> None:
    """A command that handled SIGTERM exits 143 with one line -- unless it had finished its work
    already (exit 0) when the signal came."""
    lines = [l for l in job.log.read_text(errors="replace").splitlines()
             if l.strip() and not l.startswith(("execir: warning:",)) and ": started" not in l
             and ": done" not in l]
    if rc == 0:
        return
    if rc != 143 or len(lines) != 1 or not lines[0].startswith("execir: interrupted by SIGTERM"):
        figures.bad_sigterm_lines.append(f"{job.log.name}: exit {rc}: {lines[-3:]}")


def _tail(path: Path, n: int = 3) -> str:
    return " | ".join(path.read_text(errors="replace").strip().splitlines()[-n:])


def _same_tree(a: Path, b: Path) -> list[str]:
    """Paths that differ between two output folders (``config.json`` aside)."""
    names = lambda root: sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                                if p.is_file() and p.name != "config.json")
    left, right = names(a), names(b)
    if left != right:
        return sorted(set(left) ^ set(right)) or ["(file lists differ)"]
    return [n for n in left if not filecmp.cmp(a / n, b / n, shallow=False)]


def check(work: Path, refs: dict[str, Path], jobs: list[Job], figures: Figures) -> None:
    """The checks after the chaos phase (module docstring), recorded in ``figures``."""
    for out in sorted((work / "outs").glob("*")):
        left = [p.name for p in out.iterdir() if p.name.startswith(".execir-")]
        figures.staging_left += [f"{out.name}/{name}" for name in left]
        if not (out / "outputs.json").is_file():
            continue
        figures.outputs_compared += 1
        kind = out.name.rsplit("-", 1)[0]
        figures.differing += [f"{out.name}/{d}" for d in _same_tree(refs[kind], out)]
    reference_exec = refs["exec"].read_text().splitlines()[-1]
    for job in jobs:
        text = job.log.read_text(errors="replace")
        if "Traceback" in text:
            figures.tracebacks.append(f"{job.log.name}: {_tail(job.log, 6)}")
        if job.kind == "exec" and job.proc.returncode == 0:
            figures.outputs_compared += 1
            last = job.log.with_suffix(".out").read_text().splitlines()[-1:]
            if last != [reference_exec]:
                figures.differing.append(f"{job.log.name}: {last}")
    # execir opens the cache first (a damage no command has opened since is found here, moved
    # aside, and a fresh cache started), then SQLite's own full check of what is left
    stats = subprocess.run([sys.executable, "-m", "execir.cli", "cache", "stats"], text=True,
                           capture_output=True, env=dict(os.environ,
                                                         EXECIR_CACHE_DIR=str(work / "cache")))
    try:
        with sqlite3.connect(work / "cache" / "exec.sqlite3") as conn:
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError as exc:
        ok = False
        figures.failed.append(f"cache after `execir cache stats`: {exc}")
    figures.cache_ok = ok and stats.returncode == 0 and "Traceback" not in stats.stderr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--procs", type=int, default=3)
    parser.add_argument("--kill", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--work", type=Path, default=Path("chaos-work"))
    args = parser.parse_args(argv)
    figures = run(args.work, seconds=args.seconds, procs=args.procs, kill=args.kill,
                  seed=args.seed)
    print(json.dumps(figures.__dict__, indent=1))
    print(f"commands run {figures.commands}, killed {figures.killed} (SIGTERM handled: "
          f"{figures.sigterm}), rerun {figures.reruns}, corruptions survived "
          f"{figures.corruptions}, outputs compared {figures.outputs_compared}, differing "
          f"{len(figures.differing)}, tracebacks {len(figures.tracebacks)}, staging left "
          f"{len(figures.staging_left)}, failed {len(figures.failed)}, cache intact "
          f"{figures.cache_ok}")
    return 0 if figures.passed() else 1


def run(work: Path, *, seconds: float, procs: int, kill: float, seed: int) -> Figures:
    """References, the chaos phase and the checks in ``work`` (created; must not exist)."""
    work = Path(work).resolve()
    work.mkdir(parents=True)
    inputs = _inputs(work)
    refs = references(work, inputs)
    figures = Figures()
    jobs = drive(work, inputs, seconds=seconds, procs=procs, kill=kill, seed=seed,
                 figures=figures)
    check(work, refs, jobs, figures)
    return figures


if __name__ == "__main__":
    sys.exit(main())
