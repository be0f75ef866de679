"""The line tracer of a counted test (:mod:`execir.construction.work`), loaded once per worker.

Each counted test used to define :func:`_execir_tracer` in its own text, and compiling that was
more than half of compiling the test (194 of ~310 us CPU a test in all, issue 51).  The worker
(:mod:`execir.execution.worker`) imports this module before its sandbox starts, so a sandbox
child finds it in ``sys.modules`` and a counted test's ``from ... import`` is a look-up.

It does what the function compiled with each test did, to the recursion-depth unit: the Python
tracer's two functions run code objects no earlier test has run, so CPython 3.11 starts them
unspecialised on every test as it did (a cold comparison takes one more unit of recursion depth
near the limit; ``execir/execution/_linecount.c``).  Those code objects are copied here, at
import, before any snippet can install an audit hook: making one in the child would raise
``code.__new__`` audit events the old text did not.  A child that runs more than
:data:`FRESH` counted tests makes the rest's copies itself (audited).
"""

from __future__ import annotations

from types import CodeType, FunctionType

#: copies of :func:`_closures` made at import: one per counted test a sandbox child runs
FRESH = 1024


def _closures(room, over):
    """The Python tracer (:func:`_execir_tracer`): a global trace function ``call`` and a
    function of no arguments returning the line events of ``'<snippet>'`` frames counted so
    far; past ``room`` of them, the tracer raises ``over()``.  Only its copies run."""
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


def _fresh_closures():
    """A copy of :func:`_closures` whose nested code objects no test has run (audited events
    ``code.__new__`` and ``function.__new__`` where a hook listens)."""
    code = _closures.__code__
    fresh = tuple(c.replace() if c.__class__ is CodeType else c for c in code.co_consts)
    return FunctionType(code.replace(co_consts=fresh), globals())


_POOL = [_fresh_closures() for _ in range(FRESH)]


def _execir_tracer(room, counter, module):
    """``(tracer, lines)`` for a test with ``room`` lines left of its suite's budget (an int, or
    ``float('inf')``): with ``counter`` (the C module ``execir.execution._linecount``), its
    ``Counter`` (``tracer.start()`` starts it) and its ``count`` method; with ``None``, a global
    trace function for ``sys.settrace`` and a function returning the snippet lines (line events
    of frames whose file name is ``'<snippet>'``) counted so far.  Past ``room`` lines either
    raises a fresh ``BaseException`` subclass named ``over`` in the traced frame, of module
    ``module`` (what the counted test's ``__name__`` reads, as for a class it defined).  No
    errors of its own."""
    class over(BaseException):
        __module__ = module
    if counter is not None:
        counting = counter.Counter(room, over)
        return counting, counting.count
    return (_POOL.pop() if _POOL else _fresh_closures())(room, over)
