"""Per-language cues as structure, not phrasings: which language a turn is in, first-person forms,
hedges, negation, requests, corrections, confirmations and give-ups, for en, zh, ja, es, de, fr.

Each language is a row of small word classes (pronouns and first-person verb forms, hedge and
past markers, request forms, correction and confirmation openers). The gate asks "is this a
first-person statement?" and the embedded extractor "is it a lasting fact about the speaker?"
from the same rows. A language without a row (``other``) is reported as uncovered, so the gate can
hand the session to a model instead of guessing. Which language a text is in is told by
:mod:`memscribe.lexicon.identify` (its names are read here too).
"""

from __future__ import annotations

import re

from memscribe.lazyre import compile_table, lazy_compile
from memscribe.lexicon import caseless
from memscribe.lexicon.identify import (
    COVERED,
    LATIN_OTHER_MIN_WORDS,
    ascii_words,
    covered,
    language_of,
    maybe_other,
    per_turn,
    placed,
    read_beside,
    session_language,
)

__all__ = [
    "COVERED",
    "FILLER_LEAD",
    "GIVE_UP_EN",
    "LANGUAGES",
    "LATIN_OTHER_MIN_WORDS",
    "Language",
    "ascii_words",
    "covered",
    "language",
    "language_of",
    "led_by",
    "maybe_other",
    "opens_in_first_person",
    "per_turn",
    "placed",
    "read_beside",
    "reversal_signal",
    "self_statements",
    "sentences",
    "session_language",
]

_I = re.IGNORECASE


def led_by(starts: str, pattern: str) -> str:
    """``pattern`` behind a zero-width test of where a match of it can start: ``starts`` must
    hold at the start of every match of every alternative (a word boundary before one of the
    letters the alternatives open with, the start of the text, a punctuation mark they open
    with). A necessary condition, so the matches are the same; the scan only stops trying every
    alternative at every position, most of which (inside a word) no alternative can start at.
    (A verbose ``pattern`` must not end in a comment.)"""
    return f"(?>{starts})(?:{pattern})"


#: A word class as ``re.compile`` arguments: the pattern, or the pattern and its flags.
Source = str | tuple[str, int]


class Language:
    """One language's word classes (regexes over a sentence).

    Each class is compiled the first time it is read, then kept as a plain attribute: an English
    session reads a few of the rows' 45 classes, and compiling all of them cost every extract a
    fixed ~20 ms of start-up.
    """

    #: A first-person subject, possessive or first-person verb form.
    first_person: re.Pattern[str]
    #: Uncertain, hypothetical or wished-for: "maybe", "vielleicht", "peut-être", "かも".
    hedge: re.Pattern[str]
    #: Former state or passing moment: "used to", "früher", "autrefois", "today", "heute". Not a
    #: cessation ("nicht mehr", "ya no", "ne … plus", "もう…ない", "不再"): what stopped is a fact
    #: about now, and an update of what was stored.
    not_lasting: re.Pattern[str]
    #: A cessation: "ya no", "nicht mehr", "ne … plus", "もう…ない", "不再" (a fact about now).
    cessation: re.Pattern[str]
    #: A request to the other side: "can you", "kannst du", "peux-tu", "ください".
    request: re.Pattern[str]
    #: A relative or colleague as the subject: "my wife", "meine Frau", "mi madre", "妻は".
    third_party: re.Pattern[str]
    #: A correction of the agent's work: opens with a no, or says "instead", "not like that".
    correction: re.Pattern[str]
    #: An acceptance of the agent's work: "perfect", "genau", "parfait", "そうそう".
    confirmation: re.Pattern[str]
    #: Giving up or rejecting the work: "whatever", "egal", "laisse tomber", "もういい".
    give_up: re.Pattern[str]
    #: A question (beyond a trailing question mark).
    question: re.Pattern[str]

    def __init__(self, **classes: Source) -> None:
        if set(classes) != set(self.__annotations__):
            raise TypeError(f"a language row needs exactly {sorted(self.__annotations__)}")
        self._sources = classes

    def __getattr__(self, name: str) -> re.Pattern[str]:
        # only called for a class not read yet (afterwards it is an instance attribute)
        try:
            source = self.__dict__["_sources"][name]
        except KeyError:
            raise AttributeError(name) from None
        # compile_table: a row of this module's table, kept in the program cache between runs
        pattern = compile_table(source) if isinstance(source, str) else compile_table(*source)
        self.__dict__[name] = pattern
        return pattern


