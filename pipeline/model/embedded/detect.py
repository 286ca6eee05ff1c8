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
    prior = _SessionLanguage(turns)
    for pos, turn in enumerate(turns):
        if not is_user_speech(turn):
            continue
        # a turn's language placed once for all its cues (or by the gate), then dropped; a turn
        # placed in English for want of evidence is read beside the session's language
        placed = _language(readings.get(turn.index))
        if placed in (None, "en"):
            with langs.per_turn(turn.text, placed):
                placed = prior.placed(turn.text, placed) or langs.language_of(turn.text)
        with langs.per_turn(turn.text, placed):
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


class _SessionLanguage:
    """The language of a session's messages (:func:`memscribe.lexicon.langs.session_language`),
    asked only when a turn read as English may be in another one (:func:`read_beside`), and
    worked out once: most turns never ask."""

    __slots__ = ("_language", "_turns")

    #: The part of each message read for the session's language.
    HEAD_CHARS = 400

    def __init__(self, turns: Sequence[Turn]) -> None:
        self._turns = turns
        self._language: str | None = ""

    def placed(self, text: str, reading: str | None) -> str | None:
        """The language of the user's ``text`` beside the session (``reading``: the gate's)."""
        if reading not in (None, "en") or not langs.maybe_other(text):
            return reading
        if self._language == "":
            self._language = langs.session_language(
                t.text[: self.HEAD_CHARS]
                for t in self._turns
                if t.kind == "message" and t.role in ("user", "assistant")
            )
        if self._language is None:
            return reading
        beside = langs.read_beside(text, self._language)
        # only a turn with a first-person form of that language can state something of the user's
        # in it ("ja, 40000 und runtime 120 Minuten" answers a question of the task)
        return beside if beside != "en" and langs.LANGUAGES[beside].first_person.search(text) else reading


def _language(reading: TurnReading | None) -> str | None:
    """The language the gate placed a turn's text in (None: not read, or not asked)."""
    return None if reading is None else reading[0]
