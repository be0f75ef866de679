"""execir on a real local Ray cluster: a head and a second node on loopback addresses (``127.0.0.2``
and ``127.0.0.3``), started with ``ray start`` for this module and stopped by PID afterwards
(:class:`execir.scale.local.LocalCluster`).  Every test skips when the ``ray`` package is not
installed.
"""

from __future__ import annotations

import filecmp
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

ray = pytest.importorskip("ray")

from execir.cli.commands import app  # noqa: E402
from execir.execution import ExecutionCache, Limits, Oracle  # noqa: E402
from execir.execution.languages import available_languages  # noqa: E402
from execir.scale import RayExecutor, connect  # noqa: E402
from execir.scale import cluster as cluster_mod  # noqa: E402
from execir.scale.local import LocalCluster, _env  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TASKS = ROOT / "tests" / "data" / "construction" / "good.jsonl"


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(nodes=2, cpus=1) as c:
        yield c


def _pairs(n: int) -> list[tuple[str, list[str]]]:
    """``n`` distinct pairs: passing, failing, crashing on load, out of time."""
    jobs = []
    for i in range(n):
        kind = i % 4
        code = {0: f"def f(x):\n    return x + {i}\n",
                1: f"def f(x):\n    return x - {i}\n",
                2: f"def f(x):\n    return x\nraise KeyError({i})\n",
                3: f"def f(x):\n    while True:\n        x += {i}\n"}[kind]
        jobs.append((code, [f"assert f(1) == {1 + i}", "assert f(0) >= 0"]))
    return jobs


def test_oracle_on_two_nodes_gives_the_local_outcomes_and_the_driver_writes_the_cache(
        cluster, tmp_path):
    jobs = _pairs(24)
    limits = Limits(timeout=0.5)
    local = Oracle(limits=limits, workers=2).run(jobs)
    executor = RayExecutor(connect(cluster.address), batch_size=2)
    assert len(executor.cluster.nodes) == 2 and executor.cluster.workers == 2
    oracle = Oracle(limits=limits, cache=tmp_path / "exec.sqlite3", executor=executor)
    remote = oracle.run(jobs + jobs[:3])  # repeated pairs run once
    assert [r.outcomes for r in remote[:24]] == [r.outcomes for r in local]
    assert remote[24:] == remote[:3]
    assert {r.outcomes[0] for r in remote} == {"pass", "FAIL", "ERROR:KeyError", "TIMEOUT"}
    assert sum(executor.ran.values()) == 12 and len(executor.ran) == 2  # both nodes ran batches
    assert ExecutionCache(tmp_path / "exec.sqlite3").stats()["rows"] == 24
    assert oracle.describe()["ray"]["nodes"] == 2


def test_program_runners_on_ray_match_local_and_archives_come_back(cluster, tmp_path):
    """stdin/stdout Python programs and (when installed) Ruby and C++ function-level tests."""
    from execir.execution.artefacts import BuildCache

    cases = [("python", [("print(int(input()) * 2)", [{"input": "2", "output": "4"},
                                                     {"input": "3", "output": "7"}])])]
    if "ruby" in available_languages():
        cases.append(("ruby", [("def f(x)\n  x + 1\nend\n", ["assert_equal(2, f(1))",
                                                             "assert_equal(5, f(1))"])]))
    if "cpp" in available_languages():
        cases.append(("cpp", [("int f(int x) { return x + 1; }\n",
                               ["int main() { assert(f(1) == 2); return 0; }",
                                "int main() { assert(f(1) == 3); return 0; }"])]))
    executor = RayExecutor(connect(cluster.address))
    for lang, jobs in cases:
        local = Oracle(cache=None, build_cache=None).run(jobs, language=lang)
        remote_cache = BuildCache(tmp_path / lang)
        remote = Oracle(cache=None, build_cache=remote_cache, executor=executor).run(
            jobs, language=lang)
        assert [r.outcomes for r in remote] == [r.outcomes for r in local], lang
        assert remote[0].outcomes[0] == "pass" and remote[0].outcomes[1] == "FAIL", lang
        assert executor.toolchain(lang).version
        if lang == "cpp":  # the archives compiled on a node are stored by the driver
            assert list((tmp_path / lang).rglob("*.art"))


