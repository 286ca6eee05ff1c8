"""The playbook chain's confirmation rule, shared by verify and the embedded extractor.

The seeds' rule: correction (user) → adjustment (assistant) → confirmation (user). The first user
turn after the adjustment decides: an explicit confirmation phrase confirms; a new correction
(also one led by a filler, "hmm no, …"), a give-up or a rejection ("whatever", "never mind", "I'll
do it myself", "still doesn't work") means the fix was not accepted. Otherwise the user moved on,
and the rule is implicitly confirmed only once two user turns pass without correcting or giving up.
When unsure, there is no confirmation: a false playbook costs more than a missed one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Literal

from memscribe.lexicon.dialogue import confirmation_signal, correction_signal, give_up_signal
from memscribe.schemas.transcript import Turn

#: Non-correcting user turns after an adjustment that count as "moving on" (implicit confirmation).
IMPLICIT_WINDOW = 2

Confirmation = Literal["explicit", "implicit", "none"]

#: "Good, but …": the words that turn an acceptance into a re-correction.
_BUT = (" but ", "still", " pero ", " aber ", " mais ", "但是", "可是", "还是", "でも", "けど")


def _rejects(text: str) -> bool:
    """Corrects anew (not merely confirming) or gives up."""
    return give_up_signal(text) or (correction_signal(text) and not confirmation_signal(text))


def is_user_speech(turn: Turn | None) -> bool:
    """A message the user typed (not a tool result, summary or system text)."""
    return turn is not None and turn.role == "user" and turn.kind == "message"


def recorrects(text: str) -> bool:
    """'Good, but ...' style replies confirm and correct at once: the correction wins."""
    lowered = f" {text.casefold()} "
    return correction_signal(text) and any(w in lowered for w in _BUT)


def confirmation(turns: Sequence[Turn], adjustment_pos: int) -> tuple[int | None, Confirmation]:
    """The confirming user turn after the adjustment at position ``adjustment_pos``, and how."""
    # only the first IMPLICIT_WINDOW user turns after the adjustment matter: never the whole rest
    start = adjustment_pos + 1 if adjustment_pos >= -1 else max(len(turns) + adjustment_pos + 1, 0)
    after = (turns[i] for i in range(start, len(turns)))
    later = list(islice((t for t in after if is_user_speech(t)), IMPLICIT_WINDOW))
    if not later:
        return None, "none"
    first = later[0]
    if give_up_signal(first.text):
        return None, "none"
    if confirmation_signal(first.text) and not recorrects(first.text):
        return first.index, "explicit"
    if correction_signal(first.text):
        return None, "none"
    window = later[:IMPLICIT_WINDOW]
    if len(window) < IMPLICIT_WINDOW or any(_rejects(t.text) for t in window):
        return None, "none"
    return window[-1].index, "implicit"