#: After a Japanese te-form cue (ないで, やめて, にして) asking for something: not a following
#: auxiliary, copula or particle that makes it a statement ("変わらないです", "ないでしょう",
#: "やめています", "やめてる", "やめておく", "どっちにしても", "にしては"); "にしてもらえる" still asks.
_JA_TE_ASKS = r"(?!す|しょ|い|る|お|あ|み|しま|た|は|も(?!ら))"

LANGUAGES: dict[str, Language] = {
    "es": Language(
        first_person=(
            r"\b(?:yo|me|mi|mis|nuestr[oa]s?|nosotr[oa]s|soy|estoy|tengo|vivo|trabajo|uso|hago|prefiero|llevo"
            r"|estudio|enseño|odio|suelo|corro|cocino|escribo|juego|dirijo|gestiono|trato|monto|traduzco"
            r"|programo|desarrollo|conduzco|hablo|necesito|somos|estamos|tenemos|usamos|trabajamos|vivimos"
            r"|dejé|empecé|cambié|compré|vendí|pasé|me\s+mudé)\b"
            # a verb in the first person singular of the preterite, where only a verb ends so: -é
            # ("terminé la carrera", "aprobé el examen"; not "café", "bebé", "qué")
            r"|\b(?!(?:caf|beb|pur|comit|chal|porqu|Jos)é\b)\w{2,}é\b"
            # ...and of the plural, present or preterite ("nos mudamos", "vendimos el coche"; not
            # an adjective or noun in -os: "últimos", "próximos", "primos", "extremos"; nor a verb
            # of saying or thinking: "aquí decimos …", "creemos que …" report words, not a fact)
            r"|\b(?![^\W\d_]*[áéíóú])(?!(?:pr|extr|supr|tr|rac|dec|llam|cre|pens|opin)[aei]?mos\b)"
            r"\w{2,}(?:amos|emos|imos)\b"
            # the present perfect: the first person auxiliary and a participle ("he dejado el
            # hospital", "me he mudado a Valencia", "hemos cambiado de piso")
            r"|\b(?:he|hemos)\s+(?:\w+\s+)?\w+(?:ado|ido|to|cho)\b"
            # a verb in the first person singular (present -o) where only a verb stands: after
            # a cessation ("ya no fumo", "tampoco bebo")
            r"|\b(?:ya\s+no|tampoco)\s+\w+o\b"
            # ...or after the negator opening the clause ("no como carne", "no tengo coche")
            r"|^(?:yo\s+)?no\s+\w{3,}o\b",
            _I,
        ),
        hedge=(
            r"\b(?:quizás?|tal\s+vez|a\s+lo\s+mejor|creo\s+que|igual\s+(?:me|lo|te)|puede\s+que|probablemente"
            r"|si\s+\w+|ojalá|me\s+gustaría|estoy\s+pensando|no\s+s[ée]\s+si|supongo|quiero|quisiera|tengo\s+que"
            r"|necesito|debo|voy\s+a|dice|dicen)\b",
            _I,
        ),
        not_lasting=(
            r"\b(?:antes|solía|de\s+joven|hoy|mañana|ahora\s+mismo|esta\s+(?:tarde|noche|mañana|semana)"
            r"|este\s+(?:fin\s+de\s+semana|viernes|lunes))\b",
            _I,
        ),
        cessation=(r"\b(?:ya\s+no|dejé\s+de|dejamos\s+de|(?:he|hemos)\s+dejado)\b", _I),
        request=(
            r"\b(?:puedes|podrías|pod[ée]s|por\s+favor|hazme|dame|ayúdame|escríbeme|dime|necesito\s+que"
            r"|quiero\s+que|quisiera|me\s+(?:haces|puedes|ayudas|escribes|preparas|traduces))\b",
            _I,
        ),
        third_party=(
            r"^\W*(?:(?:mi|mis)\s+(?:madre|padre|herman[oa]s?|hij[oa]s?|marido|mujer|espos[oa]|novi[oa]|jef[ea]"
            r"|compañer[oa]s?|amig[oa]s?|pareja|suegr[oa]|abuel[oa]|prim[oa]|vecin[oa]|cliente)|él|ella|ellos)\b",
            _I,
        ),
        correction=(
            r"^\W*(?:no\b(?!\s+(?:pasa\s+nada|hay\s+problema|te\s+preocupes))|nop?e?\b|eso\s+no\b|así\s+no\b"
            r"|mejor\s+(?:no|sin|usa|pon)|en\s+vez\s+de|en\s+lugar\s+de|para\s+\w+\s+nunca|nunca\s+\w+)"
            r"|\b(?:no\s+(?:uses|pongas|hagas|escribas|me\s+trates|devuelvas|metas|añadas)|en\s+vez\s+de"
            r"|en\s+lugar\s+de|eso\s+no\s+es|está\s+mal)\b"
            r"|,\s*no\s+(?:el|la|los|las|un|una|con|en)\b",  # "usa X, no el Y"
            _I,
        ),
        confirmation=(
            r"^\W*(?:perfecto|genial|eso\s+es|así\s+sí|vale|gracias|muchas\s+gracias|exacto|justo|bien"
            r"|muy\s+bien|estupendo|de\s+acuerdo|sí|si,|correcto|ahora\s+sí)\b",
            _I,
        ),
        give_up=(
            r"\b(?:da\s+igual|olvídalo|déjalo|lo\s+hago\s+yo|ya\s+lo\s+hago\s+yo|sigue\s+sin|sigue\s+mal"
            r"|tampoco|no\s+funciona|me\s+rindo)\b",
            _I,
        ),
        question=r"[¿?]",
    ),
    "de": Language(
        first_person=(
            r"\b(?:ich|mich|mir|mein|meine|meinen|meinem|meiner|meines|wir|uns|unser|unsere|unseren|unserem"
            r"|unserer)\b"
            # the subject left out: a clause that opens on a verb only the speaker can be the subject of,
            # "bin …", "hab(e) …", or a lower-case -e form before a lower-case word ("wohne in …",
            # "arbeite als …"; a determiner, an adverb or an adjective before its noun is not one)
            r"|^\W*(?:bin|hab|habe)\b"
            r"|^\W*(?!(?:(?:[mdsk]?ein|ihr|unser|eu[e]?r|dies|jen|welch|solch|manch|all|beid|einig|viel|wenig"
            r"|ander)e|bitte|danke|gerne|heute|ohne|lange|gerade|grade|schade|alleine|ne|nee|ade)\s)"
            r"(?-i:[a-zäöüß]{3,}e\s+[a-zäöü0-9])",
            _I,
        ),
        hedge=(
            r"\b(?:vielleicht|wahrscheinlich|eventuell|vermutlich|glaube\s+ich|ich\s+glaube|falls|wenn|ob"
            r"|möglicherweise|würde|hätte|könnte|überlege|irgendwann|mal\s+sehen|will|möchte|soll|sollte|muss|müsste|kann|darf"
            r"|brauche?|meint|sagt|keine\s+lust)\b",
            _I,
        ),
        not_lasting=(
            r"\b(?:früher|damals|ehemals|heute|morgen|gerade|diese\s+woche|heute\s+abend|am\s+wochenende"
            r"|diesen\s+(?:freitag|montag|samstag))\b",
            _I,
        ),
        cessation=(r"\b(?:nicht\s+mehr|kein\w*\s+(?:\w+\s+)?mehr)\b", _I),
        request=(
            # an imperative has no subject: "ich mach …" is a statement
            r"\b(?:kannst\s+du|könntest\s+du|kannst|könntest|bitte)\b"
            r"|(?<!ich\s)\b(?:schreib|mach|hilf|gib|zeig|erstell)\b",
            _I,
        ),
        third_party=(
            r"^\W*(?:(?:mein|meine)\s+(?:frau|mann|mutter|vater|bruder|schwester|sohn|tochter|chef|chefin"
            r"|kollege|kollegin|freund|freundin|partner|partnerin|kinder|eltern|nachbar\w*)|er|sie)\b",
            _I,
        ),
        correction=(
            r"^\W*(?:nein\b|nee\b|ne,|nicht\s+so\b|doch\s+nicht|falsch\b|bitte\s+(?:nicht|kein\w*)|lass\s+(?:das|die|den)"
            r"|kein\w*\b)"
            r"|\b(?:stattdessen|statt\s+\w+|anstatt|nicht\s+so|das\s+ist\s+(?:falsch|nicht)|bitte\s+nicht"
            r"|schreib\s+\w+\s+(?:lockerer|kürzer|anders))\b"
            r"|,\s*nicht\s+(?:mit|in|als|der|die|das|den|dem|so)\b",  # "X, nicht Y"
            _I,
        ),
        confirmation=(
            r"^\W*(?:perfekt|genau|passt|super|danke|gut\s+so|sehr\s+gut|prima|klasse|top|ja|stimmt|richtig"
            r"|so\s+ist\s+es\s+gut|jetzt\s+passt)\b",
            _I,
        ),
        give_up=(
            r"\b(?:egal|vergiss\s+es|lass\s+(?:es|mal|gut\s+sein)|(?:mach|schreib)['’]?s?\s+(?:ich\s+)?(?:\w+\s+){0,2}selbst"
            r"|mache\s+ich\s+(?:\w+\s+){0,2}selbst|immer\s+noch\s+(?:nicht|zu|falsch)|funktioniert\s+(?:immer\s+noch\s+)?nicht)\b",
            _I,
        ),
        question=r"\?",
    ),
    "fr": Language(
        first_person=(
            r"(?:\b(?:je|moi|mon|ma|mes|nous|notre|nos|me|m)\b|\bj['’])"
            # spoken "on" for "nous" in a past done ("on a déménagé", "on s'est mariés"); the generic
            # "on" of a rule or a saying is in the present ("on dit que", "on peut")
            r"|\bon\s+(?:a|s['’]est|est)\s+(?:\w+\s+)?\w+é(?:e|s|es)?\b",
            _I,
        ),
        hedge=(
            r"\b(?:peut-être|probablement|je\s+pense|je\s+crois|si\s+(?:je|on|tu)|éventuellement|je\s+voudrais"
            r"|j'aimerais|j’aimerais|sans\s+doute|je\s+ne\s+sais\s+pas|un\s+jour|je\s+veux|je\s+dois|il\s+faut"
            r"|besoin|je\s+vais)\b",
            _I,
        ),
        not_lasting=(
            r"\b(?:avant|autrefois|aujourd'hui|aujourd’hui|demain|ce\s+soir|cette\s+semaine|ce\s+week-end"
            r"|en\s+ce\s+moment|tout\s+à\s+l'heure|là|je\s+reprends|je\s+file|d'abord)\b",
            _I,
        ),
        cessation=(r"\bne\s+\S+\s+plus\b|\bn['’]\S+\s+plus\b", _I),
        request=(
            r"\b(?:peux-tu|pourrais-tu|tu\s+peux|pouvez-vous|s'il\s+te\s+pla[iî]t|s’il\s+te\s+pla[iî]t"
            r"|aide-moi)\b"
            # an imperative has no subject: "je fais …" is a statement
            r"|(?<!je\s)\b(?:fais|écris|donne|montre)\b",
            _I,
        ),
        third_party=(
            r"^\W*(?:(?:mon|ma|mes)\s+(?:mari|femme|mère|père|frère|sœur|soeur|fils|fille|chef|cheffe|collègue"
            r"|ami|amie|copain|copine|compagnon|compagne|enfants|parents|voisin\w*)|il|elle|ils|elles)\b",
            _I,
        ),
        correction=(
            r"^\W*(?:non\b|pas\s+(?:de|ça|comme|en|les|la|le)\b|plutôt\b|arrête|ne\s+\w+\s+pas|n['’]\w+\s+pas)"
            r"|\b(?:au\s+lieu\s+de|ne\s+(?:traduis|mets|fais|lance|utilise|écris)\s+pas|pas\s+de\s+\w+|c'est\s+faux"
            r"|arrête\s+de)\b"
            r"|,\s*pas\s+(?:de|en|avec|le|la|les|un|une|comme)\b",  # "X, pas Y"
            _I,
        ),
        confirmation=(
            r"^\W*(?:parfait|exactement|merci|super|c['’]est\s+(?:bon|ça|parfait|mieux)|nickel|top|très\s+bien"
            r"|oui|génial|impeccable|voilà|ok\s+c['’]est\s+bon)\b",
            _I,
        ),
        give_up=(
            r"\b(?:laisse\s+tomber|tant\s+pis|je\s+le\s+ferai\s+moi-même|je\s+vais\s+le\s+faire\s+moi-même"
            r"|oublie|toujours\s+pas|ne\s+marche\s+(?:toujours\s+)?pas|bof)\b",
            _I,
        ),
        question=(r"\?|\best-ce\s+que\b", _I),
    ),
    "ja": Language(
        first_person=(
            r"私|僕|俺|わたし|ぼく|自分|うちの|弊社|我々|私たち"
            r"|(?:て|で|に)?(?:いる|いた|る|います|ます|ました|です)(?:[。！!]|$|よ|ね|けど|ので|から|んだ|んです|のです)"
            r"|(?:してる|している|しています|やってる|やっています|使ってる|使っています|住んでる|住んでいます"
            r"|働いてる|働いています|乗り換えた|引っ越した|始めた|辞めた)"
            # the continuative of the same states, a clause linked to the next ("東京に住んでいて、")
            r"|[てで]いて$"
        ),
        hedge=r"かも|たぶん|多分|かな|と思う|と思います|もし|たら|れば|気がする|予定|つもり|したい|たいです",
        not_lasting=r"今日|明日|今夜|今週|昨日|昔|以前|前は|かつて|エラー|後で|あとで|今から|これから|やってみる",
        cessation=r"もう.{0,12}ない|やめた|辞めた",
        request=rf"ください|下さい|てほしい|て欲しい|お願い|してくれ|してね|して。|てくれる|ませんか|ないで{_JA_TE_ASKS}",
        third_party=r"^(?:妻|夫|母|父|兄|姉|弟|妹|息子|娘|上司|同僚|友達|友人|彼女|彼|家族)(?:は|が|も)",
        correction=(
            r"^(?:いや|いいえ|違う|ちがう|ちょっと待って)|じゃなくて|ではなく|違います"
            rf"|(?:ないで|やめて|にして){_JA_TE_ASKS}"
        ),
        confirmation=r"^(?:そうそう|いいね|完璧|ありがとう|それでお願い|OK|オッケー|いい感じ|はい|了解|バッチリ|これでいい|それでいい)",
        give_up=r"もういい|自分でやる|自分で書く|やっぱりいい|まだ(?:違う|ダメ|だめ)|いいや",
        question=r"[?？]|か[。]?$",
    ),
    "zh": Language(
        first_person=r"(?<![帮给让替教诉跟和陪叫请])我",
        hedge=r"可能|也许|或许|大概(?![一二三四五六七八九十两几半\d])|如果|假如|打算|考虑|不确定|好像|估计|想要|希望",
        not_lasting=r"今天|明天|今晚|这周|以前|曾经|昨天",
        cessation=r"不再|已经不|戒了",
        request=r"帮我|请你|请帮|能不能|可以帮|麻烦|给我",
        third_party=r"^(?:我(?:同事|朋友|老婆|老公|妈|爸|老板|同学|妻子|丈夫|儿子|女儿)|他|她|他们)",
        correction=(
            r"不对|错了|不是这样|别(?:放|用|加|再|这样)|不要(?:放|用|加|再)|不用(?:放|加)|这次别|应该(?:是|用)|其实"
            r"|用[^，。,]{1,8}(?:写|来写)|(?<![想要])改成|(?<![想要])换成|改用"
        ),
        confirmation=r"^\W*(?:对|好的|好|完美|可以了?|不错|没错|正确|就是这样|谢谢|行)",
        give_up=r"算了|不用了|我自己来|我自己写|还是不行|还是不对|随便",
        question=r"[?？]|吗|呢",
    ),
}

