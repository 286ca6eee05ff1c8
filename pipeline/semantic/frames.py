"""Frames of a statement that tell an update from a near miss: a bounded stay, continuative
aspect, and the values a fact holds (a count, a level, a time of day).

* **bounded stay** — a time adverbial that bounds the statement to a period or a single day
  ("this week", "for a few days", "until Friday", "tomorrow", "diese Woche", "ce week-end",
  "esta semana", "这周", "今週", "明日"), or the noun of a journey ("a trip", "a conference",
  "Urlaub", "vacances", "viaje", "出差", "出張"): "I'm in Hamburg for a conference this week"
  says where the user is now, not where they live. A verb of moving ("moved", "umgezogen",
  "déménagé", "me mudé", "搬到", "引っ越") overrides it: "we moved to Hamburg this week" is a move.
* **continuative** — "still", "same as ever", "immer noch", "toujours", "sigo", "还是", "相変わらず":
  the state goes on, nothing changed.
* **count** — a number and the noun it counts ("three coffees a day", "a team of 5", "8 people"),
  in digits or number words of the languages of the sets: a new count of the same noun ("cut
  down to one coffee a day" / "drinks three coffees a day") is a new value of that fact, and a
  change of quantity said with its target ("grew *to 8*", "auf 8 gewachsen", "passé à 8",
  "subió a 8", "增加到8") is one whatever noun follows it.
* **level** — a CEFR or JLPT code, HSK/TOPIK n, "level/grade/Stufe/niveau/nivel n", "3级": a new
  level of one thing ("B1 certificate in Spanish" / "Spanish at A2 level").
* **time of day** — "at 7am", "by 10", "around midnight", "um 6 Uhr", "à 6h", "a las 7", "7点",
  "7時": a new time of one habit ("wake up at 6" / "wakes up at 7am").

Pure functions; no model. Used by the embedded dedup decision (:mod:`memscribe.model.embedded.dedup`).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

_I = re.IGNORECASE

#: A period that bounds a stay, per language of the sets; and the nouns of a journey.
_BOUNDED = lazy_compile(
    # en
    r"\b(?:this|next|for\s+the|over\s+the)\s+(?:week|weekend|weekends)\b"
    r"|\bfor\s+(?:a|an|one|two|three|four|five|a\s+few|a\s+couple\s+of|several|\d+)\s+(?:more\s+)?(?:days?|nights?|weeks?)\b"
    r"|\buntil\b|\btill\b|\b(?:on|for)\s+(?:a|an|the)\s+(?:\w+\s+)?(?:trip|conference|visit|vacation|holiday)\b"
    r"|\b(?:my|our|the)\s+(?:\w+\s+)?flights?\b(?!\s+(?:attendant|instructor|engineer|school))"
    r"|\b(?:mein|unser|der|den)\s+(?:\w+\s+)?Flug\b|\b(?:mi|el)\s+vuelo\b|航班|フライト"
    r"|\b(?:visiting|travell?ing)\b"
    # de
    r"|\b(?:diese|nächste)\s+Woche\b|\b(?:dieses|nächstes|übers|am)\s+Wochenende\b"
    r"|\bfür\s+(?:ein\s+paar|zwei|drei|einige|\d+)\s+(?:Tage|Wochen)\b|\bbis\s+(?:Freitag|Sonntag|Montag|Ende)\b"
    r"|\b(?:Urlaub|Dienstreise|Geschäftsreise|Reise|Konferenz|zu\s+Besuch)\b"
    # fr
    r"|\bcette\s+semaine\b|\bce\s+week-end\b|\bpour\s+(?:quelques|deux|trois|\d+)\s+(?:jours|semaines)\b"
    r"|\bjusqu['’]\s*(?:à|au)\b|\ben\s+(?:vacances|déplacement|voyage)\b|\bconférence\b"
    # es
    r"|\besta\s+semana\b|\beste\s+fin\s+de\s+semana\b|\bpor\s+(?:unos|dos|tres|\d+)\s+(?:días|semanas)\b"
    r"|\bhasta\s+el\b|\bde\s+(?:vacaciones|viaje)\b|\bconferencia\b"
    # zh, ja
    r"|这周|这个周末|这几天|出差|旅游|旅行|度假|今週|今週末|出張|休暇"
    # a single day or night: "tomorrow", "last night", "heute", "demain", "hoy", "明天", "明日"
    # (not the start of a state: "from today", "ab heute", "desde hoy", "今日から")
    r"|\b(?:tomorrow|tonight|yesterday|last\s+night|this\s+morning|(?<!from\s)(?<!of\s)today"
    r"|(?<!jeden\s)(?<!am\s)morgen|(?<!ab\s)heute|gestern|demain|(?<!dès\s)aujourd['’]hui|hier|ce\s+soir"
    r"|(?<!la\s)mañana|(?<!desde\s)hoy|ayer|esta\s+noche)\b"
    r"|明天|(?<!从)今天|昨天|今晚|明日|今日(?!から)|昨日|今夜"
    # standing in for somebody: a role held while they are away ("heading the team while my boss
    # is on leave", "interim head", "kommissarisch", "par intérim", "en funciones", "暂时", "一時的に")
    r"|\bwhile\s+(?:\w+['’]?\s+){1,3}(?:is|are|'s)\s+(?:on|away|out)\b|\bwhile\s+(?:she|he|they)['’](?:s|re)\s+(?:on|away|out)\b"
    r"|\bcovering\s+for\b|\b(?:interim|acting)\s+(?:head|lead|manager|director|chair)\b"
    r"|\b(?:vertretungsweise|kommissarisch|in\s+Vertretung)\b|\b(?:par|en)\s+intérim\b|\bintérimaire\b"
    r"|\ben\s+funciones\b|\binterin[oa]\b|暂时|临时|一時的",
    _I,
)
#: A move of one's home: the bound is when it happened, not how long it lasts.
_MOVE = lazy_compile(
    r"\b(?:moved|relocated|umgezogen|gezogen|déménagée?s?|mudé|mudamos|mudado)\b|搬到|搬去|搬家|引っ越",
    _I,
)


def bounded_stay(sentence: str) -> bool:
    """The sentence bounds what it says to a period or a journey and reports no move: a stay,
    which changes nothing the user holds for good."""
    return bool(_BOUNDED.search(sentence)) and not _MOVE.search(sentence)


#: Continuative aspect: the state said goes on as before ("still", "same as ever", "immer noch",
#: "nach wie vor", "toujours", "todavía", "sigo", "还是", "仍然", "相変わらず", "今も"), or the user stays
#: with it ("I'll stick with", "ich bleibe bei", "je reste sur", "me quedo con").
_CONTINUES = lazy_compile(
    r"\b(?:still|as\s+(?:ever|always|usual)|same\s+as\s+(?:ever|always|before)|stick(?:ing)?\s+with"
    r"|stay(?:ing)?\s+with|immer\s+noch|noch\s+immer|nach\s+wie\s+vor|weiterhin|wie\s+immer|bleibe\s+(?:bei|dabei)"
    r"|toujours|comme\s+d['’]habitude|reste\s+(?:sur|avec|fidèle)|todavía|aún|sigo|seguimos|como\s+siempre"
    r"|me\s+quedo\s+con)\b|还是|还在|仍然|依然|照样|相変わらず|今も|引き続き",
    _I,
)


def continues(sentence: str) -> bool:
    """The sentence says a state goes on as before (continuative aspect): it restates what holds,
    it reports no change."""
    return bool(_CONTINUES.search(sentence))


#: Number words of the languages of the sets (one to twelve, a few tens), as their values.
_NUMBER_WORDS: dict[str, int] = {
    **dict.fromkeys(("one", "a", "an", "eins", "ein", "eine", "einen", "un", "une", "uno", "una"), 1),
    **dict.fromkeys(("two", "zwei", "deux", "dos"), 2),
    **dict.fromkeys(("three", "drei", "trois", "tres"), 3),
    **dict.fromkeys(("four", "vier", "quatre", "cuatro"), 4),
    **dict.fromkeys(("five", "fünf", "cinq", "cinco"), 5),
    **dict.fromkeys(("six", "sechs", "seis"), 6),
    **dict.fromkeys(("seven", "sieben", "sept", "siete"), 7),
    **dict.fromkeys(("eight", "acht", "huit", "ocho"), 8),
    **dict.fromkeys(("nine", "neun", "neuf", "nueve"), 9),
    **dict.fromkeys(("ten", "zehn", "dix", "diez"), 10),
    **dict.fromkeys(("eleven", "elf", "onze", "once"), 11),
    **dict.fromkeys(("twelve", "zwölf", "douze", "doce"), 12),
    **dict.fromkeys(("twenty", "zwanzig", "vingt", "veinte"), 20),
    **dict.fromkeys(("thirty", "dreißig", "trente", "treinta"), 30),
}
#: Articles count one only before a noun said per a period ("a coffee a day") or had
#: (:data:`_HAVING`): "a day" itself, "a team", "a car" are no counts.
_ARTICLES = frozenset({"a", "an", "ein", "eine", "einen", "un", "une", "uno", "una"})
#: A verb of having right before an article: the article counts the thing had ("has *a* cat" /
#: "has two cats", "habe eine Katze", "j'ai un chat", "tengo un gato").
_HAVING = lazy_compile(
    r"\b(?:has|have|had|owns?|owned|habe|hat|haben|besitze|besitzt|ai|avons|tengo|tiene|tenemos)\s+$",
    re.IGNORECASE,
)
#: An English noun after the noun counted: the counted word modifies it ("two *car* seats", "two
#: *dog* beds"), the thing counted is another. Words that may follow the head of a phrase
#: (prepositions, determiners, adverbs, conjunctions), a participle or a name end the phrase.
_EN_COUNT = frozenset({"a", "an", "one", *(w for w in _NUMBER_WORDS if w.isascii() and w.isalpha())})
#: English words that end a noun phrase after its head (prepositions, conjunctions, time adverbs):
#: "bought a piano *for* …", "two cats *and* …". Shared with :mod:`memscribe.semantic.updates`.
PHRASE_END_WORDS = (
    "for|from|to|with|and|or|but|so|because|since|last|this|yesterday|today|recently|finally|again|now"
    "|at|in|on|after|before|that|which|off|back|ago|too|as|by|when|while|just|already|earlier"
)
_NOUN_AFTER = lazy_compile(
    rf"\s+(?!(?:{PHRASE_END_WORDS}|who|a|an|the|my|our|it|one|two|three|four|five|six|few|several"
    r"|some|like|of|myself|ourselves|every|each|per|here|there|still|also|total|altogether|is|are|was"
    r"|were|all|both)\b)"
    r"(?-i:[a-z]+)\b(?<!ed)(?<!ing)(?<!ly)(?!['’-])",
    re.IGNORECASE,
)
_NUMBER = r"\d+(?:[.,]\d+)?|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
#: A number and the noun after it ("three coffees", "8 people"), or a noun and "of" a number ("a
#: team of 5").
_COUNTED = lazy_compile(
    rf"\b(?P<n>{_NUMBER})\s+(?:(?:more|fewer|less|cups?\s+of|glasses\s+of)\s+)?(?P<noun>[^\W\d_]{{3,}}|km|kg)\b(?!\s+(?:of|von|de)\s+\d)"
    rf"|\b(?P<head>[^\W\d_]{{3,}})\s+(?:of|von|de)\s+(?P<n2>{_NUMBER})\b(?!\s*[:.]\d)",
    _I,
)
#: A change of quantity said with its target: a verb, then "to"/"auf"/"à"/"a"/"到" and a number.
_TO_COUNT = lazy_compile(
    # en: the verbs of a quantity's change, up or down
    r"\b(?:grew|grown|rose|risen|increased|decreased|dropped|fell|fallen|cut|went|gone|reduced|shrank"
    r"|shrunk|lowered|raised|upped|bumped|scaled|doubled|halved)\s+(?:(?:down|up|back)\s+)?to\s+"
    rf"(?:{_NUMBER}|one|a|an)\b"
    rf"|\bauf\s+(?:{_NUMBER})\s+\w+\s+(?:gewachsen|gestiegen|gesunken|reduziert|erhöht|verkleinert|vergrößert)\b"
    rf"|\b(?:passée?s?|réduite?s?|descendue?s?|montée?s?)\s+à\s+(?:{_NUMBER})\b"
    rf"|\b(?:subió|bajó|reduje|pasé|pasó|creció)\s+a\s+(?:{_NUMBER})\b"
    r"|(?:增加|减少|降|升|涨|变)到\s*\d+|\d+\s*(?:人|杯|回|個|本)?に(?:増え|減っ|減らし|なっ)",
    _I,
)


#: The period a count is per ("three coffees *a day*", "5 km pro Woche", "deux fois par semaine").
_RATE = lazy_compile(
    r"(?:\s+[^\W\d_]+)??\s*(?:a|an|per|each|every|/|pro|im|am|in\s+der|par|au|al|por|a\s+la)\s*"
    r"(?P<period>day|night|week|month|year|tag|nacht|woche|monat|jahr|jour|nuit|semaine|mois|an|día|dia|noche|semana|mes|año)\b",
    _I,
)
_PERIODS = {
    "tag": "day", "jour": "day", "día": "day", "dia": "day", "nacht": "night", "nuit": "night",
    "noche": "night", "woche": "week", "semaine": "week", "semana": "week", "monat": "month",
    "mois": "month", "mes": "month", "jahr": "year", "an": "year", "año": "year",
}  # fmt: skip


def _value(number: str) -> float:
    word = number.lower()
    if word in _NUMBER_WORDS:
        return float(_NUMBER_WORDS[word])
    return float(word.replace(",", "."))


def counts(text: str) -> list[tuple[float, str, str]]:
    """The counts of a statement: each number (digits or a number word), the noun it counts,
    lower-case, and the period it is per, if any ("User drinks three coffees a day" → ``[(3.0,
    "coffees", "day")]``; "a team of 5" → ``[(5.0, "team", "")]``)."""
    found: list[tuple[float, str, str]] = []
    clocks = [c.span() for c in _CLOCK.finditer(text) if not c.group("word")]
    for m in _COUNTED.finditer(text):
        if any(a <= m.start() < b for a, b in clocks):
            continue  # a time of day ("um 12 Uhr", "à 7 heures") counts nothing
        rate = _RATE.match(text, m.end())
        period = rate.group("period").lower() if rate else ""
        period = _PERIODS.get(period, period)
        if (
            m.group("n")
            and m.group("n").lower() in _ARTICLES
            and not period
            and not _HAVING.search(text[max(0, m.start() - 12) : m.start()])
        ):
            continue  # an article counts one only per period ("a coffee a day", "eine Tasse am Tag") or had
        if m.group("n") is not None and (m.group("n").isdigit() or m.group("n").lower() in _EN_COUNT):
            if _NOUN_AFTER.match(text, m.end()):
                continue  # the word counted modifies a noun after it ("two car seats")
        if m.group("n") is not None:
            found.append((_value(m.group("n")), m.group("noun").lower(), period))
        else:
            found.append((_value(m.group("n2")), m.group("head").lower(), period))
    return found


def quantity_change(text: str) -> bool:
    """The statement reports a change of quantity with its target ("grew to 8 people", "cut
    down to one coffee", "auf 8 Leute gewachsen", "passé à 3", "subió a 5", "增加到8")."""
    return bool(_TO_COUNT.search(text))


def _same_noun(a: str, b: str) -> bool:
    """One noun, singular or plural ("coffee" / "coffees", "day" / "days")."""
    short, long = sorted((a, b), key=len)
    return long == short or (long.startswith(short) and len(long) - len(short) <= 2)


#: Nouns of a unit of frequency, duration or distance: what they count is said beside them.
_UNITS = frozenset(
    {
        "times", "time", "mal", "fois", "veces", "vez", "hours", "hour", "stunden", "stunde", "heures",
        "heure", "horas", "hora", "minutes", "minuten", "minutos", "km", "kilometers", "kilometres",
        "miles", "kilometer",
    }
)  # fmt: skip


def _share_besides_count(new: str, old: str) -> bool:
    """The two share a content word besides their numbers, periods and units."""
    from memscribe.textsim import content_tokens

    blank = set(content_tokens(" ".join([*_NUMBER_WORDS, *_PERIODS, *_PERIODS.values(), *_UNITS])))
    return bool((set(content_tokens(new)) & set(content_tokens(old))) - blank - _LIGHT_VERBS)


#: A part of the week a habit is bound to ("on Saturdays", "at weekends", "samstags", "le samedi",
#: "los domingos", "周末", "土曜"): a habit of those days is another than the everyday one.
_WEEK_PART = lazy_compile(
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekends?\b"
    r"|\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s?\b|\bwochenend(?:e|s)\b"
    r"|\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?\b|\bweek-ends?\b"
    r"|\b(?:lunes|martes|miércoles|jueves|viernes|sábados?|domingos?)\b|\bfines?\s+de\s+semana\b"
    r"|周末|週末|周[一二三四五六日天]|星期[一二三四五六日天]|[月火水木金土日]曜",
    _I,
)


#: A part of the week said as recurring: a plural or adverbial day ("on Fridays", "freitags", "los
#: viernes"), a day with "every" or the habitual article ("every Friday", "jeden Freitag", "le
#: vendredi", "每周五", "毎週金曜"), the weekends. "On Sunday" (one day: "finished the marathon on
#: Sunday") is none.
_DAYS_EN = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_DAYS_DE = r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)"
_DAYS_FR = r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)"
_RECURRING_DAYS = lazy_compile(
    rf"\b{_DAYS_EN}s\b|\bweekends\b|\b(?:every|each)\s+(?:{_DAYS_EN}|weekend)\b|\b(?:at|on)\s+(?:the\s+)?weekends?\b"
    rf"|\b{_DAYS_DE}s\b|\bjeden\s+{_DAYS_DE}\b|\b(?:am|jedes)\s+wochenende\b|\bwochenends\b"
    rf"|\ble\s+(?:{_DAYS_FR}|week-end)\b|\b(?:tous\s+)?les\s+(?:{_DAYS_FR}|week-end)s\b"
    r"|\blos\s+(?:lunes|martes|miércoles|jueves|viernes|sábados|domingos|fines\s+de\s+semana)\b|\bcada\s+(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo|fin\s+de\s+semana)\b"
    r"|每个?(?:周|星期|礼拜)[一二三四五六日天]|每个?周末|毎週|週末は|[月火水木金土日]曜(?:日)?は",
    _I,
)


