"""The program runners as an unprivileged user (no uid switch, user namespace), like
test_unprivileged.py does for Python: a separate evaluator started as ``nobody``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
NOBODY = 65534
SCRIPT = r'''
import json, sys, types
for name, sub in (("execir", "execir"), ("execir.execution", "execir/execution")):
    m = types.ModuleType(name); m.__path__ = [sys.argv[1] + "/" + sub]; sys.modules[name] = m
from execir.execution.limits import Limits
from execir.execution.oracle import run_suite
tests = [{"input": "1 2", "output": "3"}, {"input": "loop 0", "output": ""},
         {"input": "write " + sys.argv[2], "output": "blocked"}]
programs = {
    "cpp": "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\nint main(){ char a[4096]; int b; scanf(\"%4095s\", a);"
           " if (!strcmp(a, \"loop\")) for(;;); if (!strcmp(a, \"write\")) { scanf(\"%4095s\", a);"
           " puts(fopen(a, \"a\") ? \"written\" : \"blocked\"); return 0; }"
           " scanf(\"%d\", &b); printf(\"%d\\n\", atoi(a) + b); }\n",
    "javascript": "const fs = require('fs'); const [a, b] = fs.readFileSync(0, 'utf8').split(' ');"
                  " if (a === 'loop') for (;;); if (a === 'write') { let ok = true;"
                  " try { fs.appendFileSync(b, 'x'); } catch (e) { ok = false; }"
                  " console.log(ok ? 'written' : 'blocked'); process.exit(0); } console.log(+a + +b);",
}
limits = Limits(timeout=10.0, test_timeout=1.0)
print(json.dumps({lang: run_suite(code, tests, limits=limits, language=lang).outcomes
                  for lang, code in programs.items()}))
'''


def test_program_runners_as_an_unprivileged_user():
    python = next((p for p in ("/usr/bin/python3", "/usr/local/bin/python3") if os.access(p, os.X_OK)),
                  None)
    if os.geteuid() != 0 or shutil.which("setpriv") is None or python is None:
        pytest.skip("needs root, setpriv and a system python3")
    if not (os.access("/usr/bin/g++", os.X_OK) and os.access("/usr/bin/node", os.X_OK)):
        pytest.skip("needs /usr/bin/g++ and /usr/bin/node")
    work = tempfile.mkdtemp(prefix="execir-nobody-")
    try:
        os.chmod(work, 0o777)
        canary = Path(work) / "canary.txt"  # nobody's own file: writable without a mount namespace
        script = Path(work) / "run.py"
        script.write_text(SCRIPT)
        done = subprocess.run(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                               python, str(script), str(SRC), str(canary)],
                              capture_output=True, text=True, timeout=300, cwd=work,
                              env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": work,
                                   "EXECIR_CACHE_DIR": str(Path(work) / "cache")})
        if done.returncode != 0 and "No module named" in done.stderr:
            pytest.skip(f"the system python cannot import execir: {done.stderr[-200:]}")
        assert done.returncode == 0, done.stderr[-2000:]
        outcomes = json.loads(done.stdout.strip().splitlines()[-1])
        for lang in ("cpp", "javascript"):
            assert outcomes[lang][:2] == ["pass", "TIMEOUT"], outcomes
            assert outcomes[lang][2] == "pass", outcomes  # private /tmp: the canary is out of reach
        assert not canary.exists()
    finally:
        shutil.rmtree(work, ignore_errors=True)
