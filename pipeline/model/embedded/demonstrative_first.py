"""A German or Spanish clause that fronts a demonstrative pronoun points back into the talk.

"Das weiß ich nicht", "sowas mache ich nur nebenbei", "eso lo hago yo": the pronoun in the first
place (German V2 order; in Spanish taken up by the clitic "lo") refers to what was just said, as
the object clitics of statements._NOT_STANDALONE do ("ya lo configuro", "je l'ai payée"): what the
speaker does with that is about the matter at hand, not a statement of theirs. A demonstrative
before a noun ("das Backend schreibe ich in Go") is no pronoun and is not read, nor is a copula
("das ist mein Job"). A state that holds, said with the pronoun ("das mache ich sowieso nur
abends"), is still the speaker's.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: The pronoun first, then the finite verb (lower case: no noun), then the speaker; "das und ich"
#: joins, "das ist/sind/war" is a copula.
_POINTS_BACK = {
    "de": lazy_compile(
        r"^(?i:das|dies|sowas|so\s+was|so\s+etwas)\s+(?!(?:und|oder|sowie|aber|ist|sind|war)\b)"
        r"[a-zäöüß]+\s+(?i:ich|wir)\b"
    ),
    "es": lazy_compile(r"^(?:eso|esto)\s+lo\s+\w+", re.I),
}
#: A state that holds: now (set against before), since a time, or as a habit (every day, always,
#: twice a week, on Saturdays).
_HOLDS = lazy_compile(
    r"\b(?:jetzt|inzwischen|mittlerweile|neuerdings|ahora|actualmente|seit|desde)\b"
    r"|\b(?:jede[nsm]?|täglich|immer|meistens|oft|cada|tod[oa]s\s+l[oa]s|siempre|a\s+diario)\b"
    r"|\b\w+mal\s+(?:die|pro|im|in\s+der)\s+(?:woche|monat|jahr)\b|\b\w+\s+veces\s+(?:a|al|por)\b"
    r"|\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|abend)s\b"
    r"|\blos\s+(?:lunes|martes|miércoles|jueves|viernes|sábados|domingos|fines\s+de\s+semana)\b",
    re.I,
)


def points_back(clause: str, lang: str) -> bool:
    """``clause`` (in ``lang``) fronts a demonstrative pronoun and says no state that holds
    (:data:`_HOLDS`): what it tells is about the matter at hand, not the speaker."""
    fronted = _POINTS_BACK.get(lang)
    return fronted is not None and fronted.match(clause.strip()) is not None and _HOLDS.search(clause) is None


__all__ = ["points_back"]
