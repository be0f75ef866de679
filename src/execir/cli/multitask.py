"""The builder of a multitask release from problem folders (``execir build execir-poly``,
``execir build --from-problems DIR``; :data:`execir.cli.build.BUILDERS`): built by
:mod:`execir.construction.multitask` (with an LLM, :mod:`execir.generate.problems`), staged,
probe-gated and summarised in a few lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Sequence

import typer

from execir.cli.build_request import BuildRequest
from execir.errors import UsageError


def problems_release(req: BuildRequest) -> None:
    """Build, gate and publish the multitask release of problem folders into ``req.out``; print its
    summary.  With ``req.functions_out``, then build the ExecRetrieval-format release of the
    problems' function versions (``function_tasks.jsonl`` of ``out``) there, as ``execir build
    tasks`` does.

    ``req.dataset`` (``execir-poly`` or ``execir-poly@VERSION``; None with ``--from-problems``:
    execir-poly) picks the family design when ``req.families`` is None (its shipped version's: v2,
    ``star``); a build that reproduces a shipped version (packaged problems, default seed, limits
    and distractors) gets its version number.  A ``centred`` build
    (:mod:`execir.construction.poly_centred`) also writes ``build_report.json``: the design's
    counts and the probe card.

    Raises:
        UsageError: a bad option combination, an endpoint failure, the integrity or probe gate.
        DataError: a malformed problem folder.
    """
    from execir.datasets.shipped import POLY
    from execir.formats.publish import staged_results
    from execir.progress import command_display

    dataset = req.dataset or POLY
    families = _families(req, dataset)
    settings = {"seed": req.seed, "distractors": req.distractors, "families": families}
    with command_display(quiet=req.quiet), staged_results(req.out, kind="release", log=req.log,
                                                          cache_dir=req.cache_dir) as stage:
        manifest = _build(stage, req, dataset, families, settings)
        _gate(stage, req, dataset, families, settings, manifest)
    _print_summary(req, manifest)
    if req.functions_out is not None:
        _functions_release(req)


def _families(req: BuildRequest, dataset: str) -> str:
    """The family design of the build: ``--families``, else ``star`` for an LLM-written one and the
    dataset's own (:func:`~execir.datasets.shipped.family_design`) for the packaged problems.

    Raises:
        UsageError: an LLM-written build asked for another design; ``--rewrite`` without ``--llm``.
    """
    from execir.construction.families import STAR
    from execir.datasets.shipped import family_design

    llm_built = bool(req.clients) or req.partial
    families = req.families or (STAR if llm_built else family_design(dataset))
    if llm_built and families != STAR:
        raise UsageError(f"--families {families}: a build with --llm or --from-problems makes star families "
                         "(its programs' families are not centred yet); pass --families star")
    if req.rewrite and not req.clients:
        raise UsageError("--rewrite needs an endpoint that writes the rewrites: --llm URL?model=NAME")
    return families


def _build(stage: Path, req: BuildRequest, dataset: str, families: str, settings: dict[str, Any]) -> dict[str, Any]:
    """Write the release into ``stage``: from the packaged (or given) problems' programs and
    mutants, or with LLM-written programs and texts; returns its manifest."""
    from execir.construction.multitask import DEFAULT_KEEP, build_problem_release

    if not (req.clients or req.partial):
        return build_problem_release(stage, oracle=req.oracle, seed=req.seed, root=req.path, families=families,
                                     version=_version(dataset, req.path, settings, req.oracle))
    from execir.generate.problems import build_with_llm

    return build_with_llm(stage, oracle=req.oracle, llms=req.clients, root=req.path, samples=req.samples,
                          seed=req.seed, keep=0 if req.distractors == "llm" else DEFAULT_KEEP,
                          solutions=req.distractors != "mutation", rewrite=req.rewrite, partial=req.partial,
                          price=req.price, functions=req.functions_out is not None)


def _gate(stage: Path, req: BuildRequest, dataset: str, families: str, settings: dict[str, Any],
          manifest: dict[str, Any]) -> None:
    """A ``centred`` release's build report (design counts, probe card), then the probe gate where
    it runs (:func:`~execir.datasets.shipped.gate_by_default` unless ``--probe-gate`` says).

    Raises:
        UsageError: the probe gate refuses the release.
    """
    from execir.construction import REPORT_FILE
    from execir.construction.families import CENTRED, STAR
    from execir.construction.gate import gate_release, note_gate_off
    from execir.datasets.shipped import gate_by_default
    from execir.formats.files import write_json

    by_default = gate_by_default(dataset, req.path, settings)
    card = _card(stage, req.seed) if families == CENTRED else None
    if families == CENTRED:
        write_json(stage / REPORT_FILE, {"design": manifest["build"].get("design", {}), "probe_card": card})
    if by_default if req.probe_gate is None else req.probe_gate:
        hint = ("star families are one edit from a canonical that is first in its file: build with --families "
                "centred, or --no-probe-gate to publish it anyway" if families == STAR
                else "--no-probe-gate publishes it anyway") + ", recorded in its manifest"
        gate_release(stage, margin=req.probe_margin, seed=req.seed, log=req.log, card=card, hint=hint)
    elif by_default:
        note_gate_off(stage, log=req.log)


def _print_summary(req: BuildRequest, manifest: dict[str, Any]) -> None:
    """The release's counts, its rejections (:func:`rejection_lines`) and the LLM steps' cost."""
    c = manifest["counts"]
    typer.echo(f"{req.out}: {c['problems']} problems, {c['queries']} queries {c['queries_per_task']}, "
               f"{c['code_corpus']} programs ({c['mutants']} failing: verified mutants or failing LLM programs), "
               f"{c['text_corpus']} texts")
    for line in rejection_lines(manifest["build"]["rejections"]):
        typer.echo(line)
    if manifest.get("generation", {}).get("steps"):
        typer.echo(_llm_line(manifest["generation"]["steps"], req.clients))


def _functions_release(req: BuildRequest) -> None:
    """``--functions-out``: the release of the problems' function versions, as ``execir build tasks``."""
    from execir.generate.problems import FUNCTION_TASKS
    from execir.progress import command_display
    from execir.workflow.pipeline import build_dataset

    with command_display(quiet=req.quiet):
        report = build_dataset("tasks", req.out / FUNCTION_TASKS, req.functions_out, oracle=req.oracle,
                               seed=req.seed, log=req.log, probe_gate=req.probe_gate,
                               probe_margin=req.probe_margin)
    t = report["tasks"]
    typer.echo(f"{req.functions_out}: {t['released']}/{t['input']} function tasks released, "
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
