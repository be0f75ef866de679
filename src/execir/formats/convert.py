"""An execir release seen as a CoREB text-to-code benchmark (for CoREB-format export).

Each execir query becomes a ``t2c_full_retro_<language>`` query with a CoREB id
(``q_t2c_full_retro_python_0001`` ... in the release's query order; the execir id is kept in
``meta.execir_query_id``); each snippet becomes a code-corpus entry whose ``meta.passed`` is true
for the canonicals (which pass their task's tests) and false for the verified mutants; the graded
qrels are kept as they are (2 canonical, 1 same-task mutant).  The text corpus is empty.
"""

from __future__ import annotations

from execir.formats.coreb_names import coreb_folder_query_id, subtask_name
from execir.records import CODE, KIND_CANONICAL, Benchmark, Query, Snippet


def release_as_multitask(bench: Benchmark) -> Benchmark:
    """``bench`` as a one-task (t2c) :class:`Benchmark` with CoREB query ids.

    Raises:
        KeyError: a query's task is not in ``bench.tasks``.
    """
    queries: dict[str, Query] = {}
    renamed: dict[str, str] = {}
    for i, q in enumerate(bench.queries.values(), start=1):
        language = bench.tasks[q.task_id].language
        qid = coreb_folder_query_id("t2c", "full_retro", language, i)
        renamed[q.query_id] = qid
        queries[qid] = Query(query_id=qid, text=q.text, direction="t2c",
                               subtask=subtask_name("t2c", "full_retro", language), variant="full_retro",
                               language=language, task_id=q.task_id,
                               meta={"query_type": "language_specific", "sub_query_type": "full_description",
                                     "meta.execir_query_id": q.query_id})
    docs = {s.snippet_id: Snippet(snippet_id=s.snippet_id, code=s.code, modality=CODE, task_id=s.task_id,
                              language=s.language, passed=s.kind == KIND_CANONICAL,
                              kind="solution" if s.kind == KIND_CANONICAL else "mutant",
                              meta={"meta.mutation": dict(s.mutation)} if s.mutation else {})
            for s in bench.corpus.values()}
    qrels = {renamed[q]: dict(row) for q, row in bench.qrels.items() if q in renamed}
    return Benchmark(name=bench.name, queries=queries, corpus=docs, qrels=qrels,
                              manifest={"source_release": bench.name,
                                        "source_version": bench.manifest.get("version")})