#: English give-ups and rejections: the user stops asking for the fix rather than accepting it.
GIVE_UP_EN = lazy_compile(
    led_by(
        r"\b(?=[dfgilnstw])",
        r"\b(?:whatever|never\s*mind|nevermind|forget\s+it|forget\s+about\s+it|I'?ll\s+(?:just\s+)?(?:do|write|fix"
        r"|handle)\s+it\s+myself|I'?ll\s+do\s+it|do\s+it\s+myself|(?:that'?s|it'?s)\s+(?:\w+\s+)?overkill|still\s+(?:doesn'?t"
        r"|does\s+not|isn'?t|not|broken|wrong|too)|doesn'?t\s+work|give\s+up|don'?t\s+bother|skip\s+it|not\s+worth\s+it"
        r"|leave\s+it|drop\s+it)\b",
    ),
    _I,
)
#: Fillers a reply may open with before its real first word ("hmm no, …", "uh, actually …").
FILLER_LEAD = lazy_compile(
    r"^\W*(?:(?:hmm+|hm+|uh+|um+|erm+|er|ehh*|well|oh+|ah+|so|ok(?:ay)?|look|listen)\b[\s,.…!-]*)+", _I
)


def language(text: str) -> Language | None:
    """The row of ``text``'s language (None for English and uncovered languages)."""
    return LANGUAGES.get(language_of(text))


