"""On-disk sources: which kind of benchmark a dataset name or folder holds, loaded once, at the edge.

:mod:`execir.datasets.sources` is the one place that asks what a source is (an execir release
folder, a CoREB-format folder, a BEIR folder, a shipped release name); everything after it reads
the one :class:`execir.records.Benchmark`.
"""
