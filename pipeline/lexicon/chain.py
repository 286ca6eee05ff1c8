"""The playbook chain's confirmation rule, shared by verify and the embedded extractor.

The seeds' rule: correction (user) → adjustment (assistant) → confirmation (user). The first user
turn after the adjustment decides: an explicit confirmation phrase confirms; a new correction means
the fix was not accepted. Otherwise the user moved on, and the rule is implicitly confirmed once
1-2 user turns pass without any correction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from memscribe.lexicon.dialogue import confirmation_signal, correction_signal
from memscribe.schemas.transcript import Turn

#: User turns after an adjustment that count as "moving on" (the seed's 1-2 turns).
IMPLICIT_WINDOW = 2

Confirmation = Literal["explicit", "implicit", "none"]


def is_user_speech(turn: Turn | None) -> bool:
    """A message the user typed (not a tool result, summary or system text)."""
    return turn is not None and turn.role == "user" and turn.kind == "message"


def recorrects(text: str) -> bool:
    """'Good, but ...' style replies confirm and correct at once: the correction wins."""
    lowered = text.casefold()
    return correction_signal(text) and (" but " in lowered or "still" in lowered)


def confirmation(turns: Sequence[Turn], adjustment_pos: int) -> tuple[int | None, Confirmation]:
    """The confirming user turn after the adjustment at position ``adjustment_pos``, and how."""
    later = [t for t in turns[adjustment_pos + 1 :] if is_user_speech(t)]
    if not later:
        return None, "none"
    first = later[0]
    if confirmation_signal(first.text) and not recorrects(first.text):
        return first.index, "explicit"
    if correction_signal(first.text):
        return None, "none"
    for t in later[1:IMPLICIT_WINDOW]:
        if correction_signal(t.text) and not confirmation_signal(t.text):
            return None, "none"
    return later[min(len(later), IMPLICIT_WINDOW) - 1].index, "implicit"
