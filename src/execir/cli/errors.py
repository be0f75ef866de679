"""Error handling of the ``execir`` command line: input errors as one line and exit code 2.

:func:`user_errors` wraps every command of :mod:`execir.cli.commands`: :class:`execir.errors.DataError`,
:class:`execir.errors.UsageError` and OS errors on a path print ``execir: error: ...`` on stderr
(no traceback); execir's own warnings print as ``execir: warning: ...``.  :class:`ExecirGroup`
does the same for the errors click finds while parsing the command line.

SIGINT (Ctrl-C) and SIGTERM end a command with one line, ``execir: interrupted by SIGINT ...``,
and exit code 130 / 143 (128 + the signal, as a shell reports it).  Both unwind the command
normally (staged outputs are discarded, the previous outputs stay as they were, the sandbox
workers are closed), and what was computed before the signal -- execution outcomes,
embeddings -- is already in the caches, so running the same command again resumes.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import re
import signal
import sys
import threading
import warnings
from difflib import get_close_matches
from typing import Any, Callable, Iterator

import typer
from typer.core import TyperGroup

try:  # typer >= 0.29 vendors click as typer._click (its errors are that copy's classes)
    from typer._click import exceptions as click
except ImportError:  # pragma: no cover - older typers use click itself
    from click import exceptions as click  # type: ignore[no-redef]

from execir.errors import DataError, UsageError


def _show_warning(message: Any, category: type, filename: str, lineno: int, file: Any = None,
                  line: Any = None) -> None:
    """execir's own warnings (a damaged cache moved aside...) as one line on stderr; others as
    Python prints them."""
    if category.__module__.startswith("execir."):
        typer.echo(f"execir: warning: {message}", err=True)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


class Terminated(BaseException):
    """Raised in the main thread when SIGTERM arrives (a ``BaseException``, like
    ``KeyboardInterrupt``, so that no ``except Exception`` on the way takes it for an error)."""


#: exit code of a command ended by each signal (128 + its number)
INTERRUPT_EXIT = {"SIGINT": 128 + signal.SIGINT, "SIGTERM": 128 + signal.SIGTERM}
INTERRUPTED = ("execir: interrupted by {name}: nothing was published; outcomes, embeddings and LLM "
               "answers computed so far are cached, so running the same command again resumes")


#: appended to a full-disk error: what is kept and how to go on
DISK_FULL = ("; nothing was published (an output folder keeps what it held); free some space and "
             "run the same command again: it resumes from the cache")


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated()


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` in the main thread for the duration (nothing changes
    off the main thread, where Python cannot install handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:  # None: the previous handler was not installed from Python; the default then
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn input errors, and OS errors while reading or writing a path (a full disk, a folder
    that cannot be created), into one line on stderr and exit code 2 (no traceback); SIGINT and
    SIGTERM into one line and exit code 130 / 143 (module docstring)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with warnings.catch_warnings(), _sigterm_raises():
                warnings.showwarning = _show_warning
                return func(*args, **kwargs)
        except (KeyboardInterrupt, Terminated) as exc:
            name = "SIGINT" if isinstance(exc, KeyboardInterrupt) else "SIGTERM"
            typer.echo(INTERRUPTED.format(name=name), err=True)
            raise typer.Exit(code=INTERRUPT_EXIT[name]) from None
        except (DataError, UsageError) as exc:
            typer.echo(f"execir: error: {exc}", err=True)
            raise typer.Exit(code=2) from None
        except OSError as exc:
            if exc.filename is None and exc.errno is None:
                raise
            where = f"{exc.filename}: " if exc.filename is not None else ""
            hint = DISK_FULL if exc.errno in (errno.ENOSPC, errno.EDQUOT) else ""
            typer.echo(f"execir: error: {where}{exc.strerror or exc}{hint}", err=True)
            raise typer.Exit(code=2) from None

    return wrapper


# ---- click's own errors (bad option values, unknown options, missing arguments) -----------------


class _NoSuchCommand(click.UsageError):
    """``execir NAME`` (or ``execir cache NAME``) where the group has no command NAME."""

    def __init__(self, name: str, commands: list[str], ctx: Any) -> None:
        super().__init__(f"No such command {name!r}.", ctx)
        self.name, self.commands = name, commands


def _command_name(ctx: Any) -> str:
    """``execir run`` for the context of ``run`` (whatever the program was called)."""
    names = []
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    return " ".join(["execir", *reversed(names)])


def _param_name(param: Any) -> str:
    """``--memory`` for an option, ``CODE_FILE`` for an argument."""
    if param is None:
        return ""
    if param.param_type_name == "argument" or not getattr(param, "opts", None):
        return str(param.name).upper()
    return str(param.opts[0])


def _bad_value(exc: Any) -> str:
    """What is wrong with a value typer could not convert, from pydantic's first error when
    there is one (``not an integer: 'abc'``, ``must be at least 1, got 0``)."""
    cause = exc.__cause__
    errors = cause.errors() if hasattr(cause, "errors") else []
    if not errors:
        return _lower(exc.message)
    err = errors[0]
    kind, given, limits = err.get("type", ""), err.get("input"), err.get("ctx") or {}
    shown = repr(given) if isinstance(given, str) else str(given)
    if kind.startswith("int_"):
        return f"not an integer: {shown}"
    if kind.startswith("float_"):
        return f"not a number: {shown}"
    if kind.startswith("bool_"):
        return f"not true or false: {shown}"
    bounds = {"greater_than_equal": ("at least", "ge"), "greater_than": ("greater than", "gt"),
              "less_than_equal": ("at most", "le"), "less_than": ("less than", "lt")}
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {limits.get(key)}, got {given}"
    return f"{_lower(str(err.get('msg', exc.message)))}, got {shown}"


def _lower(text: str) -> str:
    text = " ".join(str(text).split()).rstrip(".")
    return text[:1].lower() + text[1:]


def usage_message(exc: Any) -> str:
    """One line for a click exception: ``<option or argument>: <what is wrong>``."""
    ctx = getattr(exc, "ctx", None)
    help_hint = f" (see '{_command_name(ctx)} --help')" if ctx is not None else ""
    if isinstance(exc, _NoSuchCommand):
        close = get_close_matches(exc.name, exc.commands)
        guess = f"did you mean {' or '.join(close)}? " if close else ""
        return (f"{exc.name}: '{_command_name(ctx)}' has no such command ({guess}commands: "
                f"{', '.join(exc.commands)})")
    if isinstance(exc, click.NoSuchOption):
        guess = (f" (did you mean {' or '.join(sorted(exc.possibilities))}?)"
                 if exc.possibilities else help_hint)
        return f"{exc.option_name}: '{_command_name(ctx)}' has no such option{guess}"
    if isinstance(exc, click.MissingParameter):
        param = exc.param
        kind = exc.param_type or (param.param_type_name if param is not None else "parameter")
        return f"{_param_name(param) or 'a parameter'}: missing {kind}{help_hint}"
    if isinstance(exc, click.BadParameter):
        where = _param_name(exc.param) or (str(exc.param_hint) if exc.param_hint else "")
        return f"{where}: {_bad_value(exc)}" if where else _bad_value(exc)
    if isinstance(exc, click.BadOptionUsage):
        what = re.sub(r"^Option '[^']*' ", "", exc.message)
        return f"{exc.option_name}: {_lower(what)}"
    if isinstance(exc, click.UsageError):
        extra = re.fullmatch(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", exc.message)
        if extra:
            return f"{extra.group(1)}: '{_command_name(ctx)}' takes no such argument{help_hint}"
        return f"{_lower(exc.message)}{help_hint}"
    return _lower(exc.format_message())


@contextlib.contextmanager
def _one_line_usage_errors() -> Iterator[None]:
    try:
        yield
    except click.ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # the help was printed: click exits 2
            raise
        typer.echo(f"execir: error: {usage_message(exc)}", err=True)
        raise typer.Exit(code=exc.exit_code) from None
    except (DataError, UsageError) as exc:  # from an option's callback (execir.workflow.options)
        typer.echo(f"execir: error: {exc}", err=True)
        raise typer.Exit(code=2) from None


def device_option(device: str) -> str:
    """The ``--device`` option's typer callback: :func:`execir.retrieval.dense.check_device` while the
    command line is parsed, so a bad device stops before any work on every command that takes it
    (a :class:`UsageError` from a callback is one line too: :class:`ExecirGroup`)."""
    from execir.retrieval.dense import check_device

    return check_device(device)


def degrade_output_encoding() -> None:
    """Let stdout and stderr replace what their encoding cannot write (``?``) instead of raising
    UnicodeEncodeError: with ``PYTHONIOENCODING=ascii`` or a C locale, rich's tables (``…``),
    progress bars and non-ASCII ids degrade rather than crash a command.  UTF-8 streams are left
    as they are."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name != "utf-8":
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, LookupError, ValueError, OSError):  # not a TextIOWrapper, closed
            pass


class ExecirGroup(TyperGroup):
    """The ``execir`` command group (``typer.Typer(cls=ExecirGroup)``): every usage error click
    finds -- a value of the wrong type or out of range, an unknown option or command, a missing
    argument -- is one line ``execir: error: <option>: <what>`` on stderr with exit code 2,
    instead of typer's rich panel.  Parsing happens in :meth:`make_context` (this group's
    options) and :meth:`invoke` (the sub-command's), so both are wrapped; the same holds under
    ``typer.testing.CliRunner`` and the console script.  Output that the terminal's encoding
    cannot write degrades instead of crashing (:func:`degrade_output_encoding`)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        degrade_output_encoding()
        return super().main(*args, **kwargs)

    def make_context(self, info_name: Any, args: Any, parent: Any = None, **extra: Any) -> Any:
        with _one_line_usage_errors():
            return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        with _one_line_usage_errors():
            return super().invoke(ctx)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and not ctx.resilient_parsing and not args[0].startswith("-") \
                and self.get_command(ctx, args[0]) is None:
            raise _NoSuchCommand(args[0], sorted(self.list_commands(ctx)), ctx)
        return super().resolve_command(ctx, args)
