"""Whether a clause may give a fact at all (issue 17): the embedded profiles' cheap test before
a clause is shaped and read by every rule (:func:`memscribe.model.embedded.profiles._clause_facts`).

Every fact a clause gives there names the speaker ("I", "we", "my", "our" as a subject or a
possessive; "me", "us", "mine", "ours" in :func:`~memscribe.model.embedded.holds_now.holds_now`),
unless it is one of the shaped rules (:func:`~memscribe.model.embedded.profile_rules.facts_in_clause`)
that open otherwise. A clause of neither kind, most of what a working session says, is not read.
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.clause_shape import well_formed_tail
from memscribe.model.embedded.fronting import time_fronted_last
from memscribe.model.embedded.text import has_cjk

#: The speaker's words (see the module's text), each a whole word: in a lower-cased ASCII clause,
#: one of its runs of ``\w``.
#: (Written opened by each word's first letter, the word boundary asked behind it: ``\b`` before
#: a word character is ``(?<!\w)``, and ``re`` skips to one of those letters instead of trying the
#: pattern at every character; the same matches as :data:`SPEAKER_PLAIN`.)
_SPEAKER = lazy_compile(r"(?:i(?<!\wi)|m(?<!\wm)(?:e|y|ine|yself)|w(?<!\ww)e|u(?<!\wu)s|o(?<!\wo)urs?)\b")
#: The plain form :data:`_SPEAKER` stands for (tests compare the two).
SPEAKER_PLAIN = r"\b(?:i|me|my|mine|myself|we|us|our|ours)\b"
#: The first words of the shaped rules that name no speaker (``facts_in_clause``): "no meat",
#: "(please) (always) (don't / do not / never) use …", the openings read with a dropped subject
#: ("moved to Berlin", "next target is the CKA"), and "the" before :data:`_BARE_THE`.
_BARE_OPENINGS = frozenset(
    "no the please always don do never use just recently finally also moved switched relocated migrated"
    " changed started stopped quit sold passed graduated joined gave next current new latest main usual".split()
)
#: What follows "the" in the one such rule that opens with it ("the repo is on GitLab").
_BARE_THE = frozenset("repo repository codebase monorepo docs".split())
_WORD_RUN = lazy_compile(r"\w+")


def may_state(clause: str) -> bool:
    """``clause`` may give a fact in the embedded profiles: not an ASCII clause that names no
    speaker (:data:`_SPEAKER`) and opens with none of :data:`_BARE_OPENINGS` (its words as
    runs of ``\\w``, lower-cased), which no rule there keeps. Asked before the clause is shaped:
    a clause naming no speaker keeps its words and its first one there (``time_fronted_last``
    moves only a time before "I" or "we"; ``well_formed_tail`` drops a word said twice after the
    first, or opens at an "I")."""
    if not clause.isascii():
        return True
    low = clause.lower()
    if _SPEAKER.search(low) is not None:
        return True
    first = _WORD_RUN.match(low)
    if first is None or first.group() not in _BARE_OPENINGS:
        return False
    if first.group() != "the":
        return True
    second = _WORD_RUN.search(low, first.end())
    return second is not None and second.group() in _BARE_THE


def shaped(clause: str) -> str | None:
    """``clause`` as the embedded profiles read it (``_clause_facts``), or None when it gives no
    fact whatever follows: one that :func:`may_state` refuses, or (not Chinese) whose words are no
    English clause once a fronted time is moved last (:func:`well_formed_tail`). A Chinese clause
    is returned with its time moved; the narration test that may still drop it is the caller's."""
    if not may_state(clause):
        return None
    clause = time_fronted_last(clause)
    return clause if has_cjk(clause) else well_formed_tail(clause)


__all__ = ["may_state", "shaped"]
