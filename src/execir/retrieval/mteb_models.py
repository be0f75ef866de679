"""``--systems mteb:NAME``: a model of MTEB's registry as an execir retriever.

The model is loaded by ``mteb.get_model(NAME)``, with the loader and prompts MTEB's registry
defines for it, and encodes through MTEB's own ``encode`` (queries with ``PromptType.query``,
snippets with ``PromptType.document``, under a text-to-text retrieval task's metadata), so the
prompt MTEB would pick for a retrieval task is the one used.  Ranking, the embedding cache and
ties are execir's (:class:`execir.retrieval.dense.DenseRetriever`); similarity is the model's
(cosine: vectors L2-normalised; dot: raw).  What each role used is the retriever's
``invocation``, written to the results' ``config.json``.

Nothing is downloaded while Hugging Face is offline (``HF_HUB_OFFLINE=1``): an open-weights
model whose files are not in the local Hugging Face cache stops at once with one line naming it.
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

import numpy as np

from execir.errors import UsageError
from execir.retrieval.registry import ModelEntry

PREFIX = "mteb:"
#: the roles of execir's encoders -> MTEB's prompt types
PROMPT_TYPES = {"query": "query", "document": "document"}
#: MTEB similarity names -> execir's
SIMILARITIES = {"cosine": "cosine", "dot": "dot"}


@functools.cache
def _task_metadata() -> Any:
    """The ``TaskMetadata`` the model is asked to encode under: a text-to-text retrieval task
    (MTEB's prompt choice reads its name and type only)."""
    from mteb.abstasks.task_metadata import TaskMetadata

    return TaskMetadata(name="execir", description="execir code retrieval (queries rank programs)",
                        dataset={"path": "execir", "revision": "1"}, type="Retrieval", category="t2t",
                        eval_langs=["eng-Latn"], main_score="ndcg_at_10", domains=["Programming"])


def registry_meta(name: str) -> Any:
    """MTEB's ``ModelMeta`` of ``name``, from its registry only (no hub look-up).

    Raises:
        UsageError: mteb is not installed, or ``name`` is not in its registry (one line, with
            MTEB's suggestion when it has one).
    """
    try:
        import mteb
    except ImportError as exc:
        raise UsageError(f"{PREFIX}{name}: needs the mteb package: pip install 'execir[mteb]'") from exc
    try:
        return mteb.get_model_meta(name)
    except KeyError as exc:
        raise UsageError(f"{PREFIX}{name}: {str(exc.args[0]) if exc.args else 'not in MTEB registry'}") from None


def hub_offline() -> bool:
    """True when Hugging Face's hub is switched off for this process (``HF_HUB_OFFLINE``)."""
    from huggingface_hub import constants

    return bool(constants.HF_HUB_OFFLINE)


def check_on_disk(meta: Any) -> None:
    """Raise one line when the hub is offline and ``meta``'s open weights are not in the local
    Hugging Face cache (the model would need a download); API models pass.

    Raises:
        UsageError: ``mteb:NAME: needs a download of NAME (revision R) ...``.
    """
    if not meta.open_weights or not hub_offline():
        return
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import LocalEntryNotFoundError

    try:
        snapshot_download(meta.name, revision=meta.revision, local_files_only=True)
    except (LocalEntryNotFoundError, OSError, ValueError):
        raise UsageError(f"{PREFIX}{meta.name}: needs a download of {meta.name} (revision {meta.revision}), "
                         "and the Hugging Face hub is offline (HF_HUB_OFFLINE=1); download it once where the "
                         "network is reachable") from None


def load_model(meta: Any, device: str) -> Any:
    """``mteb.get_model(meta.name)`` on ``device``, any loading failure as one line.

    Raises:
        UsageError: the model does not load (the message names it and the cause).
    """
    import mteb

    try:
        return mteb.get_model(meta.name, device=device)
    except (OSError, ValueError, KeyError, ImportError, RuntimeError) as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UsageError(f"{PREFIX}{meta.name}: does not load ({type(exc).__name__}: {detail})") from None


class MtebEncoder:
    """An MTEB model as execir's :class:`~execir.retrieval.protocols.RoleEncoder`.

    Args:
        system: the system as written (``mteb:NAME``).
        meta: the model's MTEB ``ModelMeta``.
        model: the loaded MTEB model (an ``EncoderProtocol``).

    Raises:
        UsageError: a similarity other than cosine or dot (late-interaction models).
    """

    def __init__(self, system: str, meta: Any, model: Any):
        similarity = SIMILARITIES.get(str(getattr(meta.similarity_fn_name, "value", meta.similarity_fn_name)))
        if similarity is None:
            raise UsageError(f"{system}: similarity {meta.similarity_fn_name!r} is not cosine or dot; "
                             "execir ranks by one vector per text")
        dims = meta.embed_dim if isinstance(meta.embed_dim, int) else None
        self.entry = ModelEntry(name=system, model_id=meta.name, provider="mteb", dims=dims,
                                similarity=similarity, revision=meta.revision,
                                sources={"prompts": "MTEB model registry (mteb.get_model)"})
        self.meta, self.model = meta, model

    def prompt(self, role: str) -> dict[str, str | None]:
        """``{"prompt_name", "prompt"}`` MTEB picks for ``role`` under that task (both None
        when the model has no prompts)."""
        from mteb.models.abs_encoder import get_prompt_name
        from mteb.types import PromptType

        prompts = getattr(self.model, "model_prompts", None) or None
        name = get_prompt_name(prompts, _task_metadata(), PromptType(PROMPT_TYPES[role]))
        return {"prompt_name": name, "prompt": None if name is None else prompts.get(name)}

    def settings(self, role: str) -> dict[str, Any]:
        """The invocation of ``role`` (the embedding-cache key): model, revision, prompt, mteb version."""
        import mteb

        return {"model_id": self.meta.name, "revision": self.meta.revision, "role": role,
                **self.prompt(role), "backend": "mteb", "mteb": mteb.__version__}

    def dims(self) -> int | None:
        return self.entry.dims

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        """Raw texts of ``role`` -> ``(n, d)`` float32 vectors, through the model's MTEB ``encode``."""
        from datasets import Dataset
        from mteb._create_dataloaders import create_dataloader
        from mteb.types import PromptType

        prompt_type = PromptType(PROMPT_TYPES[role])
        rows = {"id": [str(i) for i in range(len(texts))], "text": list(texts)}
        if role == "document":
            rows["title"] = [""] * len(texts)
        loader = create_dataloader(Dataset.from_dict(rows), task_metadata=_task_metadata(),
                                   prompt_type=prompt_type, batch_size=self.entry.batch_size)
        vectors = self.model.encode(loader, task_metadata=_task_metadata(), hf_split="test", hf_subset="default",
                                    prompt_type=prompt_type, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)


def mteb_retriever(system: str, name: str, *, device: str = "auto", cache: Any = None,
                   index: str = "exact") -> Any:
    """The retriever of ``mteb:NAME``: MTEB's model, execir's dense ranking.

    Args:
        system: the entry as written (its display name).
        name: the MTEB registry name.
        device: ``auto`` | ``cpu`` | ``cuda``.
        cache: an :class:`~execir.retrieval.embedding_cache.EmbeddingCache`, or None.
        index: as :class:`~execir.retrieval.dense.DenseRetriever`.

    Raises:
        UsageError: see :func:`registry_meta`, :func:`check_on_disk`, :func:`load_model`.
    """
    from execir.retrieval.dense import DenseRetriever, resolve_device

    meta = registry_meta(name)
    check_on_disk(meta)
    encoder = MtebEncoder(system, meta, load_model(meta, resolve_device(device)))
    retriever = DenseRetriever(system, encoder, cache=cache, index=index)
    retriever.invocation = {"mteb_model": name, "revision": meta.revision,
                            "roles": {role: encoder.settings(role) for role in PROMPT_TYPES}}
    return retriever
