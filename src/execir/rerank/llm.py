"""LLM yes/no rerankers in the Qwen3-Reranker format (``llm:<folder>`` / ``llm:<http url>``).

CoREB appendix B.3: a causal LM is asked whether the document meets the query under a task
instruction; relevance is the probability of the answer ``yes``,

    P(yes) = exp(l_yes) / (exp(l_yes) + exp(l_no)),

with ``l_yes`` / ``l_no`` the next-token logits (or log-probabilities) of ``yes`` and ``no`` right
after the assistant turn opens.  The prompt is :data:`SYSTEM_PROMPT` as the system turn and
``<Instruct>: {instruction}\\n<Query>: {query}\\n<Document>: {document}`` as the user turn, in
ChatML (``<|im_start|>role ... <|im_end|>``), the assistant turn opened with an empty think block.

Two back-ends:

* :class:`LocalLLMReranker` -- a transformers causal-LM folder, loaded offline; batches are
  left-padded with explicit position ids, so a batched score equals the unbatched one.
* :class:`EndpointLLMReranker` -- an OpenAI-compatible server that returns log-probabilities:
  ``/completions`` (``logprobs: N``) or ``/chat/completions`` (``logprobs: true``,
  ``top_logprobs: N``).  The API key comes from ``$EXECIR_LLM_API_KEY``; a remote URL without it
  fails at construction.  Only the query text and the candidate code are sent.
"""

from __future__ import annotations

import json
import math
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.generate.endpoints import KEY_ENV, endpoint_key  # noqa: F401 - KEY_ENV re-exported for callers
from execir.errors import UsageError
from execir.progress import Stage
from execir.rerank.pairs import candidate_pairs, ranked_from_scores
from execir.records import Run

SYSTEM_PROMPT = ('Judge whether the Document meets the requirements based on the Query and the '
                 'Instruct provided. Note that the answer can only be "yes" or "no".')
#: CoREB appendix B.3's task instructions
INSTRUCTIONS = {
    "t2c": "Given a natural language programming task, retrieve code that correctly solves or "
           "implements the task.",
    "c2c": "Given a code snippet, retrieve code that is semantically equivalent or solves the "
           "same task.",
    "c2t": "Given a code snippet, retrieve the natural language description or problem "
           "statement that best matches the code.",
}
DEFAULT_INSTRUCTION = INSTRUCTIONS["t2c"]
PREFIX = f"<|im_start|>system\n{SYSTEM_PROMPT}<|im_end|>\n<|im_start|>user\n"
SUFFIX = "<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n"
MODEL_ENV = "EXECIR_LLM_MODEL"
APIS = ("completions", "chat")


def user_message(query: str, document: str, instruction: str = DEFAULT_INSTRUCTION) -> str:
    """The user turn: ``<Instruct>: ...\\n<Query>: ...\\n<Document>: ...``."""
    return f"<Instruct>: {instruction}\n<Query>: {query}\n<Document>: {document}"


def prompt_text(query: str, document: str, instruction: str = DEFAULT_INSTRUCTION) -> str:
    """The whole prompt as one string (system turn, user turn, opened assistant turn)."""
    return PREFIX + user_message(query, document, instruction) + SUFFIX


def yes_probability(yes: float, no: float) -> float:
    """``exp(yes) / (exp(yes) + exp(no))`` for two logits or log-probabilities, computed stably
    in float64 (a probability in [0, 1])."""
    d = float(no) - float(yes)
    if d > 0:
        e = math.exp(-d)
        return e / (1.0 + e)
    return 1.0 / (1.0 + math.exp(d))


