"""Join a running Ray cluster: address checks, version checks, one execution actor per node.

:func:`connect` is called once at the top (``--ray ADDRESS`` / ``$EXECIR_RAY_ADDRESS``, or the
``ray=`` argument of the Python API), before any work.  Every way it can fail is a one-line
:class:`~execir.errors.UsageError` (the CLI prints it and exits with code 2):

* the ``ray`` package is missing (``pip install 'execir[ray]'``);
* nothing answers at ``host:port``, or what answers is not a gRPC server (Ray's GCS and Ray
  client speak gRPC): checked before Ray is asked, with a TCP connect and the HTTP/2 connection
  preface, which a gRPC server answers with its SETTINGS frame at once; a few seconds in all, so
  an unreachable address, a silent listener or a web server never waits for Ray's own retries;
* Ray reports a version mismatch (the cluster's Ray or Python differs from this process's);
* a node runs another execir, execution runner or Python than the driver;
* the cluster has no node with a CPU.

This process only connects (``ray.init(address=...)``): it never starts a cluster of its own.
"""

from __future__ import annotations

import atexit
import logging
import socket
from dataclasses import dataclass, field
from typing import Any

from execir.errors import UsageError
from execir.scale.node import NodeRunner, versions

#: environment variable read by ``--ray`` when the option is not given
RAY_ENV = "EXECIR_RAY_ADDRESS"
#: seconds allowed for the TCP check of ``host:port`` and for every node's first answer
CONNECT_TIMEOUT_S = 5.0
PROBE_TIMEOUT_S = 120.0
_CONNECTED: dict[str, "RayCluster"] = {}  # address -> the cluster this process joined there


@dataclass
class NodeInfo:
    """One alive node: Ray's node id, its address, and the CPUs / GPUs it offers to Ray."""

    node_id: str
    address: str
    cpus: int
    gpus: int


@dataclass
class RayCluster:
    """A connected cluster: its nodes (in Ray's order) and the execution actor of each.

    ``runners[i]`` is the :class:`~execir.scale.node.NodeRunner` actor pinned to ``nodes[i]``;
    an actor whose node dies is removed from both lists by the executor that notices it.
    """

    address: str
    nodes: list[NodeInfo]
    runners: list[Any] = field(default_factory=list)
    features: list[dict] = field(default_factory=list)

    @property
    def workers(self) -> int:
        """Sandbox workers over the live nodes (one per CPU)."""
        return sum(n.cpus for n in self.nodes)

    def describe(self) -> dict[str, Any]:
        """JSON-ready summary for ``config.json``: address, nodes and their workers."""
        return {"address": self.address, "nodes": len(self.nodes), "workers": self.workers}

    def forget(self, runner: Any) -> None:
        """Drop a dead runner and its node."""
        for i, r in enumerate(self.runners):
            if r is runner:
                del self.runners[i]
                del self.nodes[i]
                return

    def close(self) -> None:
        """Stop the execution actors and disconnect (the cluster itself keeps running)."""
        import ray

        if not ray.is_initialized():
            return
        for runner in self.runners:
            try:
                ray.kill(runner)
            except Exception as exc:  # a dead node's actor: nothing left to stop
                logging.getLogger(__name__).debug("could not stop a runner: %s", exc)
        self.runners.clear()
        if _CONNECTED.get(self.address) is self:
            del _CONNECTED[self.address]
        ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError("--ray needs the optional package ray: pip install 'execir[ray]'") from None
    return ray


