"""Inputs for execution-consensus reranking, derived without the oracle's tests.

They live in the mutation layer, beside :func:`execir.mutation.amplify.neighbours` whose edits they
reuse, because their lowest user is here: rewritten variants are checked for equivalence on them
(:mod:`execir.mutation.rewrite.equivalence`); the behaviour probe and the consensus reranker above
read them too.

The consensus reranker (:mod:`execir.rerank.consensus`) runs every candidate on the same inputs
and compares what they return (MBR-exec, Shi et al. 2022, "inputs only, no expected outputs";
AlphaCode's behaviour clustering on generated inputs).  This module derives those inputs from
what a retrieval system sees -- the query text and the candidates' code -- and nothing else:

1. **examples**: calls of the function written out in the query text or in a candidate's
   docstring (``>>> f(1, 2)``, ``f([1, 2]) == 3``, ``For lst = [1, 2] ...``), with literal
   arguments (:mod:`execir.mutation.stated_examples`);
2. **literals**: numbers, quoted strings and bracketed lists in the query text (``e.g. 12 -> 8``)
   and the constants in the candidates' code (a guard ``if n < 0`` contributes ``0``, ``-1``, ``1``);
3. **generated values** of the type each parameter appears to have -- from its annotation, its
   default, and how the candidates use it (``len(p)``, ``p.split()``, ``range(p)``, ``p + 1``...)
   -- drawn with a :class:`random.Random` seeded from the explicit seed and the function's name.

Everything here is pure (no code is run): the same texts and seed give the same inputs, in the
same order.  Arguments are returned as Python source (``"[1, 2], 3"``) so the probe that runs them
is self-contained.
"""

from __future__ import annotations

import ast
import hashlib
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from execir.mutation.amplify import neighbours
from execir.mutation.stated_examples import example_calls, named_examples

#: the types a parameter is given values of (``list:int`` is a list of ints)
TYPES = ("int", "float", "str", "bool", "list:int", "list:str", "list:float", "list:list",
         "dict")
_STR_METHODS = {"split", "lower", "upper", "strip", "lstrip", "rstrip", "replace", "startswith",
                "endswith", "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower",
                "find", "rfind", "title", "capitalize", "swapcase", "splitlines", "encode",
                "zfill", "center", "ljust", "rjust", "partition", "casefold", "format"}
_LIST_METHODS = {"append", "sort", "pop", "extend", "insert", "remove", "reverse", "copy",
                 "clear"}
_DICT_METHODS = {"items", "keys", "values", "get", "setdefault", "update"}
_NUMERIC_FUNCS = {"range", "abs", "bin", "hex", "oct", "chr", "divmod", "pow", "sqrt", "factorial",
                  "isqrt", "gcd", "log", "exp", "floor", "ceil", "round"}
_SEQ_FUNCS = {"len", "sorted", "reversed", "enumerate", "set", "list", "tuple", "sum", "max", "min",
              "zip", "any", "all", "map", "filter", "Counter"}
_BASE_INTS = (0, 1, 2, 3, -1, 5, 10, 7, 4, 100, -5, 12)
_BASE_FLOATS = (0.0, 1.5, 2.0, -2.5, 3.75, 10.0, 0.1)
_BASE_STRS = ("", "a", "abc", "hello world", "Hello, World!", "aabbcc", "racecar", "12321",
              "The quick brown fox", "  x  y  ", "abcABC123", "zyx")
_BASE_LISTS = ([], [1], [1, 2, 3], [3, 1, 2], [5, 5, 1, 5], [-1, 0, 2], [2, 4, 6, 8],
               [10, -3, 7, 0, 7])
_WORDS = ("apple", "b", "cat", "dog", "", "Echo", "fig", "aa", "xyz", "hello")
_MAX_LITERALS = 12


@dataclass(frozen=True)
class PyFunction:
    """The function a Python candidate defines (the one its other top-level functions do not call;
    the last such one).

    Attributes:
        name: its name.
        params: positional parameter names (``self`` excluded; ``*args`` / ``**kwargs`` ignored).
        n_required: parameters without a default.
        annotations: the annotation source of each parameter, or None.
        defaults: the literal default of each parameter, or None.
    """

    name: str
    params: tuple[str, ...]
    n_required: int
    annotations: tuple[str | None, ...] = ()
    defaults: tuple[Any, ...] = ()

    @property
    def signature(self) -> tuple[str, int]:
        """What candidates must share to be run on the same inputs: (name, parameter count)."""
        return self.name, len(self.params)


