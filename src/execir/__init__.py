"""execir — execution-grounded code-retrieval benchmarks.

Public API (flat): :func:`load_benchmark`, :func:`rank`.  Further entry points are re-exported
here as the stages land.
"""

from execir.io import load_benchmark
from execir.ranking import rank

__version__ = "0.1.0"
__all__ = ["__version__", "load_benchmark", "rank"]
