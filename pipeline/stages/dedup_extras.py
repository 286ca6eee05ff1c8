"""Stored entries the embedded dedup decision is shown beside the candidate's shortlist
(:func:`memscribe.stages.dedup.prepare`): entries no shared word or English vector finds, but
that the candidate's value class or the user's own sentence of it points at. Asked for the
embedded decision only (a model's shortlist, and so its prompt, stays as it was)."""

from __future__ import annotations

from memscribe.model.embedded.dedup_scope import class_sentence
from memscribe.relatedness import MemoryView
from memscribe.schemas.memory import MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.semantic.updates import (
    left_behind,
    left_behind_names,
    names_left_behind,
    names_said,
    spoken_language,
)
from memscribe.semantic.values import members, names_of_class, other_value


def left_behind_entries(kind: MemoryKind, cue: bool, said: str, memory: MemoryView) -> list[ShortlistItem]:
    """Stored entries holding a value the user says is no longer so, when the candidate itself
    reports a change: "I left *Fintastic* … I'm at Verdant Grid now" brings "User is a backend
    engineer at Fintastic". A candidate with no change cue ("User uses Neovim", said beside it)
    brings nothing: the change is another statement's. ``cue``: the candidate's
    :func:`~memscribe.semantic.updates.change_cue`."""
    if not said or not cue:
        return []
    names = left_behind_names(said)
    if not names:
        return []
    return [s for s in memory.shortlist(kind, "", left_behind(said)) if names_left_behind(said, s.text)]


def named_across_languages(
    kind: MemoryKind, text: str, said: str, memory: MemoryView, cue: bool
) -> list[ShortlistItem]:
    """Stored entries in another language than the candidate holding a name the user said with
    it, when it reports a change ("Ich bin inzwischen auf Linux umgestiegen … Windows ist runter"
    brings "User develops on Windows 11 with PowerShell", which no word of the German candidate
    shares and no English vector scores), or else a name the candidate says itself (a
    restatement: "用户是在WSL2里面跑的" / "User develops on Windows inside WSL2"). Asked for the
    embedded decision only (a model reads both languages; its shortlist, and so its prompt, stays
    as it was). ``cue``: the candidate's :func:`~memscribe.semantic.updates.change_cue`."""
    # A change: the user's words may name the old value. Otherwise only the candidate's own
    # words count ("Figmaはいつも使ってる" restates "User designs in Figma"), and only in another
    # language than the stored memories' English (no second look-up for most candidates).
    language = spoken_language(text)
    if not (said and cue):
        if language == "en":
            return []
        said = text
    return [
        s
        for s in memory.shortlist(kind, "", said)
        if spoken_language(s.text) != language and names_said(said, s.text)
    ]


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
