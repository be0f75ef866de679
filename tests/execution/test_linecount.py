"""The C line counter (``execir/execution/_linecount.c``) against the Python tracer of
:mod:`execir.construction.work`: the same counts and outcomes, in the sandbox."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from execir.construction.work import COUNTER_MODULE, PY_TRACER_VARIABLE, TRACER_MODULE, work_tests
from execir.execution import Oracle

BUILT = importlib.util.find_spec(COUNTER_MODULE) is not None
needs_c = pytest.mark.skipif(not BUILT, reason="the C line counter is not built here (optional)")

LOOP = "def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n"
FACT = "def f(n):\n    if n <= 1:\n        return 1\n    return n * f(n - 1)\n"
GEN = "def g(n):\n    for i in range(n):\n        yield i\n"
DIV = "def f(n):\n    try:\n        return 1 // n\n    except ZeroDivisionError:\n        return -1\n"
#: a generator with a ``finally``, abandoned while suspended in several ways
CLOSING = "def g(n):\n    try:\n        for i in range(n):\n            yield i\n    finally:\n        z = 1\n"
RECURSE = "def f(n):\n    return f(n + 1)\n"
CAUGHT = "def f(n):\n    try:\n        return f(n + 1)\n    except RecursionError:\n        return n\n"
CAUGHT_LONG = ("def f(n):\n    try:\n        x = f(n + 1)\n    except RecursionError:\n        x = n\n"
               "        y = 1\n    return x\n")
ENDLESS = "def f(n):\n    while True:\n        n += 1\n"
SWALLOW = ("def f(n):\n    while True:\n        try:\n            while True:\n                pass\n"
           "        except BaseException:\n            return 1\n")
CYCLES = ("import gc\nclass A:\n    def __init__(self):\n        self.me = self\n    def __del__(self):\n"
          "        global D\n        D = D + 1\nD = 0\ndef f(n):\n    for i in range(n):\n        a = A()\n"
          "        a = None\n        b = [[j] for j in range(50)]\n    gc.collect()\n    return D\n")

#: (code, tests, line cap per suite or None): loops, recursion (to the recursion limit and
#: caught there, through C and library frames, under a lowered limit), generators (exhausted,
#: thrown into, abandoned while f_locals holds them), exceptions, runaway loops over their
#: budget, tests sharing a budget, a snippet catching the stop, finalizers run by the collector,
#: an audit hook refusing sys.settrace
CASES = [
    (LOOP, ["assert f(3) == 3", "assert f(0) == 0", "assert g(1)"], None),
    (FACT, ["assert f(3) == 6", "assert f(30) > 0"], None),
    (GEN, ["assert sum(g(2)) == 1", "assert sum(x * 2 for x in g(5)) == 20"], None),
    (GEN + "def f():\n    it = g(3)\n    next(it)\n    return it.throw(ValueError)\n", ["f()"], None),
    (CLOSING + "def f(n):\n    it = g(n)\n    next(it)\n    it = None\n    return 1\n", ["f(5)"], None),
    (CLOSING + "def f(n):\n    it = g(n)\n    next(it)\n    d = locals()\n    it = None\n    return 1\n",
     ["f(5)"], None),
    (CLOSING + "def f(n):\n    it = g(n)\n    next(it)\n    return 1\n", ["f(5)"], 100),
    (DIV, ["assert f(0) == -1", "assert f(1) == 1"], None),
    (RECURSE, ["f(0)", "f(0)"], None),
    (RECURSE, ["f(0)"], 10_000),
    (CAUGHT, ["assert f(0) > 0", "assert (lambda: f(0))() > 0"], None),
    (CAUGHT, ["assert f(0) > 0", "assert (lambda: (lambda: f(0))())() > 0"], 5_000),
    (CAUGHT_LONG, ["assert f(0) > 0", "assert (lambda: f(0))() > 0"], None),
    ("def f(n):\n    try:\n        return sum(map(f, [n + 1]))\n    except RecursionError:\n        return n\n",
     ["assert f(0)", "assert (lambda: f(0))()"], None),
    ("import re\ndef f(n):\n    try:\n        re.sub('a', 'b', 'aaa')\n        return f(n + 1)\n"
     "    except RecursionError:\n        return n\n", ["assert f(0)"], None),
    ("import sys\nsys.setrecursionlimit(40)\n" + CAUGHT, ["f(5)", "f(1)"], None),
    ("import sys\nsys.setrecursionlimit(40)\n" + CAUGHT, ["f(5)", "f(1)"], 500),
    (ENDLESS, ["f(1)", "f(2)", "f(3)"], 1_000),
    (SWALLOW, ["f(1)", "f(2)"], 50),
    (LOOP, ["assert f(10) == 45", "assert f(30) == 435", "assert f(3) == 3"], 100),
    (CYCLES, ["assert f(2000) >= 0"], None),
    ("import sys\ndef f(n):\n    t = sys.gettrace()\n    sys.settrace(None)\n    x = 1\n"
     "    sys.settrace(t)\n    for i in range(n):\n        x += i\n    return x\n", ["assert f(10)"], None),
    ("def f(n):\n    x = n\n    class K:\n        y = x\n        def m(self):\n            return x\n"
     "    return K().m() + K.y\n", ["assert f(1) == 2"], None),
    ("import sys\ndef refuse(event, args):\n    if event == 'sys.settrace':\n        raise ValueError(event)\n"
     "sys.addaudithook(refuse)\n" + LOOP, ["assert f(3) == 3"], None),
    ("def f(:\n", ["f(1)"], None),
]

#: recursion limits from just above the counted test's own depth (the snippet's RecursionError at
#: its first event) to a few dozen frames above it: the tracer's recursion units (a cold one's
#: included) and the frames between the test and the snippet decide the count
SHALLOW = [(f"import sys\nsys.setrecursionlimit({n})\n" + body, tests, None)
           for n in range(12, 48)
           for body, tests in ((CAUGHT, ["assert f(0) >= 0", "assert (lambda: f(0))() >= 0"]),
                               (RECURSE, ["f(0)"]))]

#: snippets that see the counted test's own doings: the audit events it raises before it starts
#: counting (a loop as long as their list)
SEEING = [
    ("import sys\nE = []\nsys.addaudithook(lambda e, a: E.append(e))\n"
     "def f():\n    for e in list(E):\n        pass\n", ["f()", "f()"], None),
]

#: the counting template before the tracer moved to :mod:`execir.execution.worktracer` (issue 51):
#: each counted test defined it in its own text
OLD_TEMPLATE = """\
def _execir_tracer(room, counter):
    class over(BaseException):
        pass
    if counter is not None:
        counting = counter.Counter(room, over)
        return counting, counting.count
    lines = 0
    def local(frame, event, arg):
        nonlocal lines
        if event == 'line':
            lines += 1
            if lines > room:
                raise over()
        return local
    def call(frame, event, arg):
        return local if frame.f_code.co_filename == '<snippet>' else None
    return call, lambda: lines
