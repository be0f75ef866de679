"""ONNX Runtime encoding of local sentence-transformers models: ``minilm-onnx`` (fp32) and
``minilm-onnx-int8`` (int8 dynamic quantisation).

A registry entry with ``provider: "local"`` whose ``model_id`` ends in ``@onnx`` or ``@onnx-int8``
is run by :class:`OnnxEncoder`: the model's transformer is exported from its local (fp32) weights
to ONNX once, kept under the cache root, and run by ONNX Runtime on the CPU; tokenisation,
truncation, pooling and normalisation stay sentence-transformers' own, so the only difference
from the torch model is the runtime (and, for ``@onnx-int8``, the int8 weights).  Each variant is
its own registry system, with its own embedding-cache key (``backend``, ``dtype`` and the
export's id), so its numbers never pass for the fp32 torch model's.

Why not ``SentenceTransformer(folder, backend="onnx")``: that backend needs ``optimum-onnx``, whose
releases (0.1.0 and earlier) require ``transformers<4.58`` while execir pins ``transformers`` 5;
the export here is torch's TorchScript ONNX exporter (the one ``optimum`` uses; deprecated in
torch but present in the pinned 2.13, and faster to run than the dynamo exporter's graph), the
quantisation ONNX Runtime's ``quantize_dynamic`` (the call ``optimum``'s dynamic int8
configurations make).

Layout (``<root>`` is ``<cache root>/onnx``, beside ``embeddings/``)::

    <root>/<model slug>-onnx-<id>/model.onnx        fp32 graph (token embeddings)
    <root>/<model slug>-onnx-int8-<id>/model.onnx   int8 graph, quantised from the fp32 one
    <root>/.../export.json                          what the export was made from (written last)

``<id>`` hashes the source weights' revision, the variant, the quantisation settings, the
exporter and opset, and the versions of torch, transformers, onnx and onnxruntime.  An export is written
into a temporary folder beside its final one and renamed into place, so a folder that exists is
complete; it is made once and reused by every later run (and by other processes).

Needs the optional extra ``onnx`` (``onnxruntime``, ``onnx``): ``pip install 'execir[onnx]'``.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.metadata
import importlib.util
import io
import json
import logging
import os
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from execir.errors import UsageError
from execir.retrieval.embedding_cache import cache_root_of
from execir.retrieval.dense import SentenceTransformerEncoder
from execir.retrieval.registry import ModelEntry
from execir.records import slug

ONNX_DIR = "onnx"
MODEL_FILE = "model.onnx"
MARKER = "export.json"
EXPORT_FORMAT = 1
OPSET = 17
EXPORTER = "torch.onnx TorchScript (dynamo=False), eager attention"
#: import names of the ``onnx`` extra (``pip install 'execir[onnx]'``)
EXTRA_MODULES = ("onnxruntime", "onnx")
_VERSIONED = ("torch", "transformers", "onnx", "onnxruntime")
#: ``model_id`` suffix -> quantisation (None: the fp32 export as it is).  int8: ONNX Runtime dynamic
#: quantisation of the MatMul weights, signed int8 per output channel, activations quantised per
#: batch at run time (optimum's ``avx512_vnni`` dynamic recipe, restricted to MatMul).
VARIANTS: dict[str, dict[str, Any] | None] = {
    "onnx": None,
    "onnx-int8": {"method": "dynamic", "weights": "QInt8", "per_channel": True, "reduce_range": False,
                  "op_types": ["MatMul"]},
}


def onnx_variant(entry: ModelEntry) -> str | None:
    """``onnx`` / ``onnx-int8`` for an ONNX entry (``model_id`` ending ``@onnx`` / ``@onnx-int8``),
    else None."""
    base, sep, suffix = entry.model_id.rpartition("@")
    return suffix if sep and base and suffix in VARIANTS else None


def require_extra(system: str) -> None:
    """Fail at once, in one line, when the ``onnx`` extra is not installed.

    Raises:
        UsageError: ``system 'X' needs the optional extra 'onnx' (...): pip install 'execir[onnx]'``.
    """
    for name in EXTRA_MODULES:
        try:
            if name == "onnxruntime":  # the runtime is imported for real; the exporters on first use
                importlib.import_module(name)
            elif importlib.util.find_spec(name) is None:
                raise ImportError(name)
        except (ImportError, ValueError) as exc:  # ValueError: sys.modules[name] is None
            raise UsageError(f"system {system!r} needs the optional extra 'onnx' ({name} is not "
                             f"installed): pip install 'execir[onnx]'") from exc


def export_root(cache: Any = None) -> Path:
    """Where exports live: ``onnx/`` under the cache root of the embedding cache
    (:func:`execir.retrieval.embedding_cache.cache_root_of`, so ``--cache-dir`` moves it)."""
    return cache_root_of(cache) / ONNX_DIR


def _versions() -> dict[str, str]:
    out = {}
    for name in _VERSIONED:
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            out[name] = "missing"
    return out


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return "sha256:" + digest.hexdigest()


def read_marker(folder: Path) -> dict[str, Any] | None:
    """The ``export.json`` of a finished export folder, or None when it is missing or unusable."""
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(marker, dict) or not (folder / MODEL_FILE).is_file():
        return None
    return marker


def _ensure(final: Path, build, info: Mapping[str, Any], *, quiet: bool, what: str) -> Path:
    """``final`` when it holds a finished export, else ``build(tmp_model_path)`` into a temporary
    folder beside it, marker written last, renamed into place (a concurrent export that wins the
    rename is used as it is)."""
    if read_marker(final) is not None:
        return final
    try:
        return _build(final, build, info, quiet=quiet, what=what)
    except OSError as exc:  # unwritable or full cache root: one line, not a traceback
        raise UsageError(f"cannot write the ONNX export {final}: "
                         f"{exc.strerror or exc}") from exc


def _build(final: Path, build, info: Mapping[str, Any], *, quiet: bool, what: str) -> Path:
    if final.exists() and read_marker(final) is None:  # damaged by hand: rebuild it
        shutil.rmtree(final, ignore_errors=True)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.tmp-", dir=final.parent))
    try:
        if not quiet:
            print(f"execir: {what} -> {final}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        build(tmp / MODEL_FILE)
        marker = dict(info, sha256=_sha256_file(tmp / MODEL_FILE),
                      seconds=round(time.perf_counter() - started, 3),
                      created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        (tmp / MARKER).write_text(json.dumps(marker, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        try:
            os.rename(tmp, final)
        except OSError:
            if read_marker(final) is None:
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return final


@contextlib.contextmanager
def _quiet_exporter():
    """Silence the exporter's chatter (optional torchvision ops skipped, axis renames,
    deprecations): none of it is about this export's correctness, which is checked after."""
    loggers = [logging.getLogger(n) for n in ("torch.onnx", "torch.export", "torch._dynamo")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)


