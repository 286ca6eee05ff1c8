"""Aspect across a turn: a goal reached and the next one set, a state said to go on, a stay
bounded to a period, a denial of something else.

**The next goal.**
"Now I'm preparing for N2. I passed the JLPT N3 in December" ends the stored "is studying for the
JLPT N3" and sets another goal: the new goal is the stored pursuit's successor (the fact of that
slot now), though it names another thing. (When the completion comes first it replaces the
pursuit itself: the dedup stage lists a stored entry for one candidate only.)

**A state that goes on.** "No meat, same as ever, I'm still veggie" (the candidate "User avoids
meat") says the stored "User is vegetarian" holds: continuative aspect (:func:`memscribe.
semantic.frames.continues`) in the user's sentence of the candidate restates, it never updates,
although the words differ (a paraphrase: no name of the candidate is new to the entry).

Read from aspect (:mod:`memscribe.semantic.updates`: a pursuit, a completion), per sentence of
what the user said. Used by the embedded dedup decision (:mod:`memscribe.model.embedded.dedup`).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.frames import bounded_stay, continues
from memscribe.semantic.pursuit import completes, pursues
from memscribe.semantic.updates import own_words, reports_change


def _sentences(said: str) -> list[str]:
    """The sentences of ``said``; a full stop after a level's digit ends one too before a
    capital ("preparing for N2. I passed…"), which the lexicon reads as an ordinal."""
    from memscribe.lexicon.langs import sentences

    return [part for s in sentences(said) for part in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Þ¿¡])", s)]


def goal_after_completion(new: str, said: str, old: str) -> bool:
    """``new`` sets a goal ("User's next target is the CKA"), ``old`` is a pursuit, and what the
    user said reports reaching it ("I passed the Solutions Architect Associate"): the new goal
    is the stored pursuit's successor."""
    if not (pursues(new) and pursues(old)) or _same_goal(new, old):
        return False
    return any(completes(s, old) for s in _sentences(said))


def _same_goal(text: str, old: str) -> bool:
    """Every name of ``text`` (a capital or a digit) is one of ``old``'s: the same goal said again."""
    from memscribe.semantic.updates import covered, names_in
    from memscribe.textsim import content_tokens

    names = names_in(" " + text)
    return not names or all(covered(w, set(content_tokens(old))) for w in names)


def continued(new: str, said: str, old: str) -> bool:
    """The user's sentence of ``new`` (its own words, or a sentence of ``said`` sharing a content
    word with them) says the state goes on and reports no change, and ``new`` names nothing
    ``old`` does not: ``new`` restates ``old`` ("User avoids meat" from "No meat, same as ever,
    I'm still veggie" / "User is vegetarian"; "ich bleibe bei Logic" / "records with Logic Pro")."""
    from memscribe.semantic.updates import covered, names_in
    from memscribe.textsim import content_tokens

    own = own_words(new)
    words = set(content_tokens(own))
    theirs = set(content_tokens(old))
    if not all(covered(w, theirs) for w in names_in(" " + own)):
        return False
    mine = [own, *(s for s in _sentences(said) if words & set(content_tokens(s)))]
    return any(continues(s) for s in mine) and not any(reports_change(s) for s in mine)


def bounded(new: str, said: str) -> bool:
    """The candidate's sentence (its own words, or the user's sentence naming its names) bounds
    it to a period or a journey and reports no change (:func:`frames.bounded_stay`): "in Hamburg
    for a conference this week" replaces nothing the user holds for good."""
    from memscribe.semantic.updates import names_in
    from memscribe.textsim import content_tokens

    own = own_words(new)
    names = names_in(own)
    said_sentences = _sentences(said)
    mine = [s for s in said_sentences if names and names <= names_in(" " + s)]
    if not names and said_sentences:
        # no name to find it by: the user's sentence sharing the most words with the candidate
        # ("I'm on a team of 12 for the hackathon this week" / "User is on a team of 12 …")
        words = set(content_tokens(own))
        best = max(said_sentences, key=lambda s: len(words & set(content_tokens(s))))
        mine = [best] if words & set(content_tokens(best)) else []
    return any(bounded_stay(s) and not reports_change(s) for s in [own, *mine])


#: Irrealis in an English memory: a wish, a plan, a possibility or a condition ("User wants to
#: wake up at 5", "would like to", "plans to move", "might cut down", "will grow", "is thinking
#: about moving", "if"): what is not so yet.
_IRREALIS_EN = lazy_compile(
    r"\b(?:wants?|wanted|would\s+like|['’]d\s+like|hopes?|hoping|plans?|planning|intends?|intending)\s+to\b"
    r"|\b(?:will|would|might|may|could|is\s+going\s+to|are\s+going\s+to)\s+(?!not\b|never\b)\w+"
    r"|\b(?:moving|relocating)\s+to\b|\bnext\s+(?:week|month|year|spring|summer|autumn|fall|winter)\b"
    r"|\b(?:thinking|dreaming)\s+(?:about|of)\b|\b(?:considering|eventually|someday|maybe|perhaps|if)\b",
    re.IGNORECASE,
)


def irrealis(text: str) -> bool:
    """The statement says what is not so yet: a wish, a plan, a possibility, a condition (English
    modal and intent words; another language's hedges, :mod:`memscribe.lexicon.langs`: "me
    gustaría", "voy a", "打算", "したい", "つもり")."""
    from memscribe.lexicon.langs import LANGUAGES
    from memscribe.semantic.updates import spoken_language

    own = own_words(text)
    if own == text:
        return bool(_IRREALIS_EN.search(text))
    row = LANGUAGES.get(spoken_language(text))
    return row is not None and bool(row.hedge.search(own))


def denies_other(new: str, old: str) -> bool:
    """``new`` denies something ``old`` does not say, reporting no change: "User doesn't eat
    meat" shares no word with "User is vegetarian", so its negation contradicts nothing there."""
    from memscribe.semantic.updates import covered, negated
    from memscribe.textsim import content_tokens

    mine = set(content_tokens(new))
    return (
        negated(new)
        and not negated(old)
        and not reports_change(new)
        and not any(covered(w, mine) for w in content_tokens(old))
    )


__all__ = ["bounded", "continued", "denies_other", "goal_after_completion", "irrealis"]


#: Where a sentence's clauses part: a comma, semicolon or colon, and the contrastive conjunctions
#: ("…, mais chez moi c'est toujours le Dell", "aber", "but", "pero", "但是", "けど").
_CLAUSE_BREAK = lazy_compile(
    r"[,;:，、；]|\b(?:but|aber|mais|pero|sino)\b|但是|可是|けど|けれど", re.IGNORECASE
)


def goes_on_beside(new: str, said: str, old: str) -> bool:
    """``new`` names no name of ``old``, and a clause of what the user said names one and says it
    goes on (continuative aspect, no change cue): "Au boulot j'ai maintenant un MacBook Pro, mais
    chez moi c'est toujours le Dell" keeps "User uses a Dell XPS laptop"; the change is to
    something beside it."""
    from memscribe.semantic.updates import covered, names_in
    from memscribe.textsim import content_tokens

    names = names_in(old)
    if not names or any(covered(n, set(content_tokens(own_words(new)))) for n in names):
        return False
    for clause in (c for s in _sentences(said) for c in _CLAUSE_BREAK.split(s)):
        words = set(content_tokens(clause))
        if continues(clause) and not reports_change(clause) and any(covered(n, words) for n in names):
            return True
    return False
