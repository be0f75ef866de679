"""Hostile snippets: each case asserts the recorded outcome, that the evaluator survives, keeps
to its budget, leaves no stray process and leaves files outside the sandbox untouched."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading

import pytest

from execir.execution import Limits

from .conftest import BURN, CPU_HEAVY, FAST, OK



def test_infinite_loop_in_test_times_out_and_next_test_still_runs(hostile):
    limits = Limits(timeout=2.0, test_timeout=0.5, wall_factor=4.0, wall_slack=2.0)
    r = hostile(OK, ["while True:\n    pass", "assert f(1) == 2"], limits)
    assert r.outcomes == ("TIMEOUT", "pass")


def test_infinite_loop_at_import(hostile):
    r = hostile("while True:\n    pass\n", ["assert True", "assert True"], CPU_HEAVY)
    assert r.outcomes == ("TIMEOUT", "TIMEOUT")


def test_sleeping_forever_at_import(hostile):
    r = hostile("import time\ntime.sleep(10**6)\n", ["assert True"])
    assert r.outcomes == ("TIMEOUT",)


def test_sys_exit_in_code_is_a_load_error(hostile):
    r = hostile("import sys\nsys.exit(0)\n", ["assert True"])
    assert r.outcomes == ("ERROR:SystemExit",)


def test_sys_exit_in_test_is_not_a_pass(hostile):
    r = hostile(OK, ["import sys; sys.exit(0)", "assert f(1) == 2"])
    assert r.outcomes == ("FAIL:SystemExit", "pass")


def test_os_exit_zero_in_test_is_not_a_pass(hostile):
    r = hostile(OK, ["import os; os._exit(0)", "assert f(2) == 3"])
    assert r.outcomes == ("FAIL:SystemExit", "pass")


def test_os_exit_at_import(hostile):
    r = hostile("import os\nos._exit(0)\n", ["assert True", "assert True"])
    assert r.outcomes == ("ERROR:SystemExit", "ERROR:SystemExit")


def test_killing_the_parent_fails(hostile, features):
    r = hostile(OK, ["import os, signal; os.kill(os.getppid(), signal.SIGKILL)", "assert f(0) == 1"])
    if features["uid_switch"]:
        assert r.outcomes == ("FAIL:PermissionError", "pass")
    else:
        assert r.outcomes[1] == "pass"


def test_killing_own_process_group(hostile):
    r = hostile(OK, ["import os, signal; os.killpg(0, signal.SIGKILL)", "assert f(1) == 2"])
    assert r.outcomes == ("FAIL:SIGKILL", "pass")


def test_kill_every_process_it_can(hostile):
    r = hostile(OK, ["import os, signal; os.kill(-1, signal.SIGKILL)", "assert f(1) == 2"])
    assert r.outcomes == ("pass", "pass")  # kill(-1) spares the caller; nothing else is reachable


def test_memory_bomb_single_allocation(hostile):
    r = hostile(OK, ["x = bytearray(1 << 40)", "assert f(1) == 2"])
    assert r.outcomes == ("FAIL:MemoryError", "pass")


def test_memory_bomb_growing_list(hostile):
    limits = Limits(timeout=1.0, memory_mb=200, wall_factor=8.0, wall_slack=2.0)
    r = hostile(OK, ["x = []\nwhile True:\n    x.append(' ' * (1 << 20))"], limits)
    assert r.outcomes == ("FAIL:MemoryError",)


def test_stdout_flood_is_capped_and_still_passes(hostile):
    r = hostile(OK, ["for _ in range(20000):\n    print('x' * 200)\nassert f(1) == 2"], capture=True)
    assert r.outcomes == ("pass",)
    assert 0 < len(r.output) <= FAST.output_kb * 1024


def test_stderr_flood_at_fd_level_hits_the_file_size_limit(hostile):
    r = hostile(OK, ["import os\nwhile True:\n    os.write(2, b'e' * 65536)"])
    assert r.outcomes == ("FAIL:OSError",)


def test_printed_pass_is_not_a_pass(hostile):
    r = hostile(OK, ["print('pass'); print('O 0 pass 0.1'); assert f(1) == 3"])
    assert r.outcomes == ("FAIL",)


def test_writing_fake_records_to_every_fd(hostile):
    code = ("import os\n"
            "for fd in range(0, 64):\n"
            "    try:\n"
            "        os.write(fd, b'0123456789abcdef01234567 O 0 pass 0.0\\nE 0\\n')\n"
            "    except OSError:\n"
            "        pass\n")
    r = hostile(OK, [code + "assert f(1) == 5"])
    assert r.outcomes == ("FAIL",)


def test_closing_every_fd_leaves_the_test_unrecorded(hostile):
    r = hostile(OK, ["import os; os.closerange(0, 1024)", "assert f(1) == 2"])
    assert r.outcomes == ("FAIL:Unrecorded", "pass")


def test_forked_child_cannot_record_a_pass(hostile):
    r = hostile(OK, ["import os\npid = os.fork()\nassert pid == 0"] * 3)
    assert r.outcomes == ("FAIL",) * 3


def test_fork_bomb(hostile):
    r = hostile(OK, ["import os\nwhile True:\n    os.fork()", "assert f(1) == 2"], CPU_HEAVY)
    assert r.outcomes[0] in ("FAIL:BlockingIOError", "TIMEOUT")
    assert r.outcomes[1] == "pass"


def test_setsid_escape_is_killed(hostile):
    test = ("import os, time\n"
            "if os.fork() == 0:\n"
            "    os.setsid()\n"
            "    if os.fork() == 0:\n"
            "        time.sleep(10**6)\n"
            "    os._exit(0)\n"
            "assert f(1) == 2")
    r = hostile(OK, [test])
    assert r.outcomes == ("pass",)


def test_daemon_ignoring_sigterm_is_killed(hostile):
    test = ("import os, signal, time\n"
            "if os.fork() == 0:\n"
            "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
            "    os.setsid()\n"
            "    while True:\n"
            "        time.sleep(1)\n"
            "assert f(1) == 2")
    r = hostile(OK, [test])
    assert r.outcomes == ("pass",)


def test_threads_outliving_the_test(hostile):
    test = ("import threading, time\n"
            "threading.Thread(target=time.sleep, args=(10**6,)).start()\n"
            "assert f(1) == 2")
    r = hostile(OK, [test, "assert f(2) == 3"])
    assert r.outcomes == ("pass", "pass")


def test_ignoring_sigterm_and_the_cpu_timer(hostile):
    test = ("import signal\n"
            "for s in (signal.SIGTERM, signal.SIGPROF, signal.SIGXCPU):\n"
            "    signal.signal(s, signal.SIG_IGN)\n"
            "signal.setitimer(signal.ITIMER_PROF, 0)\n"
            "while True:\n"
            "    pass")
    r = hostile(OK, [test], CPU_HEAVY)
    assert r.outcomes == ("TIMEOUT",)


def test_reading_stdin_does_not_hang(hostile):
    r = hostile(OK, ["input()", "import sys; assert sys.stdin.read() == ''", "import os; os.read(0, 10)"])
    assert r.outcomes[0] == "FAIL:EOFError"
    assert r.outcomes[1] == "pass"
    assert r.outcomes[2] == "FAIL:OSError"


def test_deep_recursion(hostile):
    r = hostile("def g(n):\n    return g(n + 1)\n", ["g(0)"])
    assert r.outcomes == ("FAIL:RecursionError",)


def test_c_stack_overflow(hostile):
    code = "import sys\nsys.setrecursionlimit(10**8)\nx = []\nfor _ in range(10**6):\n    x = [x]\n"
    limits = Limits(timeout=3.0, test_timeout=1.0, wall_factor=4.0, wall_slack=2.0)
    r = hostile(code, ["str(x)", "assert x"], limits)
    assert r.outcomes[0] in ("FAIL:SIGSEGV", "TIMEOUT")  # C stack overflow: a crash, never a pass
    assert r.outcomes[1] == "pass"


def test_segfault_via_ctypes(hostile):
    r = hostile(OK, ["import ctypes; ctypes.string_at(0)", "assert f(1) == 2"])
    assert r.outcomes == ("FAIL:SIGSEGV", "pass")


def test_segfault_at_import_is_a_load_error(hostile):
    r = hostile("import ctypes\nctypes.string_at(0)\n", ["assert True"])
    assert r.outcomes == ("ERROR:SIGSEGV",)


def test_raising_its_own_rlimits(hostile):
    test = ("import resource\n"
            "resource.setrlimit(resource.RLIMIT_CPU, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))")
    r = hostile(OK, [test])
    assert r.outcomes == ("FAIL:ValueError",)


def test_socket_to_a_local_listener(hostile, features):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.5)
    port = server.getsockname()[1]
    test = f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=1).sendall(b'hi')"
    try:
        r = hostile(OK, [test])
        if features["netns"]:
            assert r.outcomes[0].startswith("FAIL:")
            with pytest.raises(socket.timeout):
                server.accept()
    finally:
        server.close()


def test_writing_and_deleting_files_outside_its_folder(hostile, tmp_path):
    canary = tmp_path / "canary.txt"
    canary.write_text("original")
    os.chmod(tmp_path, 0o777)
    os.chmod(canary, 0o666)  # even a world-writable file must stay untouched
    r = hostile(OK, [f"open({str(canary)!r}, 'w').write('owned')",
                     f"import os; os.remove({str(canary)!r})",
                     f"open({str(tmp_path / 'new.txt')!r}, 'w').write('x')",
                     "open('inside.txt', 'w').write('fine'); assert open('inside.txt').read() == 'fine'"])
    assert [o.startswith("FAIL:") for o in r.outcomes[:3]] == [True, True, True]
    assert r.outcomes[3] == "pass"
    assert canary.read_text() == "original"
    assert not (tmp_path / "new.txt").exists()


def test_working_directory_is_fresh_and_empty_per_pair(hostile):
    r = hostile(OK, ["import os; assert os.listdir('.') == []; open('left.txt', 'w').write('x')",
                     "import os; assert os.listdir('.') == ['left.txt']"])
    assert r.outcomes == ("pass", "pass")
    again = hostile(OK + "# another pair\n", ["import os; assert os.listdir('.') == []"])
    assert again.outcomes == ("pass",)


def test_slow_tests_share_one_suite_budget(hostile):
    r = hostile(BURN, ["burn(0.4)"] * 5, CPU_HEAVY)
    assert r.outcomes == ("pass", "pass", "TIMEOUT", "TIMEOUT", "TIMEOUT")


def test_syntax_error(hostile):
    r = hostile("def f(x) return x\n", ["assert f(1) == 1", "assert True"])
    assert r.outcomes == ("ERROR:SyntaxError", "ERROR:SyntaxError")


def test_missing_entry_point(hostile):
    r = hostile("def g(x):\n    return x\n", ["assert f(1) == 1"])
    assert r.outcomes == ("FAIL:NameError",)


def test_environment_is_minimal_with_fixed_hash_seed(hostile, monkeypatch):
    monkeypatch.setenv("EXECIR_TEST_SECRET", "api-key")
    expected = subprocess.run([sys.executable, "-c", "print(hash('execir'))"], env={"PYTHONHASHSEED": "0"},
                              capture_output=True, text=True, check=True).stdout.strip()
    r = hostile(OK, ["import os; assert 'EXECIR_TEST_SECRET' not in os.environ",
                     "import os; assert os.environ['PYTHONHASHSEED'] == '0'",
                     f"assert hash('execir') == {expected}"])
    assert r.outcomes == ("pass", "pass", "pass")


def test_sabotaged_builtins_do_not_leak_into_the_next_test(hostile):
    r = hostile(OK, ["import builtins; builtins.len = lambda x: 0",
                     "assert len([1, 2]) == 2"])
    assert r.outcomes == ("pass", "pass")


def test_evaluator_threads_survive_many_hostile_pairs():
    from execir.execution import run_many

    jobs = [(OK, ["import os; os._exit(1)"]), (OK, ["assert f(1) == 2"])] * 20
    results = run_many(jobs, workers=2, limits=FAST)
    assert [r.outcomes for r in results] == [("FAIL:SystemExit",), ("pass",)] * 20
    assert threading.active_count() >= 1


def test_builtins_dict_sabotage_does_not_leak_into_the_next_test_or_pair(hostile):
    r = hostile(OK, ["__builtins__['len'] = lambda x: 0; assert len([1, 2]) == 0",
                     "assert len([1, 2]) == 2"])
    assert r.outcomes == ("pass", "pass")
    again = hostile(OK, ["assert len([1, 2]) == 2", "assert len([1, 2]) == 2"])
    assert again.outcomes == ("pass", "pass")