def week_bound(new: str, old: str) -> bool:
    """``new`` binds its state to a recurring part of the week and ``old`` to no part of it
    ("works from home *on Fridays*" / "works at Google", "je travaille de chez moi le vendredi",
    "每周五在家办公"): said of some days only, it is narrower than ``old``, which holds on the
    others."""
    first = _first_clause(new)
    return (
        bool(_RECURRING_DAYS.search(first))
        and not _WEEK_PART.search(old)
        and _one_relation(first, _QUOTED.sub("", old))
    )


#: A place the user is said to be at: a preposition before a name ("in Berlin", "at Google", "bei
#: Google", "chez Google", "en Madrid"), at home, or Chinese 在 before a place.
_LOCATIVE = lazy_compile(
    r"\b(?:in|at|bei|à|chez|en)\s+(?-i:[A-Z])|\b(?:at|from)\s+home\b|\bzu\s+hause\b|\bde\s+chez\b|在", _I
)
#: Words of a statement that name no relation: its subject, the quotation's lead, the change cue.
_NO_RELATION = frozenset({"user", "word", "now", "jetzt", "maintenant", "ahora"})


def _one_relation(new: str, old: str) -> bool:
    """The two statements relate the user to their object alike: a shared word ("works from home"
    / "works at Google"), or both place the user ("stays in Hamburg" / "lives in Berlin"). A day
    bounds a state only against one of its relation: "eats meat on weekends" is no narrower
    "vegetarian"."""
    from memscribe.textsim import content_tokens

    shared = (set(content_tokens(new)) & set(content_tokens(old))) - _NO_RELATION
    if any(w.isascii() or not any("\u4e00" <= c <= "\u9fff" for c in w) for w in shared):
        return True
    return bool(_LOCATIVE.search(new)) and bool(_LOCATIVE.search(old))


