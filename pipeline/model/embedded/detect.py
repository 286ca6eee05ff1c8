"""The embedded answer to ``detect``: the seeds' trigger rules as a deterministic, offline detector.

``extract(turns)`` returns the same :class:`~memscribe.schemas.candidates.Detection` an LLM would. It is
built for precision: a profile is written only for a first-person statement that matches one of a
small set of sentence shapes (preference, fact about self, config, constraint), is neither hedged,
past, hypothetical, third-party nor a question, and carries no secret. A playbook is a correction
(a user turn opening like "No, ...", "Actually, ...", "Don't ...") that follows an assistant turn,
the assistant's next turn as the adjustment, and the confirmation judged the way ``verify`` does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memscribe.groups.speakers import owner_turns, senders
from memscribe.lexicon import langs
from memscribe.model.embedded.playbooks import Reading, correction_at, playbook_from
from memscribe.model.embedded.profiles import (
    KnownDirectives,
    asking_turns,
    asks_for_help,
    conversation,
    is_user_speech,
    profiles_from_turn,
)
from memscribe.schemas.candidates import Detection, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.requests import TurnReading
from memscribe.schemas.transcript import Turn


def extract(
    turns: Sequence[Turn],
    *,
    readings: Mapping[int, TurnReading] | None = None,
) -> Detection:
    """Detect profile and playbook candidates in ``turns`` (deterministic and pure).

    Profiles come only from user message turns, one fact per candidate; playbooks follow the
    correction → adjustment → confirmation pattern (confirmation ``none`` when the session never
    confirmed the fix, so the verifier can report it as skipped).

    ``readings``: what the gate read of some user turns (by turn index: the language of the
    turn's text, whether it corrects the agent, whether it states a norm), not read again here.
    """
    turns = list(turns)
    readings = readings or {}
    read = Reading(turns, readings)
    profiles: list[ProfileCandidate] = []
    playbooks: list[PlaybookCandidate] = []
    seen: set[str] = set()
    known: KnownDirectives = {}  # each turn's standing instructions, worked out once
    chat = conversation(turns, known)
    # in a chat each turn's own ask dates its statements: every user turn is read for one, once;
    # elsewhere only whether some turn asks (read up to the first that does)
    asking = asking_turns(turns) if chat else None
    asked = bool(asking) if asking is not None else asks_for_help(turns)
    # in a group chat only the owner's own messages are about "the user"
    # (a session with one sender at most: every user turn is the owner's, as it is)
    own = {t.index: t for t in owner_turns(turns)} if len(senders(turns)) >= 2 else None
    for pos, turn in enumerate(turns):
        if not is_user_speech(turn):
            continue
        # a turn's language placed once for all its cues (or by the gate), then dropped
        with langs.per_turn(turn.text, _language(readings.get(turn.index))):
            corrected = correction_at(turns, pos, read)
            playbook = playbook_from(turns, pos, corrected, read)
            mine = turn if own is None else own.get(turn.index)
            said = (
                []
                if mine is None
                else profiles_from_turn(
                    mine,
                    correction_turn=corrected is not None,
                    conversation=chat,
                    known=known,
                    asked=asked,
                    # a group chat's turn reduced to the owner's messages is read anew
                    asks=None if asking is None or mine.text != turn.text else turn.index in asking,
                )
            )
        for p in said:
            key = p.body.casefold()
            if key not in seen:
                seen.add(key)
                profiles.append(p)
        if playbook is not None:
            playbooks.append(playbook)
    return Detection(profiles=profiles, playbooks=playbooks)


__all__ = ["extract"]


def _language(reading: TurnReading | None) -> str | None:
    """The language the gate placed a turn's text in (None: not read, or not asked)."""
    return None if reading is None else reading[0]
