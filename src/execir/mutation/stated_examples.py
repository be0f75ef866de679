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

``true`` / ``false`` are read as ``True`` / ``False``.  What is read is bounded, so a long or
hostile text costs little: a value is looked for in the first :data:`MAX_VALUE` characters of
its line, and at most :data:`MAX_SITES` examples of each form are read per text.  A value that
goes on (``f(3) -> 1 2 3``, ``returns 1,000``, ``'a'.upper()``, ``[1, ...]``, ``true or
false``) or a bare tuple (``Input: 1, 2``) is not read, nor is a call inside a larger
expression (``>>> f(1) + f(2)``, ``2 * f(3) == 12``), nor, in code, a named example outside
the docstring of the function it is read for.  A text that *defines* the function with ``=``
(``tri(n) = 1 + n / 2``) uses ``=`` for its recurrence, so its ``tri(1) = 3`` lines are not read
as results there; a value followed on its line by an operator (``tri(2) = 1 + (2 / 2) = 2``) is
a derivation, not a result, and is skipped.
"""

from __future__ import annotations

import ast
import re
import warnings
from typing import Any, Sequence

#: characters of a line searched for a value (longer values are not examples)
MAX_VALUE = 400
#: examples of each form read per text
MAX_SITES = 200

_ARROW = re.compile(r"\s*(?:==>|==|->|=>|\u279e|\u2192|=(?!=)|returns|should return|gives)\s*")
_WORDS = {"true": True, "false": False}
#: what, right after a value on its line, shows that the value goes on: an operator, ``or``,
#: another value after a space (``1 2 3``), a call or index, a method, a thousands comma
#: (``1,000``)
_GOES_ON = re.compile(r"\s*(?:[-+*/%<>=^&|]|or\b)|\s+(?:\d|['\"\[{])|[(\[]|\.\w|,\d{3}\b")
#: what, right before a call (after a doctest prompt), shows that it is part of a larger
#: expression: an operator after an operand (a leading ``-`` is a bullet), a bracket, ``not``
_INSIDE = re.compile(r"(?:\S\s*[-+*/%<>=^&|~]|[(\[]|\bnot)\s*$")
_PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.)")
_ERRORS = (ValueError, SyntaxError, TypeError, MemoryError, RecursionError)


def _literal(source: str | ast.expr) -> tuple[bool, Any]:
    """``ast.literal_eval`` of a source or a node, without its warnings, and False for a value
    that cannot be an example: Ellipsis inside (a doctest's ``[1, ...]``) or too large to
    print."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = ast.literal_eval(source)
        shown = repr(value)
    except _ERRORS:
        return False, None
    return (False, None) if "Ellipsis" in shown else (True, value)


def literal_at(text: str, pos: int = 0) -> tuple[bool, Any, int]:
    """``(ok, value, end)`` of the longest literal that starts at ``text[pos]`` (spaces skipped)
    and ends on its line, within :data:`MAX_VALUE` characters, before a space, ``,``, ``;``,
    ``.``, ``)`` or a quote (the end of a one-line docstring: ``f(1) == 2\"\"\"``); ``ok`` is
    False when none does, when the value goes on (module docstring), or for a tuple without its
    parentheses."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    line_end = text.find("\n", pos, pos + MAX_VALUE + 1)
    line = text[pos:pos + MAX_VALUE] if line_end < 0 else text[pos:line_end]
    cut_short = line_end < 0 and len(text) > pos + MAX_VALUE  # the line's end is not in view
    cuts = sorted(({len(line)} if not cut_short else set())
                  | {i for i, c in enumerate(line) if c in " ,;.)'\""}, reverse=True)
    for cut in cuts:
        raw = line[:cut]
        head = raw.strip().rstrip(".,;")
        if not head:
            continue
        ok, value = (True, _WORDS[head.lower()]) if head.lower() in _WORDS else _literal(head)
        if not ok:
            continue
        end = len(raw.rstrip().rstrip(".,;").rstrip())
        if _GOES_ON.match(line, end) or (isinstance(value, tuple) and not head.startswith("(")):
            return False, None, pos
        return True, value, pos + end
    return False, None, pos


def _calls(text: str, name: str, arity: int) -> list[tuple[str, int, int]]:
    """``(arguments source, start, end offset)`` of the literal calls ``name(...)`` in ``text``
    (the first :data:`MAX_SITES`, among its first ``4 * MAX_SITES`` occurrences of ``name(``)."""
    out: list[tuple[str, int, int]] = []
    for n, m in enumerate(re.finditer(r"(?<![\w.])" + re.escape(name) + r"\s*\(", text)):
        if len(out) >= MAX_SITES or n >= 4 * MAX_SITES:
            break
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
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                call = ast.parse(text[m.start():end + 1].strip(), mode="eval").body
        except _ERRORS:
            continue
        if not isinstance(call, ast.Call) or call.keywords or len(call.args) != arity:
            continue
        args = [_literal(a) for a in call.args]
        if all(ok for ok, _ in args):
            out.append((", ".join(repr(a) for _, a in args), m.start(), end + 1))
    return out


def example_calls(text: str, name: str, arity: int) -> list[str]:
    """Argument sources of the calls ``name(...)`` written in ``text`` (a query or a docstring)
    whose arguments are all literals and number ``arity``, in order, without repeats."""
    return list(dict.fromkeys(source for source, _, _ in _calls(text, name, arity)))


def documented_examples(text: str, name: str, arity: int) -> list[tuple[str, Any]]:
    """``(arguments source, documented value)`` for each example call ``name(...)`` in ``text``
    followed by its result (``f(1, 2) == 3`` and the other forms of the module docstring), or a
    doctest ``>>> f(1, 2)`` whose next line is the value.  Calls whose arguments or value are not
    literals, and calls inside a larger expression, are skipped; first occurrence wins."""
    out: dict[str, Any] = {}
    defines = re.search(r"(?<![\w.])" + re.escape(name) + r"\s*\(\s*[A-Za-z_][^()\n]*\)\s*=(?![=>])",
                        text) is not None
    for source, start, end in _calls(text, name, arity):
        line_start = text.rfind("\n", 0, start) + 1
        before = text[line_start:start]
        if _INSIDE.search(_PROMPT.sub("", before)):
            continue
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
                and before.strip() == ">>>" and not after.startswith(">>>")
            ok, value, _ = literal_at(after) if doctest else (False, None, 0)
        if ok and source not in out:
            out[source] = value
    return list(out.items())


_INPUT = re.compile(r"(?<![\w])(?:(?P<input>[Ii]nput\s*:)|For\b)[ \t]*")
_OUTPUT = re.compile(r"[\s,]*(?:Output\s*:|the (?:output|result) (?:should be|is)|returns?\b|"
                     r"==>|=>|->|\u279e|\u2192)[ \t]*", re.IGNORECASE)
_ASSIGN = re.compile(r"[\s,]*(?:and\s+)?([A-Za-z_]\w*)\s*=(?!=)[ \t]*")


def named_examples(text: str, params: Sequence[str]) -> list[tuple[str, Any]]:
    """``(arguments source, value)`` for each example that gives the arguments by parameter name
    and then the result: ``For lst = [1, 2] the output should be 5``, ``Input: arr = [3, 1], k =
    1`` / ``Output: [3]`` (every parameter named once, in any order; arguments returned in
    ``params`` order); for one parameter also ``Input: [5, 0]`` / ``Output: [0, 1]``.  Examples
    with a non-literal or missing argument are skipped; first occurrence wins; the first
    :data:`MAX_SITES` ``For`` / ``Input:`` are read."""
    out: dict[str, Any] = {}
    if not params:
        return []
    for n, m in enumerate(_INPUT.finditer(text)):
        if n >= MAX_SITES:
            break
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
        if not args and len(params) == 1 and m.group("input"):
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


def _docstrings(text: str, name: str) -> str:
    """Where the named examples for function ``name`` are read in ``text``: when ``text`` is
    Python that defines ``name``, that function's docstring and the module's; otherwise (a query,
    another language) all of it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except _ERRORS:
        return text
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.name == name]
    if not defs:
        return text
    return "\n".join(d for d in (ast.get_docstring(tree), ast.get_docstring(defs[0])) if d)


def stated_examples(text: str, name: str, params: Sequence[str]) -> list[tuple[str, Any]]:
    """Every example of ``name(params...)`` stated in ``text`` with its result: the calls
    (:func:`documented_examples`), then the named ones (:func:`named_examples`, read in the
    function's own docstring when ``text`` is the code defining it); first wins."""
    out = dict(documented_examples(text, name, len(params)))
    for source, value in named_examples(_docstrings(text, name), params):
        out.setdefault(source, value)
    return list(out.items())


_TOKEN = (r"(-?\d++(?:\.\d++)?(?![\w\[(]|\.\w)|'[^'\n]{0,40}'|\"[^\"\n]{0,40}\"|"
          r"\[[^\[\]\n]{0,120}\](?![\[(]))")
_UNARY = re.compile(r"(?<![\w.:'\"\]>-])" + _TOKEN + r"\s*(?:->|=>|\u2192|\u279e|becomes|gives)\s*"
                    + _TOKEN)


def unary_examples(text: str) -> list[tuple[str, Any]]:
    """``(argument source, value)`` for examples of a one-argument function written without its
    name, as in ``e.g. 12 -> 8`` or ``12 becomes 8`` (literals on both sides, neither part of a
    longer token, a chain ``6 -> 3 -> 10`` or a derivation ``123 -> 1 + 2 + 3``), in order."""
    out: dict[str, Any] = {}
    for n, m in enumerate(_UNARY.finditer(text)):
        if n >= MAX_SITES:
            break
        if _GOES_ON.match(text, m.end()) or re.search(r"(?:->|=>|\u2192|\u279e)\s*$",
                                                       text[max(0, m.start() - 8):m.start()]):
            continue
        (ok_arg, arg), (ok_value, value) = _literal(m.group(1)), _literal(m.group(2))
        if ok_arg and ok_value:
            out.setdefault(repr(arg), value)
    return list(out.items())
