"""The ``TaskMetadata`` of an execir MTEB task: what it says and where each value comes from.

* ``name``: :func:`task_name`; ``type`` ``Retrieval``, category ``t2t`` (MTEB
  counts code as text), ``domains`` ``["Programming"]``, subtype ``Code retrieval``.
* ``dataset``: ``{"path": "execir:<source>", "revision": <release version>}`` (no version: the
  benchmark's content fingerprint, ``sha256:`` and 16 hex digits).
* ``eval_langs``: ``eng-Latn`` for descriptions, ``<language>-Code`` for each program language.
* ``license``: the manifest's ``license``, else a ``LICENSE`` file's title (MIT, Apache), else
  ``not specified``.
* ``main_score``: ``ndcg_at_10``; ``annotations_creators``: ``derived`` (relevance is decided by
  running the tests); ``description``: counts, the relevance rule, and the probe card's worst
  lift (``build_report.json``), or that the source has no card.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from execir.records import TEXT

ENGLISH = "eng-Latn"
MAIN_SCORE = "ndcg_at_10"
SPLIT = "test"
#: execir's language names -> MTEB's ``<language>-Code`` codes
MTEB_LANGUAGE = {"python": "python", "cpp": "c++", "java": "java", "go": "go", "ruby": "ruby",
                 "javascript": "javascript", "rust": "rust"}
#: a ``LICENSE`` file whose first line starts with one of these is that license
_LICENSE_TITLES = {"the mit license": "mit", "mit license": "mit", "apache license": "apache-2.0"}


def task_metadata(data: Any) -> Any:
    """The ``mteb.TaskMetadata`` of ``data`` (see the module docstring).

    Raises:
        DataError: a build report whose probe card is malformed.
    """
    from mteb.abstasks.task_metadata import TaskMetadata

    return TaskMetadata(
        name=task_name(data), description=description(data),
        dataset={"path": f"execir:{data.source}", "revision": revision(data)},
        type="Retrieval", category="t2t", modalities=["text"], eval_splits=[SPLIT],
        eval_langs=eval_langs(data), main_score=MAIN_SCORE, domains=["Programming"],
        task_subtypes=["Code retrieval"], license=license_of(data), annotations_creators="derived",
        reference=None, bibtex_citation="")


def revision(data: Any) -> str:
    """The release version (``"2"``), else ``sha256:`` + 16 hex digits of the content fingerprint."""
    version = data.manifest.get("version")
    return str(version) if version else "sha256:" + data.benchmark.fingerprint()[:16]


def eval_langs(data: Any) -> list[str]:
    """MTEB language codes of the task's queries and documents: ``eng-Latn`` for descriptions
    (a text query, the text corpus), ``<language>-Code`` for programs in a language MTEB knows."""
    bench = data.benchmark
    docs = [bench.corpus[d] for d in data.documents]
    langs: set[str] = set()
    for q in bench.queries.values():
        if q.direction in ("c2t", "c2c"):
            langs.add(q.anchor_language or "")
        else:
            langs.add(TEXT)
    langs |= {TEXT if d.modality == TEXT else (d.language or "") for d in docs}
    codes = {ENGLISH if lang == TEXT else f"{MTEB_LANGUAGE[lang]}-Code" for lang in langs
             if lang == TEXT or lang in MTEB_LANGUAGE}
    return sorted(codes) or [ENGLISH]


def license_of(data: Any) -> str:
    """The manifest's ``license``; else what a ``LICENSE`` file's first line names; else
    ``not specified``."""
    stated = data.manifest.get("license")
    if isinstance(stated, str) and stated.strip():
        return stated.strip().lower()
    path = Path(data.folder) / "LICENSE"
    if path.is_file():
        first = path.read_text(encoding="utf-8", errors="replace").strip().splitlines()[:1]
        title = first[0].strip().lower() if first else ""
        for words, name in _LICENSE_TITLES.items():
            if title.startswith(words):
                return name
    return "not specified"


def description(data: Any) -> str:
    """One paragraph: what is ranked, what counts as relevant, exec@k, and the probe card."""
    from execir.datasets.shipped import worst_probe
    from execir.report.card import release_card

    bench = data.benchmark
    version = data.manifest.get("version")
    what = f"{bench.name}" + (f" v{version}" if version else "") + (f", subtask {data.subtask}" if data.subtask else "")
    kind = "programs" if data.code else "descriptions"
    text = (f"execir benchmark {what}: {len(data.query_ids):,} queries rank {len(data.documents):,} {kind}, "
            "single-edit buggy variants beside correct ones. Relevant = passes the query's tests (qrels level 2); "
            "ndcg_at_10 counts only those.")
    if data.code:
        text += (" exec_at_1/3/5/10: share of queries with a passing program in the top k, judged by execution "
                 "(recorded labels, else execir's sandboxed oracle).")
    worst = worst_probe(release_card(Path(data.folder)))
    if worst is None:
        return text + " Probe card: none in this source (no build_report.json card)."
    return text + (f" Probe card: the worst construction probe, {worst['probe']}, lifts exec@1 by "
                   f"{worst['lift']:+.3f} over chance {worst['chance']:.3f} ({worst['families']} families).")



def task_name(data: Any) -> str:
    """``execir-<name>-v<version>[-<subtask>]`` (file-name safe: MTEB names result files after it)."""
    version = data.manifest.get("version")
    base = re.sub(r"[^A-Za-z0-9_.-]+", "_", data.benchmark.name or Path(data.folder).name).strip("._")
    name = f"execir-{base}" + (f"-v{version}" if version else "")
    return f"{name}-{data.subtask}" if data.subtask else name