def _tree(folder: Path, skip: set[str]) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name not in skip}


def test_release_built_and_run_evaluated_on_ray_are_byte_identical_to_local(cluster, tmp_path):
    import execir

    runner = CliRunner()
    for where, extra in (("local", []), ("ray", ["--ray", cluster.address])):
        done = runner.invoke(app, ["build", "tasks", "--path", str(TASKS), "--out",
                                   str(tmp_path / where / "release"), "--cache-dir",
                                   str(tmp_path / where / "cache"), "--timeout", "1", "--quiet",
                                   *extra])
        assert done.exit_code == 0, done.output
    local, remote = tmp_path / "local", tmp_path / "ray"
    released = _tree(local / "release", {"outputs.json"})
    assert len(released) >= 6 and released == _tree(remote / "release", {"outputs.json"})
    assert filecmp.cmp(local / "release" / "build_report.json",
                       remote / "release" / "build_report.json", shallow=False)
    rows = {w: ExecutionCache(tmp_path / w / "cache" / "exec.sqlite3").stats()["rows"]
            for w in ("local", "ray")}
    assert rows["local"] == rows["ray"] > 20
    for where, ray_address in (("local", None), ("ray", cluster.address)):
        results = execir.evaluate(tmp_path / where / "release", "bm25,static", seed=0,
                                  cache_dir=tmp_path / where / "cache", ray=ray_address)
        results.write(tmp_path / where / "results", report=False)
        assert ("ray" in results.config["oracle"]) == (ray_address is not None)
    skip = {"config.json", "outputs.json"}
    assert _tree(local / "results", skip) == _tree(remote / "results", skip)
    assert _tree(local / "cache" / "embeddings", set()) == _tree(remote / "cache" / "embeddings",
                                                                  set())
    assert any(p.suffix == ".npz" for p in (remote / "cache" / "embeddings").rglob("*"))


def test_unreachable_address_is_one_line_and_exit_2_before_any_work(tmp_path):
    done = subprocess.run([sys.executable, "-m", "execir.cli.commands", "build", "tasks", "--path",
                           str(TASKS), "--out", str(tmp_path / "out"), "--cache-dir",
                           str(tmp_path / "c"), "--ray", "127.0.0.1:9"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--ray 127.0.0.1:9: no Ray cluster answers there" in lines[0]
    assert not (tmp_path / "out").exists() and not (tmp_path / "c" / "exec.sqlite3").exists()


@pytest.mark.parametrize("kind", ["silent", "http"])
def test_a_listener_that_is_not_ray_is_one_line_within_seconds(tmp_path, kind):
    """A silent listener (an unreachable host stands in) and a web server on 127.0.0.1."""
    import socket
    import threading
    import time

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def answer_http():
        conn, _ = server.accept()
        conn.recv(1024)
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        conn.close()

    if kind == "http":
        threading.Thread(target=answer_http, daemon=True).start()
    address = f"127.0.0.1:{server.getsockname()[1]}"
    start = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "execir.cli.commands", "build", "tasks", "--path",
                               str(TASKS), "--out", str(tmp_path / "out"), "--cache-dir",
                               str(tmp_path / "c"), "--ray", address],
                              capture_output=True, text=True, timeout=120)
    finally:
        server.close()
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    expected = ("gave no answer in 5 s: not a Ray cluster" if kind == "silent"
                else "what answers there is not a Ray cluster (no gRPC: it said 'HTTP/1.1 ')")
    assert len(lines) == 1 and lines[0] == f"execir: error: --ray {address}: " + (
        "something listens there but " + expected if kind == "silent" else expected), lines
    assert time.monotonic() - start < 60  # the check's 5 s and the start-up, not Ray's retries
    assert not (tmp_path / "out").exists() and not (tmp_path / "c" / "exec.sqlite3").exists()


