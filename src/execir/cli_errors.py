"""Error handling of the ``execir`` command line: input errors as one line and exit code 2.

:func:`user_errors` wraps every command of :mod:`execir.cli`: :class:`execir.errors.DataError`,
:class:`execir.errors.UsageError` and OS errors on a path print ``execir: error: ...`` on stderr
(no traceback); execir's own warnings print as ``execir: warning: ...``.
"""

from __future__ import annotations

import functools
import sys
import warnings
from typing import Any, Callable

import typer

from execir.errors import DataError, UsageError


def _show_warning(message: Any, category: type, filename: str, lineno: int, file: Any = None,
                  line: Any = None) -> None:
    """execir's own warnings (a damaged cache moved aside...) as one line on stderr; others as
    Python prints them."""
    if category.__module__.startswith("execir."):
        typer.echo(f"execir: warning: {message}", err=True)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn input errors, and OS errors while reading or writing a path (a full disk, a folder
    that cannot be created), into one line on stderr and exit code 2 (no traceback)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with warnings.catch_warnings():
                warnings.showwarning = _show_warning
                return func(*args, **kwargs)
        except (DataError, UsageError) as exc:
            typer.echo(f"execir: error: {exc}", err=True)
            raise typer.Exit(code=2) from None
        except OSError as exc:
            if exc.filename is None and exc.errno is None:
                raise
            where = f"{exc.filename}: " if exc.filename is not None else ""
            typer.echo(f"execir: error: {where}{exc.strerror or exc}", err=True)
            raise typer.Exit(code=2) from None

    return wrapper
