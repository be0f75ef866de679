"""``execir build execir-poly`` and ``execir build --from-problems DIR``: the multitask release
(:mod:`execir.construction.multitask`, with an LLM :mod:`execir.generate.problems`), staged,
probe-gated and summarised in a few lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import typer

from execir.errors import UsageError


def build_multitask(out: Path, *, dataset: str, oracle: Any, clients: Sequence[Any], path: Optional[Path],
                    partial: bool, seed: int, samples: int, distractors: str, rewrite: bool,
                    price: tuple[float, float] | None, functions_out: Optional[Path],
                    families: Optional[str], probe_gate: Optional[bool], probe_margin: float,
                    cache_dir: Optional[Path], quiet: bool, log: Callable[[str], None]) -> None:
    """Build, gate and publish the multitask release into ``out``; print its summary.  With
    ``functions_out``, then build the ExecRetrieval-format release of the problems' function
    versions (``function_tasks.jsonl`` of ``out``) there, as ``execir build tasks`` does.

    ``dataset`` (``execir-poly`` or ``execir-poly@VERSION``) picks the family design when
    ``families`` is None (its shipped version's: v2, ``star``); a build that reproduces a shipped
    version (packaged problems, default seed, limits and distractors) gets its version number.
    A ``centred`` build (:mod:`execir.construction.poly_centred`) also writes
    ``build_report.json``: the design's counts and the probe card.

    Raises:
        UsageError: a bad option combination, an endpoint failure, the integrity or probe gate.
        DataError: a malformed problem folder.
    """
    from execir.construction.families import CENTRED, STAR
    from execir.construction.multitask import DEFAULT_KEEP, build_poly
    from execir.construction import REPORT_FILE
    from execir.datasets.shipped import family_design, gate_by_default
    from execir.formats.files import write_json
    from execir.formats.publish import staged_results
    from execir.construction.gate import gate_release, note_gate_off
    from execir.progress import command_display

    llm_built = bool(clients) or partial
    families = families or (STAR if llm_built else family_design(dataset))
    if llm_built and families != STAR:
        raise UsageError(f"--families {families}: a build with --llm or --from-problems makes star families "
                         "(its programs' families are not centred yet); pass --families star")
    if rewrite and not clients:
        raise UsageError("--rewrite needs an endpoint that writes the rewrites: --llm URL?model=NAME")
    settings = {"seed": seed, "distractors": distractors, "families": families}
    with command_display(quiet=quiet), staged_results(out, kind="release", log=log, cache_dir=cache_dir) as stage:
        if not llm_built:
            manifest = build_poly(stage, oracle=oracle, seed=seed, root=path, families=families,
                                  version=_version(dataset, path, settings, oracle))
        else:
            from execir.generate.problems import build_with_llm

            manifest = build_with_llm(stage, oracle=oracle, llms=clients, root=path, samples=samples, seed=seed,
                                      keep=0 if distractors == "llm" else DEFAULT_KEEP,
                                      solutions=distractors != "mutation", rewrite=rewrite, partial=partial,
                                      price=price, functions=functions_out is not None)
        by_default = gate_by_default(dataset, path, settings)
        card = _card(stage, seed) if families == CENTRED else None
        if families == CENTRED:
            write_json(stage / REPORT_FILE, {"design": manifest["build"].get("design", {}), "probe_card": card})
        if by_default if probe_gate is None else probe_gate:
            hint = ("star families are one edit from a canonical that is first in its file: build with --families "
                    "centred, or --no-probe-gate to publish it anyway" if families == STAR
                    else "--no-probe-gate publishes it anyway") + ", recorded in its manifest"
            gate_release(stage, margin=probe_margin, seed=seed, log=log, card=card, hint=hint)
        elif by_default:
            note_gate_off(stage, log=log)
    c = manifest["counts"]
    typer.echo(f"{out}: {c['problems']} problems, {c['queries']} queries {c['queries_per_task']}, "
               f"{c['code_corpus']} programs ({c['mutants']} failing: verified mutants or failing LLM programs), "
               f"{c['text_corpus']} texts")
    for line in rejection_lines(manifest["build"]["rejections"]):
        typer.echo(line)
    if manifest.get("generation", {}).get("steps"):
        typer.echo(_llm_line(manifest["generation"]["steps"], clients))
    if functions_out is not None:
        from execir.generate.problems import FUNCTION_TASKS
        from execir.workflow.pipeline import build_dataset

        with command_display(quiet=quiet):
            report = build_dataset("tasks", out / FUNCTION_TASKS, functions_out, oracle=oracle, seed=seed, log=log,
                                   probe_gate=probe_gate, probe_margin=probe_margin)
        t = report["tasks"]
        typer.echo(f"{functions_out}: {t['released']}/{t['input']} function tasks released, "
                   f"{report['planted']['total']} distractors")


def rejection_lines(rejections: list[str], *, per_kind: int = 5) -> list[str]:
    """What the build prints of its rejections (``manifest.json`` keeps every one): each line of
    a kind with at most ``per_kind`` lines, and one count line for a larger kind (the family
    filter removes hundreds).  A line's kind is what follows ``"<problem> [<language>]: "`` (or
    ``"<problem>: "``) up to the next colon (``family filter``, ``dropped``)."""
    kinds: dict[str, list[str]] = {}
    for line in rejections:
        _, sep, rest = line.partition("]: ")
        rest = rest if sep else line.partition(": ")[2]
        kinds.setdefault(rest.split(":", 1)[0], []).append(line)
    out = []
    for kind, lines in kinds.items():
        if len(lines) > per_kind:
            out.append(f"{len(lines)} rejected ({kind}), the first: {lines[0]} "
                       "(every one in manifest.json, build.rejections)")
        else:
            out += lines
    return out


def _version(dataset: str, path: Optional[Path], settings: dict[str, Any], oracle: Any) -> Optional[str]:
    """The shipped version this build reproduces (default limits too), or None."""
    from execir.datasets.shipped import shipped_version
    from execir.execution import Limits

    return shipped_version(dataset, path, settings) if oracle.limits == Limits() else None


def _card(stage: Path, seed: int) -> Optional[dict[str, Any]]:
    """The probe card of the release being built in ``stage`` (None: no family has both a
    positive and a hard negative to probe)."""
    from execir.probes.card import probe_card

    try:
        return probe_card(stage, seed=seed)
    except ValueError:
        return None


def _llm_line(steps: dict[str, Any], clients: Sequence[Any]) -> str:
    """One line: the LLM steps' tokens and cost (from the manifest) and what the clients sent."""
    records = [r for step in steps.values() for r in (step if isinstance(step, list) else [step])]
    tokens = [sum(r.get("tokens", {}).get(k, 0) for r in records) for k in ("prompt_tokens", "completion_tokens")]
    dollars = [r["cost_usd"] for r in records if "cost_usd" in r]
    sent = sum(c.usage["requests"] for c in clients)
    cached = sum(c.usage["cached"] for c in clients)
    cost = f", ${sum(dollars):.4f} at --llm-price" if dollars else ""
    return (f"llm: {', '.join(steps)}: {tokens[0]:,} prompt + {tokens[1]:,} completion tokens{cost} "
            f"({sent} requests sent, {cached} answered by the cache)")