def _input_names(tokenizer, model) -> list[str]:
    import inspect

    accepted = set(inspect.signature(model.forward).parameters)
    return [n for n in tokenizer.model_input_names if n in accepted]


def export_fp32(st_model, path: Path) -> None:
    """Export the transformer of a loaded (fp32, CPU) ``SentenceTransformer`` to ``path``: inputs
    the tokenizer's (``input_ids``, ``attention_mask``, ``token_type_ids``...), output
    ``last_hidden_state``, batch and sequence dynamic.  The graph is checked against torch on a
    padded batch before it is kept.

    Raises:
        RuntimeError: the exported graph disagrees with torch (more than 1e-3 on a real token).
    """
    import torch

    module = st_model[0]
    hf_model = module.model.eval()
    names = _input_names(module.tokenizer, hf_model)

    class Graph(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = hf_model

        def forward(self, *inputs):
            return self.model(**dict(zip(names, inputs)), return_dict=True).last_hidden_state

    sample = module.tokenizer(["def add(a, b):\n    return a + b", "Reverse a string, then return it."],
                              padding=True, return_tensors="pt")
    args = tuple(sample[n] for n in names)
    # Eager attention and the TorchScript exporter (what optimum exports with): measured on the
    # 2-core machine, MiniLM over 128 HumanEval canonicals, CPU ms per text (torch sdpa: 71):
    # fp32 82 (dynamo exporter: 97 eager, 103 sdpa), int8 54 (dynamo: 67).
    if hasattr(hf_model, "set_attn_implementation"):
        hf_model.set_attn_implementation("eager")
    axes = {n: {0: "batch", 1: "sequence"} for n in (*names, "last_hidden_state")}
    with torch.no_grad(), contextlib.redirect_stdout(io.StringIO()), _quiet_exporter():
        torch.onnx.export(Graph().eval(), args, str(path), input_names=names,
                          output_names=["last_hidden_state"], opset_version=OPSET, dynamo=False,
                          dynamic_axes=axes, do_constant_folding=True)
        expected = Graph().eval()(*args).numpy()
    got = _session(path).run(None, {n: sample[n].numpy().astype(np.int64) for n in names})[0]
    mask = sample["attention_mask"].numpy()[..., None].astype(bool)
    diff = float(np.abs(np.where(mask, got - expected, 0)).max())
    if not diff <= 1e-3:
        raise RuntimeError(f"ONNX export of {module.model.name_or_path} disagrees with torch "
                           f"(max difference {diff:.2e})")


def quantize_int8(source: Path, path: Path, config: Mapping[str, Any]) -> None:
    """ONNX Runtime dynamic quantisation of ``source`` into ``path`` (``config``: a
    :data:`VARIANTS` value)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # "consider pre-processing" is logged on the root logger at every call: not news here
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        quantize_dynamic(str(source), str(path), weight_type=getattr(QuantType, config["weights"]),
                         per_channel=config["per_channel"], reduce_range=config["reduce_range"],
                         op_types_to_quantize=list(config["op_types"]),
                         use_external_data_format=any(  # weights beside the graph (over 2 GB)
                             p.name not in (MODEL_FILE, MARKER) for p in source.parent.iterdir()))
    finally:
        root.setLevel(level)


def _session(path: Path):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.log_severity_level = 3
    return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])


def _ort_module(path: Path, config: Any):
    """A ``torch.nn.Module`` standing in for the transformer inside a ``SentenceTransformer``:
    feeds the graph's inputs from the features, returns ``last_hidden_state``.

    Every run shrinks ONNX Runtime's CPU memory arena back when it ends: with a new input shape
    per batch the arena otherwise keeps growing (measured: 3.1 GB after 164 HumanEval
    canonicals in batches of 128, 5.0 GB after the second pass; with shrinking, 0.5 GB kept,
    the same 3.2 GB peak, CPU time within 4 %)."""
    import onnxruntime as ort
    import torch
    from transformers.modeling_outputs import BaseModelOutput

    class OrtTransformer(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.config = config
            self.session = _session(path)
            self.inputs = [i.name for i in self.session.get_inputs()]
            self.name_or_path = str(path)
            self.run_options = ort.RunOptions()
            self.run_options.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")

        def forward(self, input_ids=None, attention_mask=None, token_type_ids=None, **kwargs):
            given = {"input_ids": input_ids, "attention_mask": attention_mask,
                     "token_type_ids": token_type_ids, **kwargs}
            if given.get("token_type_ids") is None and input_ids is not None:
                given["token_type_ids"] = torch.zeros_like(input_ids)
            feed = {n: given[n].detach().cpu().numpy().astype(np.int64) for n in self.inputs}
            out = self.session.run(None, feed, self.run_options)[0]
            return BaseModelOutput(last_hidden_state=torch.from_numpy(out))

    return OrtTransformer()


def int8_isa() -> str:
    """The int8 matrix-multiply kernel family onnxruntime picks on this CPU (``avx512_vnni``,
    ``avx_vnni``, ``avx2`` or ``other``; read from ``/proc/cpuinfo``'s flags, ``unknown``
    where that file is absent).  Part of the int8 embedding-cache key: the same quantised model
    gives slightly different vectors on machines with different kernels."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as fh:
            flags = next((line.split(":", 1)[1].split() for line in fh
                          if line.startswith("flags")), [])
    except OSError:
        return "unknown"
    for isa in ("avx512_vnni", "avx_vnni", "avx2"):
        if isa in flags:
            return isa
    return "other"

class OnnxEncoder(SentenceTransformerEncoder):
    """A local sentence-transformers model run by ONNX Runtime (CPU): its fp32 export (``@onnx``)
    or that export's int8 dynamic quantisation (``@onnx-int8``).

    The extra is checked at construction (one-line :class:`UsageError` when missing); the export
    happens on first use (a fully cached run never exports).

    Args:
        entry: the registry entry (``model_id`` ending ``@onnx`` or ``@onnx-int8``).
        folder: the model's local fp32 weights (a sentence-transformers folder).
        quiet: no progress lines.
        revision: the weights' revision (default: a fingerprint of ``folder``).
        root: the exports' folder (default :func:`export_root`).
    """

    def __init__(self, entry: ModelEntry, folder: Path, *, quiet: bool = False,
                 revision: str | None = None, root: str | os.PathLike[str] | None = None):
        variant = onnx_variant(entry)
        if variant is None:
            raise UsageError(f"model {entry.name!r}: model_id {entry.model_id!r} does not end in "
                             f"@{' or @'.join(VARIANTS)}")
        require_extra(entry.name)
        super().__init__(entry, folder, device="cpu", quiet=quiet, revision=revision)
        self.variant = variant
        self.quantization = VARIANTS[variant]
        self.root = Path(root) if root is not None else export_root()
        self.versions = _versions()
        self.base_model_id = entry.model_id.rpartition("@")[0]

    def _info(self, variant: str) -> dict[str, Any]:
        info = {"format": EXPORT_FORMAT, "model_id": self.base_model_id, "revision": self.revision,
                "variant": variant, "quantization": VARIANTS[variant], "opset": OPSET,
                "exporter": EXPORTER,
                "versions": self.versions}
        key = json.dumps(info, sort_keys=True).encode("utf-8")
        return dict(info, export_id=hashlib.sha256(key).hexdigest()[:16])

    def export_dir(self, variant: str | None = None) -> Path:
        """The folder of this model's ``variant`` export (default: this encoder's)."""
        info = self._info(variant or self.variant)
        return self.root / f"{slug(self.base_model_id)}-{info['variant']}-{info['export_id']}"

    @property
    def export_id(self) -> str:
        return self._info(self.variant)["export_id"]

    def settings(self, role: str) -> dict[str, Any]:
        out = super().settings(role)
        onnx = {"variant": self.variant, "export_id": self.export_id,
                "quantization": self.quantization}
        if self.quantization:  # int8 kernels differ by instruction set, and so do the vectors
            onnx["int8_isa"] = int8_isa()
        out.update(backend="onnxruntime", dtype="int8" if self.quantization else "fp32", onnx=onnx)
        return out

    def ensure_export(self, st_model=None) -> Path:
        """The folder holding this variant's ``model.onnx``, exporting it (and, for int8, the fp32
        export it is quantised from) when missing.  ``st_model``: the loaded torch model, needed
        only when the fp32 graph has to be exported."""
        def torch_model():
            return st_model if st_model is not None else self._torch_model()

        fp32 = _ensure(self.export_dir("onnx"), lambda path: export_fp32(torch_model(), path),
                       self._info("onnx"), quiet=self.quiet,
                       what=f"exporting {self.base_model_id} to ONNX (once)")
        if self.quantization is None:
            return fp32
        return _ensure(self.export_dir(self.variant),
                       lambda path: quantize_int8(fp32 / MODEL_FILE, path, self.quantization),
                       self._info(self.variant), quiet=self.quiet,
                       what=f"quantising the ONNX export of {self.base_model_id} to int8 (once)")

    def _torch_model(self):
        """A fresh torch (fp32, CPU) ``SentenceTransformer`` of the folder, not kept as ``model``."""
        st_model = SentenceTransformerEncoder.model.fget(self)
        self._model = None
        return st_model

    @property
    def model(self):
        """The ``SentenceTransformer`` with its transformer replaced by the ONNX Runtime session
        (loaded, and exported if need be, on first access)."""
        if self._model is None:
            st_model = self._torch_model()
            folder = self.ensure_export(st_model)
            module = st_model[0]
            module.model = _ort_module(folder / MODEL_FILE, module.model.config)
            self._model = st_model
        return self._model
