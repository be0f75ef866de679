"""Throughput of execir's oracle against the ``coreb`` 0.1.0 harness runner, per language.

Same programs, same tests, same concurrency: ``--programs`` stdin/stdout programs per language
(each reads integers and prints ``sum * K + K`` for its own ``K``) with ``--tests`` tests each,
run on ``--workers`` concurrent workers:

* **peer** -- coreb's ``runners/code_eval_runner.py`` (``CodeEvalRunner._run_test_case``, the
  call its own worker pool makes per test: one ``subprocess`` per test, the program compiled
  again for every test, 3 GB address-space rlimit, 30 s per test), driven by ``--workers``
  threads in the peer's own virtual environment.  Its package-level imports are broken (the
  ``easyllm_kit`` chain needs PIL and more), so the module is loaded by file path with those
  imports -- logging, database and metric helpers that test execution never calls -- replaced
  by stand-ins;
* **execir cold** -- ``Oracle(workers=W, cache=None, build_cache=<empty folder>)`` on fresh
  sandbox workers: worker start, each language's prelude, one compile per program, every test;
* **execir warm** -- the same pairs again with the compiled archives in the build cache (no
  outcome cache, so every test runs again).

Throughput is tests per second of wall time; speed-up is peer seconds / execir seconds.  The
per-language rows are also the compile + run cost of a program with a cold and a warm artefact
cache (seconds per program).  Never part of ``make test``.

Set-up of the peer (a throwaway venv, never a dependency of execir):

    python3 -m venv /tmp/coreb-venv && /tmp/coreb-venv/bin/pip install coreb==0.1.0
    python benchmarks/bench_coreb_peer.py [--peer-venv DIR] [--programs 4] [--tests 5]
        [--workers 2] [--languages cpp,java,go,ruby,javascript,python,rust]

``--peer-venv`` defaults to ``$COREB_VENV``, else ``coreb-venv`` in the system's temporary
folder; when it (or coreb's runner in it) is absent the benchmark says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROGRAMS = {
    "cpp": '#include <iostream>\nint main() { long long a, s = 0; while (std::cin >> a) s += a;'
           ' std::cout << s * K + K << "\\n"; }\n',
    "java": "import java.util.*;\npublic class Main {\n    public static void main(String[] args) {"
            "\n        Scanner in = new Scanner(System.in); long s = 0;\n        while "
            "(in.hasNextLong()) s += in.nextLong();\n        System.out.println(s * K + K);\n"
            "    }\n}\n",
    "go": 'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar s, a int64\n\tfor {\n\t\tif _, '
          'err := fmt.Scan(&a); err != nil {\n\t\t\tbreak\n\t\t}\n\t\ts += a\n\t}\n\t'
          'fmt.Println(s*K + K)\n}\n',
    "ruby": "s = STDIN.read.split.map(&:to_i).sum\nputs s * K + K\n",
    "javascript": "const data = require('fs').readFileSync(0, 'utf8').split(/\\s+/)"
                  ".filter(Boolean).map(Number);\nconst s = data.reduce((a, b) => a + b, 0);\n"
                  "console.log(s * K + K);\n",
    "python": "import sys\ns = sum(map(int, sys.stdin.read().split()))\nprint(s * K + K)\n",
    "rust": "use std::io::Read;\nfn main() {\n    let mut t = String::new();\n    "
            "std::io::stdin().read_to_string(&mut t).unwrap();\n    let s: i64 = "
            "t.split_whitespace().map(|x| x.parse::<i64>().unwrap()).sum();\n    "
            'println!("{}", s * K + K);\n}\n',
}
PEER_FILE = Path("coreb_runner") / "runners" / "code_eval_runner.py"


def jobs_for(language: str, programs: int, tests: int) -> list[tuple[str, list[dict]]]:
    """``programs`` distinct programs of ``language``, each with ``tests`` stdin/stdout tests."""
    out = []
    for k in range(1, programs + 1):
        code = PROGRAMS[language].replace("K", str(k + 6))
        cases = []
        for j in range(tests):
            nums = list(range(j, j + 5 + j))
            cases.append({"input": " ".join(map(str, nums)) + "\n",
                          "output": str(sum(nums) * (k + 6) + k + 6)})
        out.append((code, cases))
    return out


# ---- the peer, run inside its own venv ------------------------------------------------------

def peer_driver() -> None:
    """``--peer-driver``: read ``{"runner", "language", "jobs", "workers"}`` JSON on stdin, run
    every test through coreb's runner, print ``{"seconds", "passed", "results"}``."""
    import importlib.util
    import logging
    import types
    from concurrent.futures import ThreadPoolExecutor

    request = json.load(sys.stdin)

    class Runner:  # coreb's base class: only its registry decorator is used at import
        @classmethod
        def register(cls, _name):
            return lambda c: c

    stubs = {"easyllm_kit": {}, "easyllm_kit.utils": {"get_logger": lambda n, f=None:
                                                      logging.getLogger(n), "read_json": None},
             "easyllm_kit.utils.io_utils": {"initialize_database": None, "write_to_database": None},
             "coreb_runner": {}, "coreb_runner.runners": {},
             "coreb_runner.runners.base_runner": {"Runner": Runner}, "coreb_runner.utils": {},
             "coreb_runner.utils.code_utils": {"extract_code": None},
             "coreb_runner.utils.metrics": {"pass_at_k": None,
                                            "calculate_comprehensive_metrics": None}}
    for name, attrs in stubs.items():
        module = types.ModuleType(name)
        module.__dict__.update(attrs)
        sys.modules[name] = module
    spec = importlib.util.spec_from_file_location("coreb_code_eval_runner", request["runner"])
    peer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peer)
    runner = object.__new__(peer.CodeEvalRunner)  # its __init__ needs a config and a database
    runner.__dict__.update(timeout=30, memory_limit=1024, auto_add_imports=True,
                           enable_debug_logging=False, max_subprocess_output_chars=131072,
                           max_stored_io_chars=4096, abs_tolerance=1e-6)
    runner.execution_commands = {lang: getattr(runner, f"_execute_{lang}") for lang in
                                 ("python", "java", "cpp", "javascript", "go", "rust", "ruby")}
    items = [(code, case, i) for code, cases in request["jobs"] for i, case in enumerate(cases)]
    start = time.perf_counter()
    with ThreadPoolExecutor(request["workers"]) as pool:
        results = list(pool.map(lambda it: runner._run_test_case(
            it[0], it[1], it[2], request["language"], peer.TestType.STDIN), items))
    seconds = time.perf_counter() - start
    names = [r.result.value for r in results]
    print(json.dumps({"seconds": seconds, "passed": names.count("passed"), "results": names}))


