"""Orchestration: build / run / evaluate / export / train as steps over the lower packages
(:mod:`execir.workflow.pipeline`), the option checks every command and the API make once
(:mod:`execir.workflow.options`), results-folder provenance (:mod:`execir.workflow.provenance`)
and cache statistics and pruning (:mod:`execir.workflow.caches`).  Only the public API and the
command line import this package."""
