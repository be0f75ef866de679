"""The line tracer of a counted test (:mod:`execir.construction.work`), loaded once per worker.

Each counted test used to define this function in its own text, and compiling it cost a
counted test about 4x what the rest of its text does (issue 51).  The worker
(:mod:`execir.execution.worker`) imports this module before its sandbox starts, so a sandbox
child finds it in ``sys.modules`` and a counted test's ``from ... import`` costs a dictionary
look-up.  The module imports nothing: it must load before the sandbox and run inside it.

:func:`_execir_tracer` is the function the test text defined, with one addition: the Python
tracer's two functions get code objects of their own for every test (``code.replace()``), as
a function compiled with the test's text did, so CPython 3.11 starts them unspecialised on
every test and the recursion-depth units they take near the recursion limit stay what they
were (a cold comparison takes one more; ``execir/execution/_linecount.c``).
"""

from __future__ import annotations


def _execir_tracer(room, counter):
    """``(tracer, lines)`` for a test with ``room`` lines left of its suite's budget (an int, or
    ``float('inf')``): with ``counter`` (the C module ``execir.execution._linecount``), its
    ``Counter`` (``tracer.start()`` starts it) and its ``count`` method; with ``None``, a global
    trace function for ``sys.settrace`` and a function returning the snippet lines (line events
    of frames whose file name is ``'<snippet>'``) counted so far.  Past ``room`` lines either
    raises a fresh ``BaseException`` subclass named ``over`` in the traced frame.  No errors of
    its own."""
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
    local.__code__ = local.__code__.replace()  # cold, as a function compiled per test
    call.__code__ = call.__code__.replace()
    return call, lambda: lines
