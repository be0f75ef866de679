"""No command removes or overwrites a folder that a command of another kind wrote (or the cache
root): `--out` of another kind is refused with one line and exit code 2, before any work, and
every byte in the folder stays as it was."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from execir.errors import UsageError
from execir.formats.publish import check_out_kind, folder_kind

FIXTURE = Path(__file__).resolve().parent / "data" / "e2e" / "tasks.jsonl"
EXECIR = [sys.executable, "-m", "execir.cli.commands"]


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run(EXECIR + list(args), capture_output=True, text=True, env=env, timeout=600)


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("kinds")
    cache = root / "cache"
    rel, res, exp = root / "rel", root / "res", root / "exp"
    for args in (["build", "tasks", "--path", str(FIXTURE), "--out", str(rel), "--quiet", "--workers", "1"],
                 ["evaluate", str(rel), "--systems", "bm25", "--out", str(res), "--quiet", "--workers", "1"],
                 ["export", str(rel), "--format", "beir", "--out", str(exp)]):
        done = _cli(args, cache)
        assert done.returncode == 0, done.stderr
    return {"release": rel, "results": res, "export": exp, "cache": cache}


def test_each_folder_is_recognised_by_its_kind(folders):
    for kind, folder in folders.items():
        assert folder_kind(folder, cache_dir=folders["cache"]) == kind


# (command, the kind it writes): every other kind of folder is refused
COMMANDS = {
    "build": lambda out: ["build", "tasks", "--path", str(FIXTURE), "--out", str(out), "--quiet"],
    "run": lambda out: ["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25",
                        "--out", str(out), "--quiet"],
    "evaluate": lambda out: ["evaluate", "{rel}", "--systems", "bm25", "--out", str(out), "--quiet"],
    "export": lambda out: ["export", "{rel}", "--format", "coreb", "--out", str(out)],
}
WRITES = {"build": "release", "run": "results", "evaluate": "results", "export": "export"}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("target", ["release", "results", "export", "cache"])
def test_out_of_another_kind_is_refused_and_left_untouched(folders, command, target):
    if WRITES[command] == target:
        pytest.skip("same kind: rewriting it is the normal case (tested elsewhere)")
    out = folders[target]
    before = _tree(out)
    args = [a.replace("{rel}", str(folders["release"])) for a in COMMANDS[command](out)]
    done = _cli(args, folders["cache"])
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("execir: error: --out "), done.stderr
    assert "holds" in lines[0] and "nothing was changed" in lines[0]
    assert "Traceback" not in done.stderr
    assert _tree(out) == before


def test_a_folder_execir_did_not_write_is_accepted(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my own file\n")
    assert folder_kind(mine) is None
    check_out_kind(mine, "results")  # no error: execir's files go beside the user's


def test_the_cache_root_itself_is_refused(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    with pytest.raises(UsageError, match="holds the cache root"):
        check_out_kind(cache, "release", cache_dir=cache)


def test_a_trained_reranker_folder_is_not_a_results_folder(tmp_path):
    model = tmp_path / "model"
    model.mkdir()
    (model / "execir_card.json").write_text("{}\n")
    assert folder_kind(model) == "reranker"
    with pytest.raises(UsageError, match="holds a trained model"):
        check_out_kind(model, "results")


def test_the_same_kind_of_files_without_a_record_is_refused(folders, tmp_path):
    """A BEIR folder execir did not write (no outputs.json) is not overwritten by `export`."""
    import shutil

    mine = tmp_path / "my-beir"
    shutil.copytree(folders["export"], mine)
    (mine / "outputs.json").unlink()
    before = _tree(mine)
    done = _cli(["export", "humaneval", "--format", "beir", "--out", str(mine)], folders["cache"])
    assert done.returncode == 2 and "that execir did not write" in done.stderr, done.stderr
    assert _tree(mine) == before
