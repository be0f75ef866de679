"""The compiled part of execir: the optional C line counter (everything else is in pyproject.toml).

``execir.execution._linecount`` (:mod:`execir.construction.work`) mirrors CPython 3.11's
``sys.settrace``, so it is built on 3.11 only; ``optional=True``: a failed compile (no compiler,
no Python headers) leaves the install without it and the Python tracer counts instead.
"""

import sys

from setuptools import Extension, setup

LINECOUNT = Extension("execir.execution._linecount", ["src/execir/execution/_linecount.c"],
                      optional=True)

setup(ext_modules=[LINECOUNT] if sys.version_info[:2] == (3, 11) else [])
