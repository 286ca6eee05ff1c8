"""A state with an end, or a state supposed: neither is a lasting fact about the user.

"Estoy de baja hasta septiembre", "bis Ende März wohne ich bei meinen Eltern", "this month I'm
working from my parents' place": a state said with its end (or its month) passes with it. "Ich
bräuchte wohl was Schickeres", "je prendrais la verte": the conditional mood
supposes a case, it does not tell one. "Samedi je reçois six personnes", "am Samstag", "en juillet je
pars deux semaines": an occasion of one day or a stay of a counted length is an event, not a fact.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: A bound on the state: until a time, or only this month.
_BOUNDED = lazy_compile(
    r"\b(?:hasta|bis|jusqu['’]?(?:à|au|en)|until|till)\s+(?:(?:el|la|le|la|den|die|das|ende|finales\s+de|fin|the\s+end\s+of)\s+)?"
    r"(?:\d|\w+)"
    r"|\b(?:este\s+mes|diesen\s+monat|ce\s+mois(?:-ci)?|this\s+month)\b",
    re.IGNORECASE,
)
#: The conditional mood of a verb: French -rais/-rait/-rions/-raient (the Spanish -ría is also the
#: ending of nouns: "panadería", "ingeniería"),
#: German Konjunktiv II of the verbs that carry it alone (wäre, bräuchte, käme, ginge, hätte, würde).
_CONDITIONAL = lazy_compile(
    r"\b\w{2,}r(?:ais|ait|ions|iez|aient)\b"
    r"|\b(?:wäre|wären|bräuchte|bräuchten|käme|ginge|hätte|hätten|würde|würden|könnte|müsste|sollte)\b",
    re.IGNORECASE,
)


#: One day near now, or a stay of a counted length: a weekday said once ("samedi", "am Samstag",
#: "el sábado"; said as a habit it is plural or with the article: "le samedi", "samstags", "los
#: sábados"), or "deux semaines", "eine Woche", "tres días". A frequency ("dreimal die Woche", "deux
#: fois par semaine") counts no stay.
_ONE_OCCASION = lazy_compile(
    r"(?<!\ble\s)\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b(?!s)"
    r"|\b(?:am|diesen|nächsten|kommenden)\s+(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b"
    r"|\bel\s+(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo)\b"
    r"|\b(?:un|une|deux|trois|quatre|ein|eine|einen|zwei|drei|vier|una|dos|tres|cuatro|\d+)\s+"
    r"(?:semaines?|jours|wochen?|tage|semanas?|días)\b(?!\s+(?:par|pro|por|a\s+la|al)\b)",
    re.IGNORECASE,
)


#: A span within a day or a week said as a habit ("von 8 bis 16 Uhr", "de lunes a viernes hasta las
#: tres", "from 9 until 5"): the bound is the span's, not the state's.
_SPAN = lazy_compile(
    r"\b(?:von|vom|de|du|desde|from)\s+\S+\s+(?:\S+\s+)?(?:bis|hasta|jusqu|until|till|à|a)\b", re.I
)


def _bounded(clause: str) -> bool:
    return _BOUNDED.search(clause) is not None and _SPAN.search(clause) is None


def passing_or_supposed(clause: str) -> bool:
    """``clause`` says a state with its end or its month, an occasion of one day or of a counted
    stay, or a state in the conditional mood."""
    return _bounded(clause) or bool(_CONDITIONAL.search(clause) or _ONE_OCCASION.search(clause))
