"""A foreign clause that fronts a thing the speaker acted on once: a statement about that thing.

German puts one phrase before the finite verb (V2), and when that phrase is a definite object the
speaker's own subject follows the verb: "das Auto hab ich im März verkauft", "den Job bei Siemens
habe ich gekündigt". Spanish fronts the object and takes it up again with a clitic: "el coche lo
vendimos en marzo". (French says it apart, "la voiture, je l'ai vendue", and its clitic clause is
no statement already; English topicalisation, "the car I sold", is rare in talk.) The fronted thing
is the clause's topic, a thing already in the talk, and an EVENT told once about it is about that
thing, not a statement of the speaker's. A thing left behind names the old value, as English "I
sold my car" does for the shaped rules.

Only the tense of an event is read: in German the perfect (a form of "haben" before the speaker, a
participle closing the clause) or a preterite ("hatte", "gründete"); in Spanish a preterite or a
perfect right after a clitic ("lo vendí", "la he vendido"), so an article ("el resto de la semana
trabajo") is no clitic. A present tense clause is never read: what the speaker does with the thing
now is a state of theirs ("das Backend schreibe ich in Go", "el equipo lo dirijo yo"). Nor is a
time or measure phrase in the first place ("die letzten drei Jahre habe ich bei Bosch gearbeitet",
"den Rest der Woche"): it is when, not what. An event since a time ("seit", "desde") holds still.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: German: a definite (or demonstrative) phrase of one to four words, the finite verb of a told
#: event (the perfect's or pluperfect's "haben", or the weak preterite of a stem in -t/-d:
#: "leitete", "gründete"; "vermiete", "vertrete" are presents), then the speaker.
_DE_FRONTED = lazy_compile(
    r"^(?:der|die|das|den|dem|diese[nsmr]?)\s+(?P<np>(?:[\w-]+\s+){1,4}?)"
    r"(?P<verb>hab|habe|haben|hatte|hatten|\w{2,}[td]eten?)\s+(?:ich|wir)\b(?P<rest>.*)$",
    re.I,
)
#: A participle closing the clause: ge- (after a separable prefix too), an inseparable prefix, -iert;
#: in lower case, as no noun is ("in Erfurt", "in Erlangen" close a clause of having, not an event).
_DE_PARTICIPLE = lazy_compile(
    r"(?:[a-zäöü]\w*ge\w{2,}(?:t|en)|ge\w{2,}(?:t|en)|(?:ver|be|er|ent|zer|emp|miss|über|unter)\w{2,}(?:t|en)"
    r"|[a-zäöü]\w+iert)$"
)
#: Spanish: a definite phrase, then a clitic taking it up, then the verb (or "haber" and its
#: participle): what stands after the clitic decides whether it is one.
_ES_FRONTED = lazy_compile(
    r"^(?:el|la|los|las|es[ea]s?|est[ea]s?)\s+(?P<np>(?:[\w-]+\s+){1,4}?)(?:lo|la|los|las)\s+"
    r"(?P<verb>\w+)(?:\s+(?P<part>\w+))?",
    re.I,
)
#: A preterite no present form shares: -é/-í (1sg), -ó/-ió (3sg), -aste/-iste, -aron/-ieron, the
#: strong stems (hice, tuve, dije, puse, pude, quise, supe, vine, traje, estuve, fui, fue).
_ES_PRETERITE = lazy_compile(
    r"(?:\w{2,}[éíó]|\w+(?:aste|iste|asteis|isteis|aron|ieron|eron)"
    r"|(?:hic|hiz|tuv|dij|pus|pud|quis|sup|vin|traj|estuv)[eo]|fui|fue|fueron)$",
    re.I,
)
#: The first person plural of -ar and -ir verbs is a preterite and a present alike ("compramos",
#: "compartimos"): a preterite only with a time gone by (a year, a month, yesterday, ago, last).
_ES_PLURAL = lazy_compile(r"\w+(?:amos|imos)$", re.I)
_ES_PAST_TIME = lazy_compile(
    r"\ben\s+(?:\d{4}|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre"
    r"|octubre|noviembre|diciembre)\b|\b(?:ayer|anoche|anteayer|pasad[oa]|hace)\b",
    re.I,
)
_ES_PERFECT = lazy_compile(r"(?:he|has|ha|hemos|habéis|han|había|habíamos)\s+\w+(?:ado|ido|to|cho)$", re.I)
#: A time or measure head: the phrase says when or how much ("die meiste Zeit", "den Rest der
#: Woche", "die letzten drei Jahre", "el resto de la semana", "la mayoría de los días").
_TIME_OR_MEASURE = lazy_compile(
    r"^(?:\w*(?:zeit|woche|wochen|wochenende|wochenenden|jahr|jahre|jahren|monat|monate|monaten"
    r"|abend|abende|nacht|nächte|stunde|stunden|minute|minuten|sommer|winter|herbst|frühling"
    r"|ferien|semester|quartal|tage|tagen)|tag|morgen|morgens|vormittag|nachmittag|rest|großteil"
    r"|teil|hälfte|mehrheit|meiste|meisten"
    r"|tiempo|resto|mayoría|mitad|parte|año|años|mes|meses|semana|semanas|día|días|fin|fines"
    r"|mañana|mañanas|tarde|tardes|noche|noches|hora|horas|verano|invierno|otoño|primavera)$",
    re.I,
)
#: An event since a time holds still ("die Leitung habe ich seit Januar übernommen").
_SINCE = lazy_compile(r"\b(?:seit|desde)\b", re.I)
#: A demonstrative pronoun first ("das weiß ich nicht", "sowas mache ich nur nebenbei", "eso lo
#: hago yo") points back into the talk, as an object clitic does (statements._NOT_STANDALONE):
#: what the speaker does with that is about the matter at hand. A demonstrative before a noun
#: ("das Backend schreibe ich in Go") is no pronoun, and "das ist/sind/war" is a copula.
_POINTS_BACK = {
    "de": lazy_compile(
        r"^(?i:das|dies|sowas|so\s+was|so\s+etwas)\s+(?!(?:und|oder|sowie|aber|ist|sind|war)\b)"
        r"[a-zäöüß]+\s+(?i:ich|wir)\b"
    ),
    "es": lazy_compile(r"^(?:eso|esto)\s+lo\s+\w+", re.I),
}
#: A state that holds, said with a demonstrative ("das mache ich sowieso nur abends"): now (set
#: against before), since a time, or as a habit. The fronted thing's event needs none of it: its
#: tense decides it, and only a time since which it holds (:data:`_SINCE`) is read there.
_HOLDS = lazy_compile(
    r"\b(?:jetzt|inzwischen|mittlerweile|neuerdings|ahora|actualmente|seit|desde)\b"
    r"|\b(?:jede[nsm]?|täglich|immer|meistens|oft|cada|tod[oa]s\s+l[oa]s|siempre|a\s+diario)\b"
    r"|\b\w+mal\s+(?:die|pro|im|in\s+der)\s+(?:woche|monat|jahr)\b|\b\w+\s+veces\s+(?:a|al|por)\b"
    r"|\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|abend)s\b"
    r"|\blos\s+(?:lunes|martes|miércoles|jueves|viernes|sábados|domingos|fines\s+de\s+semana)\b",
    re.I,
)


def _time_phrase(np: str) -> bool:
    return any(_TIME_OR_MEASURE.match(word) for word in np.split())


def _de_event(clause: str) -> bool:
    found = _DE_FRONTED.match(clause)
    if found is None or _time_phrase(found["np"]):
        return False
    if found["verb"].lower().startswith("hab"):  # the perfect: its participle closes the clause
        words = found["rest"].split()
        return bool(words) and _DE_PARTICIPLE.match(words[-1]) is not None
    return True  # a preterite: "hatte", "gründete"


def _es_event(clause: str) -> bool:
    found = _ES_FRONTED.match(clause)
    if found is None or _time_phrase(found["np"]):
        return False
    verb, part = found["verb"], found["part"] or ""
    if _ES_PERFECT.match(f"{verb} {part}"):
        return True
    if _ES_PLURAL.match(verb):
        return _ES_PAST_TIME.search(clause) is not None
    return _ES_PRETERITE.match(verb) is not None


def about_fronted_thing(clause: str, lang: str) -> bool:
    """``clause`` (in ``lang``) fronts a definite thing and tells an event the speaker did with it
    once, or fronts a demonstrative pronoun: what it tells is about that thing, not the speaker."""
    clause = clause.strip().rstrip(".!?…;:")
    if lang == "de":
        event = _de_event(clause)
    elif lang == "es":
        event = _es_event(clause)
    else:
        return False
    if event:
        return _SINCE.search(clause) is None
    points_back = _POINTS_BACK[lang].match(clause)
    return points_back is not None and _HOLDS.search(clause) is None


__all__ = ["about_fronted_thing"]