#: Where the first clause of a statement ends: a comma, semicolon or colon, or a coordinator
#: opening another clause ("I now live in Hamburg *and* work from home on Mondays").
_CLAUSE_END = lazy_compile(
    r"[,;:，；：、]|\s(?:and|but|und|aber|sondern|et|mais|y|pero)\s|而且|并且|但是", _I
)
#: What a statement quoted in the user's words opens with ('User, in their words: "…"').
_QUOTED = lazy_compile(r'^User,\s+in\s+their\s+words:\s*"?')


def _first_clause(text: str) -> str:
    """The clause that holds the statement's state: the text before the first clause break. A day
    named in a later clause ("I now work at Meta, from home on Fridays") bounds another state."""
    text = _QUOTED.sub("", text)
    m = _CLAUSE_END.search(text)
    return text[: m.start()] if m else text


def _other_schedule(new: str, old: str) -> bool:
    """``new`` binds its habit to a part of the week ``old`` does not name: another habit."""
    days = {" ".join(m.group().lower().split()) for m in _WEEK_PART.finditer(new)}
    return bool(days) and not days <= {" ".join(m.group().lower().split()) for m in _WEEK_PART.finditer(old)}


#: Light verbs: the habit they tell is their object ("go to the gym" / "go to the office", "eat
#: lunch" / "eat dinner"), so sharing one shares no habit.
_LIGHT_VERBS = frozenset(
    {
        "go", "goes", "going", "went", "eat", "eats", "have", "has", "take", "takes", "get", "gets",
        "do", "does", "make", "makes", "start", "starts", "leave", "leaves", "come", "comes",
        "gehe", "geht", "esse", "isst", "habe", "hat", "mache", "macht", "fange", "vais", "va",
        "mange", "fais", "commence", "voy", "como", "tengo", "hago", "empiezo",
    }
)  # fmt: skip


