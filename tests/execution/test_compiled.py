"""execir.execution.compiled: a repository's files compiled once per worker (what its suites reuse)."""

from __future__ import annotations

import hashlib
import sys

from execir.execution.compiled import MODULE, compile_trees


def test_compile_trees_keeps_the_trees_files_not_environments(tmp_path):
    tree = tmp_path / "repo"
    (tree / "pkg").mkdir(parents=True)
    (tree / "pkg" / "a.py").write_text("def f(x):\n    return x + 1\n")
    (tree / "pkg" / "broken.py").write_text("def f(:\n")
    (tree / ".tox" / "x").mkdir(parents=True)
    (tree / ".tox" / "x" / "b.py").write_text("y = 2\n")
    (tree / "env").mkdir()
    (tree / "env" / "pyvenv.cfg").write_text("home = /usr\n")
    (tree / "env" / "c.py").write_text("z = 3\n")
    site = tmp_path / "lib" / "site-packages"
    site.mkdir(parents=True)
    (site / "d.py").write_text("w = 4\n")
    saved = sys.modules.pop(MODULE, None)
    try:
        codes = compile_trees([str(tree), str(site)])
        assert sorted(codes) == [str(tree / "pkg" / "a.py")]
        digest, code = codes[str(tree / "pkg" / "a.py")]
        assert digest == hashlib.sha256((tree / "pkg" / "a.py").read_bytes()).digest()
        assert code.co_filename == str(tree / "pkg" / "a.py")
        namespace: dict = {}
        exec(code, namespace)
        assert namespace["f"](1) == 2
        assert sys.modules[MODULE].codes is codes
    finally:
        sys.modules.pop(MODULE, None)
        if saved is not None:
            sys.modules[MODULE] = saved
