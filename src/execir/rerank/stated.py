"""Examples stated in a text: the calls a query or a docstring writes out, with their results.

The consensus reranker (:mod:`execir.rerank.consensus`) runs every candidate on these calls, and
where a result is written beside a call, a candidate that returns something else *contradicts
a stated example* (issue 25 item 3).  Everything here reads text only (nothing is run) and
returns arguments as Python source (``"[1, 2], 3"``) and values as Python objects.

Forms read (HumanEval's docstrings use all of them; a query text may too):

* a call with its result: ``f(1, 2) == 3``, ``->``, ``=>``, ``==>``, an arrow sign, ``=``,
  ``returns``, ``gives``, ``should return`` (:func:`documented_examples`);
* a doctest: ``>>> f(1, 2)`` with the value on the next line;
* the parameters by name: ``For lst = [1, 2] the output should be 5``,
  ``Input: arr = [3, 1], k = 1 Output: [3]`` (:func:`named_examples`), and, for a one-parameter
  function, ``Input: [5, 0] Output: [0, 1]``;
* a one-parameter example without the name: ``e.g. 12 -> 8`` (:func:`unary_examples`).

``true`` / ``false`` are read as ``True`` / ``False``.  A text that *defines* the function with
``=`` (``tri(n) = 1 + n / 2``) uses ``=`` for its recurrence, so its ``tri(1) = 3`` lines are
not read as results there.  A value followed on its line by an
operator (``tri(2) = 1 + (2 / 2) = 2``) is a derivation, not a result, and is skipped.
"""

from __future__ import annotations

import ast
import re
from typing import Any, Sequence

_ARROW = re.compile(r"\s*(?:==>|==|->|=>|\u279e|\u2192|=(?!=)|returns|should return|gives)\s*")
_WORDS = {"true": True, "false": False}
_OPERATOR = re.compile(r"\s*[-+*/%<>=^&|]")
_ERRORS = (ValueError, SyntaxError, TypeError, MemoryError, RecursionError)