#: Words of a habit's recurrence, shared by any two daily habits ("every day", "每天", "毎日").
_EVERY = frozenset(
    {
        "every", "each", "daily", "day", "days", "night", "nights", "morning", "evening", "jeden", "tag",
        "morgen", "abend", "tous", "jours", "matin", "soir", "todos", "días", "cada", "mañana", "noche",
        "每天", "每晚", "毎日", "毎朝", "毎晩",
    }
)  # fmt: skip
#: A word of a Latin script (CJK content tokens are bigrams, too noisy to tell two habits apart).
_LATIN_WORD = lazy_compile(r"[a-zà-ÿß]+")


def count_changed(new: str, old: str) -> bool:
    """``new`` gives another count of a noun ``old`` counts ("one coffee" / "three coffees"),
    or reports a change of quantity with its target ("grew to 8 people") where ``old`` holds a
    count ``new`` does not ("a team of 5"). Nothing when ``new`` keeps ``old``'s count too."""
    mine, theirs = counts(new), counts(old)
    if not mine or not theirs:
        return False
    if {n for n, _, _ in theirs} & {n for n, _, _ in mine}:
        return False
    if _other_schedule(new, old):
        return False
    # one noun counted per one period ("a day" / "a day"): a monthly saving is no savings target;
    # a unit ("three times a week", "2 hours a day") counts no thing: what is done so many times
    # is said beside it, and must be shared too ("swims two times" is no new count of "runs")
    if any(
        _same_noun(a, b) and p == q and (a not in _UNITS or _share_besides_count(new, old))
        for _, a, p in mine
        for _, b, q in theirs
    ):
        return True
    periods = {p for _, _, p in mine} | {q for _, _, q in theirs}
    return len(periods) == 1 and quantity_change(new)


