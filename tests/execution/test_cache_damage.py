"""ExecutionCache on really damaged files: moved aside with one warning, a fresh cache goes on."""

from __future__ import annotations

import os
import random
import re
import sqlite3
import struct
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.errors import DataError
from execir.execution import ExecutionCache, SuiteResult, pair_key
from execir.execution.cache import ExecutionCacheWarning, _is_damage

from .conftest import FAST

SRC = str(Path(__file__).resolve().parents[2] / "src")
STAMP = r"damaged-\d{8}T\d{6}Z(-\d+)?"


def _key(i: int):
    return pair_key(f"def f():\n    return {i}\n", [f"assert f() == {i}", "assert True"], FAST)


def _result(i: int) -> SuiteResult:
    return SuiteResult(("pass", "FAIL:IndexError" if i % 2 else "pass"), (0.001 * i, 0.5))


def _filled(path: Path, n: int = 3000) -> Path:
    """A closed cache file of ``n`` rows (a few hundred KB: many pages)."""
    with ExecutionCache(path) as cache:
        cache.put_many([(_key(i), _result(i)) for i in range(n)])
    assert not Path(f"{path}-wal").exists()  # checkpointed on close: all rows are in the file
    return path


def _damage(path: Path, how: str, seed: int = 0) -> bytes:
    """Damage ``path`` in place; returns the damaged bytes."""
    size = path.stat().st_size
    if how == "truncate":
        os.truncate(path, size // 2)
    elif how == "overwrite":  # 8 KB of random bytes in the middle
        with path.open("r+b") as fh:
            fh.seek(size // 2 - 4096)
            fh.write(random.Random(seed).randbytes(8192))
    elif how == "garbage":  # the header too: "file is not a database"
        path.write_bytes(random.Random(seed).randbytes(size))
    else:
        raise AssertionError(how)
    return path.read_bytes()


def _cache_warnings(record) -> list[str]:
    return [str(w.message) for w in record if issubclass(w.category, ExecutionCacheWarning)]


def _open_recorded(path: Path) -> tuple[ExecutionCache, list[str]]:
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        cache = ExecutionCache(path)
    return cache, _cache_warnings(record)


def _moved_aside(folder: Path, name: str = "exec.sqlite3") -> list[Path]:
    return sorted(p for p in folder.iterdir() if re.fullmatch(re.escape(name) + r"\." + STAMP, p.name))


@pytest.mark.parametrize("how", ["truncate", "overwrite", "garbage"])
def test_damaged_file_is_moved_aside_and_a_fresh_cache_works(tmp_path, how):
    path = _filled(tmp_path / "exec.sqlite3")
    damaged = _damage(path, how)
    Path(f"{path}-wal").write_bytes(random.Random(1).randbytes(5000))  # a stale WAL beside it
    cache, said = _open_recorded(path)
    assert len(said) == 1 and "is damaged" in said[0] and "moved it to" in said[0]
    (aside,) = _moved_aside(tmp_path)
    assert aside.read_bytes() == damaged and str(aside) in said[0]
    assert Path(f"{aside}-wal").exists()          # its WAL went with it, not into the new file
    assert cache.stats()["rows"] == 0 and cache.get(_key(1)) is None
    cache.put_many([(_key(i), _result(i)) for i in range(50)])
    assert cache.get_many([_key(i) for i in range(50)]) == {_key(i): _result(i) for i in range(50)}
    cache.close()
    again, said = _open_recorded(path)              # the new file is sound: no warning, rows kept
    with again:
        assert said == [] and again.stats()["rows"] == 50 and again.get(_key(7)) == _result(7)
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_damage_only_quick_check_sees_is_caught_on_open(tmp_path):
    """A bogus freelist pointer: every SELECT still works, but the next writes could spread it."""
    path = _filled(tmp_path / "exec.sqlite3", n=500)
    with path.open("r+b") as fh:
        fh.seek(32)  # header: first freelist trunk page, number of freelist pages
        fh.write(struct.pack(">II", 999_999, 1))
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM outcomes").fetchone() == (500,)
    cache, said = _open_recorded(path)
    with cache:
        assert len(said) == 1 and "\n" not in said[0] and "freelist" in said[0]
        assert cache.stats()["rows"] == 0
    assert len(_moved_aside(tmp_path)) == 1


def test_zero_length_file_is_an_empty_cache(tmp_path):
    path = tmp_path / "exec.sqlite3"
    path.write_bytes(b"")
    cache, said = _open_recorded(path)
    with cache:
        assert said == [] and cache.stats()["rows"] == 0
        cache.put_many([(_key(1), _result(1))])
        assert cache.get(_key(1)) == _result(1)
    assert _moved_aside(tmp_path) == []


def test_a_directory_where_the_file_should_be_is_a_clear_error(tmp_path):
    (tmp_path / "exec.sqlite3").mkdir()
    with pytest.raises(DataError, match=r"exec\.sqlite3: is a directory"):
        ExecutionCache(tmp_path / "exec.sqlite3")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(DataError, match="cannot create the cache folder"):
        ExecutionCache(blocker / "sub" / "exec.sqlite3")


def test_clear_works_on_a_damaged_file(tmp_path):
    path = _filled(tmp_path / "exec.sqlite3")
    _damage(path, "overwrite", seed=3)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        with ExecutionCache(path) as cache:
            assert cache.clear() == 0
            cache.put_many([(_key(2), _result(2))])
            assert cache.get(_key(2)) == _result(2) and cache.clear() == 1
    assert len(_cache_warnings(record)) == 1 and len(_moved_aside(tmp_path)) == 1


def test_damage_found_after_open_is_recovered_on_the_next_call(tmp_path):
    path = _filled(tmp_path / "exec.sqlite3")
    cache, said = _open_recorded(path)
    assert said == []
    cache._conn.execute("PRAGMA cache_size=1")  # read the pages from disk, not from memory
    _damage(path, "overwrite", seed=5)
    with pytest.warns(ExecutionCacheWarning, match="is damaged.*moved it to"):
        assert cache.stats()["rows"] == 0
    cache.put_many([(_key(9), _result(9))])
    assert cache.get(_key(9)) == _result(9) and len(_moved_aside(tmp_path)) == 1
    cache.close()


def test_a_torn_row_is_damage_not_a_decode_traceback(tmp_path):
    """A payload torn inside a page passes quick_check; reading it must not raise."""
    path = _filled(tmp_path / "exec.sqlite3", n=10)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE outcomes SET outcomes = CAST(x'22ff70617373' AS TEXT) WHERE code_sha256 = ?",
                 (_key(3)[0],))
    conn.commit()
    conn.close()
    cache, said = _open_recorded(path)
    assert said == []
    assert cache.get(_key(4)) == _result(4)
    with pytest.warns(ExecutionCacheWarning, match="undecodable row"):
        assert cache.get_many([_key(4), _key(3)]) == {}
    cache.put_many([(_key(3), _result(3))])
    assert cache.get(_key(3)) == _result(3)
    cache.close()


def test_locked_or_missing_tables_are_not_damage(tmp_path):
    """Only SQLITE_CORRUPT / SQLITE_NOTADB move a file aside: a busy database never does."""
    path = _filled(tmp_path / "exec.sqlite3", n=5)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="locked") as busy:
        other.execute("BEGIN IMMEDIATE")
    holder.execute("ROLLBACK")
    with pytest.raises(sqlite3.OperationalError) as missing:
        other.execute("SELECT * FROM nowhere")
    assert not _is_damage(busy.value) and not _is_damage(missing.value)
    holder.close()
    other.close()
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"x" * 4096)
    with pytest.raises(sqlite3.DatabaseError) as notadb:
        sqlite3.connect(bad).execute("PRAGMA quick_check").fetchall()
    assert _is_damage(notadb.value)


