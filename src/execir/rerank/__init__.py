"""execir.rerank: the rerank stage between retrieval and evaluation (``retriever>reranker``).

* :mod:`execir.rerank.stage` -- a retriever's top-k (``--rerank-depth``, default 128) re-ordered by
  a reranker, as one :class:`~execir.retrieval.protocols.Retriever`; the first stage added as a baseline.
* :mod:`execir.rerank.reranker_registry` -- reranker names -> constructors (``consensus``, ``rescore:<system>``,
  ``cross:<folder>``, ``llm:<folder or url>``).
* :mod:`execir.rerank.consensus` (+ :mod:`execir.mutation.call_inputs`, :mod:`~execir.rerank.js_behaviour`)
  -- execution consensus without the oracle's tests; :mod:`execir.rerank.rescore` -- a second
  system's scores; :mod:`execir.rerank.cross_encoder`, :mod:`execir.rerank.llm`,
  :mod:`execir.rerank.train_cross_encoder` -- learned rerankers; :mod:`execir.rerank.behaviour_probe` -- the optional
  behaviour-majority probe, built on the consensus machinery.

Nothing is imported here; import the module you need.
"""