def _check_reachable(address: str) -> None:
    """A plain TCP connect to ``host:port`` (not for ``auto`` or ``ray://``)."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise UsageError(f"--ray must be HOST:PORT, ray://HOST:PORT or auto, got {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S) as conn:
            conn.sendall(_HTTP2_PREFACE + _SETTINGS_FRAME)
            answer = _read_some(conn, 9)
    except socket.timeout:
        raise UsageError(f"--ray {address}: something listens there but gave no answer in "
                         f"{CONNECT_TIMEOUT_S:g} s: not a Ray cluster") from None
    except OSError as exc:
        raise UsageError(f"--ray {address}: no Ray cluster answers there "
                         f"({exc.strerror or exc})") from None
    if len(answer) < 9 or answer[3] != _SETTINGS_TYPE:
        shown = answer[:24].decode("ascii", "replace").split("\r")[0] or "nothing"
        raise UsageError(f"--ray {address}: what answers there is not a Ray cluster (no gRPC: "
                         f"it said {shown!r})")


#: the HTTP/2 client preface and an empty SETTINGS frame (RFC 9113 §3.4, §6.5)
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
_SETTINGS_TYPE = 0x04
_SETTINGS_FRAME = bytes([0, 0, 0, _SETTINGS_TYPE, 0, 0, 0, 0, 0])


def _read_some(conn: socket.socket, size: int) -> bytes:
    """Up to ``size`` bytes from ``conn`` (fewer when it closes first); socket.timeout when the
    peer stays silent past the socket's timeout."""
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def connect(address: str, *, start_runners: bool = True) -> RayCluster:
    """Connect to the Ray cluster at ``address`` and get it ready for execir.

    Args:
        address: ``HOST:PORT`` of the head's GCS, ``ray://HOST:PORT`` (Ray client), or ``auto``
            (the cluster this process already joined with ``ray.init``, else the one this
            machine belongs to).
        start_runners: start the execution actor of every node and check its versions (off
            only for encoder-only use).

    Returns:
        a :class:`RayCluster` (disconnected at interpreter exit).  A process joins one cluster
        once: a second call with the same address returns the same object.

    Raises:
        UsageError: see the module docstring.
    """
    address = str(address).strip()
    if not address:
        raise UsageError("--ray must be HOST:PORT, ray://HOST:PORT or auto, got ''")
    ray = _import_ray()
    if address in _CONNECTED and ray.is_initialized():
        return _CONNECTED[address]
    if ray.is_initialized() and address != "auto":  # ``auto`` takes the caller's ray.init()
        raise UsageError(f"--ray {address}: this process is already connected to another Ray "
                         "cluster")
    if address != "auto":
        _check_reachable(address.removeprefix("ray://"))
    if not ray.is_initialized():
        try:
            ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False,
                     configure_logging=True, namespace="execir")
        except RuntimeError as exc:
            text = _one_line(exc)
            if "Version mismatch" in text:
                raise UsageError(f"--ray {address}: version mismatch: {text.split(':', 1)[1].strip()}"
                                 ) from None
            raise UsageError(f"--ray {address}: cannot join the Ray cluster: {text}") from None
        except (ConnectionError, TimeoutError, ValueError) as exc:
            raise UsageError(f"--ray {address}: cannot join the Ray cluster: {_one_line(exc)}"
                             ) from None
    nodes = [NodeInfo(n["NodeID"], n.get("NodeManagerAddress", "?"),
                      int(n.get("Resources", {}).get("CPU", 0)),
                      int(n.get("Resources", {}).get("GPU", 0)))
             for n in ray.nodes() if n.get("Alive")]
    nodes = [n for n in nodes if n.cpus > 0]
    if not nodes:
        ray.shutdown()
        raise UsageError(f"--ray {address}: the cluster has no node with a CPU")
    cluster = RayCluster(address=address, nodes=nodes)
    atexit.register(cluster.close)
    if start_runners:
        _start_runners(cluster)
    _CONNECTED[address] = cluster
    return cluster


def disconnect() -> None:
    """Close every cluster this process joined (:meth:`RayCluster.close`)."""
    for cluster in list(_CONNECTED.values()):
        cluster.close()


def _start_runners(cluster: RayCluster) -> None:
    """One :class:`NodeRunner` per node, pinned to it; every node's versions checked."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    actor = ray.remote(NodeRunner)
    runners = [actor.options(num_cpus=0, max_restarts=0, max_task_retries=0,
                             scheduling_strategy=NodeAffinitySchedulingStrategy(n.node_id, soft=False)
                             ).remote(n.cpus) for n in cluster.nodes]
    try:
        probes = ray.get([r.probe.remote() for r in runners], timeout=PROBE_TIMEOUT_S)
    except Exception as exc:
        cluster.runners = runners
        cluster.close()
        raise UsageError(f"--ray {cluster.address}: a node could not start execir's execution "
                         f"actor: {_one_line(exc)[:300]}") from None
    mine = versions()
    for node, probe in zip(cluster.nodes, probes):
        theirs = probe["versions"]
        for key in ("execir", "runner", "python"):
            if theirs.get(key) != mine[key]:
                cluster.runners = runners
                cluster.close()
                raise UsageError(f"--ray {cluster.address}: version mismatch: node {node.address} "
                                 f"runs {key} {theirs.get(key)}, this process {mine[key]}")
    cluster.runners = runners
    cluster.features = [p["features"] for p in probes]