#: English first-person subjects and possessives (English has no row: the profile cues own it).
_EN_FIRST_PERSON = lazy_compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|we|we're|our|us)\b", _I)


def opens_in_first_person(text: str) -> bool:
    """``text`` opens with the speaker's own first person ("I prefer …", "Ich wohne …", "我住在 …"):
    a row's first-person class anchored at the start. Every row is tried: a short body ("Ich wohne
    in Berlin.") has too few function words to name its language."""
    opening = text.lstrip(" \t\n\"'“‘«(*-")
    return any(p.match(opening) for p in (_EN_FIRST_PERSON, *(r.first_person for r in LANGUAGES.values())))


#: A sentence ends at . ! ? (a full stop not inside a number or an ordinal: "280.000", "3. Klasse").
#: An ordinal has one or two digits (a day, a class, a rank); a longer number before a full stop
#: ends its sentence ("…seit 2019. Wie …").
_SENTENCE = lazy_compile(r"(?:[^.!?。！？\n]|(?<=\d)\.(?=\S)|(?<!\d\d\d)(?<=\d)\.(?=\s+\w))+[.!?。！？]*")


def sentences(text: str) -> list[str]:
    """Sentences of ``text`` in any of the covered scripts."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def self_statements(text: str) -> list[str]:
    """Non-English sentences stating something about the speaker (first person, not a question
    or a request to the other side). English is judged by :mod:`memscribe.lexicon.profile`."""
    row = language(text)
    if row is None:
        return []
    out = []
    for sentence in sentences(text):
        if row.question.search(sentence):
            continue
        # a request is judged per clause: "Ich ernähre mich seit dem Sommer vegetarisch, also
        # bitte keine Fleischrezepte mehr" states a fact before it asks
        if any(
            row.first_person.search(clause) and not row.request.search(clause)
            for clause in _CLAUSE_BREAK.split(sentence)
        ):
            out.append(sentence)
    return out


#: Where a sentence's clauses part: commas and semicolons, and the links of a consequence or a
#: contrast ("also", "deshalb", "donc", "así que", "pero", "mais", "aber").
_CLAUSE_BREAK = lazy_compile(
    r"\s*[,;、，；]\s*|\s+(?:also|deshalb|daher|aber|donc|alors|mais|así\s+que|por\s+eso|pero)\s+", re.I
)


#: Taking a correction back: "go back to …", "revert to the old …", "like before", 改回, 元に戻して.
_REVERSAL = lazy_compile(
    r"\b(?:go\s+back\s+to|switch\s+(?:it\s+)?back|change\s+it\s+back\s+to|revert\s+to"
    r"|(?:the\s+)?(?:old|original)\s+(?:way|version)\s+(?:was|is)\s+better|like\s+it\s+was\s+before"
    r"|vuelve\s+a|como\s+antes|wie\s+vorher|zurück\s+zu|doch\s+wieder|comme\s+avant|reviens\s+à|remets)\b"
    r"|改回|换回|还是用回|恢复原来|还是原来|元に戻|前のほうが|やっぱり前の",
    _I,
)


#: Words (lower case, no blank) one of which every match of :data:`_REVERSAL` in an ASCII text
#: holds (its other alternatives hold a letter beyond ASCII): a text with none is not scanned.
_REVERSAL_WORDS = (
    *("back", "revert", "better", "before", "vuelve", "antes", "vorher", "wieder", "avant", "remets"),
)
#: :data:`_REVERSAL_WORDS` as one pattern (:func:`~memscribe.lexicon.caseless.one_of`).
_REVERSAL_FOUND = lazy_compile(caseless.one_of(_REVERSAL_WORDS))


def reversal_signal(text: str) -> bool:
    """The user takes an earlier correction back (then it is not a rule)."""
    if text.isascii() and _REVERSAL_FOUND.search(text.lower()) is None:
        return False
    return bool(_REVERSAL.search(text))
