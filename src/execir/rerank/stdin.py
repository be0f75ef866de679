"""Stdin/stdout programs in execution consensus: which candidates are whole programs, in which
language, and what a query's prose examples give them to read and to print (issue 25 item 3).

execir-poly's snippets are programs in six languages that read standard input and print their
answers; its queries state examples in prose (``Example: 50 80 80 100 50 gives 4 2 2 1 4.``,
``1 6 gives 0.1(6), 22 7 gives 3.(142857)``).  Nothing here runs anything or reads a test.

* :func:`program_language` -- the language of a program that reads standard input, or None for a
  snippet that is not one (a function, a class, a fragment).
* :func:`stdin_examples` -- the examples of a query's ``Example:`` sentence: each a
  :class:`StdinExample` with the stdin *shapes* to try (the example's data lines as written;
  with a header line of each line's token count, as in ``5 3`` / ``5 10 15 -1 20`` / ``0 10
  20``; with a header line of the number of lines, as in ``1`` / ``2024-03-01 1``) and the
  output stated for it (None where none can be read).  A shape that a program does not read
  crashes it or gives a different answer; consensus treats each shape as one input, and an
  example counts as reproduced when any of its shapes prints the stated output.

How a clause is read: the sentence after ``Example:`` / ``Examples:`` is cut at ``;`` and at
commas; a piece that holds a verb (``gives``, ``becomes``, ``prints``, ``is``, ``returns``,
``leaves``, ...) ends an example, its words before the verb (with the pieces before it that hold
no verb, one line each) are the input, and its words after the verb up to the next cut are the
stated output (the run of data words it starts with: ``45 minutes`` states ``45``, ``8 (9 down
to 1)`` states ``8``).  An input's data are the tokens with a digit or a sign in them when it has any
(``Friday 2024-03-01 plus 1 working day`` reads ``2024-03-01 1``), else its words less a few
English ones (``kitten and sitting`` reads ``kitten`` / ``sitting``); ``with``/``and`` between
data start a new line.  A stated output of words only (``valid``, ``not``) is kept only when it
is one word other than ``not``; one that starts with a word (``off on ... and 2``) is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from execir.execution.outcomes import FAIL, PASS, SuiteResult

#: examples read per query, and lines per example input (longer ones are not examples)
MAX_EXAMPLES = 4
MAX_LINES = 12

#: language -> what shows that a snippet is a whole program reading standard input, checked in
#: this order (the first that matches names the language)
_PROGRAM = (
    ("go", re.compile(r"^\s*package\s+main\b(?s:.*)\bfunc\s+main\s*\(\s*\)", re.M)),
    ("java", re.compile(r"\bstatic\s+void\s+main\s*\(\s*String")),
    ("cpp", re.compile(r"^\s*#\s*include\b(?s:.*)\bint\s+main\s*\(", re.M)),
    ("javascript", re.compile(r"\bprocess\.stdin\b|readFileSync\(\s*(?:-?\d+\b|['\"]/dev/stdin['\"])"
                              r"|require\(\s*['\"]readline['\"]\s*\)")),
    ("ruby", re.compile(r"\$stdin\b|\bSTDIN\b|\bARGF\b")),
    ("python", re.compile(r"\bsys\.stdin\b|(?<![\w.])input\s*\(|\bfileinput\b")),
)

_SENTENCE = re.compile(r"\bExamples?:\s*(.+)", re.S)
_VERB = re.compile(r"\s+(?:gives?|becomes?|prints?|returns?|leaves?|yields?|outputs?|is|are|totals?|"
                   r"equals?|forms?|has|have|needs?|takes?|"
                   r"turns?\s+into|->|=>|\u2192)\s+")
_CUT = re.compile(r"\s*;\s*|,\s+(?:and\s+)?")
_JOIN = re.compile(r"\s+(?:with|and|against|to|then|in)\s+")
_DATA = re.compile(r"[\d_+\-*/#@$%&|<>:.()\[\]{}]")
_FILLER = frozenset("an the of by from for plus line lines list string word words".split())


@dataclass(frozen=True)
class StdinExample:
    """One example of a query.

    Attributes:
        shapes: the stdin texts to try, each ending with a newline (module docstring).
        expected: the stated output, its tokens joined by single spaces, or None.
    """

    shapes: tuple[str, ...]
    expected: str | None


def program_language(code: str) -> str | None:
    """``"go"``, ``"java"``, ``"cpp"``, ``"javascript"``, ``"ruby"`` or ``"python"`` when ``code``
    is a whole program of that language that reads standard input, else None (module
    docstring)."""
    for lang, mark in _PROGRAM:
        if mark.search(code):
            return lang
    return None


def stdin_examples(query: str) -> list[StdinExample]:
    """The examples of ``query``'s ``Example:`` sentence, at most :data:`MAX_EXAMPLES`, in the
    order written (module docstring); ``[]`` when it has none that can be read."""
    m = _SENTENCE.search(query)
    if m is None:
        return []
    text = m.group(1).strip().split("\n")[0].rstrip(". ")
    out: list[StdinExample] = []
    pending: list[str] = []
    for piece in _CUT.split(text):
        verb = _VERB.search(" " + piece + " ")
        if verb is None:
            pending.append(piece)
            continue
        before, after = (" " + piece + " ")[:verb.start()], (" " + piece + " ")[verb.end():]
        lines = [line for p in (*pending, before) for line in _data_lines(p)]
        pending = []
        if lines and len(lines) <= MAX_LINES:
            out.append(StdinExample(_shapes(lines), _stated(after)))
        if len(out) == MAX_EXAMPLES:
            break
    return out


def _data_lines(text: str) -> list[str]:
    """The data lines of one piece of an example's input (module docstring)."""
    lines = []
    for part in _JOIN.split(text.strip()):
        words = part.split()
        data = [w for w in words if _DATA.search(w)]
        kept = data or [w for w in words if w.lower() not in _FILLER]
        if kept:
            lines.append(" ".join(kept))
    return lines


