"""Facets: the few single-valued sides of a person that a newer statement replaces.

Where someone lives, where (or as what) they work, how they get around and when they sleep hold
one value at a time: "I moved to Montréal" replaces "lives in Lyon", "das Auto hab ich verkauft"
replaces "drives a VW Golf", in any language, although the two statements share no word.
A facet is recognised two ways, both closed-class and language-general:

* from a **slug** — the topic words stored memories are filed under (``home-city-lyon``,
  ``job-bank-analyst``, ``employer``, ``role-phd``): :data:`SLUG_WORDS`;
* from a **statement** — the verb (or noun) of residence or employment in the languages of the
  sets (en, de, fr, es, ja, zh): "live in", "wohne", "déménagé", "vivo", "住んで", "搬到";
  "work at", "arbeite", "travaille", "trabajo", "会社", "上班"; or a word that names the facet
  and is a value itself: an academic role ("postdoc", "博士"), a vehicle ("Auto", "vélo", "开车"),
  a daily rhythm ("night owl", "起床", "me lève").

Used by the relatedness rule (a slug's topic words include its facet's, so a statement filed as
``home-…`` shortlists a memory filed as ``residence-…``) and by the embedded dedup decision (a
statement reporting a change on a memory's facet updates it). Pure functions; no model.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

_I = re.IGNORECASE

#: Facet → the slug words that name it. A word names one facet only; ambiguous words ("work",
#: as in ``work-language-go``, "city" alone in ``favourite-city``) are left out.
SLUG_WORDS: dict[str, frozenset[str]] = {
    "residence": frozenset({"home", "residence", "lives", "living", "location", "address", "based"}),
    "work": frozenset(
        {"job", "employer", "employment", "workplace", "occupation", "career", "profession", "role"}
    ),
    "transport": frozenset({"commute", "commuting", "transport", "vehicle", "car", "driving", "drives"}),
    "rhythm": frozenset({"sleep", "routine", "rhythm", "chronotype", "owl", "riser", "bedtime", "wake"}),
}

#: Facet → slug words a statement of that facet reaches, though alone they name no facet: a
#: memory filed as ``city`` ("User lives in Hamburg") is on the topic of a move ("home-…"), but
#: ``favourite-city`` is no residence (:func:`slug_facet` does not read these).
REACHED_SLUG_WORDS: dict[str, frozenset[str]] = {
    "residence": frozenset({"city", "town", "hometown"}),
}

#: Facet → the word a slug of that facet starts with (the embedded extractor files statements so).
SLUG_HEAD = {"residence": "home", "work": "job", "transport": "commute", "rhythm": "routine"}

#: Facet → its verbs and nouns, per language (one alternation; case-insensitive).
_STATEMENT: dict[str, re.Pattern[str]] = {
    "residence": lazy_compile(
        # en
        # moved to a place: a name or a place with its article ("moved to night shifts" is no home)
        r"\b(?:live[sd]?|living)\s+(?:\w+\s+)?in\b|\bmoved\s+(?:back\s+)?(?:to|into)\s+(?=(?-i:[A-Z])|(?:the|a|an)\s)"
        r"|\brelocated\b|\bbased\s+in\b"
        # de
        r"|\bwohn(?:e|en|t|te|ung)\b|\b(?:um|hin|weg)?gezogen\b|\bziehe\s+(?:nach|um)\b"
        # fr
        r"|\bhabit(?:e|es|ons|ais|é|ée)\b|\bdéménag\w*|\bvis\s+(?:\w+\s+)?(?:à|en|au)\b|\binstallée?s?\s+(?:à|en|au)\b"
        # es
        r"|\bviv(?:o|imos|ía|í)\b|\bme\s+mudé\b|\bnos\s+mudamos\b|\bmudad[oa]\b"
        # ja, zh
        r"|住ん|住む|住まい|引っ越|住在|搬到|搬去|搬家",
        _I,
    ),
    "work": lazy_compile(
        # en ("works at", "works remotely for", "works on-site at")
        r"\bwork(?:s|ed|ing)?\s+(?:(?:\w+ly|\w+-[\w-]+)\s+)?(?:as|at|for)\b|\bjoined\b|\bnew\s+job\b|\bjob\s+(?:at|as)\b|\bhired\b"
        # employed as a state ("I'm employed full-time"), not a thing employed ("employed a method")
        r"|\bemployed\b(?!\s+(?:a|an|the|my|our|this|that|these|those)\b)"
        # a role over a team: heading, leading or managing one now ("heading the research team")
        r"|\b(?:head|lead|manag(?:e|ing)|heading|leading)s?\s+(?:the|a|an|my|our)\s+(?:[\w/-]+\s+){0,2}?"
        r"(?:team|department|group|lab|squad|division)\b(?!['’]s)"
        # de
        # a noun of one's work said as a place ("au boulot", "im Job", "en el curro": at work) is
        # where something happens, not what the user works as
        r"|\barbeit(?:e|en|est|et|ete)\b|(?<!\bim )(?<!\bbeim )\bJob\b|\bStelle\b|\bangestellt\b"
        r"|\bleite\s+(?:\w+\s+){0,2}?(?:das|die|den|unser\w*|mein\w*)\s+(?:\w+\s+)?\w*(?:team|abteilung|gruppe|labor)\b"
        # fr
        r"|\btravaill(?:e|es|ons|ais|é)\b|(?<!\bau )\bboulot\b|\bposte\b|\bembauchée?\b|\bsalariée?\b"
        r"|\bdirige\s+(?:l['’]|le\s|la\s|une?\s|mon\s|ma\s|notre\s)\s*(?:\w+\s+)?(?:équipe|service|département|labo)\b"
        # es
        r"|(?<!\bal )(?<!\bel )\btrabaj(?:o|amos|aba|é)\b|(?<!\bel )(?<!\bmi )\bcurro\b|\bpuesto\b|\bcontratad[oa]\b|\basalariad[oa]\b"
        r"|\b(?:dirijo|lidero|coordino)\s+(?:el|la|un|una|mi|nuestro|nuestra)\s+(?:\w+\s+)?(?:equipo|departamento|grupo)\b"
        # ja, zh
        r"|会社|社員|勤め|働い|職場|転職|入社|上班|公司|入职|跳槽",
        _I,
    ),
}

#: Facet → words that name it and are values themselves (an academic role, a vehicle, a time of
#: day): they tell the facet, and are never blanked as :func:`without_facet_words` blanks verbs.
_VALUED: dict[str, re.Pattern[str]] = {
    # an academic role is the occupation of its holder, in every language
    "work": lazy_compile(
        r"\b(?:phd|post-?docs?|doctoral|doctorante?s?|doktorand(?:in)?|doctorand[oa]s?)\b|博士|研究生|ポスドク|院生",
        _I,
    ),
    # How the user gets around: the vehicle owned or driven, or the one used instead.
    "transport": lazy_compile(
        # en
        r"\b(?:drive[sn]?|driving|drove)\b|\b(?:a|my|the|our|own)\s+(?:\w+\s+)?car\b|\bcommut\w*|\bcargo bike\b"
        r"|\bby (?:bike|bicycle|car|train|bus|tram|metro|subway)\b"
        # de
        r"|\bAuto\b|\b(?:Lasten|Fahr|E-?)rad\b|\bpendl\w*|\bfahre\b"
        # fr
        r"|\bvoiture\b|\bvélo\b|\bje roule\b|\bpermis\b"
        # es
        r"|\bcoche\b|\bcarro\b|\bconduzco\b|\bbici(?:cleta)?\b"
        # ja, zh (辆: the measure word of vehicles, "一辆二手车")
        r"|車で|車を|車は|マイカー|自転車|運転|开车|汽车|买车|卖车|自行车|骑车|通勤|辆",
        _I,
    ),
    # When the user sleeps and works best: a rhythm holds one value at a time.
    "rhythm": lazy_compile(
        # en
        r"\bnight owl\b|\bearly (?:riser|bird)\b|\bmorning person\b|\b(?:wake|wakes|woke|get|gets|got) up\b"
        r"|\b(?:go|goes|went) to bed\b|\bafter midnight\b|\bsleep(?:s|ing)?\b"
        # de
        r"|\bNachteule\b|\bFrühaufsteher(?:in)?\b|\baufstehe\b|\bstehe\s+\w+(?:\s+\w+)?\s+auf\b|\bschlafe\b"
        # fr
        r"|\bcouche-tard\b|\blève-tôt\b|\bme (?:lève|couche)\b|\bje dors\b"
        # es
        r"|\bnoctámbul[oa]\b|\bmadrugador[a]?\b|\bme (?:levanto|acuesto)\b|\bduermo\b"
        # ja, zh
        r"|夜型|朝型|起き|寝る|寝て|早起き|夜更かし|作息|起床|睡觉|就睡|熬夜|夜猫子|早起",
        _I,
    ),
}


#: The two ends of the night, each a value of the rhythm facet of its own: going to sleep and
#: getting up ("goes to bed at 11pm" and "gets up at 6am" both hold).
_SLEEP_ENDS: dict[str, re.Pattern[str]] = {
    "onset": lazy_compile(
        r"\b(?:go|goes|went|going)\s+to\s+(?:bed|sleep)\b|\b(?:fall|falls|falling|fell)\s+asleep\b|\bbedtime\b"
        r"|\bins\s+Bett\b|\bschlafen\s+geh|\bschlafe\s+(?:\S+\s+){0,5}?ein\b"
        r"|\bme\s+couche\b|\bm['’]endors\b|\bme\s+acuesto\b|\b(?:me\s+)?duermo\b"
        r"|睡觉|就睡|入睡|寝る|寝ます",
        _I,
    ),
    "waking": lazy_compile(
        r"\b(?:wake|wakes|woke|waking|get|gets|got|getting)\s+up\b|\baufsteh\w*|\bstehe\s+(?:\S+\s+){0,5}?auf\b"
        r"|\bwache\s+(?:\S+\s+){0,5}?auf\b|\bme\s+(?:lève|réveille)\b|\bme\s+(?:levanto|despierto)\b"
        r"|起床|起き|醒来",
        _I,
    ),
}


def sleep_end(text: str) -> str | None:
    """The one end of the night a statement names (``onset``: going to bed; ``waking``: getting
    up), or None when it names neither or both."""
    found = [end for end, pattern in _SLEEP_ENDS.items() if pattern.search(text)]
    return found[0] if len(found) == 1 else None


def other_sleep_end(new: str, old: str) -> bool:
    """The two statements name the two ends of the night, one each: two values of the rhythm, not
    one replaced ("gets up at 6am" / "goes to bed at 11pm")."""
    mine = sleep_end(new)
    return mine is not None and sleep_end(old) not in (None, mine)


def slug_facet(slug: str) -> str | None:
    """The facet a slug is filed under (one of its words names it), or None."""
    words = set(slug.lower().split("-"))
    found = [facet for facet, names in SLUG_WORDS.items() if words & names]
    return found[0] if len(found) == 1 else None


#: Per facet, words (lower case) one of which every match of its :data:`_STATEMENT` pattern, and
#: of its :data:`_VALUED` one, holds in an ASCII text, lowered (their other alternatives hold a
#: letter beyond ASCII, which no ASCII letter matches case-insensitively): an ASCII text with
#: none of them is not scanned for that pattern. (A statement names a facet rarely; each pattern,
#: a long case-insensitive alternation, was asked of every statement filed or compared.)
_STATEMENT_WORDS: dict[str, tuple[str, ...]] = {
    "residence": (
        *("liv", "moved", "relocated", "based", "wohn", "gezogen", "ziehe", "habit", "vis", "install"),
        *("viv", "mudamos", "mudad"),
    ),
    "work": (
        *("work", "joined", "job", "hired", "employed", "team", "department", "group", "lab", "squad"),
        *("division", "arbeit", "stelle", "angestellt", "leite", "travaill", "boulot", "poste"),
        *("embauch", "salari", "dirige", "trabaj", "curro", "puesto", "contratad", "dirijo", "lidero"),
        "coordino",
    ),
}
_VALUED_WORDS: dict[str, tuple[str, ...]] = {
    "work": ("phd", "post", "doctor", "doktorand"),
    "transport": (
        *("driv", "drove", "car", "commut", "by ", "auto", "rad", "pendl", "fahre", "voiture", "roule"),
        *("permis", "coche", "conduzco", "bici"),
    ),
    "rhythm": (
        *("owl", "early", "morning", " up", "bed", "midnight", "sleep", "nachteule", "stehe", "schlafe"),
        *("couche", "dors", "madrugador", "levanto", "acuesto", "duermo"),
    ),
}


def statement_facets(text: str) -> set[str]:
    """Every facet a statement names (its verbs and nouns of residence, employment, transport,
    rhythm)."""
    low = text.lower() if text.isascii() else None
    found = {
        facet
        for facet, pattern in _STATEMENT.items()
        if _may_hold(low, _STATEMENT_WORDS[facet]) and pattern.search(text)
    }
    return found | {
        facet
        for facet, pattern in _VALUED.items()
        if _may_hold(low, _VALUED_WORDS[facet]) and pattern.search(text)
    }


def _may_hold(low: str | None, words: tuple[str, ...]) -> bool:
    """``low`` (an ASCII text lowered; None: another text, always asked) holds one of ``words``."""
    if low is None:
        return True
    for word in words:  # a plain loop: a generator's frame per word cost more than the test
        if word in low:
            return True
    return False


def statement_facet(text: str) -> str | None:
    """The facet a statement is about (its verb or noun of residence or employment), or None
    when it names none or both ("moved to Berlin for a new job": two facets, no one value)."""
    found = statement_facets(text)
    return found.pop() if len(found) == 1 else None


def without_facet_words(text: str) -> str:
    """``text`` with its verbs and nouns of residence and employment blanked, leaving the values:
    "User has moved to Lyon" and "User lives in Lyon" then say the same thing."""
    for pattern in _STATEMENT.values():
        text = pattern.sub(" ", text)
    return text


def facet_words(words: frozenset[str]) -> frozenset[str]:
    """``words`` plus every slug word of the facets they name (``home`` → residence, lives, …),
    and the words those facets reach (``city``: :data:`REACHED_SLUG_WORDS`)."""
    extra = [
        names | REACHED_SLUG_WORDS.get(f, frozenset()) for f, names in SLUG_WORDS.items() if words & names
    ]
    return words.union(*extra) if extra else words


__all__ = [
    "SLUG_HEAD",
    "SLUG_WORDS",
    "facet_words",
    "other_sleep_end",
    "sleep_end",
    "slug_facet",
    "statement_facet",
    "statement_facets",
    "without_facet_words",
]
