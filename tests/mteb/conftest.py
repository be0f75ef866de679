"""A two-task release on disk for the MTEB tests: each task has its canonical (level 2) and one
single-edit distractor (level 1) that fails its tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from execir.formats.files import write_release
from execir.records import Query, Snippet, Task, query_id_for, snippet_id_for

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

#: task id -> (query, entry point, canonical, distractor, tests)
TASKS = {
    "inc": ("Add one to x.", "inc", "def inc(x):\n    return x + 1\n", "def inc(x):\n    return x - 1\n",
            ("assert inc(1) == 2", "assert inc(0) == 1")),
    "dbl": ("Double x.", "dbl", "def dbl(x):\n    return x * 2\n", "def dbl(x):\n    return x + 2\n",
            ("assert dbl(2) == 4", "assert dbl(3) == 6")),
}


def ids(task_id: str) -> tuple[str, str, str]:
    """``(query id, canonical id, distractor id)`` of a task of :data:`TASKS`."""
    _, _, canonical, distractor, _ = TASKS[task_id]
    return query_id_for(task_id), snippet_id_for(task_id, canonical), snippet_id_for(task_id, distractor)


@pytest.fixture
def two_tasks(tmp_path: Path) -> tuple[Path, dict[str, tuple[str, str, str]]]:
    """The release folder (name ``two-tasks``, version ``1``, license ``MIT``) and, per task id,
    its ``(query id, canonical id, distractor id)``."""
    queries, corpus, qrels, tasks = [], [], {}, []
    for tid, (text, entry, canonical, distractor, tests) in TASKS.items():
        qid, cid, did = ids(tid)
        tasks.append(Task(task_id=tid, query=text, entry_point=entry, canonical=canonical, tests=tests))
        queries.append(Query(query_id=qid, text=text, task_id=tid))
        corpus += [Snippet(cid, canonical, tid, "canonical"), Snippet(did, distractor, tid, "distractor")]
        qrels[qid] = {cid: 2, did: 1}
    folder = tmp_path / "two-tasks"
    write_release(folder, name="two-tasks", queries=queries, corpus=corpus, qrels=qrels, tasks=tasks,
                  manifest_extra={"version": "1", "license": "MIT"})
    return folder, {tid: ids(tid) for tid in TASKS}