def _shapes(lines: list[str]) -> tuple[str, ...]:
    """The stdin texts an example's data lines are tried as: as written, with a header of each
    line's token count, with a header of the number of lines (duplicates once)."""
    body = "\n".join(lines) + "\n"
    counts = " ".join(str(len(line.split())) for line in lines)
    return tuple(dict.fromkeys((body, f"{counts}\n{body}", f"{len(lines)}\n{body}")))


def _stated(text: str) -> str | None:
    """The stated output of an example (module docstring), or None."""
    words = text.split()
    if not words:
        return None
    if not any(_DATA.search(w) for w in words):
        return words[0] if len(words) == 1 and words[0].lower() != "not" else None
    lead = []
    for w in words:
        if not _DATA.search(w) or (w.startswith("(") and lead):
            break
        lead.append(w)
    return " ".join(lead) or None


def output_text(stdout: str) -> str:
    """A program's printed output as consensus compares it: its tokens joined by single spaces
    (line breaks and runs of blanks are layout)."""
    return " ".join(stdout.split())


def stdin_inputs(query: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    """What consensus runs a program on for ``query``: ``(inputs, expected, examples)``, one entry
    per stdin text of every shape of every example (:func:`stdin_examples`): the text, the stated
    output as a behaviour entry (``"=<tokens>"``, or ``""`` where none is stated), and the index
    of the example it is a shape of.  All three are empty when the query states no example."""
    inputs: list[str] = []
    expected: list[str] = []
    examples: list[int] = []
    for e, example in enumerate(stdin_examples(query)):
        for shape in example.shapes:
            inputs.append(shape)
            expected.append("" if example.expected is None else "=" + example.expected)
            examples.append(e)
    return tuple(inputs), tuple(expected), tuple(examples)


def program_jobs(code: str, inputs: Sequence[str]) -> list[tuple[str, list[dict[str, str]]]]:
    """One oracle job per input: ``code`` run on it as a stdin/stdout test (its output is read
    back from the captured text, so the expected output is left empty)."""
    return [(code, [{"input": text, "output": ""}]) for text in inputs]


def program_output(result: SuiteResult) -> str:
    """A behaviour entry (:class:`~execir.rerank.consensus.Behaviour`) of one program run: its
    printed tokens (:func:`output_text`) as ``"=<tokens>"`` when it exited 0, else
    ``"!<outcome>"`` (a crash, a time-out, a missing toolchain)."""
    outcome = result.outcomes[0] if result.outcomes else "ERROR:Missing"
    return "=" + output_text(result.output) if outcome in (PASS, FAIL) else "!" + outcome
