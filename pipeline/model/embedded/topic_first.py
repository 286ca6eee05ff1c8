"""A foreign clause that fronts a thing before the speaker acts on it: a statement about that thing.

German puts one phrase before the finite verb (V2), and when that phrase is a definite object the
speaker's own subject follows the verb: "das Auto hab ich im März verkauft", "den Job bei Siemens
habe ich gekündigt", "die Katze habe ich zum Tierarzt gebracht". Spanish fronts the object and
takes it up again with a clitic: "el coche lo vendimos en marzo". (French says it apart, "la
voiture, je l'ai vendue", and its clitic clause is no statement already; English topicalisation,
"the car I sold", is rare in talk.) The fronted thing is the clause's topic, a thing already in the
talk, and what the speaker did with it once is about that thing, not a statement of the speaker's
own, which opens with the speaker or a time ("Seit Oktober arbeite ich remote"). A thing left
behind names the old value, as English "I sold my car" does for the shaped rules.

What the speaker does with the fronted thing now, since a time, or as a habit is a state of theirs
that holds, whatever the order: "die Buchhaltung mache ich jetzt mit Lexoffice", "die Wohnung haben
wir seit 2019", "das Fahrrad nehme ich jeden Tag zur Arbeit", "los sábados los paso con mis hijos".
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: A definite (or demonstrative) noun phrase first, then the finite verb, then the speaker ("das
#: Münchner Büro sehe ich …"); in Spanish the phrase, then its clitic before the verb. A
#: demonstrative pronoun first ("das weiß ich nicht", "sowas mache ich nur ab", "eso lo hago
#: yo") points back into the talk, as an object clitic does (statements._NOT_STANDALONE): what the
#: speaker does with that is about the matter at hand.
_OBJECT_FIRST = {
    "de": lazy_compile(
        r"^(?i:der|die|das|den|dem|diese[nsm]?)\s+(?:[\w-]+\s+){0,2}?"
        # the finite verb, not a conjunction joining the speaker to the phrase ("die Kinder und ich")
        r"[A-ZÄÖÜ][\w-]*\s+(?!(?:und|oder|sowie|aber)\b)[a-zäöüß]+\s+(?i:ich|wir)\b"
        r"|^(?i:das|dies|sowas|so\s+was|so\s+etwas)\s+(?!(?:und|oder|sowie|aber|ist|sind|war)\b)[a-zäöüß]+\s+(?i:ich|wir)\b"
    ),
    "es": lazy_compile(
        r"^(?:el|la|los|las|es[ea]s?|est[ea]s?)\s+(?:[\w-]+\s+){0,2}?(?:lo|la|los|las)\s+\w+"
        r"|^(?:eso|esto)\s+lo\s+\w+",
        re.I,
    ),
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


def about_fronted_thing(clause: str, lang: str) -> bool:
    """``clause`` (in ``lang``) fronts a definite thing the speaker then acts on, and says no state
    that holds (:data:`_HOLDS`): what it tells is about that thing, not the speaker."""
    fronted = _OBJECT_FIRST.get(lang)
    return fronted is not None and fronted.match(clause) is not None and _HOLDS.search(clause) is None


__all__ = ["about_fronted_thing"]