def literal_at(text: str, pos: int = 0) -> tuple[bool, Any, int]:
    """``(ok, value, end)`` of the longest literal that starts at ``text[pos]`` (spaces skipped)
    and ends on its line before a space, ``,``, ``;``, ``.``, ``)`` or a quote (the end of a
    one-line docstring: ``f(1) == 2\"\"\"``); ``ok`` is False when none
    does or when an operator follows it on that line (a derivation)."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    line_end = text.find("\n", pos)
    line = text[pos:] if line_end < 0 else text[pos:line_end]
    cuts = sorted({len(line)} | {i for i, c in enumerate(line) if c in " ,;.)'\""}, reverse=True)
    for cut in cuts:
        raw = line[:cut]
        head = raw.strip().rstrip(".,;")
        if not head:
            continue
        if head.lower() in _WORDS:
            value = _WORDS[head.lower()]
        else:
            try:
                value = ast.literal_eval(head)
            except _ERRORS:
                continue
        if _OPERATOR.match(line[cut:]):
            return False, None, pos
        return True, value, pos + len(raw.rstrip().rstrip(".,;").rstrip())
    return False, None, pos


def _calls(text: str, name: str, arity: int) -> list[tuple[str, int]]:
    """``(arguments source, end offset)`` of the literal calls ``name(...)`` in ``text``."""
    out: list[tuple[str, int]] = []
    for m in re.finditer(r"(?<![\w.])" + re.escape(name) + r"\s*\(", text):
        depth, end = 0, None
        for j in range(m.end() - 1, min(len(text), m.end() + 2000)):
            if text[j] in "([{":
                depth += 1
            elif text[j] in ")]}":
                depth -= 1
                if depth == 0:
                    end = j
                    break
        if end is None:
            continue
        try:
            call = ast.parse(text[m.start():end + 1].strip(), mode="eval").body
        except _ERRORS:
            continue
        if not isinstance(call, ast.Call) or call.keywords or len(call.args) != arity:
            continue
        try:
            args = [ast.literal_eval(a) for a in call.args]
        except _ERRORS:
            continue
        out.append((", ".join(repr(a) for a in args), end + 1))
    return out


def example_calls(text: str, name: str, arity: int) -> list[str]:
    """Argument sources of the calls ``name(...)`` written in ``text`` (a query or a docstring)
    whose arguments are all literals and number ``arity``, in order, without repeats."""
    return list(dict.fromkeys(source for source, _ in _calls(text, name, arity)))


def documented_examples(text: str, name: str, arity: int) -> list[tuple[str, Any]]:
    """``(arguments source, documented value)`` for each example call ``name(...)`` in ``text``
    followed by its result (``f(1, 2) == 3`` and the other forms of the module docstring), or a
    doctest ``>>> f(1, 2)`` whose next line is the value.  Calls whose arguments or value are not
    literals are skipped; first occurrence wins."""
    out: dict[str, Any] = {}
    defines = re.search(r"(?<![\w.])" + re.escape(name) + r"\s*\(\s*[A-Za-z_][^()\n]*\)\s*=(?![=>])",
                        text) is not None
    for source, end in _calls(text, name, arity):
        rest = text[end:]
        m = _ARROW.match(rest)
        if m is not None and defines and m.group(0).strip() == "=":
            continue
        if m is not None:
            ok, value, _ = literal_at(rest, m.end())
        else:
            line_end = rest.find("\n")
            after = rest[line_end + 1:].lstrip(" \t") if line_end >= 0 else ""
            doctest = line_end >= 0 and not rest[:line_end].strip() \
                and ">>>" in text[max(0, text.rfind("\n", 0, end) + 1):end] \
                and not after.startswith(">>>")
            ok, value, _ = literal_at(after) if doctest else (False, None, 0)
        if ok and source not in out:
            out[source] = value
    return list(out.items())


_INPUT = re.compile(r"(?<![\w])(?:Input\s*:|For\b)[ \t]*", re.IGNORECASE)
_OUTPUT = re.compile(r"[\s,]*(?:Output\s*:|the (?:output|result) (?:should be|is)|returns?\b|"
                     r"==>|=>|->|\u279e|\u2192)[ \t]*", re.IGNORECASE)
_ASSIGN = re.compile(r"[\s,]*(?:and\s+)?([A-Za-z_]\w*)\s*=(?!=)[ \t]*")


def named_examples(text: str, params: Sequence[str]) -> list[tuple[str, Any]]:
    """``(arguments source, value)`` for each example that gives the arguments by parameter name
    and then the result: ``For lst = [1, 2] the output should be 5``, ``Input: arr = [3, 1], k =
    1`` / ``Output: [3]`` (every parameter named once, in any order; arguments returned in
    ``params`` order); for one parameter also ``Input: [5, 0]`` / ``Output: [0, 1]``.  Examples
    with a non-literal or missing argument are skipped; first occurrence wins."""
    out: dict[str, Any] = {}
    if not params:
        return []
    for m in _INPUT.finditer(text):
        args: dict[str, Any] = {}
        pos = m.end()
        while True:
            a = _ASSIGN.match(text, pos)
            if a is None or a.group(1) not in params or a.group(1) in args:
                break
            ok, value, end = literal_at(text, a.end())
            if not ok:
                break
            args[a.group(1)], pos = value, end
        if not args and len(params) == 1:
            ok, value, end = literal_at(text, pos)
            if ok:
                args, pos = {params[0]: value}, end
        if set(args) != set(params):
            continue
        o = _OUTPUT.match(text, pos)
        if o is None:
            continue
        ok, value, _ = literal_at(text, o.end())
        source = ", ".join(repr(args[p]) for p in params)
        if ok and source not in out:
            out[source] = value
    return list(out.items())


def stated_examples(text: str, name: str, params: Sequence[str]) -> list[tuple[str, Any]]:
    """Every example of ``name(params...)`` stated in ``text`` with its result: the calls
    (:func:`documented_examples`), then the named ones (:func:`named_examples`); first wins."""
    out = dict(documented_examples(text, name, len(params)))
    for source, value in named_examples(text, params):
        out.setdefault(source, value)
    return list(out.items())


_TOKEN = r"(-?\d+(?:\.\d+)?|'[^'\n]{0,40}'|\"[^\"\n]{0,40}\"|\[[^\[\]\n]{0,120}\])"
_UNARY = re.compile(_TOKEN + r"\s*(?:->|=>|\u2192|\u279e|becomes|gives)\s*" + _TOKEN)


def unary_examples(text: str) -> list[tuple[str, Any]]:
    """``(argument source, value)`` for examples of a one-argument function written without its
    name, as in ``e.g. 12 -> 8`` or ``12 becomes 8`` (literals on both sides), in order."""
    out: dict[str, Any] = {}
    for m in _UNARY.finditer(text):
        try:
            arg, value = ast.literal_eval(m.group(1)), ast.literal_eval(m.group(2))
        except _ERRORS:
            continue
        out.setdefault(repr(arg), value)
    return list(out.items())
