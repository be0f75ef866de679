"""Multitask (CoREB-style) benchmarks: records, CoREB-format and BEIR-folder reading and writing.

* :mod:`execir.multitask.records` -- queries of the three tasks (t2c, c2t, c2c), the two corpora,
  CoREB's subtask names and query-id scheme;
* :mod:`execir.multitask.coreb_format` -- the JSONL files of CoREB appendix A.4/A.5;
* :mod:`execir.multitask.beir_format` -- BEIR folders in and out;
* :mod:`execir.multitask.convert` -- an execir release as a CoREB text-to-code benchmark.

Scoring lives in :mod:`execir.evaluation.multitask`.
"""

from execir.multitask.beir_format import export_multitask_beir, export_release_beir, load_beir
from execir.multitask.convert import release_as_multitask
from execir.multitask.coreb_format import load_coreb, write_coreb
from execir.multitask.records import coreb_query_id, subtask_name

__all__ = ["coreb_query_id", "export_multitask_beir",
           "export_release_beir", "load_beir", "load_coreb", "release_as_multitask", "subtask_name",
           "write_coreb"]