def parse_python(code: str) -> ast.Module | None:
    """The module of ``code``, or None when it does not parse."""
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def entry_function(code: str) -> PyFunction | None:
    """The candidate's main function (see :class:`PyFunction`), or None when ``code`` does not
    parse or defines no top-level function."""
    tree = parse_python(code)
    if tree is None:
        return None
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return None
    called = {n.func.id for d in defs for n in ast.walk(d)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id != d.name}
    roots = [d for d in defs if d.name not in called] or defs
    node = roots[-1]
    args = [a for a in node.args.posonlyargs + node.args.args if a.arg not in ("self", "cls")]
    n_def = len(node.args.defaults)
    defaults: list[Any] = [None] * (len(args) - n_def)
    for d in node.args.defaults:
        try:
            defaults.append(ast.literal_eval(d))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            defaults.append(None)
    defaults = defaults[-len(args):] if args else []
    return PyFunction(name=node.name, params=tuple(a.arg for a in args),
                      n_required=max(0, len(args) - n_def),
                      annotations=tuple(ast.unparse(a.annotation) if a.annotation else None
                                        for a in args),
                      defaults=tuple(defaults))


# ---- literals --------------------------------------------------------------------------------

_QUOTED = re.compile(r"'([^'\n]{0,40})'|\"([^\"\n]{0,40})\"")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_BRACKETS = re.compile(r"\[[^\[\]\n]{0,200}\]|\[\[[^\n]{0,200}?\]\]")


def text_literals(text: str) -> list[Any]:
    """Literal values written in a query text, in order of appearance, without repeats: bracketed
    lists that read as Python literals, quoted strings, then numbers."""
    out: list[Any] = []
    for m in _BRACKETS.finditer(text):
        try:
            out.append(ast.literal_eval(m.group(0)))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    for m in _QUOTED.finditer(text):
        out.append(m.group(1) if m.group(1) is not None else m.group(2))
    for m in _NUMBER.finditer(text):
        token = m.group(0)
        out.append(float(token) if "." in token else int(token))
    return _unique(out)


def code_literals(tree: ast.Module) -> list[Any]:
    """Constants of a candidate (numbers and short strings outside docstrings), plus their
    neighbours for integers (a guard ``n < 3`` makes 2, 3 and 4 interesting)."""
    out: list[Any] = []
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docs:
            continue
        v = node.value
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int) and abs(v) <= 10**6:
            out += [v, v - 1, v + 1]
        elif isinstance(v, float) and abs(v) <= 1e6:
            out.append(v)
        elif isinstance(v, str) and len(v) <= 20:
            out.append(v)
    return _unique(out)


def _unique(values: Iterable[Any]) -> list[Any]:
    seen: set[str] = set()
    out = []
    for v in values:
        key = f"{type(v).__name__}:{v!r}"
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def _example_neighbours(calls: Sequence[str], limit: int) -> list[str]:
    """Calls made from example calls by replacing one argument with one of its
    :func:`execir.mutation.amplify.neighbours` (type-consistent edits: ±1, shorter and longer
    strings and lists), in order, at most ``limit``."""
    out: list[str] = []
    for call in calls:
        try:
            args = list(ast.literal_eval(f"({call},)"))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        for j, value in enumerate(args):
            for n in neighbours(value):
                source = ", ".join(repr(a) for a in args[:j] + [n] + args[j + 1:])
                if source not in calls and source not in out:
                    out.append(source)
                if len(out) >= limit:
                    return out
    return out


# ---- types -----------------------------------------------------------------------------------

@dataclass
class _Votes:
    kinds: Counter = field(default_factory=Counter)
    elements: Counter = field(default_factory=Counter)


def _annotation_kind(text: str | None) -> tuple[str | None, str | None]:
    if not text:
        return None, None
    t = text.replace("typing.", "").replace(" ", "").lower()
    head = t.split("[", 1)[0]
    inner = t.split("[", 1)[1] if "[" in t else ""
    if head in ("int", "float", "str", "bool", "dict"):
        return head, None
    if head in ("list", "sequence", "tuple", "iterable", "set"):
        elem = inner.split(",", 1)[0].strip("]") if inner else None
        elem = "list" if elem and elem.split("[")[0] in ("list", "tuple") else elem
        return "list", elem if elem in ("int", "float", "str", "list") else None
    return None, None


def _value_kind(value: Any) -> tuple[str | None, str | None]:
    if isinstance(value, bool):
        return "bool", None
    if isinstance(value, (int, float, str, dict)):
        return type(value).__name__, None
    if isinstance(value, (list, tuple)):
        kinds = {_value_kind(v)[0] for v in value}
        return "list", kinds.pop() if len(kinds) == 1 else None
    return None, None


