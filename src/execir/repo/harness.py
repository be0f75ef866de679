"""The tests of a repository task: pytest node ids run in the sandbox with one function swapped.

A repository task's oracle is a list of *source tests* (:data:`execir.execution.runner.SOURCE_TEST`):
each is a self-contained Python test, one per pytest node id, whose first line names the folders
the sandbox must mount read-only (the repository, and the site-packages of ``--python``).  In
the sandboxed child the runner does not execute the snippet; it hands its text to the test as
``__snippet_source__``.  The first test a child runs

1. reads the function's module from the repository and checks its SHA-256 (a changed file is an
   error, never a silent mix of old and new),
2. puts the snippet in place of the function's lines (indented back to the ``def``'s column;
   decorators stay in the file, and the function's docstring goes back in front of the snippet's
   first body statement, so doctests and ``__doc__`` readers see it) and serves the module from that text through an import hook
   placed first on ``sys.meta_path`` -- the *overlay* of the one file; the tree is never written
   (it is mounted read-only, bytecode writing is off),
3. runs the task's node ids in one ``pytest.main`` session (``-p no:cacheprovider``,
   ``--assert=plain``, ``-s``) in the child, recording each node's outcome,

and every test then reports its own node: ``pass``, ``FAIL`` (an ``AssertionError`` or pytest's ``Failed``),
``FAIL:<Exception>`` (any other exception, ``NotRun`` when pytest did not run the node, e.g. the
module no longer imports), ``FAIL:Skipped``.  The module is compiled as ``<snippet>``, so the
centred design's counted work (:mod:`execir.construction.work`) counts its lines.

A snippet of another function (a retrieved snippet of another task) is swapped in the same way:
the tests then run against a module in which that text stands where the query's function
stood, which is what "this snippet in place of the function" means.

:func:`discovery_test` is the one-off test of discovery: the suite under coverage.py with one
context per node id, printing, after a marker line, which node ids pass and which source lines
each executed (mapped onto functions in the child: ``spans``).
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from execir.execution.runner import SOURCE_TEST

#: pytest options every run gets (after the project's own configuration and ``--tests``)
PYTEST_ARGS = ("-q", "-s", "-p", "no:cacheprovider", "--assert=plain", "--tb=native")
#: the line before discovery's JSON in the captured output
MARKER = "@@execir-repo-discovery@@"
#: what starts the line discovery writes (unbuffered) as each node id starts, so a run that
#: times out as a whole can name the test it was in
RUNNING = "@@execir-repo-running@@ "

# Shared by both tests: set up paths and the real pytest, run a session, record outcomes.
_COMMON = r'''
import os, sys, io, json, hashlib, importlib.util
def setup(spec):
    sys.dont_write_bytecode = True
    sys.modules.pop('pytest', None)  # the runner's shim; the project's tests need the real one
    import site
    for p in spec['site']:
        site.addsitedir(p)
    for p in reversed(spec['paths']):
        sys.path.insert(0, p)
    os.chdir(spec['repo'])
    os.environ.setdefault('HOME', '/tmp')
    os.environ.setdefault('PYTEST_DISABLE_PLUGIN_AUTOLOAD', '1')
    use_compiled(spec['repo'])
def use_compiled(repo):
    # the worker's code objects of the tree's files (execir.execution.compiled), each used only
    # while the file's bytes hash to what was compiled; everything else imports as usual
    codes = getattr(sys.modules.get('_execir_compiled'), 'codes', None)
    if not codes:
        return
    import importlib.machinery as m
    class Compiled(m.SourceFileLoader):
        def get_code(self, fullname):
            path = self.get_filename(fullname)
            found = codes.get(path)
            if found is not None and found[0] == hashlib.sha256(self.get_data(path)).digest():
                return found[1]
            return super().get_code(fullname)
    root = repo.rstrip('/') + '/'
    def hook(path):
        if path == repo or path.startswith(root):
            return m.FileFinder(path, (m.ExtensionFileLoader, m.EXTENSION_SUFFIXES),
                                (Compiled, m.SOURCE_SUFFIXES), (m.SourcelessFileLoader, m.BYTECODE_SUFFIXES))
        raise ImportError(path)
    sys.path_hooks.insert(0, hook)
    for key in [k for k in sys.path_importer_cache if k == repo or str(k).startswith(root)]:
        del sys.path_importer_cache[key]
def session(args, extra=(), durations=None):
    import pytest
    results = {}
    class Recorder:
        @pytest.hookimpl(wrapper=True)
        def pytest_runtest_makereport(self, item, call):
            rep = yield
            if durations is not None:
                durations[item.nodeid] = durations.get(item.nodeid, 0.0) + rep.duration
            if rep.failed and item.nodeid not in results:
                results[item.nodeid] = call.excinfo.typename if call.excinfo else 'Failed'
            elif rep.skipped and item.nodeid not in results:
                results[item.nodeid] = 'Skipped'
            elif rep.when == 'teardown' and item.nodeid not in results:
                results[item.nodeid] = 'pass'
            return rep
        @pytest.hookimpl(tryfirst=True)
        def pytest_configure(self, config):
            # no garbage collection when the session ends (a child exits right after, and
            # every node's outcome is recorded by then): a twentieth of a short session
            try:
                from _pytest.unraisableexception import gc_collect_iterations_key
            except ImportError:  # another pytest: its default stays
                return
            config.stash[gc_collect_iterations_key] = 0
    code = pytest.main(list(args), plugins=[Recorder(), *extra])
    return int(code), results
'''

_RUN = _COMMON + r'''
def run(source, spec):
    setup(spec)
    path = os.path.join(spec['repo'], spec['file'])
    with open(path, 'rb') as fh:
        data = fh.read()
    if hashlib.sha256(data).hexdigest() != spec['digest']:
        raise RuntimeError(spec['file'] + ' changed since the release was built')
    lines = data.decode('utf-8-sig').splitlines(keepends=True)
    pad = ' ' * spec['col']
    body = ''.join(pad + l if l.strip() else l for l in with_doc(source, spec['doc']))
    if not body.endswith('\n'):
        body += '\n'
    code = compile(''.join(lines[:spec['start'] - 1]) + body + ''.join(lines[spec['end']:]),
                   '<snippet>', 'exec')
    served = []
    class Overlay:
        def find_spec(self, name, target=None, where=None):
            if name != spec['module']:
                return None
            found = importlib.util.spec_from_loader(name, self, origin=path,
                                                    is_package=spec['package'])
            if spec['package']:
                found.submodule_search_locations = [os.path.dirname(path)]
            found.has_location = True
            return found
        def create_module(self, found):
            return None
        def exec_module(self, module):
            module.__file__ = path
            served.append(1)
            exec(code, module.__dict__)
    sys.meta_path.insert(0, Overlay())
    results = session(spec['args'] + spec['nodes'])[1]
    if not served:  # the tests import the file under another name: nothing was swapped in
        return {node: 'NotSwapped' for node in spec['nodes']}
    return results
def with_doc(source, doc):
    # the function's docstring statement back in front of the snippet's first body statement,
    # when that statement starts a line of its own at the docstring's indentation
    lines = source.splitlines(keepends=True)
    if not doc:
        return lines
    import ast
    tree = ast.parse(source)
    fn = tree.body[0] if tree.body else None
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or len(tree.body) != 1:
        return lines
    first = fn.body[0]
    indent = len(doc) - len(doc.lstrip(' '))
    if first.lineno > fn.lineno and first.col_offset == indent and not (
            isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        lines[first.lineno - 1:first.lineno - 1] = doc.splitlines(keepends=True)
    return lines
def check(results, node):
    outcome = results.get(node, 'NotRun')
    if outcome == 'pass':
        return
    if outcome in ('AssertionError', 'Failed'):  # Failed: pytest.fail, pytest.raises unmet
        raise AssertionError(node)
    raise type(outcome, (Exception,), {})(node)
'''

_DISCOVER = _COMMON + r'''
def discover(spec):
    setup(spec)
    # a package already loaded here (pytest imports it, or the worker preloaded it) is the
    # installed copy, and every import of it by the suite gets that copy, not the tree's
    shadowed = sorted(name for name in spec['tops'] if name in sys.modules and not os.path.realpath(
        getattr(sys.modules[name], '__file__', None) or '/').startswith(spec['repo'].rstrip('/') + '/'))
    import coverage
    cov = coverage.Coverage(data_file=None, include=spec['include'], config_file=False)
    import pytest, signal
    class TestTimeout(Exception):
        pass
    def stop(signum, frame):
        raise TestTimeout('still running after %g s' % spec['test_limit'])
    signal.signal(signal.SIGALRM, stop)
    class Contexts:
        @pytest.hookimpl(wrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):
            os.write(2, (RUNNING + item.nodeid + '\n').encode('utf-8', 'replace'))
            cov.switch_context(item.nodeid)
            signal.setitimer(signal.ITIMER_REAL, spec['test_limit'])
            try:
                return (yield)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                cov.switch_context('')
    log, real = io.StringIO(), sys.stdout
    sys.stdout = sys.stderr = log
    cov.start()
    seconds = {}
    try:
        code, results = session(spec['args'], [Contexts()], seconds)
    finally:
        cov.stop()
        sys.stdout = sys.stderr = real
    data = cov.get_data()
    nodes = sorted(results)
    index = {n: i for i, n in enumerate(nodes)}
    covers = {}
    for name in data.measured_files():
        rel = os.path.relpath(name, spec['repo']).replace(os.sep, '/')
        spans = spec['spans'].get(rel)
        if not spans:
            continue
        for line, contexts in data.contexts_by_lineno(name).items():
            owner = spans.get(str(line))
            if owner is None:
                continue
            hit = covers.setdefault(str(owner), set())
            hit.update(index[c] for c in contexts if c in index)
    out = {'exit': code, 'nodes': nodes, 'outcomes': [results[n] for n in nodes],
           'seconds': [round(seconds.get(n, 0.0), 3) for n in nodes],
           'covers': {k: sorted(v) for k, v in covers.items()}, 'log': log.getvalue()[-4000:],
           'shadowed': shadowed}
    print(MARKER)
    print(json.dumps(out, sort_keys=True))
'''


def header(mounts: Sequence[str]) -> str:
    """The first line of a source test: the folders the sandbox mounts read-only."""
    return f"{SOURCE_TEST} mounts={json.dumps(sorted(mounts))}"


def task_tests(spec: Mapping[str, Any], nodes: Sequence[str], mounts: Sequence[str]) -> list[str]:
    """One source test per node id of ``nodes`` for the function ``spec`` describes.

    ``spec``: ``repo`` (absolute path), ``paths`` (folders put first on ``sys.path``), ``site``
    (site-packages of ``--python``), ``file``, ``digest`` (the file's SHA-256), ``module``,
    ``package``, ``start``, ``end``, ``col``, ``doc`` (:class:`execir.repo.source.Function`'s
    ``doc_source``), ``args``
    (pytest options).  Every test carries the whole session's node ids (the first one run in a
    child runs them all) and the entry point's name (gate 2)."""
    full = dict(spec, nodes=list(nodes))
    body = json.dumps(full, sort_keys=True)
    return [f"{header(mounts)}\n"
            f"# runs {node} with {spec['name']} swapped in\n"
            "import sys as _sys\n"
            "_state = _sys.modules.setdefault('_execir_repo_state', type(_sys)('_execir_repo_state'))\n"
            "if not hasattr(_state, 'results'):\n"
            "    _h = {}\n"
            f"    exec(compile({_RUN!r}, '<execir-repo>', 'exec'), _h)\n"
            f"    _state.check = _h['check']\n"
            f"    _state.results = _h['run'](__snippet_source__, __import__('json').loads({body!r}))\n"
            f"_state.check(_state.results, {node!r})\n"
            for node in nodes]


