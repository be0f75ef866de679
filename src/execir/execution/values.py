"""Returned values of Python calls run in the sandbox: the test that calls a function and prints
its value, normalised, on a marked line of stdout (:func:`probe_test`), and how a suite's captured
output is read back into one entry per call (:func:`read_outputs`: ``"=<value>"``, or
``"!<outcome>"`` where the call raised or timed out).  The printed text is only ever compared,
never evaluated.  Used by execution consensus (:mod:`execir.rerank.consensus`) and by the
differential check of rewritten variants (:mod:`execir.mutation.rewrite.equivalence`).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from execir.execution.outcomes import PASS, SuiteResult

#: the mark that starts the line of a call's value on stdout
MARK = "@@execir-consensus:"
_LINE = re.compile(r"^" + re.escape(MARK) + r"(\d+):(.*)$")
#: how the probe writes a returned value: floats to 9 decimals (integral ones as ints), sets and
#: dicts sorted, iterators listed (first 1000 items), object addresses removed, long values hashed
NORMALISE = '''
def _execir_norm(v, d=0):
    import re as _re, hashlib as _h, itertools as _it
    if d > 30:
        return '...'
    if isinstance(v, bool) or v is None or isinstance(v, (str, bytes)):
        r = repr(v)
    elif isinstance(v, int):
        r = repr(v)
    elif isinstance(v, float):
        if v != v or v in (float('inf'), float('-inf')):
            r = repr(v)
        else:
            v = round(v, 9) + 0.0
            r = repr(int(v)) if v == int(v) and abs(v) < 1e15 else repr(v)
    elif isinstance(v, (list, tuple)):
        r = ('[%s]' if isinstance(v, list) else '(%s)') % ', '.join(_execir_norm(x, d + 1) for x in v)
    elif isinstance(v, (set, frozenset)):
        r = '{%s}' % ', '.join(sorted(_execir_norm(x, d + 1) for x in v))
    elif isinstance(v, dict):
        r = '{%s}' % ', '.join(sorted(_execir_norm(k, d + 1) + ': ' + _execir_norm(x, d + 1)
                                      for k, x in v.items()))
    elif hasattr(v, '__next__'):
        r = 'iter' + _execir_norm(list(_it.islice(v, 1000)), d + 1)
    else:
        r = _re.sub(r' at 0x[0-9a-fA-F]+', '', repr(v))
    if len(r) > 400:
        r = 'sha256:' + _h.sha256(r.encode('utf-8', 'replace')).hexdigest()[:24]
    return r.replace(chr(10), ' ').replace(chr(13), ' ')
'''


@functools.lru_cache(maxsize=1)
def _normaliser() -> Any:
    namespace: dict[str, Any] = {}
    exec(compile(NORMALISE, "<execir-normalise>", "exec"), namespace)  # execir's own code
    return namespace["_execir_norm"]


def normalised(value: Any) -> str:
    """A documented (literal) value written as the probe writes returned values."""
    return _normaliser()(value)


def probe_test(name: str, i: int, call: str) -> str:
    """The probe for input ``i``: call ``name(call)`` and write its normalised value on a marked
    line of stdout (read back by :func:`read_outputs`; never evaluated)."""
    return (NORMALISE + f"_execir_v = {name}({call})\n"
            f"print('\\n{MARK}{i}:' + _execir_norm(_execir_v))\n")


def read_outputs(result: SuiteResult, n: int) -> tuple[str, ...]:
    """One entry per call of a probe suite of ``n`` calls: ``"=<value>"`` as printed,
    ``"!<outcome>"`` where the call did not pass, ``"?"`` where its line was lost (captured output
    full); :class:`execir.rerank.consensus.Behaviour` holds such vectors."""
    values: dict[int, str] = {}
    for line in result.output.splitlines():
        m = _LINE.match(line)
        if m is not None and int(m.group(1)) < n:
            values.setdefault(int(m.group(1)), m.group(2))
    out = []
    for i in range(n):
        outcome = result.outcomes[i] if i < len(result.outcomes) else "ERROR:Missing"
        if outcome != PASS:
            out.append("!" + outcome)
        else:
            out.append("=" + values[i] if i in values else "?")
    return tuple(out)