def run_peer(python: Path, runner: Path, language: str, jobs, workers: int) -> dict:
    request = json.dumps({"runner": str(runner), "language": language, "jobs": jobs,
                          "workers": workers})
    proc = subprocess.run([str(python), __file__, "--peer-driver"], input=request, text=True,
                          capture_output=True, timeout=3600, cwd=tempfile.gettempdir())
    if proc.returncode != 0:
        raise RuntimeError(f"peer driver failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---- execir ---------------------------------------------------------------------------------

def run_execir(language: str, jobs, workers: int) -> dict:
    from execir.execution import Limits, Oracle
    from execir.execution.pool import shared_pool

    shared_pool().close()  # fresh workers: prelude built again, as a cold start pays
    with tempfile.TemporaryDirectory() as builds:
        oracle = Oracle(limits=Limits(timeout=30.0), workers=workers, build_cache=builds)
        start = time.perf_counter()
        cold = oracle.run(jobs, language=language)
        cold_s = time.perf_counter() - start
        start = time.perf_counter()
        warm = oracle.run(jobs, language=language)
        warm_s = time.perf_counter() - start
    same = [r.outcomes for r in cold] == [r.outcomes for r in warm]
    return {"cold_s": cold_s, "warm_s": warm_s, "same": same,
            "passed": sum(o == "pass" for r in cold for o in r.outcomes)}


def peer_paths(venv: Path) -> tuple[Path, Path] | None:
    python = venv / "bin" / "python"
    found = sorted(venv.glob(f"lib/python3*/site-packages/{PEER_FILE.as_posix()}"))
    return (python, found[0]) if python.is_file() and found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-driver", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--peer-venv", type=Path, default=Path(
        os.environ.get("COREB_VENV") or Path(tempfile.gettempdir()) / "coreb-venv"))
    parser.add_argument("--programs", type=int, default=4)
    parser.add_argument("--tests", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--languages", default="cpp,java,go,ruby,javascript,python,rust")
    args = parser.parse_args()
    if args.peer_driver:
        peer_driver()
        return
    paths = peer_paths(args.peer_venv)
    if paths is None:
        print(f"skip: no coreb 0.1.0 venv at {args.peer_venv} (create it with `python3 -m venv "
              f"{args.peer_venv} && {args.peer_venv}/bin/pip install coreb==0.1.0`, or pass "
              "--peer-venv / set $COREB_VENV)")
        return
    from execir.execution import languages

    rows = []
    for language in args.languages.split(","):
        if languages.toolchain(language, warn=False) is None:
            print(f"skip {language}: no toolchain here")
            continue
        jobs = jobs_for(language, args.programs, args.tests)
        n = args.programs * args.tests
        mine = run_execir(language, jobs, args.workers)
        peer = run_peer(*paths, language, jobs, args.workers)
        rows.append({"language": language, "programs": args.programs, "tests": n,
                     "workers": args.workers, **mine, "peer_s": peer["seconds"],
                     "peer_passed": peer["passed"],
                     "peer_results": sorted(set(peer["results"])),
                     "speedup_cold": peer["seconds"] / mine["cold_s"],
                     "speedup_warm": peer["seconds"] / mine["warm_s"]})
        print(json.dumps(rows[-1]), flush=True)
    if not rows:
        return
    print("\n| language | tests | passed execir / peer | peer tests/s | execir cold tests/s "
          "| execir warm tests/s | speed-up cold | speed-up warm | cold s/program | "
          "warm s/program |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        n, p = r["tests"], r["programs"]
        print(f"| {r['language']} | {n} | {r['passed']} / {r['peer_passed']} | "
              f"{n / r['peer_s']:.1f} | {n / r['cold_s']:.1f} | {n / r['warm_s']:.1f} | "
              f"{r['speedup_cold']:.1f}x | {r['speedup_warm']:.1f}x | {r['cold_s'] / p:.2f} | "
              f"{r['warm_s'] / p:.3f} |")
    total_peer = sum(r["peer_s"] for r in rows)
    print(f"\nall languages: peer {total_peer:.1f} s, execir cold "
          f"{sum(r['cold_s'] for r in rows):.1f} s ({total_peer / sum(r['cold_s'] for r in rows):.1f}x)"
          f", warm {sum(r['warm_s'] for r in rows):.1f} s "
          f"({total_peer / sum(r['warm_s'] for r in rows):.1f}x)")


if __name__ == "__main__":
    main()
