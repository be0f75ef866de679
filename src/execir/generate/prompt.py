"""Locked, versioned prompts: ``prompts/<name>_v<N>.txt``, a system part and a user template
separated by a line ``---``.  A prompt is never edited in place: a change is a new file (a new
version), and its file name and SHA-256 go into every manifest built with it, so a release
names the exact words its LLM answers came from."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

PROMPTS = Path(__file__).resolve().parent / "prompts"


@dataclass(frozen=True)
class Prompt:
    """One prompt file: ``system`` text and ``user`` template (``str.format`` fields)."""

    file: str
    system: str
    user: str
    sha256: str

    def messages(self, **fields: str) -> list[dict[str, str]]:
        """The chat messages with the template's fields filled."""
        return [{"role": "system", "content": self.system}, {"role": "user", "content": self.user.format(**fields)}]

    def identity(self) -> dict[str, str]:
        """``{"file", "sha256"}`` for the manifest."""
        return {"file": self.file, "sha256": self.sha256}


def load_prompt(file: str) -> Prompt:
    """Read ``prompts/<file>``.

    Raises:
        ValueError: the file has no ``---`` line between its two parts.
    """
    raw = (PROMPTS / file).read_text(encoding="utf-8")
    system, sep, user = raw.partition("\n---\n")
    if not sep:
        raise ValueError(f"prompt {file}: no '---' line between the system part and the user template")
    return Prompt(file, system.strip(), user.strip(), hashlib.sha256(raw.encode("utf-8")).hexdigest())