def test_ray_version_mismatch_is_one_line_and_exit_2(cluster, tmp_path):
    script = ("import sys, ray; ray.__version__ = '0.0.1'\n"
              "from execir.cli.commands import app\n"
              "sys.argv = ['execir'] + sys.argv[1:]\napp()\n")
    done = subprocess.run([sys.executable, "-c", script, "build", "tasks", "--path", str(TASKS),
                           "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "c"),
                           "--ray", cluster.address],
                          capture_output=True, text=True, timeout=180, env=_env())
    assert done.returncode == 2, done.stderr[-2000:]
    lines = [l for l in done.stderr.strip().splitlines() if l.strip()]
    assert len(lines) == 1 and "version mismatch" in lines[0] and "0.0.1" in lines[0], lines
    assert not (tmp_path / "out").exists()


def test_execir_version_mismatch_on_a_node_is_refused(cluster, monkeypatch):
    from execir.errors import UsageError

    cluster_mod.disconnect()
    real = cluster_mod.versions()
    monkeypatch.setattr(cluster_mod, "versions", lambda: {**real, "execir": "0.0.0-driver"})
    with pytest.raises(UsageError, match=r"version mismatch: node 127\.0\.0\.\d runs execir "
                                         rf"{re.escape(real['execir'])}, this process 0\.0\.0"):
        connect(cluster.address)
    assert cluster.address not in cluster_mod._CONNECTED


def test_killing_a_nodes_raylet_mid_run_loses_nothing_and_counts_nothing_twice(cluster):
    """Last in this module: it takes the second node away."""
    executor = RayExecutor(connect(cluster.address), batch_size=2)
    assert len(executor.cluster.nodes) == 2
    jobs = [(f"import time\ndef f():\n    time.sleep(0.25)\n    return {i}\n",
             [f"assert f() == {i}"]) for i in range(40)]
    seen: dict[int, int] = {}
    results: dict[int, object] = {}
    raylet = cluster.raylet(1)

    def on_result(i, res):
        seen[i] = seen.get(i, 0) + 1
        results[i] = res
        if len(seen) == 6:  # both nodes are busy: take the second one away
            threading.Thread(target=os.kill, args=(raylet, signal.SIGKILL)).start()

    executor.map(jobs, Limits(timeout=5.0), 2, on_result)
    assert sorted(seen) == list(range(40)) and set(seen.values()) == {1}
    assert all(results[i].outcomes == ("pass",) for i in range(40))
    assert executor.rerun >= 1 and len(executor.cluster.nodes) == 1
    assert not Path(f"/proc/{raylet}").exists() or "Z" in Path(f"/proc/{raylet}/stat").read_text()


def test_a_repositorys_source_tests_run_on_ray_as_they_do_here(cluster, tmp_path):
    """Each node mounts the repository its batch's source tests name (execir.repo)."""
    import shutil

    pytest.importorskip("coverage")
    from execir.repo.discover import discover

    repo = tmp_path / "minirepo"
    shutil.copytree(ROOT / "tests" / "data" / "repo" / "minirepo", repo)
    with Oracle(workers=2) as here:
        tasks = discover(repo, here).tasks
        jobs = [(t.canonical, t.tests) for t in tasks]
        jobs += [(tasks[0].canonical.replace("return high", "return low"), tasks[0].tests)]
        local = [r.outcomes for r in here.run(jobs)]
    remote = Oracle(executor=RayExecutor(connect(cluster.address), batch_size=2)).run(jobs)
    assert [r.outcomes for r in remote] == local
    assert local[-1] == ("FAIL", "pass", "pass", "pass", "pass")
