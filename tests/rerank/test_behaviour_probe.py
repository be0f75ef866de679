"""The optional behaviour-majority probe: agreement by hand, and one family run in the sandbox."""

from __future__ import annotations

import numpy as np
import pytest

from execir.execution import Oracle
from execir.rerank.behaviour_probe import BehaviourProbe, agreement_scores
from execir.rerank.consensus import Behaviour

from tests.probes.helpers import family


def test_agreement_scores_by_hand():
    g = "python:f/1"
    behaviours = [Behaviour(g, ("=1", "=2", "=3", "!TIMEOUT")),
                  Behaviour(g, ("=1", "=2", "=4", "!TIMEOUT")),
                  Behaviour(g, ("=1", "=5", "=4", "!TIMEOUT")),
                  None]
    # input 3 is not informative (nobody returned a value): shares over inputs 0-2
    assert np.allclose(agreement_scores(behaviours), [1 + 2 / 3 + 1 / 3, 2 / 3 + 1 + 2 / 3, 1 / 3 + 2 / 3 + 1, -1])


def test_behaviour_probe_runs_the_members_in_the_sandbox(tmp_path):
    fam = family(("def f(x):\n    return x * 2\n", "def f(x):\n    return 2 * x\n", "def f(x):\n    return x * 3\n",
                  "import sys\nprint(sys.stdin.read())\n"), (True, False, False, False))
    probe = BehaviourProbe(Oracle(workers=1, cache_dir=tmp_path), inputs=6)
    scores = probe.score(fam.members)
    assert scores[0] == scores[1] > scores[2] >= 1.0  # the two doublers agree everywhere
    assert scores[3] == -1.0  # a stdin program is not run
    with pytest.raises(AttributeError):
        probe.fit  # noqa: B018 - untrained: no fit