#: A time of day said with its preposition ("at 7am", "by 10", "around midnight", "um 6 Uhr",
#: "à 6h", "a las 7", "7点", "7時"), as minutes after midnight.
_CLOCK = lazy_compile(
    r"\b(?:at|by|around|until|till|from|um|gegen|ab|bis|à|vers|a\s+las?|hacia)\s+"
    r"(?P<h>\d{1,2})(?:(?P<sep>[:h.])(?P<m>\d{2}))?\s*(?P<ap>am|pm|a\.m\.|p\.m\.|uhr|h)?(?![\d,:%]|\.\d|\w)"
    r"|(?P<word>midnight|noon|mitternacht|mittag|minuit|midi|medianoche|mediod[ií]a)"
    r"|(?P<ch>\d{1,2})\s*(?:[点點時])(?:(?P<cm>\d{1,2})分|半)?",
    _I,
)
_CLOCK_WORDS = {"midnight": 0, "mitternacht": 0, "minuit": 0, "medianoche": 0}


def clock_times(text: str) -> set[int]:
    """The times of day a statement names, in minutes after midnight; an hour without "am"/"pm"
    stands for both halves of the day ("up at 6" → 360 and 1080)."""
    found: set[int] = set()
    for m in _CLOCK.finditer(text):
        if m.group("word"):
            found.add(_CLOCK_WORDS.get(m.group("word").lower(), 12 * 60))
            continue
        hour = int(m.group("h") or m.group("ch"))
        minute = int(m.group("m") or m.group("cm") or 0)
        if hour > 24 or minute > 59:
            continue
        ap = (m.group("ap") or "").lower().replace(".", "")
        if ap == "pm" and hour < 12:
            hour += 12
        found.add((hour % 24) * 60 + minute)
        if not ap and hour <= 12 and (m.group("sep") or "").lower() != "h":  # 6h30: a 24-hour clock
            found.add(((hour + 12) % 24) * 60 + minute)
    return found


