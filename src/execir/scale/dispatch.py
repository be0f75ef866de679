"""Hand numbered work items to Ray actors and collect each result exactly once.

:func:`dispatch` is the one scheduling loop of :mod:`execir.scale`: the oracle's batches of pairs
and the encoders' shards both go through it.  Every actor gets at most ``in_flight`` items at a
time (one running, the next queued behind it, so an actor never waits for the driver); when an
actor dies -- its process, or its node's raylet, is killed -- every item it held is put back at
the head of the queue and runs on another actor, and the dead actor gets nothing more.  A result
is accepted only from the call that was given the item, so nothing is lost and nothing is
counted twice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from execir.errors import UsageError


class ClusterLost(UsageError):
    """Every actor that could run the work has died (the cluster is gone or too small)."""


def _lost_errors() -> tuple[type[BaseException], ...]:
    """Ray's errors that mean "the actor or its result is gone", not "the call failed"."""
    import ray.exceptions as rex

    names = ("RayActorError", "ActorDiedError", "ActorUnavailableError", "ObjectLostError",
             "OwnerDiedError", "NodeDiedError", "WorkerCrashedError", "LocalRayletDiedError")
    return tuple(getattr(rex, n) for n in names if hasattr(rex, n))


def dispatch(items: Sequence[Any], actors: list[Any], call: Callable[[Any, Any], Any],
             on_result: Callable[[int, Any], None], *, in_flight: int = 2,
             on_lost: Callable[[Any, int], None] | None = None, what: str = "work") -> None:
    """Run ``call(actor, items[i])`` (which returns a Ray object ref) for every item, on the
    live ``actors``, and call ``on_result(i, value)`` in this thread as each result arrives.

    Args:
        items: the work items (sent as they are).
        actors: Ray actor handles that may take them; an actor that dies is removed from this
            list (in place) and ``on_lost(actor, n)`` is called, ``n`` the items it held (put
            back in the queue).
        call: submits one item to one actor, e.g. ``lambda a, x: a.run.remote(x)``.
        on_result: receives each item's value once, in completion order.
        in_flight: items queued on one actor at a time (>= 1).
        what: names the work in the error raised when no actor is left.

    Raises:
        ClusterLost: no live actor is left while items remain.
        ray.exceptions.RayTaskError: an actor's call raised (an execir bug, not a lost node).
    """
    import ray

    lost = _lost_errors()
    queue = deque(range(len(items)))
    pending: dict[Any, tuple[Any, int]] = {}  # object ref -> (actor, item index)
    load = {id(a): 0 for a in actors}

    def feed() -> None:
        for actor in list(actors):
            while queue and load[id(actor)] < in_flight:
                i = queue.popleft()
                pending[call(actor, items[i])] = (actor, i)
                load[id(actor)] += 1

    feed()
    while pending or queue:
        if not pending:
            raise ClusterLost(f"--ray: every Ray node that could run the {what} is gone; "
                              f"{len(queue)} item(s) were not run")
        ready, _ = ray.wait(list(pending), num_returns=1)
        ref = ready[0]
        actor, i = pending.pop(ref)
        load[id(actor)] -= 1
        try:
            value = ray.get(ref)
        except lost:
            held = _drop(actor, actors, pending, queue, load)
            queue.appendleft(i)
            if on_lost is not None:
                on_lost(actor, held + 1)
            feed()
            continue
        on_result(i, value)
        feed()


def _drop(actor: Any, actors: list[Any], pending: dict, queue: deque, load: dict) -> int:
    """Forget a dead actor and put every item it still held back at the head of the queue;
    returns how many."""
    actors[:] = [a for a in actors if a is not actor]
    held = sorted(i for ref, (a, i) in pending.items() if a is actor)
    for ref in [ref for ref, (a, _i) in pending.items() if a is actor]:
        del pending[ref]
    load[id(actor)] = 0
    queue.extendleft(reversed(held))
    return len(held)
