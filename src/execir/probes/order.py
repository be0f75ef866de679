"""Id and file-order probes: what a release's naming and layout give away.

``lowest-id`` picks the smallest document id (its inverse the largest); ``first-in-file`` the
member whose document comes first in the corpus file (its inverse the last).  Ids that hash
content and a corpus shuffled at build time put both at chance; a corpus written canonical first
puts ``first-in-file`` at 100%.
"""

from __future__ import annotations

import numpy as np

from execir.probes.family import Members


class LowestIdProbe:
    """``lowest-id`` / ``highest-id`` (module docstring)."""

    name = "lowest-id"
    inverse = "highest-id"
    trained = False
    note = "document id order"

    def score(self, members: Members) -> np.ndarray:
        """``-rank of id`` per member (the smallest id scores 0, the next -1, ...), ``(n,)``."""
        order = sorted(range(len(members)), key=lambda i: members.ids[i])
        out = np.empty(len(members), dtype=np.float64)
        for r, i in enumerate(order):
            out[i] = -float(r)
        return out


class FileOrderProbe:
    """``first-in-file`` / ``last-in-file`` (module docstring)."""

    name = "first-in-file"
    inverse = "last-in-file"
    trained = False
    note = "line order of the corpus file"

    def score(self, members: Members) -> np.ndarray:
        """``-position`` per member, ``(n,)``."""
        return -np.asarray(members.positions, dtype=np.float64)
