"""The dataset card (``README.md``) of a Hugging Face export (:mod:`execir.formats.hf`): YAML front
matter (license, tags, the ``configs`` that map config names to parquet files) and prose naming the
release, its version, its manifest's SHA-256, the build report's summary and its probe card.  The
text depends only on the source's files, so the same source gives the same bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.records import Benchmark

#: what each judge-side config holds, for the card's table
_ROLE = {"query-info": "execir: each query's task and groups (JSON metadata)",
         "document-info": "execir: each document's corpus, task and language (JSON metadata)",
         "tasks": "execir: the oracle (tests, entry point, language per task)",
         "exec-qrels": "execir: per query, the programs of its problem that pass (score 1)"}


def license_id(source: Path) -> str:
    """The Hugging Face license id of a source: ``mit`` for an MIT ``LICENSE`` file, ``other`` for
    another one, ``unknown`` without one."""
    path = source / "LICENSE"
    if not path.is_file():
        return "unknown"
    head = path.read_text(encoding="utf-8", errors="replace")[:400]
    return "mit" if "MIT License" in head else "other"


def _front_matter(bench: Benchmark, source: Path, configs: Sequence[tuple[str, str]]) -> list[str]:
    lines = ["---", f"license: {license_id(source)}", f"pretty_name: {json.dumps(bench.name)}",
             "task_categories:", "- text-retrieval", "tags:", "- code", "- code-retrieval", "- execir", "configs:"]
    for name, path in configs:
        lines += [f"- config_name: {name}", "  data_files:", "  - split: test", f"    path: {path}"]
    return lines + ["---", ""]


def _summary(report: Mapping[str, Any]) -> list[str]:
    """One line per top-level entry of a build report (not the probe card): a scalar as it is, an
    object by its scalar members, a list by its length."""
    lines = []
    for key in sorted(k for k in report if k != "probe_card"):
        value = report[key]
        if isinstance(value, dict):
            parts = [f"{k}={json.dumps(v)}" for k, v in sorted(value.items()) if not isinstance(v, (dict, list))]
            if parts:
                lines.append(f"- {key}: {', '.join(parts)}")
        elif isinstance(value, list):
            lines.append(f"- {key}: {len(value)} entries")
        else:
            lines.append(f"- {key}: {json.dumps(value)}")
    return lines


def _probe_table(card: Mapping[str, Any], path: Path) -> list[str]:
    """The probe card as a markdown table (``execir probe`` prints the same rows as text).

    Raises:
        DataError: a card without ``probes`` rows of numbers.
    """
    from execir.errors import DataError

    rows = card.get("probes")
    keys = ("exec@1", "ci_low", "ci_high", "chance", "lift", "n_families")
    if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("probe"), str) and
                                             all(isinstance(r.get(k), (int, float)) for k in keys) for r in rows):
        raise DataError(path, f"each probe row needs probe and {', '.join(keys)}", field="probe_card.probes")
    lines = [f"{card.get('n_families')} families from {card.get('n_queries')} queries; a probe never reads the "
             "query or the tests, so its exec@1 should sit at chance.", "",
             "| probe | exec@1 [95% CI] | chance | lift | families |", "|---|---|---|---|---|"]
    lines += [f"| {r['probe']} | {r['exec@1']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}] | {r['chance']:.3f} "
              f"| {r['lift']:+.3f} | {r['n_families']} |" for r in rows]
    return lines


def _report_lines(source: Path) -> list[str]:
    """The build report's summary and probe card, or a line saying there is none.

    Raises:
        DataError: a malformed build report.
    """
    from execir.formats.files import REPORT_FILE
    from execir.formats.files import read_json

    path = source / REPORT_FILE
    if not path.is_file():
        return ["The source has no build report (no probe card).", ""]
    report = read_json(path)
    report = report if isinstance(report, dict) else {}
    lines = ["## Build report summary", "", *_summary(report), ""]
    if isinstance(report.get("probe_card"), dict):
        lines += ["## Probe card", "", *_probe_table(report["probe_card"], path), ""]
    return lines


def card_text(bench: Benchmark, source: Path, configs: Sequence[tuple[str, str]],
              rows: Mapping[str, int]) -> str:
    """The card of an export of ``bench`` from the folder ``source``; ``configs`` are its
    ``(config, file)`` pairs in card order, ``rows`` each file's row count."""
    from execir._version import __version__
    from execir.formats.files import sha256_file

    version = bench.manifest.get("version")
    manifest = source / "manifest.json"
    lines = _front_matter(bench, source, configs)
    lines += [f"# {bench.name}" + (f" v{version}" if version else ""), "",
              f"An execution-grounded code-retrieval benchmark exported by execir {__version__} in the Hugging "
              "Face retrieval layout. Relevance is graded in the qrels (2 = passes the query's tests, 1 = a "
              "same-task hard negative); the corpus carries no label.", "",
              f"- release: {bench.name}, version {version or 'none'}",
              f"- manifest.json SHA-256: {sha256_file(manifest) if manifest.is_file() else 'none (no manifest)'}",
              f"- {len(bench.queries)} queries, {len(bench.corpus)} documents, "
              f"{sum(len(r) for r in bench.qrels.values())} judgements", "",
              "## Configs (split `test`)", "", "| config | file | rows | holds |", "|---|---|---|---|"]
    for name, path in configs:
        role = _ROLE.get(name, "retrieval (MTEB): " + name.rsplit("-", 1)[-1].replace("default", "qrels"))
        lines.append(f"| {name} | {path} | {rows[path]} | {role} |")
    lines += ["", "Read with `datasets.load_dataset(FOLDER, CONFIG, split=\"test\")`, MTEB 2.x's retrieval "
              "loader, or `execir run --dataset FOLDER`.", ""]
    return "\n".join(lines + _report_lines(source)).rstrip("\n") + "\n"