def time_changed(new: str, old: str) -> bool:
    """Both statements name a time of day, none the same, and they share a content word besides
    the times (what happens then: "wake", "bed", "stehe"): a new time of one habit ("wake up at
    6" / "wakes up at 7am")."""
    from memscribe.textsim import content_tokens

    mine, theirs = clock_times(new), clock_times(old)
    if not mine or not theirs or mine & theirs:
        return False
    from memscribe.semantic.updates import own_words

    if _other_schedule(new, old):
        return False
    blank = set(content_tokens(" ".join(m.group() for m in _CLOCK.finditer(new + " " + old))))
    blank |= _LIGHT_VERBS | _EVERY
    ours, theirs_words = (
        set(content_tokens(own_words(new))) - blank,
        set(content_tokens(own_words(old))) - blank,
    )
    # each side does something the other does not ("drink tea at 4pm" / "drinks coffee at 8am")
    if {w for w in ours - theirs_words if _LATIN_WORD.fullmatch(w)} - {"user"} and {
        w for w in theirs_words - ours if _LATIN_WORD.fullmatch(w)
    } - {"user"}:
        return False
    return bool(ours & theirs_words)


#: A level said by its code: a CEFR level (A2, B1), a JLPT one (N3), HSK 4, TOPIK I/II, or a
#: level word and its number ("level 3", "grade 8", "Stufe 2", "niveau B2", "nivel 4", "3级", "2級").
_LEVEL = lazy_compile(
    r"(?<![\w-])(?-i:[ABC][12]|N[1-5])(?![\w-])|(?<![A-Za-z])(?:HSK|TOPIK)\s*(?:[1-6]|I{1,2}V?|VI?)\b"
    r"|\b(?:level|grade|stufe|niveau|nivel|band)\s+(?:[A-C]?\d+(?:\.\d)?|[A-C][12])\b|\d\s*[级級]",
    _I,
)