def test_cli_cache_stats_and_clear_on_a_damaged_cache(tmp_path, monkeypatch):
    from execir.cli.commands import app

    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path))
    path = tmp_path / "exec.sqlite3"
    for command, expected in (("stats", "rows: 0 (0 all-pass)"), ("clear", "removed 0 rows")):
        _filled(path, n=2000)
        _damage(path, "truncate")
        res = CliRunner().invoke(app, ["cache", command])
        assert res.exit_code == 0, res.output
        assert res.exception is None and expected in res.output
        said = [line for line in res.output.splitlines() if line.startswith("execir: warning: ")]
        assert len(said) == 1 and str(path) in said[0] and "is damaged" in said[0]
    assert len(_moved_aside(tmp_path)) == 2


def test_cli_in_a_real_process_warns_once_and_never_prints_a_traceback(tmp_path):
    """The real command's stderr: one warning (no 44-line DatabaseError traceback), exit 0."""
    _damage(_filled(tmp_path / "exec.sqlite3", n=2000), "overwrite")
    env = {**os.environ, "EXECIR_CACHE_DIR": str(tmp_path), "PYTHONPATH": SRC}
    script = "from execir.cli.commands import app; app(prog_name='execir')"
    for command in ("stats", "clear"):
        proc = subprocess.run([sys.executable, "-c", script, "cache", command], env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
        if command == "stats":
            lines = proc.stderr.splitlines()  # exactly one line: execir's warning
            assert len(lines) == 1 and lines[0].startswith("execir: warning: ")
            assert "is damaged" in lines[0]
        else:  # the fresh file from `stats` is sound
            assert proc.stderr == "" and "removed 0 rows" in proc.stdout
    (tmp_path / "exec.sqlite3").unlink()
    (tmp_path / "exec.sqlite3").mkdir()
    proc = subprocess.run([sys.executable, "-c", script, "cache", "stats"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"execir: error: {tmp_path / 'exec.sqlite3'}: is a directory, not the execution cache's "
        "SQLite file; move it away or choose another cache folder"]


def test_a_row_altered_in_place_fails_its_checksum_and_is_executed_again(tmp_path):
    """Bytes changed inside a row's payload still decode (and pass SQLite's checks): the row's
    checksum catches it, the row is dropped with one warning, every other row is kept."""
    path = _filled(tmp_path / "exec.sqlite3", n=40)
    data = path.read_bytes()
    spot = data.index(b'"FAIL:IndexError"')
    path.write_bytes(data[:spot] + b'"pass"' + b" " * 11 + data[spot + 17:])  # same length
    cache, opened = _open_recorded(path)
    assert opened == []  # SQLite sees nothing wrong
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        found = cache.get_many([_key(i) for i in range(40)])
        again = cache.get_many([_key(i) for i in range(40)])
    messages = _cache_warnings(record)
    assert len(messages) == 1 and "1 row(s) failed their checksum" in messages[0], messages
    missing = [i for i in range(40) if _key(i) not in found]
    assert len(missing) == 1 and missing[0] % 2 == 1  # one failing row was turned into a pass
    assert all(found[_key(i)] == _result(i) for i in range(40) if i not in missing)
    assert set(again) == set(found) and cache.checksum_failures == 1
    cache.close()
    with ExecutionCache(path) as reopened:  # the row was deleted, the rest stays
        assert reopened.stats()["rows"] == 39


def test_a_cache_from_before_checksums_gains_them_and_keeps_its_rows(tmp_path):
    path = tmp_path / "exec.sqlite3"
    key, result = _key(7), _result(7)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE outcomes (code_sha256 TEXT NOT NULL, tests_sha256 TEXT NOT NULL, "
                     "runner TEXT NOT NULL, limits TEXT NOT NULL, outcomes TEXT NOT NULL, "
                     "durations TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (code_sha256, "
                     "tests_sha256, runner, limits)) WITHOUT ROWID")
        conn.execute("INSERT INTO outcomes VALUES (?, ?, ?, ?, ?, ?, 0)",
                     (*key, '["pass", "FAIL:IndexError"]', "[0.007, 0.5]"))
    conn.close()
    with ExecutionCache(path) as cache:
        assert cache.get(key) == result
        cache.put_many([(_key(8), _result(8))])
        assert cache.get(_key(8)) == _result(8) and cache.checksum_failures == 0
    with sqlite3.connect(path) as conn:
        sums = dict(conn.execute("SELECT code_sha256, checksum FROM outcomes"))
    conn.close()
    from execir.execution.cache import row_checksum

    assert sums[key[0]] == row_checksum(key, '["pass", "FAIL:IndexError"]', "[0.007, 0.5]")


HOLDER = """
import sys
from execir.execution import ExecutionCache
cache = ExecutionCache(sys.argv[1])
print("open", flush=True)
sys.stdin.read()
cache.close()
"""


def test_a_damaged_cache_open_in_another_process_is_left_in_place_until_it_is_alone(tmp_path):
    """Moving the file aside while another process holds it open would let that process's last
    close delete the fresh file's ``-wal`` by name (SQLite does): so it waits, cacheless."""
    path = _filled(tmp_path / "exec.sqlite3")
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=SRC))
    try:
        assert holder.stdout.readline().strip() == "open"
        _damage(path, "overwrite")
        cache, opened = _open_recorded(path)
        assert len(opened) == 1 and "open in another execir process: left in place" in opened[0]
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            assert cache.get_many([_key(1), _key(2)]) == {}
            cache.put_many([(_key(1), _result(1))])  # not stored: nothing is written to it
        assert _cache_warnings(record) == []  # said once
        assert _moved_aside(tmp_path) == [] and path.exists()
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        assert cache.get(_key(1)) is None  # alone now: moved aside, a fresh cache
        cache.put_many([(_key(1), _result(1))])
        assert cache.get(_key(1)) == _result(1)
    messages = _cache_warnings(record)
    assert len(messages) == 1 and "moved it to" in messages[0], messages
    assert len(_moved_aside(tmp_path)) == 1
    cache.close()