def yes_no_from_top(top: Mapping[str, float]) -> float:
    """P(yes) from an endpoint's top log-probabilities (token -> log-probability).

    Tokens count as ``yes`` / ``no`` after stripping spaces and lower-casing (`` Yes``, ``yes``),
    their probabilities summed.  A class absent from the list is given the smallest listed
    log-probability, an upper bound on its true value.

    Raises:
        ValueError: neither ``yes`` nor ``no`` is among the tokens.
    """
    mass: dict[str, list[float]] = {"yes": [], "no": []}
    for token, logprob in top.items():
        word = token.strip().lower()
        if word in mass:
            mass[word].append(float(logprob))
    if not mass["yes"] and not mass["no"]:
        raise ValueError(f"neither 'yes' nor 'no' among the top tokens {sorted(top)[:10]}")
    floor = min(float(v) for v in top.values())

    def lse(values: list[float]) -> float:
        if not values:
            return floor
        m = max(values)
        return m + math.log(sum(math.exp(v - m) for v in values))

    return yes_probability(lse(mass["yes"]), lse(mass["no"]))


class _PointwiseReranker:
    """Shared ``rerank``: score every (query, candidate) pair with ``self.score``."""

    name: str

    def score(self, pairs: Sequence[tuple[str, str]], *, progress: Stage | None = None
              ) -> list[float]:
        raise NotImplementedError

    def rerank(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run,
               k: int) -> Run:
        """Score every query's top ``k`` candidates of ``run`` by P(yes); return them in rank
        order (at most ``k`` per query).

        Raises:
            UsageError: ``k`` < 1, a query or snippet of ``run`` missing from ``queries`` /
                ``corpus``, a model that does not load or an endpoint that fails.
        """
        pairs = candidate_pairs(queries, corpus, run, k)
        stage = Stage(f"{self.name}: scoring {len(pairs):,} pairs", len(pairs))
        scores = self.score([(queries[q], corpus[s]) for q, s in pairs], progress=stage)
        return ranked_from_scores(run, pairs, scores)


class LocalLLMReranker(_PointwiseReranker):
    """P(yes) from a local transformers causal-LM folder (Qwen3-Reranker or any chat LM whose
    tokenizer has ``yes`` and ``no`` as single tokens).

    Args:
        folder: the model folder.
        name: reranker name (default ``llm:<folder>``).
        instruction: the task instruction (default :data:`DEFAULT_INSTRUCTION`).
        batch_size: prompts per forward pass.
        max_length: tokens per prompt; the user turn is truncated, never the prompt's frame.
        device: ``auto`` | ``cpu`` | ``cuda``.

    Raises:
        UsageError: (at construction) a missing folder or one without ``config.json``; (on
            first use) a folder transformers cannot load, or a tokenizer without ``yes``/``no``.
    """

    def __init__(self, folder: str | os.PathLike[str], *, name: str | None = None,
                 instruction: str = DEFAULT_INSTRUCTION, batch_size: int = 8,
                 max_length: int = 1024, device: str = "auto"):
        path = Path(folder).expanduser()
        if not path.is_dir():
            raise UsageError(f"llm folder {str(path)!r} does not exist or is not a folder")
        if not (path / "config.json").is_file():
            raise UsageError(f"llm folder {str(path)!r} has no config.json "
                             "(not a transformers model folder)")
        if batch_size < 1:
            raise UsageError(f"llm batch size must be at least 1, got {batch_size}")
        self.folder = path
        self.name = name or f"llm:{path}"
        self.instruction = instruction
        self.batch_size = batch_size
        self.max_length = max_length
        self.device = device
        self._loaded: tuple[Any, Any, int, int, list[int], list[int]] | None = None

    def _load(self) -> tuple[Any, Any, int, int, list[int], list[int]]:
        if self._loaded is None:
            from execir.rerank.cross_encoder import offline_hub
            from execir.retrieval.dense import resolve_device

            offline_hub()
            from transformers import AutoModelForCausalLM, AutoTokenizer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            try:
                tok = AutoTokenizer.from_pretrained(str(self.folder), local_files_only=True)
                model = AutoModelForCausalLM.from_pretrained(str(self.folder),
                                                             local_files_only=True)
            except (OSError, ValueError, KeyError) as exc:
                detail = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                raise UsageError(f"llm folder {str(self.folder)!r} does not load "
                                 f"({type(exc).__name__}: {detail})") from exc
            ids = tok.convert_tokens_to_ids(["yes", "no"])
            if any(i is None or i == tok.unk_token_id for i in ids):
                raise UsageError(f"llm folder {str(self.folder)!r}: its tokenizer has no single "
                                 "'yes' / 'no' token")
            model = model.to(resolve_device(self.device)).eval()
            prefix = tok(PREFIX, add_special_tokens=False)["input_ids"]
            suffix = tok(SUFFIX, add_special_tokens=False)["input_ids"]
            self._loaded = (tok, model, ids[0], ids[1], prefix, suffix)
        return self._loaded

    def prompt_ids(self, query: str, document: str) -> list[int]:
        """Token ids of one prompt: frame + user turn truncated to fit ``max_length``."""
        tok, _model, _y, _n, prefix, suffix = self._load()
        room = max(1, self.max_length - len(prefix) - len(suffix))
        middle = tok(user_message(query, document, self.instruction), add_special_tokens=False,
                     truncation=True, max_length=room)["input_ids"]
        return prefix + middle + suffix

    def score(self, pairs: Sequence[tuple[str, str]], *, progress: Stage | None = None
              ) -> list[float]:
        """P(yes) of every ``(query text, code)`` pair, in order (floats in [0, 1])."""
        import torch

        tok, model, yes_id, no_id, _p, _s = self._load()
        pad = tok.pad_token_id if tok.pad_token_id is not None else 0
        out: list[float] = []
        for start in range(0, len(pairs), self.batch_size):
            rows = [self.prompt_ids(q, d) for q, d in pairs[start:start + self.batch_size]]
            width = max(len(r) for r in rows)
            ids = torch.tensor([[pad] * (width - len(r)) + r for r in rows])
            mask = torch.tensor([[0] * (width - len(r)) + [1] * len(r) for r in rows])
            positions = (mask.cumsum(-1) - 1).clamp(min=0)
            with torch.no_grad():
                logits = model(input_ids=ids.to(model.device), attention_mask=mask.to(model.device),
                               position_ids=positions.to(model.device)).logits[:, -1, :]
            pair = logits[:, [yes_id, no_id]].double().cpu()
            out.extend(yes_probability(float(y), float(n)) for y, n in pair)
            if progress is not None:
                progress.advance(len(rows))
        return out


