"""``python -m execir.cli``: the ``execir`` command."""

import sys

from execir.cli.commands import app

if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