def _usage_votes(tree: ast.Module, fn: PyFunction, votes: list[_Votes]) -> None:
    """Add the type evidence of ``fn``'s body in ``tree`` to ``votes`` (one per parameter)."""
    index = {p: i for i, p in enumerate(fn.params)}
    node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and n.name == fn.name), None)
    if node is None:
        return
    voter = _Voter(index, _loop_elements(node, index, votes), votes)
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            kind = ("str" if n.attr in _STR_METHODS else "list" if n.attr in _LIST_METHODS
                    else "dict" if n.attr in _DICT_METHODS else None)
            if kind is not None:
                voter.vote(n.value.id, kind)
        elif isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute)):
            _call_votes(n, voter)
        elif isinstance(n, (ast.BinOp, ast.Compare, ast.AugAssign)):
            _operand_votes(n, voter)
        elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name):
            voter.vote(n.value.id, "seq")
            if isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str):
                voter.vote(n.value.id, "dict")


def _loop_elements(node: ast.AST, index: dict[str, int], votes: list[_Votes]) -> dict[str, int]:
    """Loop variable -> the parameter whose elements it walks (``for x in p``), each such loop
    a ``seq`` vote for the parameter."""
    elements: dict[str, int] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.For) and isinstance(n.iter, ast.Name) and n.iter.id in index \
                and isinstance(n.target, ast.Name):
            elements[n.target.id] = index[n.iter.id]
            votes[index[n.iter.id]].kinds["seq"] += 1
    return elements


@dataclass
class _Voter:
    """Votes by name: a parameter's own kind, or (a loop variable) its parameter's element kind."""

    index: dict[str, int]
    elements: dict[str, int]
    votes: list[_Votes]

    def vote(self, name: str, kind: str) -> None:
        if name in self.index:
            self.votes[self.index[name]].kinds[kind] += 1
        elif name in self.elements:
            self.votes[self.elements[name]].elements[kind] += 1


def _call_votes(n: ast.Call, voter: _Voter) -> None:
    """A name passed to a numeric function is an int, to a sequence function a seq, to
    ``float`` a float."""
    fname = n.func.id if isinstance(n.func, ast.Name) else n.func.attr  # type: ignore[union-attr]
    for a in n.args:
        if isinstance(a, ast.Name):
            if fname in _NUMERIC_FUNCS:
                voter.vote(a.id, "int")
            elif fname in _SEQ_FUNCS:
                voter.vote(a.id, "seq")
            elif fname == "float":
                voter.vote(a.id, "float")


def _operand_votes(n: ast.BinOp | ast.Compare | ast.AugAssign, voter: _Voter) -> None:
    """A name beside a constant in an operation or comparison has the constant's kind
    (``p[i] + 1``: ``p`` is a seq of them); an integer-only operator makes it an int."""
    operands = ([n.left, n.right] if isinstance(n, ast.BinOp) else
                [n.left, *n.comparators] if isinstance(n, ast.Compare) else
                [n.target, n.value])
    consts = [o.value for o in operands if isinstance(o, ast.Constant)]
    for o in operands:
        target = o.value if isinstance(o, ast.Subscript) else o
        if not isinstance(target, ast.Name):
            continue
        for c in consts:
            if isinstance(c, bool):
                continue
            kind = "int" if isinstance(c, int) else "float" if isinstance(c, float) \
                else "str" if isinstance(c, str) else None
            if kind is None:
                continue
            if isinstance(o, ast.Subscript):  # p[i] + 1: p holds numbers
                if target.id in voter.index:
                    voter.votes[voter.index[target.id]].elements[kind] += 1
                    voter.votes[voter.index[target.id]].kinds["seq"] += 1
            else:
                voter.vote(target.id, kind)
        if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift,
                                                          ast.RShift, ast.Mod, ast.FloorDiv)):
            if not isinstance(o, ast.Subscript):
                voter.vote(target.id, "int")


def parameter_types(group: Sequence[tuple[ast.Module, PyFunction]]) -> list[tuple[str, ...]]:
    """The types (from :data:`TYPES`) to try for each parameter of a group of candidates that
    share a signature, most likely first: annotations and defaults decide; else the usage
    evidence of every candidate, pooled; ``int`` when nothing is known.  A parameter used only as
    a sequence gets both a list and a string type."""
    fn = group[0][1]
    votes = [_Votes() for _ in fn.params]
    for tree, f in group:
        for i, (ann, default) in enumerate(zip(f.annotations or (None,) * len(f.params),
                                              f.defaults or (None,) * len(f.params))):
            for kind, elem in (_annotation_kind(ann), _value_kind(default)):
                if kind is not None:
                    votes[i].kinds[kind] += 5
                if elem is not None:
                    votes[i].elements[elem] += 5
        _usage_votes(tree, f, votes)
    out: list[tuple[str, ...]] = []
    for v in votes:
        kinds = [k for k, _ in sorted(v.kinds.items(), key=lambda kv: (-kv[1], kv[0]))]
        elem = max(sorted(v.elements), key=lambda e: v.elements[e]) if v.elements else "int"
        elem = elem if elem in ("int", "str", "float", "list") else "int"
        seq = f"list:{elem}"
        chosen: list[str] = []
        for k in kinds:
            if k == "seq":
                chosen += [seq] if "str" in kinds or "list" in kinds else [seq, "str"]
            elif k == "list":
                chosen.append(seq)
            elif k in TYPES:
                chosen.append(k)
        out.append(tuple(dict.fromkeys(chosen)) or ("int",))
    return out