class EndpointLLMReranker(_PointwiseReranker):
    """P(yes) from an OpenAI-compatible endpoint's log-probabilities (one request per pair).

    Args:
        url: the API base (``http://127.0.0.1:8000/v1``); requests go to ``<url>/completions``
            or ``<url>/chat/completions``.
        model: the served model's name.
        api: ``completions`` (prompt = :func:`prompt_text`) or ``chat`` (system + user turns).
        name: reranker name (default ``llm:<url>``).
        instruction: the task instruction.
        top_logprobs: how many top tokens to ask for.
        timeout: seconds per request.
        retries: further tries after a 429 / 5xx / connection failure (waits 1, 2, 4... s).

    Raises:
        UsageError: (at construction) not an http(s) URL, an unknown ``api``, or a remote host
            (not localhost / 127.0.0.1 / ::1) without ``$EXECIR_LLM_API_KEY``.
    """

    def __init__(self, url: str, *, model: str = "default", api: str = "completions",
                 name: str | None = None, instruction: str = DEFAULT_INSTRUCTION,
                 top_logprobs: int = 20, timeout: float = 60.0, retries: int = 3):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise UsageError(f"llm endpoint {url!r} is not an http(s) URL")
        if api not in APIS:
            raise UsageError(f"llm endpoint {url!r}: api must be one of {', '.join(APIS)}, "
                             f"got {api!r}")
        self.key = endpoint_key(url)
        self.url = url.rstrip("/")
        self.model = model
        self.api = api
        self.name = name or f"llm:{url}"
        self.instruction = instruction
        self.top_logprobs = top_logprobs
        self.timeout = timeout
        self.retries = retries
        self.retry_wait = 1.0
        self.usage = {"requests": 0}

    def _post(self, path: str, body: dict[str, Any]) -> Any:
        headers = {"Content-Type": "application/json"}
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        data = json.dumps(body).encode("utf-8")
        for attempt in range(self.retries + 1):
            request = urllib.request.Request(self.url + path, data=data, headers=headers,
                                             method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    self.usage["requests"] += 1
                    return json.loads(response.read().decode("utf-8"))
            except urllib.error.HTTPError as exc:
                if exc.code != 429 and exc.code < 500 or attempt == self.retries:
                    raise UsageError(f"{self.name}: the endpoint answered HTTP {exc.code} "
                                     f"({exc.reason})") from exc
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                if attempt == self.retries:
                    raise UsageError(f"{self.name}: cannot reach the endpoint "
                                     f"({getattr(exc, 'reason', exc)})") from exc
            except ValueError as exc:
                raise UsageError(f"{self.name}: the endpoint's answer is not JSON") from exc
            time.sleep(self.retry_wait * 2 ** attempt)
        raise AssertionError("unreachable")

    def top_tokens(self, query: str, document: str) -> dict[str, float]:
        """The endpoint's top next-token log-probabilities for one pair.

        Raises:
            UsageError: the request fails or the answer lacks log-probabilities.
        """
        common = {"model": self.model, "max_tokens": 1, "temperature": 0}
        try:
            if self.api == "completions":
                answer = self._post("/completions", {**common, "logprobs": self.top_logprobs,
                                                     "prompt": prompt_text(query, document,
                                                                           self.instruction)})
                return dict(answer["choices"][0]["logprobs"]["top_logprobs"][0])
            messages = [{"role": "system", "content": SYSTEM_PROMPT},
                        {"role": "user", "content": user_message(query, document,
                                                                 self.instruction)}]
            answer = self._post("/chat/completions", {**common, "messages": messages,
                                                      "logprobs": True,
                                                      "top_logprobs": self.top_logprobs})
            first = answer["choices"][0]["logprobs"]["content"][0]["top_logprobs"]
            return {item["token"]: float(item["logprob"]) for item in first}
        except (KeyError, IndexError, TypeError) as exc:
            raise UsageError(f"{self.name}: the endpoint's answer has no top log-probabilities "
                             f"(missing {exc})") from exc

    def score(self, pairs: Sequence[tuple[str, str]], *, progress: Stage | None = None
              ) -> list[float]:
        """P(yes) of every ``(query text, code)`` pair, in order (one request each).

        Raises:
            UsageError: a request fails, or an answer has neither ``yes`` nor ``no``.
        """
        out: list[float] = []
        for query, document in pairs:
            try:
                out.append(yes_no_from_top(self.top_tokens(query, document)))
            except ValueError as exc:
                raise UsageError(f"{self.name}: {exc}") from exc
            if progress is not None:
                progress.advance()
        return out


def from_name(arg: str | None, context: Any) -> _PointwiseReranker:
    """``llm:<folder>`` or ``llm:<http(s) url>[?model=NAME&api=chat]`` for the rerank registry
    (model default ``$EXECIR_LLM_MODEL`` or ``default``; api default ``completions``).

    Raises:
        UsageError: nothing after ``llm:``, a missing folder, or an endpoint the constructor
            refuses.
    """
    if not arg:
        raise UsageError("llm needs a model folder or an http(s) URL, e.g. minilm>llm:path/to/lm")
    if arg.startswith(("http://", "https://")):
        parts = urllib.parse.urlsplit(arg)
        params = dict(urllib.parse.parse_qsl(parts.query))
        unknown = sorted(set(params) - {"model", "api"})
        if unknown:
            raise UsageError(f"llm:{arg}: unknown URL setting {unknown[0]!r} (known: model, api)")
        base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
        return EndpointLLMReranker(base, name=f"llm:{arg}",
                                   model=params.get("model") or os.environ.get(MODEL_ENV)
                                   or "default", api=params.get("api", "completions"))
    return LocalLLMReranker(arg, name=f"llm:{arg}", device=getattr(context, "device", "auto"))