def test_two_cache_objects_of_one_process_count_as_two_holders(tmp_path):
    path = _filled(tmp_path / "exec.sqlite3", n=200)
    first = ExecutionCache(path)
    _damage(path, "overwrite")
    second, opened = _open_recorded(path)
    assert len(opened) == 1 and "left in place" in opened[0] and path.exists()
    first.close()
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        second.put_many([(_key(3), _result(3))])
    assert "moved it to" in _cache_warnings(record)[0]
    assert second.get(_key(3)) == _result(3)
    second.close()


def _meets_damage_once():
    """An operation that fails as a read of a damaged page does (once), then reads nothing."""
    calls = []

    def op(conn):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return {}

    return op


def test_a_holder_that_finds_the_damage_stops_holding_so_the_last_one_recovers(tmp_path):
    """The first object to meet the damage cannot move the file (another holds it) and lets
    go; the other, meeting it next, is alone and moves it aside; the first then joins the fresh
    file.  (Each object's page cache still holds the pages SQLite checked on open, so the
    damage is met through an operation that fails as a damaged read does.)"""
    path = _filled(tmp_path / "exec.sqlite3")
    first, second = ExecutionCache(path), ExecutionCache(path)
    _damage(path, "overwrite")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        assert first._guarded(_meets_damage_once(), dict) == {}  # left in place; first lets go
        assert _moved_aside(tmp_path) == []
        assert second._guarded(_meets_damage_once(), dict) == {}  # alone now: moved aside
        assert len(_moved_aside(tmp_path)) == 1
        first.put_many([(_key(5), _result(5))])  # back, on the fresh file
    messages = _cache_warnings(record)
    assert "left in place" in messages[0] and "moved it to" in messages[1], messages
    assert "moved aside by another process" in messages[2], messages
    assert second.get(_key(5)) == _result(5) and second.stats()["rows"] == 1
    first.close()
    second.close()
