"""JavaScript candidates for the consensus reranker: find the function, guess its parameter types,
write the probe that calls it (the oracle runs JavaScript function-level tests as a second script
in the snippet's context, :mod:`execir.execution.languages`).

Inputs are derived as for Python (:func:`execir.mutation.call_inputs.derive_calls`): the parameter types
guessed here travel as annotations of a :class:`~execir.mutation.call_inputs.PyFunction`, and the
arguments, Python literals, are written as JSON (lists, strings, numbers, booleans, null).
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from execir.mutation.call_inputs import PyFunction

_FUNCTION = re.compile(r"^(?:export\s+)?(?:async\s+)?function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)",
                       re.M)
_ARROW = re.compile(r"^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?"
                    r"\(([^)]*)\)\s*=>", re.M)
_STR = (r"\.(?:split|toLowerCase|toUpperCase|charAt|charCodeAt|substring|substr|trim|"
        r"startsWith|endsWith|replace|repeat|padStart)\(")
_LIST = r"\.(?:push|pop|map|filter|reduce|sort|forEach|some|every|concat|reverse)\("
_MARK = "@@execir-consensus:"
_NORMALISE = ("function __execirNorm(v) {\n"
              "  const r = (k, x) => typeof x === 'number' && !Number.isInteger(x) && isFinite(x)\n"
              "    ? Number(x.toFixed(9)) : (x instanceof Set || x instanceof Map) ? [...x] : x;\n"
              "  const s = v === undefined ? 'undefined' : JSON.stringify(v, r);\n"
              "  return String(s).replace(/\\n/g, ' ');\n"
              "}\n")


def _types(body: str, param: str) -> str | None:
    p = re.escape(param)
    if re.search(r"\b" + p + _STR, body) or re.search(r"\b" + p + r"\s*===?\s*['\"]", body):
        return "str"
    if re.search(r"\b" + p + _LIST, body) or re.search(r"\bfor\s*\(\s*(?:const|let|var)\s+\w+\s+of\s+"
                                                       + p + r"\b", body):
        return "list[int]"
    if re.search(r"\b" + p + r"\.length\b", body) or re.search(r"\b" + p + r"\s*\[", body):
        return "list[int]"
    if re.search(r"\b" + p + r"\s*[-*/%<>]|[-*/%<>]=?\s*" + p + r"\b", body):
        return "int"
    return None


def js_function(code: str) -> PyFunction | None:
    """The last top-level function a JavaScript snippet declares (``function f(a, b)`` or
    ``const f = (a, b) =>``), with guessed parameter types as annotations; None when it has none,
    or when it looks like Python (``def``)."""
    if re.search(r"^\s*def\s+\w+\s*\(", code, re.M):
        return None
    found = sorted([(m.start(), m.group(1), m.group(2)) for rx in (_FUNCTION, _ARROW)
                    for m in rx.finditer(code)])
    if not found:
        return None
    _, name, params = found[-1]
    names = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
    if any(not re.fullmatch(r"[A-Za-z_$][\w$]*", n) for n in names):
        return None
    return PyFunction(name=name, params=tuple(names), n_required=len(names),
                      annotations=tuple(_types(code, n) for n in names),
                      defaults=(None,) * len(names))


def js_arguments(call: str) -> str | None:
    """Python-literal arguments (``"[1, 2], 'a', True"``) written as JavaScript (``[1,2],"a",true``),
    or None when one has no JSON form."""
    try:
        values = ast.literal_eval(f"({call},)") if call else ()
        return ",".join(json.dumps(_jsonable(v), sort_keys=True) for v in values)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _jsonable(v: Any) -> Any:
    if isinstance(v, (tuple, set, frozenset)):
        return [_jsonable(x) for x in (sorted(v, key=repr) if isinstance(v, (set, frozenset)) else v)]
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (bytes, complex)):
        raise TypeError("no JSON form")
    return v


def js_normalised(value: Any) -> str:
    """A documented (literal) value as the JavaScript probe prints it (JSON, integral floats as
    integers; ``"?"`` when it has no JSON form)."""
    def fix(v: Any) -> Any:
        if isinstance(v, float) and v == int(v) and abs(v) < 1e15:
            return int(v)
        if isinstance(v, list):
            return [fix(x) for x in v]
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        return round(v, 9) if isinstance(v, float) else v
    try:
        return json.dumps(fix(_jsonable(value)), separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, OverflowError):
        return "?"


def js_probe(name: str, i: int, call: str) -> str:
    """The JavaScript test that calls ``name`` on input ``i`` and prints its value on a marked line
    (None-safe: an argument list without a JSON form calls with no arguments)."""
    args = js_arguments(call)
    return (_NORMALISE + f"{{ const __v = {name}({args or ''});\n"
            f"  console.log('\\n{_MARK}{i}:' + __execirNorm(__v)); }}\n")
