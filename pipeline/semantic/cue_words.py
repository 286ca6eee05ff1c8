"""Words every match of an update cue holds in an ASCII text (issue 17): the change cue and the
left-behind scope of :mod:`memscribe.semantic.updates` search an ASCII text only when it holds one
(the same answers: tests/unit/test_update_prefilters.py). Alternatives written with a letter
outside ASCII, and the Chinese and Japanese ones, match no ASCII text and name none here.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: Every match of ``updates._CHANGE`` in an ASCII text holds one of these as a whole word (a run of
#: ``\w``, lower-cased): its English, German, French and Spanish alternatives each name one between
#: word boundaries ("no longer": "longer"; "he vendido": "vendido"; "mon nouveau": "mon").
CHANGE_WORDS = frozenset(
    "longer anymore more days nowadays again instead actually used switched moved changed migrated"
    " upgraded converted swapped replaced stopped quit sold canceled cancelled gave dropped ditched"
    " started graduated finally passed new got became back now left"
    # de
    " inzwischen mittlerweile seit mehr wieder stattdessen statt eigentlich umgestiegen gewechselt umgezogen verkauft"
    " bestanden endlich gezogen angefangen mein meine meinen meiner jetzt"
    # fr
    " depuis nouveau lieu fait vendu vendue enfin mon ma mes maintenant plus"
    # es
    " ya desde nuevo vez lugar realidad fin nueva nuevos nuevas cambiado mudado dejado vendido"
    " cancelado aprobado empezado vuelto ahora".split()
)
_WORD_RUN = lazy_compile(r"\w+")


def may_change(low: str) -> bool:
    """``low``, an ASCII text lower-cased, holds one of :data:`CHANGE_WORDS`."""
    return not CHANGE_WORDS.isdisjoint(_WORD_RUN.findall(low))


#: Every match of ``updates._LEFT_BEHIND`` in an ASCII text holds one of these (lower-cased): each
#: alternative's literal words (the verbs of change all before "from"); the French "ne", a whole
#: word, is asked apart (:data:`_NE`).
LEFT_BEHIND_MARKS = (
    *("from", "instead of", "no longer", "stopped", "quit", "left", "sold", "cancel", "gave up"),
    *("dropped", "ditched", "replaced", "don't", "doesn't", "not", "nicht mehr", "kein", "statt"),
    *("verkauft", "au lieu de", "ya no", "en vez de", "n'", "used to", "formerly", "previously"),
    *("autrefois", "auparavant", "solia"),
)
_NE = lazy_compile(r"\bne\b")


def may_leave(text: str) -> bool:
    """``text`` may hold a match of ``updates._LEFT_BEHIND``: not an ASCII text without one of
    :data:`LEFT_BEHIND_MARKS` (lower-cased) or the word "ne"."""
    if not text.isascii():
        return True
    low = text.lower()
    for mark in LEFT_BEHIND_MARKS:  # a plain loop: a generator's frame per mark cost more
        if mark in low:
            return True
    return _NE.search(low) is not None


#: A cessation: a state the statement says has ended ("no longer", "not … anymore", "nicht mehr",
#: "kein Alkohol mehr", "ne … plus", "ya no", "不再", "もう…ない").
_CEASED = lazy_compile(
    r"\b(?:no longer|any ?more|nicht mehr|kein\w*(?:\s+\w+){0,2}?\s+mehr|ya no)\b"
    r"|\b(?:ne|n['’])\s*\w+(?:\s+\w+)?\s+plus\b|不再|もう[^。！？.!?]{0,12}?(?:ない|ません)",
    re.IGNORECASE,
)


def ceased(text: str) -> bool:
    """``text`` says a state has ended (:data:`_CEASED`): a stop, which an additive focus word in
    it ("Ich trinke jetzt auch keinen Alkohol mehr") does not make an addition."""
    return _CEASED.search(text) is not None


__all__ = ["CHANGE_WORDS", "LEFT_BEHIND_MARKS", "ceased", "may_change", "may_leave"]
