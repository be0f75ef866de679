"""The base class of rewrite operators and the conservative program facts they share.

A rewrite operator proposes :class:`~execir.mutation.context.Edit` spans on a
:class:`~execir.mutation.context.MutationContext` exactly like a mutation operator, but every edit
it proposes must leave the program's behaviour unchanged.  Operators therefore only accept what
the syntax proves; :class:`Facts` holds the few analyses that make those proofs:

* *definitely bound* names (:meth:`Facts.definitely_bound`): reading them cannot raise;
* *stable* expressions (:meth:`Facts.stable`): constants and definitely bound names that nothing
  can rebind behind the reader's back -- evaluating one has no effect, cannot raise, and gives the
  same object whenever it happens, so it may move past any expression without binding effects;
* a *plain module* (:attr:`Facts.plain`): it defines no class and imports only standard modules
  whose values keep the builtin operator semantics, so ``a * b == b * a`` and ``a == b`` is
  symmetric for every value the code can meet (tests pass builtin values).

Anything the analyses cannot settle is refused.
"""

from __future__ import annotations

import ast
import builtins
import keyword
import random
import tokenize
from typing import Any, ClassVar, Iterator

from execir.mutation.context import Edit, MutationContext

#: (source, the one rewritten source the operator proposes, or None when it must refuse)
RewriteExample = tuple[str, "str | None"]

FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
COMPS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
SCOPES = FUNCS + (ast.Lambda, ast.ClassDef) + COMPS
#: standard modules whose values keep builtin operator semantics (no operator overloading that
#: breaks commutativity or symmetric equality)
PLAIN_MODULES = frozenset({
    "math", "cmath", "typing", "collections", "itertools", "functools", "string", "re", "heapq",
    "bisect", "fractions", "decimal", "statistics", "hashlib", "operator", "random", "sys",
    "copy", "datetime", "__future__", "dataclasses", "abc", "enum", "numbers", "textwrap",
    "unicodedata", "array", "struct", "time", "calendar"})
#: names whose use lets code read or write local variables by their name
DYNAMIC_NAMES = frozenset({"locals", "vars", "eval", "exec", "dir", "globals", "__import__",
                           "breakpoint"})
DYNAMIC_ATTRS = frozenset({"_getframe", "f_locals", "currentframe", "f_back", "stack"})
BUILTIN_NAMES = frozenset(dir(builtins))
BINDING_EFFECTS = (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)


class RewriteOperator:
    """Base class of semantics-preserving rewrites: subclasses set ``name``, a docstring and
    ``examples`` and implement :meth:`edits`.

    ``edits`` may take a :class:`random.Random`: operators that choose something (a fresh name)
    choose with it, and deterministically (the first candidate) without it.
    """

    name: ClassVar[str] = ""
    examples: ClassVar[tuple[RewriteExample, ...]] = ()

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        """Yield semantics-preserving edits over the eligible nodes of ``ctx``."""
        raise NotImplementedError


def facts(ctx: MutationContext) -> "Facts":
    """The :class:`Facts` of ``ctx`` (computed once per context)."""
    found = ctx.__dict__.get("_rewrite_facts")
    if found is None:
        found = Facts(ctx)
        ctx.__dict__["_rewrite_facts"] = found
    return found


def pick(options: list[str], rng: random.Random | None) -> str:
    """The first of ``options``, or a random one with ``rng``."""
    return options[0] if rng is None else rng.choice(options)


def has_binding_effects(node: ast.AST) -> bool:
    """True when evaluating ``node`` could rebind a name or suspend the frame."""
    return any(isinstance(n, BINDING_EFFECTS) for n in ast.walk(node))


def is_number(node: ast.AST) -> bool:
    """A numeric literal (``3``, ``2.5``, ``-1``; not ``True``)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return (isinstance(node, ast.Constant) and isinstance(node.value, (int, float, complex))
            and not isinstance(node.value, bool))


def target_names(target: ast.AST) -> list[str] | None:
    """Names bound by an assignment or loop target made of names and tuples/lists of names, or
    None for any other target (attributes, subscripts, starred)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        out: list[str] = []
        for elt in target.elts:
            sub = target_names(elt)
            if sub is None:
                return None
            out += sub
        return out
    return None


