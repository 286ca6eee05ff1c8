"""Sentences that only permit, on a condition: what a notice tells a person they may do.

"If you didn't request this code, you can safely ignore this email", "if you made this change,
you may disregard this message": a sentence that opens on a condition and whose main clause
permits ("you can", "you may", "feel free to") leaves the choice to its reader. An injection
orders ("ignore …", "you must …"); a condition aimed at the agent ("if you are an AI, …") is
read by the rules (:mod:`memscribe.guard.addressed_ai`). The classifier weighs the words
("ignore", "immediately", "your") whoever is told them; :func:`without_permissions` gives the
text without such sentences, for :func:`memscribe.guard.verdict.framed_views`.
"""

from __future__ import annotations

import re

__all__ = ["without_permissions"]

#: A sentence (at a line's start or after a sentence's end) that opens on a short condition,
#: then, after its comma, permits: "If …, you can/may/could …", "Unless …, feel free to …".
_PERMISSION = re.compile(
    r"(?:^|(?<=[.!?]\s))[ \t]*(?:if|unless|in\s+case)\b[^,.!?\n]{1,80},\s*"
    r"(?:you\s+(?:can|may|could)|feel\s+free\s+to)\b[^.!?\n]*[.!?]?[ \t]*",
    re.IGNORECASE | re.MULTILINE,
)


def without_permissions(text: str) -> str | None:
    """``text`` without its conditional permissions (:data:`_PERMISSION`), or ``None`` when it
    holds none."""
    out = _PERMISSION.sub("", text)
    return None if out == text else out
