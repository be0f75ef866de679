"""A throw-away Ray cluster on this machine's loopback addresses, for tests and benchmarks.

:class:`LocalCluster` runs ``ray start --head`` and then ``ray start --address ...`` for each
further node, every node on its own loopback address (``127.0.0.2``, ``127.0.0.3``, ...: Ray
rewrites ``127.0.0.1`` to the machine's routable address, but keeps other loopback addresses as
given), with a private temporary folder.  :meth:`LocalCluster.stop` ends exactly the processes
whose command line names that folder, by PID (SIGTERM, then SIGKILL): never ``ray stop``, which
would stop every Ray cluster of the machine.  Each node offers ``cpus`` CPUs, so one machine can
stand in for a cluster of small nodes.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

def node_ip(i: int) -> str:
    """``127.0.0.<i + 2>``: the loopback address of node ``i`` (0 is the head)."""
    return f"127.0.0.{i + 2}"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"RAY_USAGE_STATS_ENABLED": "0",
                # a dead node is declared dead after about 3 s, not Ray's default of about 30 s
                "RAY_health_check_period_ms": "1000", "RAY_health_check_timeout_ms": "1000",
                "RAY_health_check_failure_threshold": "3"})
    return env


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8",
                                                                                    "replace")
    except OSError:
        return ""


class LocalCluster:
    """A Ray cluster of ``nodes`` nodes on loopback addresses (see the module docstring).

    Args:
        nodes: how many nodes (>= 1; the first is the head).
        cpus: CPUs each node offers to Ray.
        timeout: seconds each ``ray start`` may take.
        attempts: tries at starting the whole cluster (each failed try is stopped first).

    Attributes:
        address: ``HOST:PORT`` of the head (what ``--ray`` takes).
        temp: the cluster's temporary folder.

    Raises:
        RuntimeError: a ``ray start`` failed (whatever was started is stopped first).
    """

    def __init__(self, nodes: int = 2, *, cpus: int = 1, timeout: float = 180.0,
                 attempts: int = 2):
        self.temp = ""
        self.address = ""
        for attempt in range(1, attempts + 1):
            try:
                self._start(nodes, cpus, timeout)
                return
            except RuntimeError:
                self.stop()
                if attempt == attempts:
                    raise

    def _start(self, nodes: int, cpus: int, timeout: float) -> None:
        """One attempt; RuntimeError when a ``ray start`` fails (Ray gives a node 30 s to
        register, which a heavily loaded machine can miss)."""
        self.temp = tempfile.mkdtemp(prefix="execir-ray-", dir="/tmp")  # short socket paths
        ray = [sys.executable, "-m", "ray.scripts.scripts", "start", "--num-cpus", str(cpus),
               "--disable-usage-stats"]
        head = subprocess.run(ray + ["--head", "--port", "0", "--node-ip-address", node_ip(0),
                                     "--include-dashboard=false", "--temp-dir", self.temp],
                              capture_output=True, text=True, env=_env(), timeout=timeout)
        found = re.search(r"ray start --address='([0-9.]+:\d+)'", head.stdout + head.stderr)
        if head.returncode != 0 or not found:
            raise RuntimeError(f"ray start --head failed: {(head.stdout + head.stderr)[-2000:]}")
        self.address = found.group(1)
        for i in range(1, nodes):
            node = subprocess.run(ray + ["--address", self.address, "--node-ip-address",
                                         node_ip(i)],
                                  capture_output=True, text=True, env=_env(), timeout=timeout)
            if node.returncode != 0:
                raise RuntimeError(f"ray start (node {i}) failed: "
                                   f"{(node.stdout + node.stderr)[-2000:]}")

    def pids(self) -> list[int]:
        """The processes of this cluster (their command line names its temporary folder)."""
        if not self.temp:
            return []
        return [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()
                and self.temp in _cmdline(int(p))]

    def raylet(self, i: int) -> int:
        """PID of node ``i``'s raylet.

        Raises:
            LookupError: no single raylet for that node.
        """
        found = [p for p in self.pids() if "raylet/raylet" in _cmdline(p)
                 and f"--node_ip_address={node_ip(i)} " in _cmdline(p) + " "]
        if len(found) != 1:
            raise LookupError(f"expected one raylet for node {i}, found {found}")
        return found[0]

    def stop(self) -> None:
        """Disconnect this process (:func:`execir.scale.cluster.disconnect`) and end every
        process of the cluster by PID; remove the temporary folder."""
        from execir.scale.cluster import disconnect

        disconnect()
        if not self.temp:
            return
        pids = self.pids()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in pids:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    continue
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in pids):
                time.sleep(0.1)
            pids = [p for p in pids if Path(f"/proc/{p}").exists()]
            if not pids:
                break
        shutil.rmtree(self.temp, ignore_errors=True)
        self.temp = ""

    def __enter__(self) -> "LocalCluster":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
