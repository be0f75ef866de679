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

With ``--disk-full P`` (default 0.15), where ``unshare -rm`` can make a user and mount
namespace, a command of an output-writing kind is instead run with its ``--out`` on a tmpfs of
its own, too small (or just big enough) for it: the tmpfs first receives a copy of the kind's
reference output, then the command writes into it.  Inside the namespace, once the command
ends, the folder is compared with the reference: whatever the disk did, the folder must still
hold exactly the reference (the old output, or the same new one), with no staging folder, and
the command must have succeeded or said ``No space left on device`` in one line with exit
code 2.  The command is then run again on the real disk.  The shared cache stays on the real
disk, so a full disk there is not covered.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import random
import shlex
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
    #: bytes of the job's own tmpfs ``--out`` (0: the real disk)
    tmpfs: int = 0


@dataclass
class Figures:
    commands: int = 0
    killed: int = 0
    sigterm: int = 0
    reruns: int = 0
    corruptions: int = 0
    disk_full_runs: int = 0
    disk_full_hits: int = 0
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


def can_fill_a_disk() -> bool:
    """Whether this process may make a user + mount namespace and mount a tmpfs in it."""
    try:
        probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k none /mnt"],
                               capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


def _tmpfs_argv(job: Job, refs: dict[str, Path], mount: Path) -> list[str]:
    """``unshare`` a namespace, mount a ``job.tmpfs``-byte tmpfs on ``mount``, copy the reference
    output into it, run the command there, then write the in-namespace check (JSON) beside the
    job's log; the command's exit code is the job's."""
    out = mount / "out"
    argv = argv_for(job.kind, out, refs["inputs"])
    check = [sys.executable, str(Path(__file__).resolve()), "--check-folder", str(out),
             str(refs[job.kind]), str(job.log.with_suffix(".check.json"))]
    script = (f"mount -t tmpfs -o size={job.tmpfs} none {shlex.quote(str(mount))} && "
              f"cp -r {shlex.quote(str(refs[job.kind]))} {shlex.quote(str(out))} || exit 99; "
              f"{shlex.join([sys.executable, '-m', 'execir.cli.commands', *argv])}; rc=$?; "
              f"{shlex.join(check)}; exit $rc")
    return ["unshare", "-rm", "sh", "-c", script]


def _start(job: Job, cache: Path, refs: dict[str, Path] | None = None) -> None:
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), EXECIR_PROGRESS="plain",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    job.log.parent.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "execir.cli.commands", *job.argv]
    if job.tmpfs:
        argv = _tmpfs_argv(job, refs, cache.parent / "tmpfs")
    with open(job.log.with_suffix(".out"), "wb") as out, open(job.log, "wb") as err:
        job.proc = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=job.log.parent)
    job.start = time.monotonic()


def check_folder(out: Path, ref: Path, result: Path) -> None:
    """Inside a disk-full job's namespace: what is left in ``out`` against ``ref``, as JSON."""
    left = sorted(p.name for p in out.iterdir() if p.name.startswith(".execir-")) \
        if out.is_dir() else ["(output folder gone)"]
    differing = _same_tree(ref, out) if out.is_dir() else []
    result.write_text(json.dumps({"staging": left, "differing": differing}))


def _check_disk_full(job: Job, rc: int, figures: Figures) -> None:
    """A disk-full job: succeeded, or one ``No space left`` line (warnings aside) and exit 2;
    its folder still the reference, no staging folder."""
    figures.disk_full_runs += 1
    lines = [l for l in job.log.read_text(errors="replace").splitlines()
             if l.strip() and not l.startswith("execir: warning:") and ": started" not in l
             and ": done" not in l]
    if rc == 2 and len(lines) == 1 and "No space left on device" in lines[0]:
        figures.disk_full_hits += 1
    elif rc != 0:
        figures.failed.append(f"{job.log.name} (tmpfs {job.tmpfs} B): exit {rc}: {lines[-3:]}")
    try:
        seen = json.loads(job.log.with_suffix(".check.json").read_text())
    except (OSError, ValueError) as exc:
        figures.failed.append(f"{job.log.name}: no in-namespace check ({exc})")
        return
    figures.outputs_compared += 1
    figures.differing += [f"{job.log.name} (tmpfs): {d}" for d in seen["differing"]]
    figures.staging_left += [f"{job.log.name} (tmpfs): {d}" for d in seen["staging"]]


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
    refs["inputs"] = inputs
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


