"""Construction-artefact probes: does a release give its answers away?

Systems that never read the query or the tests -- the textual medoid, a token-majority vote,
size, id and file order, a snippet-only classifier, a naturalness model -- pick one of each
query's judged snippets (its *oracle family*, :mod:`execir.probes.family`); their exec@1 must
sit at chance.  :func:`probe_card` measures them with bootstrap intervals and :func:`gate` lists
those that beat chance by more than a margin (``execir probe RELEASE``).
"""

from execir.probes.probe_base import Inverted, Probe
from execir.probes.card import DEFAULT_MARGIN, default_probes, gate, probe_card
from execir.probes.family import Family, FamilySet, Members, families

__all__ = ["DEFAULT_MARGIN", "Family", "FamilySet", "Inverted", "Members", "Probe", "default_probes",
           "families", "gate", "probe_card"]