#: Months, names of a date, not of what a level is of ("sat TOPIK II in April").
_MONTHS = frozenset(
    "january february march april may june july august september october november december".split()
)


def levels(text: str) -> set[str]:
    """The levels a statement names, normalised ("at A2 level" → ``{"a2"}``, "TOPIK II" →
    ``{"topik ii"}``, "level 3" → ``{"level 3"}``)."""
    return {" ".join(m.group().lower().split()) for m in _LEVEL.finditer(text)}


def level_changed(new: str, old: str) -> bool:
    """Both statements name a level, none the same, and they share a content word besides the
    levels (what the level is of: "Spanish", "TOPIK"): a new level of one thing ("got my B1
    certificate in Spanish" / "is learning Spanish at A2 level")."""
    from memscribe.textsim import content_tokens

    mine, theirs = levels(new), levels(old)
    if not mine or not theirs or mine & theirs:
        return False
    from memscribe.semantic.updates import names_in

    codes = set(content_tokens(" ".join(mine | theirs))) - {"topik", "hsk"}
    # each names a subject the other does not ("German at A2" / "Spanish at B1"): two things
    said_codes = set(content_tokens(" ".join(mine | theirs))) | _MONTHS
    ours, others = names_in(" " + new) - said_codes, names_in(" " + old) - said_codes
    if ours and others and not ours & others:
        return False
    return bool((set(content_tokens(new)) & set(content_tokens(old))) - codes - {"level", "grade"})


__all__ = [
    "bounded_stay",
    "clock_times",
    "continues",
    "count_changed",
    "counts",
    "level_changed",
    "levels",
    "quantity_change",
    "time_changed",
    "week_bound",
]