# ---- values ----------------------------------------------------------------------------------

def _pool(kind: str, literals: Sequence[Any], rng: random.Random, n: int) -> list[Any]:
    """Values of one type: the matching literals first, then fixed edge values, then random ones."""
    lits = [v for v in literals if _value_kind(v)[0] == kind.split(":")[0]
            and (":" not in kind or _value_kind(v)[1] in (None, kind.split(":")[1]))]
    if kind == "int":
        base: list[Any] = list(_BASE_INTS) + [rng.randint(-20, 60) for _ in range(n)]
    elif kind == "float":
        base = list(_BASE_FLOATS) + [round(rng.uniform(-10, 10), 2) for _ in range(n)]
    elif kind == "bool":
        base = [True, False]
    elif kind == "str":
        alphabet = "abcdeab xyzAB1"
        base = list(_BASE_STRS) + ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9)))
                                   for _ in range(n)]
    elif kind == "list:int":
        base = [list(x) for x in _BASE_LISTS] + [
            [rng.randint(-10, 20) for _ in range(rng.randint(0, 8))] for _ in range(n)]
    elif kind == "list:float":
        base = [[], [1.5], [1.0, 2.0, 3.5], [3.2, -1.0, 2.2, 2.2]] + [
            [round(rng.uniform(-5, 5), 1) for _ in range(rng.randint(0, 6))] for _ in range(n)]
    elif kind == "list:str":
        base = [[], ["a"], ["abc", "de", "f"], ["dog", "cat", "dog"]] + [
            [rng.choice(_WORDS) for _ in range(rng.randint(0, 6))] for _ in range(n)]
    elif kind == "list:list":
        base = [[], [[1, 2], [3, 4]], [[1]], [[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[0, 1], []]] + [
            [[rng.randint(-5, 9) for _ in range(rng.randint(0, 3))] for _ in range(rng.randint(0, 4))]
            for _ in range(n)]
    else:  # dict
        base = [{}, {"a": 1}, {"a": 1, "b": 2}, {1: "x", 2: "y"}]
    return _unique(lits[:_MAX_LITERALS] + base)


def seed_for(seed: int, *parts: object) -> int:
    """A 64-bit seed from ``seed`` and ``parts`` (stable across processes, unlike ``hash``)."""
    text = "\x1f".join([str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def derive_calls(query: str, group: Sequence[tuple[str, ast.Module, PyFunction]], *,
                 n_inputs: int, seed: int) -> list[str]:
    """Up to ``n_inputs`` argument lists (Python source) for a group of candidates that share a
    signature (``(code, module, function)`` triples), in a fixed order: example calls in the
    query and in the candidates' docstrings first, then their neighbours (one argument edited),
    then a walk along the parameters' type pools (parameter ``j`` at position ``i + 3j``, so
    parameters of one type get different values), then seeded random combinations.

    Nothing but the query text and the candidates' code is read.
    """
    name, arity = group[0][2].signature
    if arity == 0:
        return [""]
    calls: list[str] = []
    for text in [query] + [code for code, _, _ in group]:
        calls += example_calls(text, name, arity)
        calls += [source for source, _ in named_examples(text, group[0][2].params)]
    calls = list(dict.fromkeys(calls))[:max(1, n_inputs // 2)]
    calls += _example_neighbours(calls, max(0, (n_inputs * 2) // 3 - len(calls)))
    rng = random.Random(seed_for(seed, name, arity))
    literals = text_literals(query)
    for _, tree, _ in group:
        literals += code_literals(tree)
    literals = _unique(literals)
    types = parameter_types([(tree, fn) for _, tree, fn in group])
    pools = []
    for kinds in types:
        pool: list[Any] = []
        for kind in kinds[:2]:
            pool += _pool(kind, literals, rng, n_inputs)
        pools.append(_unique(pool))
    known = set(calls)

    def add(args: Sequence[Any]) -> None:
        source = ", ".join(repr(a) for a in args)
        if source not in known and len(calls) < n_inputs:
            known.add(source)
            calls.append(source)

    walked = n_inputs - (n_inputs - len(calls)) // 2  # the rest: random combinations
    for i in range(max(len(p) for p in pools)):  # parameter j at pool position i + 3j
        if len(calls) >= walked:
            break
        add([p[(i + 3 * j) % len(p)] for j, p in enumerate(pools)])
    tries = 0
    while len(calls) < n_inputs and tries < 20 * n_inputs:
        tries += 1
        add([rng.choice(p) for p in pools])
    return calls
