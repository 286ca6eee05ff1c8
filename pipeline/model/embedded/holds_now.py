"""What holds now for the speaker, said of a thing rather than of "I" (issue 11).

An update is often said with the new value as the subject and the speaker as a possessor or an
object: "all my homework goes out as Teams assignments now", "pre-run cold brew is now
non-negotiable for me", "there are six of us on payroll now". Its aspect marks it: an adverb of
the present set against an earlier time ("now", "these days", "nowadays"; not the prospective
"from now on" of an instruction, the causal "now that", nor the moment of the task, "right now",
"just now"), and a finite verb in the present. The clause is the speaker's only when it names
them (my, our, me, us, mine): said of nobody, the same adverb makes a remark on the times ("nights
are a little cool these days", "it's so hard to find parking nowadays"), no fact of theirs.

A first-person subject anywhere in the clause is no part of this (the plain statement reads it),
nor a modal, a past or a future: those say what was, might be or will be, not what holds.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.chat import PLAIN_MIN_CONTENT, lead_dropped
from memscribe.model.embedded.profile_rules import Fact
from memscribe.model.embedded.text import MAX_VALUE_CHARS, in_their_words, kebab
from memscribe.textsim import content_tokens

#: The present set against an earlier time: "now" (not "from now on", "now that", "right now",
#: "just now", "for now", "by now", "until now"), "these days", "nowadays".
_NOW = lazy_compile(
    r"(?<!\bfrom )(?<!\bright )(?<!\bjust )(?<!\bfor )(?<!\bby )(?<!\buntil )\bnow\b(?!\s+(?:on|that)\b)"
    r"|\b(?:these\s+days|nowadays)\b",
    re.I,
)
#: The speaker named other than as the subject: a possessive or an object of the first person.
_SPEAKER = lazy_compile(r"\b(?:my|our|me|us|mine|ours)\b", re.I)
#: A first-person subject anywhere in the clause ("…, I live in the US now", "me and Sam are …"):
#: the plain statement's, not this one's; nor is a demonstrative subject pointing back into the
#: conversation ("that's my team now too").
_OTHER_SUBJECT = lazy_compile(r"\b(?:I|we)\b(?!['’]s)|^me\s+and\b", re.I)
#: A finite verb of the present: the copula or an auxiliary, contracted or not, or a verb in -s
#: after a possessed noun phrase ("my homework goes").
_PRESENT = lazy_compile(
    r"\b(?:is|are|am|has|have|does|do)\b|\w['’](?:s|re)\b|^there['’]s\b"
    r"|\b(?:my|our)\s+(?:[a-z-]+\s+){0,2}?[a-z]+[^\Wsu]s\b",
    re.I,
)
#: A modal, the past or the future as the clause's tense: not what holds now.
_NOT_PRESENT = lazy_compile(
    r"\b(?:will|would|could|should|might|may|can|was|were|had|did|gonna|going\s+to|'ll|’ll|'d|’d)\b", re.I
)
#: The partner or the conversation as what the clause is about ("now you …", "is that it now").
_PARTNER = lazy_compile(r"\b(?:you|your|yours|yourself)\b", re.I)
_ANAPHOR_END = lazy_compile(r"\b(?:it|that|this|those|these|them|one)\W*$", re.I)


#: A coordinate clause of its own after a comma ("…, and the old sheet just can't cope").
_COORDINATE = lazy_compile(r",\s*(?:and|but)\s+(?=\w)", re.I)


def holds_now(clause: str) -> Fact | None:
    """``clause``, or the first of its comma-joined coordinate clauses that does, as a fact in the
    speaker's words when it says what holds now of something of theirs (see the module's text);
    None otherwise. A coordinate clause has its own subject and tense ("there are six of us on
    payroll now, and the old sheet just can't cope"): each is read on its own."""
    if "?" in clause:
        return None
    for part in _COORDINATE.split(clause):
        fact = _holds_now(part)
        if fact is not None:
            return fact
    return None


def _holds_now(clause: str) -> Fact | None:
    bare = lead_dropped(clause).strip(" ,.;:!")
    if bare.isascii() and "now" not in (low := bare.lower()) and "days" not in low:
        return None  # every match of _NOW holds "now" or "days" (an ASCII text lowers as it folds)
    if not bare or _OTHER_SUBJECT.search(bare):
        return None
    if not (_NOW.search(bare) and _SPEAKER.search(bare)):
        return None
    if not _PRESENT.search(bare) or _NOT_PRESENT.search(bare):
        return None
    if _PARTNER.search(bare) or _ANAPHOR_END.search(bare):
        return None
    said = clause.strip(" ,.;:!")
    if len(content_tokens(said)) < PLAIN_MIN_CONTENT + 1 or len(said) > MAX_VALUE_CHARS:
        return None
    return Fact(kebab(bare, 3, fallback="about-user"), "one_year", in_their_words(said))


__all__ = ["holds_now"]