def _tree_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _new_job(rng: random.Random, work: Path, refs: dict[str, Path], kill: float, n: int,
             disk_full: float) -> Job:
    kind = rng.choice(KINDS)
    out = None if kind == "exec" else work / "outs" / f"{kind}-{rng.randrange(SHARED_OUTS)}"
    job = Job(kind, out, argv_for(kind, out, refs["inputs"]),
              work / "logs" / f"{n:04d}-{kind}.err")
    if out is not None and rng.random() < disk_full:
        # room for the copied reference, its files' pages, and 0-1.2x of it more
        size = _tree_bytes(refs[kind])
        pages = sum(1 for p in refs[kind].rglob("*")) * 4096
        job.tmpfs = (size + pages + int(size * rng.uniform(0.0, 1.2))) // 4096 * 4096
        return job
    if rng.random() < kill:
        job.kill_at = rng.uniform(*KILL_WINDOW)
        job.sig = rng.choice((signal.SIGKILL, signal.SIGTERM))
    return job


def drive(work: Path, refs: dict[str, Path], *, seconds: float, procs: int, kill: float,
          seed: int, figures: Figures, disk_full: float = 0.0, min_killed: int = 0) -> list[Job]:
    """The chaos phase (module docstring); returns every job that ran.  New commands start for
    ``seconds``, and after that (up to 4x as long) until ``min_killed`` were killed and, with
    ``disk_full``, one met a full disk -- so a slow machine still sees every kind of fault."""
    rng = random.Random(seed)
    cache = work / "cache"
    running: list[Job] = []
    reruns: list[Job] = []
    done: list[Job] = []
    begin = time.monotonic()
    corrupt_at = begin + seconds / 3
    n = 0
    def more() -> bool:
        elapsed = time.monotonic() - begin
        short = figures.killed < min_killed or (disk_full > 0 and figures.disk_full_runs < 1)
        return elapsed < seconds or (short and elapsed < 4 * seconds)

    while running or reruns or more():
        while len(running) < procs and (reruns or more()):
            job = reruns.pop(0) if reruns else _new_job(rng, work, refs, kill, n, disk_full)
            n += 1
            _start(job, cache, refs)
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
            if job.tmpfs:
                _check_disk_full(job, rc, figures)
                figures.reruns += 1
                reruns.append(Job(job.kind, job.out, job.argv, job.log.with_name(
                    job.log.stem + "-rerun1.err"), reruns=1))
            elif job.signalled:
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
    stats = subprocess.run([sys.executable, "-m", "execir.cli.commands", "cache", "stats"], text=True,
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
    parser.add_argument("--disk-full", type=float, default=0.15,
                        help="share of output-writing commands run on a too-small tmpfs")
    parser.add_argument("--check-folder", nargs=3, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.check_folder:  # inside a disk-full job's namespace
        check_folder(*args.check_folder)
        return 0
    figures = run(args.work, seconds=args.seconds, procs=args.procs, kill=args.kill,
                  seed=args.seed, disk_full=args.disk_full)
    print(json.dumps(figures.__dict__, indent=1))
    print(f"commands run {figures.commands}, killed {figures.killed} (SIGTERM handled: "
          f"{figures.sigterm}), rerun {figures.reruns}, corruptions survived "
          f"{figures.corruptions}, disk-full runs {figures.disk_full_runs} (hits "
          f"{figures.disk_full_hits}), outputs compared {figures.outputs_compared}, differing "
          f"{len(figures.differing)}, tracebacks {len(figures.tracebacks)}, staging left "
          f"{len(figures.staging_left)}, failed {len(figures.failed)}, cache intact "
          f"{figures.cache_ok}")
    return 0 if figures.passed() else 1


def run(work: Path, *, seconds: float, procs: int, kill: float, seed: int,
        disk_full: float = 0.0, min_killed: int = 0) -> Figures:
    """References, the chaos phase and the checks in ``work`` (created; must not exist);
    ``disk_full`` is used only where :func:`can_fill_a_disk`."""
    work = Path(work).resolve()
    work.mkdir(parents=True)
    (work / "tmpfs").mkdir()
    inputs = _inputs(work)
    refs = references(work, inputs)
    figures = Figures()
    if disk_full and not can_fill_a_disk():
        print("chaos: no user + mount namespace here: no disk-full leg", file=sys.stderr)
        disk_full = 0.0
    jobs = drive(work, refs, seconds=seconds, procs=procs, kill=kill, seed=seed,
                 figures=figures, disk_full=disk_full, min_killed=min_killed)
    check(work, refs, jobs, figures)
    return figures


if __name__ == "__main__":
    sys.exit(main())