class Facts:
    """Conservative facts about the module of a :class:`MutationContext` (see the module
    docstring)."""

    def __init__(self, ctx: MutationContext):
        self.ctx = ctx
        self.code = ctx.src.code
        self.parent: dict[int, ast.AST] = {}
        for node in ast.walk(ctx.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[id(child)] = node
        self.identifiers = {t.string for t in ctx.src.tokens() if t.type == tokenize.NAME}
        self.declared: set[str] = set()  # names in any global / nonlocal statement
        bound_anywhere: set[str] = set()
        self.plain = True
        for node in ast.walk(ctx.tree):
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                self.declared.update(node.names)
            elif isinstance(node, ast.ClassDef):
                self.plain = False
                bound_anywhere.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                mods = ([a.name for a in node.names] if isinstance(node, ast.Import)
                        else [node.module or ""])
                if getattr(node, "level", 0) or any(m.split(".")[0] not in PLAIN_MODULES
                                                     for m in mods):
                    self.plain = False
                bound_anywhere.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                bound_anywhere.add(node.id)
            elif isinstance(node, ast.arg):
                bound_anywhere.add(node.arg)
            elif isinstance(node, FUNCS):
                bound_anywhere.add(node.name)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                bound_anywhere.add(node.name)
            elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
                bound_anywhere.add(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                bound_anywhere.add(node.rest)
        self.shadowed = bound_anywhere & BUILTIN_NAMES
        self.module_bound = _bound_by(ctx.tree.body)
        self._dynamic: dict[int, bool] = {}
        self._scope_bindings: dict[int, set[str]] = {}
        self._cache: dict[tuple[str, int], Any] = {}
        src = ctx.src
        #: (start, end, text) of every operator token, in order
        self.op_tokens = [(src.char_offset(*t.start), src.char_offset(*t.end), t.string)
                          for t in src.tokens() if t.type == tokenize.OP]

    # ---- structure -------------------------------------------------------------------------
    def ancestors(self, node: ast.AST) -> Iterator[ast.AST]:
        """Parents of ``node``, innermost first."""
        cur = self.parent.get(id(node))
        while cur is not None:
            yield cur
            cur = self.parent.get(id(cur))

    def function_of(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The function whose body holds ``node`` directly (not through a nested scope), or
        None at module level, in a class body, a lambda or a comprehension."""
        for anc in self.ancestors(node):
            if isinstance(anc, FUNCS):
                return anc
            if isinstance(anc, (ast.Lambda, ast.ClassDef) + COMPS):
                return None
        return None

    def builtin(self, name: str) -> bool:
        """``name`` is a builtin the module never rebinds."""
        return name in BUILTIN_NAMES and name not in self.shadowed

    def dynamic(self, scope: ast.AST) -> bool:
        """True when ``scope`` may reach its local variables by name (``locals()``, ``eval``,
        frames)."""
        if id(scope) not in self._dynamic:
            self._dynamic[id(scope)] = any(
                (isinstance(n, ast.Name) and n.id in DYNAMIC_NAMES)
                or (isinstance(n, ast.Attribute) and n.attr in DYNAMIC_ATTRS)
                for n in ast.walk(scope))
        return self._dynamic[id(scope)]

    def fresh(self, name: str) -> bool:
        """``name`` can be introduced: not a keyword, builtin or any identifier of the module."""
        return (name.isidentifier() and not keyword.iskeyword(name)
                and not keyword.issoftkeyword(name) and name not in BUILTIN_NAMES
                and name not in self.identifiers)

    # ---- names -----------------------------------------------------------------------------
    def definitely_bound(self, node: ast.Name) -> bool:
        """True when reading ``node`` (a loaded name) cannot raise ``NameError``: it is a
        parameter, or bound by an earlier statement of an enclosing block, by an enclosing
        ``for`` or comprehension target, or a module-level name or builtin read where no
        function binds it; never when the name is deleted, declared global/nonlocal, or read
        in a lambda or a class body."""
        name = node.id
        if name in self.declared:
            return False
        cur: ast.AST = node
        outer: ast.AST | None = None  # a comprehension whose first iterable `node` is in
        for anc in self.ancestors(node):
            if anc is outer:
                cur = anc
                continue
            if isinstance(anc, ast.comprehension):
                comp = self.parent[id(anc)]
                gens = comp.generators  # type: ignore[attr-defined]
                k = gens.index(anc)
                if cur is anc.iter:
                    visible = gens[:k]
                elif cur is anc.target:
                    return False
                else:  # an `if` of generator k
                    visible = gens[:k + 1]
                if k == 0 and cur is anc.iter:
                    outer = comp  # evaluated in the enclosing scope
                    cur = anc
                    continue
                if any(name in (target_names(g.target) or ()) for g in visible):
                    return True
                if any(name in _stored(g.target) for g in gens):
                    return False  # local to the comprehension, not bound yet
                cur = anc
                continue
            if isinstance(anc, COMPS) and not isinstance(cur, ast.comprehension):
                if any(name in (target_names(g.target) or ()) for g in anc.generators):
                    return True
                if any(name in _stored(g.target) for g in anc.generators):
                    return False
            if isinstance(anc, (ast.Lambda, ast.ClassDef)):
                return False
            if isinstance(anc, FUNCS):
                if cur not in anc.body:
                    cur = anc  # decorators, defaults, annotations: the enclosing scope
                    continue
                return self._bound_in_function(anc, node)
            if isinstance(anc, ast.Module):
                return self._bound_before(node, anc) or self.builtin(name)
            cur = anc
        return False

    def cached(self, kind: str, node: ast.AST, compute: Any) -> Any:
        """``compute(node)``, computed once per ``kind`` and node."""
        key = (kind, id(node))
        if key not in self._cache:
            self._cache[key] = compute(node)
        return self._cache[key]

    def bindings(self, scope: ast.AST) -> set[str]:
        """:func:`scope_bindings` of ``scope``, computed once."""
        if id(scope) not in self._scope_bindings:
            self._scope_bindings[id(scope)] = scope_bindings(scope)
        return self._scope_bindings[id(scope)]

    def _bound_in_function(self, func: ast.AST, node: ast.Name) -> bool:
        name = node.id
        own = self.bindings(func)
        if name in self.cached("unbinds", func, _unbinds):
            return False
        if name in _params(func):
            return True
        if name in own:
            return self._bound_before(node, func)
        if any(isinstance(f, SCOPES) and name in self.bindings(f) for f in self.ancestors(func)
               if not isinstance(f, ast.Module)):
            return False  # a closure: bound or not depending on when it runs
        return name in self.module_bound or self.builtin(name)

    def _bound_before(self, node: ast.Name, scope: ast.AST) -> bool:
        """An enclosing ``for`` binds the name around ``node``, or an earlier statement of a
        block enclosing ``node`` (within ``scope``) binds it unconditionally."""
        name = node.id
        cur: ast.AST = node
        for anc in self.ancestors(node):
            if isinstance(anc, (ast.For, ast.AsyncFor)) and cur in anc.body \
                    and name in _stored(anc.target):
                return True
            if isinstance(cur, ast.stmt):
                block = _block_of(anc, cur)
                if block is not None:
                    i = next(j for j, s in enumerate(block) if s is cur)
                    if any(name in _bound_by([s]) for s in block[:i]):
                        return True
            if anc is scope:
                return False
            cur = anc
        return False

    def stable(self, node: ast.AST) -> bool:
        """A constant, or a definitely bound name nothing can rebind while an expression
        without binding effects is evaluated (see the module docstring)."""
        if isinstance(node, ast.Constant) or is_number(node):
            return True
        if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
                and node.id not in self.declared and self.definitely_bound(node)):
            return False
        func = self.function_of(node)
        # a global may be rebound behind the reader's back through globals() and the like
        return (func is not None and node.id in self.bindings(func)) \
            or not self.dynamic(self.ctx.tree)

    def pure_bool(self, node: ast.AST) -> bool:
        """Evaluating ``node`` and its truth value has no effect and cannot raise (builtin
        values): a stable expression, ``not`` of one, or ``==``/``!=``/``is``/``is not``
        between two."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.pure_bool(node.operand)
        if isinstance(node, ast.Compare):
            return (self.plain and len(node.ops) == 1
                    and isinstance(node.ops[0], (ast.Eq, ast.NotEq, ast.Is, ast.IsNot))
                    and self.stable(node.left) and self.stable(node.comparators[0]))
        return self.stable(node)

    def in_bool_context(self, node: ast.AST) -> bool:
        """Only the truth value of ``node`` is used (an ``if``/``while``/``assert``/conditional
        test, an ``if`` of a comprehension, the operand of ``not``, or an operand of a boolean
        operator that is itself in such a context)."""
        parent = self.parent.get(id(node))
        if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            return parent.test is node
        if isinstance(parent, ast.comprehension):
            return node in parent.ifs
        if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
            return True
        if isinstance(parent, ast.BoolOp):
            return self.in_bool_context(parent)
        return False

    # ---- text ------------------------------------------------------------------------------
    def lines_of(self, stmts: list[ast.stmt], *, comments: bool = True) -> tuple[int, int] | None:
        """Character span of the whole lines holding consecutive statements (first line's
        indentation through the last line's newline), or None when another statement shares
        those lines, the last line has no newline, or (``comments=False``) a comment lies in
        the span."""
        if getattr(stmts[0], "decorator_list", None):
            return None  # the statement's span starts after its decorators
        first = self.ctx.statement_lines(stmts[0])
        last = self.ctx.statement_lines(stmts[-1])
        if first is None or last is None:
            return None
        start, end = first[0], last[1]
        if not self.code[start:end].endswith(("\n", "\r")):
            return None
        if not comments and self.has_token(start, end, tokenize.COMMENT):
            return None
        return start, end

    def has_token(self, start: int, end: int, kind: int) -> bool:
        """A token of type ``kind`` starts inside ``[start, end)``."""
        src = self.ctx.src
        return any(t.type == kind and start <= src.char_offset(*t.start) < end
                   for t in src.tokens())

    def multiline_string(self, start: int, end: int) -> bool:
        """A string token spanning several lines starts inside ``[start, end)`` (re-indenting
        such lines would change the string)."""
        src = self.ctx.src
        return any(t.type == tokenize.STRING and t.start[0] != t.end[0]
                   and start <= src.char_offset(*t.start) < end for t in src.tokens())

    def indent(self, node: ast.AST) -> str | None:
        """The whitespace before ``node`` on its line, or None when other text precedes it or
        the indentation mixes in tabs."""
        line_start = self.ctx.src.line_starts[node.lineno - 1]  # type: ignore[attr-defined]
        prefix = self.code[line_start:self.ctx.src.span(node)[0]]
        return prefix if prefix.strip() == "" and "\t" not in prefix else None


def own_nodes(scope: ast.AST) -> Iterator[tuple[ast.AST, ast.AST]]:
    """``(node, parent)`` pairs of a function's own scope: its body, not descending into nested
    scopes except for the parts those evaluate in this scope (a comprehension's first iterable,
    a nested function's decorators and defaults)."""
    body: list[ast.stmt] = scope.body  # type: ignore[attr-defined]
    stack: list[tuple[ast.AST, ast.AST]] = [(s, scope) for s in reversed(body)]
    while stack:
        node, parent = stack.pop()
        yield node, parent
        if isinstance(node, COMPS):
            children: list[ast.AST] = [node.generators[0].iter]
        elif isinstance(node, FUNCS + (ast.Lambda,)):
            children = [*getattr(node, "decorator_list", []), *node.args.defaults,
                        *[d for d in node.args.kw_defaults if d is not None]]
        elif isinstance(node, ast.ClassDef):
            children = [*node.decorator_list, *node.bases, *[k.value for k in node.keywords]]
        else:
            children = list(ast.iter_child_nodes(node))
        stack.extend((c, node) for c in reversed(children))


def own_stores(func: ast.AST) -> set[str]:
    """Names stored (assigned, loop targets, ``del``...) in a function's own scope."""
    return {n.id for n, _ in own_nodes(func)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}


def _unbinds(func: ast.AST) -> set[str]:
    """Names a function deletes (``del x``, and ``except ... as x``, which deletes ``x`` when
    the handler ends)."""
    out: set[str] = set()
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Del):
            out.add(n.id)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def _block_of(parent: ast.AST, stmt: ast.stmt) -> list[ast.stmt] | None:
    for _, value in ast.iter_fields(parent):
        if isinstance(value, list) and any(s is stmt for s in value):
            return value
    return None


def _params(func: ast.AST) -> set[str]:
    a = func.args  # type: ignore[attr-defined]
    return {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x}


def _stored(target: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _bound_by(stmts: list[ast.stmt]) -> set[str]:
    """Names a statement binds whenever it completes: assignment and ``del``-free import/def
    targets (not loops, ``with``, ``try`` or conditionals)."""
    out: set[str] = set()
    for s in stmts:
        if isinstance(s, ast.Assign):
            for t in s.targets:
                out |= _stored(t)
        elif isinstance(s, (ast.AugAssign, ast.AnnAssign)) and isinstance(s.target, ast.Name) \
                and (not isinstance(s, ast.AnnAssign) or s.value is not None):
            out.add(s.target.id)
        elif isinstance(s, FUNCS + (ast.ClassDef,)):
            out.add(s.name)
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in s.names if a.name != "*")
    return out


def scope_bindings(scope: ast.AST) -> set[str]:
    """Every name a scope may bind (an over-approximation: everything stored, deleted, imported,
    defined or caught anywhere inside it, its parameters, and walrus targets of its
    comprehensions)."""
    out: set[str] = set()
    if isinstance(scope, FUNCS + (ast.Lambda,)):
        out |= _params(scope)
    body = scope.body if isinstance(scope, FUNCS + (ast.ClassDef, ast.Module)) else [scope]
    for stmt in body if isinstance(body, list) else [body]:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                out.add(n.id)
            elif isinstance(n, FUNCS + (ast.ClassDef,)) and n is not scope:
                out.add(n.name)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                out.update((a.asname or a.name).split(".")[0] for a in n.names)
            elif isinstance(n, ast.ExceptHandler) and n.name:
                out.add(n.name)
            elif isinstance(n, (ast.Global, ast.Nonlocal)):
                out.update(n.names)
    return out