import sys as _execir_sys
_execir_total = _execir_sys.__dict__.setdefault('_execir_suite_lines', [0])
_execir_counter = {counter}
_execir_call, _execir_lines = _execir_tracer({cap} - _execir_total[0], _execir_counter)
if _execir_counter is None:
    _execir_sys.settrace(_execir_call)
else:
    _execir_call.start()
try:
    exec(compile({test!r}, '<test>', 'exec'), globals())
except BaseException:
    pass
finally:
    _execir_sys.settrace(None)
_execir_total[0] += _execir_lines()
raise type('WORK_%d' % _execir_lines(), (Exception,), {{}})()
"""


def _old_work_tests(tests: list[str], cap: int | None, python_tracer: bool) -> list[str]:
    """``work_tests`` as it was, with :data:`OLD_TEMPLATE` (no source tests among the cases)."""
    bound = repr(cap) if cap is not None else "float('inf')"
    counter = "None" if python_tracer else f"_execir_sys.modules.get({COUNTER_MODULE!r})"
    return [OLD_TEMPLATE.format(test=t, cap=bound, counter=counter) for t in tests]


@pytest.mark.parametrize("python_tracer", [True, pytest.param(False, marks=needs_c)])
def test_the_imported_tracer_counts_as_the_tracer_each_test_defined(python_tracer):
    """Every case, and recursion bombs at every limit from below the test's depth up, has the
    same outcomes under the template that imports its tracer as under the one that defined it."""
    cases = CASES + SEEING + SHALLOW
    run = Oracle(workers=1).with_limits(timeout=30).run
    new = run([(code, work_tests(tests, cap, python_tracer=python_tracer)) for code, tests, cap in cases])
    old = run([(code, _old_work_tests(tests, cap, python_tracer)) for code, tests, cap in cases])
    assert [i for i, (a, b) in enumerate(zip(new, old)) if a.outcomes != b.outcomes] == []
    shallow = [r.outcomes for r in new[len(CASES) + len(SEEING):]]
    assert len({o for o in shallow if o[0].startswith("FAIL:WORK_")}) > 20  # the limit moves the count


def test_a_counted_test_imports_its_tracer_rather_than_defining_it():
    text = work_tests(["assert True"])[0]
    assert f"from {TRACER_MODULE} import _execir_tracer\n" in text
    assert "def " not in text and "class " not in text


def _outcomes(python_tracer: bool) -> list[tuple[str, ...]]:
    jobs = [(code, work_tests(tests, cap, python_tracer=python_tracer)) for code, tests, cap in CASES]
    return [r.outcomes for r in Oracle(workers=1).with_limits(timeout=30).run(jobs)]


@needs_c
def test_the_c_counter_counts_as_the_python_tracer():
    python, c = _outcomes(True), _outcomes(False)
    assert [i for i, (a, b) in enumerate(zip(python, c)) if a != b] == []
    # hand counts: LOOP's f(3) executes `s = 0`, the `for` line 4 times, `s += i` 3 times and
    # `return` (9), f(0) 3 lines, and a test that fails before calling f none; FACT's f(3) runs
    # `if` and `return n * ...` at n = 3 and 2, `if` and `return 1` at n = 1 (6), f(30) 60; g(2) runs `for`
    # and `yield` twice and `for` once more (5, a resumption is no new line), g(5) under the
    # generator expression 11; DIV's f(0) runs `try`, the division, `except` and `return -1`
    assert c[:3] == [("FAIL:WORK_9", "FAIL:WORK_3", "FAIL:WORK_0"), ("FAIL:WORK_6", "FAIL:WORK_60"),
                     ("FAIL:WORK_5", "FAIL:WORK_11")]
    assert c[7] == ("FAIL:WORK_4", "FAIL:WORK_2")
    # over budget: the first test stops past the suite's 1,000 lines, the later ones at their first
    assert c[17] == ("FAIL:WORK_1001", "FAIL:WORK_1", "FAIL:WORK_1")
    assert c[-2] == ("FAIL:ValueError",)  # the hook refused either tracer before the test ran
    assert c[-1] == ("ERROR:SyntaxError",)


@needs_c
def test_a_counted_child_counts_with_the_c_counter():
    """The worker imported the counter, so the child finds it: a snippet that loops only under it
    counts its loop (the `for` line 6 times, `pass` 5) under it, and only the `for` line under the
    Python tracer."""
    code = ("import sys\ndef f():\n    for _ in range(5 if type(sys.gettrace()).__name__ == 'Counter' else 0):\n"
            "        pass\n")
    run = Oracle(workers=1).run
    assert run([(code, work_tests(["f()"], python_tracer=False))])[0].outcomes == ("FAIL:WORK_11",)
    assert run([(code, work_tests(["f()"], python_tracer=True))])[0].outcomes == ("FAIL:WORK_1",)


def test_the_variable_picks_the_python_tracer(monkeypatch):
    monkeypatch.setenv(PY_TRACER_VARIABLE, "1")
    assert "_execir_counter = None\n" in work_tests(["assert True"])[0]
    monkeypatch.delenv(PY_TRACER_VARIABLE)
    assert f"_execir_counter = _execir_sys.modules.get({COUNTER_MODULE!r})\n" in work_tests(["assert True"])[0]


@needs_c
def test_the_counter_in_process_stops_past_its_room_and_unsets_tracing():
    """``Counter(room, over)``: past ``room`` lines it raises ``over()`` in the running code and
    tracing is off; a frame of another file is not counted."""
    from execir.execution._linecount import Counter

    class Over(BaseException):
        pass

    ns: dict = {}
    exec(compile(LOOP, "<snippet>", "exec"), ns)
    exec(compile("def h(n):\n    return [i for i in range(n)]\n", "<other>", "exec"), ns)
    before = sys.gettrace()
    counter = Counter(5, Over)
    try:
        counter.start()
        ns["h"](10)
        with pytest.raises(Over):
            ns["f"](3)
        assert sys.gettrace() is None
    finally:
        sys.settrace(before)
    assert counter.count() == 6
    with pytest.raises(TypeError, match="over must be an exception class"):
        Counter(5, ValueError())
