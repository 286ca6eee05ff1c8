"""Stored entries the embedded dedup decision is shown beside the candidate's shortlist
(:func:`memscribe.stages.dedup.prepare`): entries no shared word or English vector finds, but
that the candidate's value class or the user's own sentence of it points at. Asked for the
embedded decision only (a model's shortlist, and so its prompt, stays as it was)."""

from __future__ import annotations

from memscribe.model.embedded.dedup_scope import class_sentence
from memscribe.relatedness import MemoryView
from memscribe.schemas.memory import MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.semantic.updates import spoken_language
from memscribe.semantic.values import members, names_of_class, other_value


def other_class_value(
    kind: MemoryKind, text: str, said: str, memory: MemoryView, changes: bool
) -> list[ShortlistItem]:
    """Stored entries naming another member of a value class the candidate names (which phone,
    operating system, browser, editor, diet: :mod:`memscribe.semantic.values`), when it, or the
    user's words with it, report a change: "我现在用Mac了" brings "User uses a Windows laptop", which no shared word or English
    vector finds. Asked for the embedded decision only, one look-up per other member of each
    class the candidate names. ``changes``: the candidate or the user's words with it report a
    change (:func:`~memscribe.semantic.updates.change_cue`); else there is nothing to look up."""
    if not changes:
        return []
    source = class_sentence(text, said)  # the candidate, or its sentence naming a member
    named = members(source)
    if not named:
        return []
    found: dict[str, ShortlistItem] = {}
    for cls, mine in named.items():
        for name in names_of_class(cls):
            if name in mine:
                continue
            for s in memory.shortlist(kind, "", name):
                if s.id not in found and other_value(source, s.text):
                    found[s.id] = s
    return list(found.values())


def related_to_sentence(
    kind: MemoryKind, text: str, said: str, memory: MemoryView, cue: bool
) -> list[ShortlistItem]:
    """Stored entries the user's English sentence of the candidate is related to at
    STRONG_TOPIC_SCORE, when the candidate reports a change: "Oh, and I can finally cross IELTS
    off my list, I got an 8.0 overall" brings "User is preparing for the IELTS exam", which the
    candidate "User got an 8.0 overall" shares no word with. Asked for the embedded decision
    only, which reads the same evidence (:func:`~memscribe.model.embedded.dedup_scope.said_topic`).
    ``cue``: the candidate's :func:`~memscribe.semantic.updates.change_cue`."""
    from memscribe.model.embedded.dedup import STRONG_TOPIC_SCORE
    from memscribe.model.embedded.dedup_scope import said_sentence

    if not (cue and said):
        return []
    sentence = said_sentence(text, said)
    if not sentence or spoken_language(sentence) != "en":
        return []
    return [s for s in memory.shortlist(kind, "", sentence) if s.score >= STRONG_TOPIC_SCORE]
