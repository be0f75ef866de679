"""execir.scale -- Ray back-ends for the oracle and the encoders (optional extra ``ray``).

Nothing here imports ``ray`` at import time; it is imported when :func:`connect` is called, so a
run without ``--ray`` never loads it.

* :func:`connect` (:mod:`execir.scale.cluster`): join a running Ray cluster, check that every node
  runs the same Ray, Python and execir versions, and start one execution actor per node.
* :class:`RayExecutor` (:mod:`execir.scale.ray_oracle`): what :class:`execir.execution.Oracle`
  delegates to when it runs on Ray -- batches of pairs go to execir's own sandbox workers on each
  node; results come back to the driver, which alone writes the execution cache.
* :func:`encoders_on_ray` (:mod:`execir.scale.encoders`): encode the corpus in shards on Ray
  actors that hold the model, gathered in corpus order into the same embedding cache.
"""

from execir.scale.cluster import RAY_ENV, RayCluster, connect
from execir.scale.encoders import RayEncoder, encoders_on_ray
from execir.scale.ray_oracle import RayExecutor

__all__ = ["RAY_ENV", "RayCluster", "RayEncoder", "RayExecutor", "connect", "encoders_on_ray"]