def discovery_test(spec: Mapping[str, Any], mounts: Sequence[str]) -> str:
    """The discovery test (module docstring): ``spec`` as for :func:`task_tests` plus
    ``include`` (absolute paths of the files to measure), ``spans`` (file -> {line: function
    index} for every body line, innermost function first), ``tops`` (the top-level package
    names of the scanned modules) and ``test_limit`` (wall seconds a
    node id may run before SIGALRM stops it with ``TestTimeout``); ``args`` are the pytest
    arguments that select the suite."""
    return (f"{header(mounts)}\n"
            "_h = {'MARKER': " + repr(MARKER) + ", 'RUNNING': " + repr(RUNNING) + "}\n"
            f"exec(compile({_DISCOVER!r}, '<execir-repo>', 'exec'), _h)\n"
            f"_h['discover'](__import__('json').loads({json.dumps(dict(spec), sort_keys=True)!r}))\n")


def last_started(output: str) -> str | None:
    """The node id discovery was running when its output ends (:data:`RUNNING`), or None."""
    head, sep, tail = output.rpartition(RUNNING)
    return tail.split("\n", 1)[0].strip() or None if sep else None


def parse_discovery(output: str) -> dict[str, Any] | None:
    """The JSON discovery printed after :data:`MARKER`, or None when it is not there."""
    head, sep, tail = output.rpartition(MARKER + "\n")
    if not sep:
        return None
    try:
        return json.loads(tail.strip().splitlines()[0])
    except (ValueError, IndexError):
        return None
