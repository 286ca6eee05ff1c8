"""Which language a text is in (:func:`language_of`: script, then function words, accents and
French elision), memoized per turn (:func:`per_turn`), and whether the lexicon covers it
(:func:`covered`). :mod:`memscribe.lexicon.langs` holds each covered language's cues and
re-exports these names."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import chain

from memscribe.lazyre import lazy_compile
from memscribe.lexicon import caseless

COVERED = ("en", "zh", "ja", "es", "de", "fr")

#: A Latin-script text this long without one function word of a covered language is another language.
LATIN_OTHER_MIN_WORDS = 8

_KANA = lazy_compile(r"[\u3040-\u30ff]")
_HANGUL = lazy_compile(r"[\uac00-\ud7af\u1100-\u11ff]")
_HAN = lazy_compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CYRILLIC_ETC = lazy_compile(r"[\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f]")
_WORD = lazy_compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
#: :data:`_WORD` over lower-cased ASCII text, where its letters are a-z (a plain range, no Unicode
#: category test per character).
_ASCII_WORD = lazy_compile(r"[a-z]+(?:'[a-z]+)?")
#: Every ASCII byte but a-z, as a blank (a 256-byte table for ``bytes.translate``, which reads it
#: by index, where ``str.translate`` asks a mapping once per distinct character): a lower-cased
#: ASCII text without an apostrophe so translated holds :data:`_ASCII_WORD`'s words between blanks
#: (see :func:`ascii_words`).
_BLANK_BUT_A_TO_Z = bytes(c if 97 <= c <= 122 or c >= 128 else 32 for c in range(256))
#: :data:`_BLANK_BUT_A_TO_Z` lowering A-Z as well: an ASCII text's bytes so translated hold the words
#: of its lower-cased twin between blanks (without an apostrophe, see :func:`ascii_words`).
_LOWER_OR_BLANK = bytes(c + 32 if 65 <= c <= 90 else _BLANK_BUT_A_TO_Z[c] for c in range(256))

#: Function words that mark a Latin-script language (a handful each; counted, never matched alone).
_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        "the and is are i i'm my me you your it that this to of in for with on we not but was have don't"
        " what so do can please just be will all at an as if or it's that's i'll i've i'd there they he she"
        " one yes ok".split()
    ),
    "es": frozenset(
        "el la los las que y es soy estoy un una por para con no mi mis me lo pero muy también más yo del"
        " al tengo hay como esta este eso de en se su sus le todo ahora desde porque".split()
    ),
    "de": frozenset(
        "der die das und ich nicht ist ein eine mit auf für mein meine wir sie es zu bin habe auch aber"
        " den dem im bitte noch schon unser unsere unseren alle dass sich wird werden jetzt seit nur".split()
    ),
    "fr": frozenset(
        "le la les et je j'ai est un une des du de pas pour avec mon ma mes nous suis ai mais très c'est"
        " au aux ce cette qui ne que en dans sur il elle tout depuis".split()
    ),
}
#: Function words of another language that English text uses too: English words ("no", "me",
#: "die", "son", "den", "bin", "im" for I'm), language and locale codes ("en", "de", "es": "an en
#: dash", "en_US", "/usr/local/bin", "/en/"), names' particles and abbreviations ("de Vries", "Le
#: Mans", "LA", "EST"). They count toward their language, but a text is read as that language only
#: with evidence English never gives: one of its function words not listed here, or an accent of it.
_SHARED_WITH_ENGLISH = frozenset("no me en de es la die bin den im le son est".split())
_ACCENTS = {
    "es": lazy_compile(r"[ñ¿¡áíóú]"),
    "de": lazy_compile(r"[äöüß]"),
    "fr": lazy_compile(r"[çàèùêâîôœë]"),
}


#: Any character of a script checked above (one search rules them all out for Latin text).
_NON_LATIN = lazy_compile("|".join(p.pattern for p in (_KANA, _HANGUL, _HAN, _CYRILLIC_ETC)))
#: Each function word's languages, so a text's words are looked up once, not once per language.
_LANGS_OF: dict[str, tuple[str, ...]] = {}
for _lang, _table in _FUNCTION_WORDS.items():
    for _word in _table:
        _LANGS_OF[_word] = (*_LANGS_OF.get(_word, ()), _lang)
#: Function words of a language besides English (shared with English or not), and English's: a text
#: holding none of the first scores nothing for another language (see :func:`_ascii_language_of`).
_NOT_ONLY_ENGLISH = frozenset(w for w, langs in _LANGS_OF.items() if langs != ("en",))
_ENGLISH = _FUNCTION_WORDS["en"]
#: The two sets as the bytes of their ASCII words (what :func:`_ascii_language_of` reads).
_NOT_ONLY_ENGLISH_BYTES = frozenset(w.encode() for w in _NOT_ONLY_ENGLISH if w.isascii())
_ENGLISH_BYTES = frozenset(w.encode() for w in _ENGLISH if w.isascii())
_ANY_ACCENT = lazy_compile("|".join(p.pattern for p in _ACCENTS.values()))
#: French elision: a clitic's vowel dropped before a vowel or an h ("j'ai", "c'est", "l'agence",
#: "d'occasion", "qu'il"). English never elides a word's first letters so; it is evidence of French as
#: strong as an accent, and it is what a short French turn often has instead ("j'ai deux enfants").
_ELISION = lazy_compile(r"(?<![\w'’])(?:j|c|l|d|n|m|t|s|qu)['’](?=[aeiouyhàâéèêîôû])", re.I)


class per_turn(caseless.per_turn):  # noqa: N801 - a context manager, used as ``with langs.per_turn():``
    """Within it, :func:`language_of` answers a text it has already placed from a memo, dropped
    at the end: a stage judging one turn asks the language of the same text (or its stripped,
    quoted-aside or lead-stripped forms) several times, through several cues. The memo lives for
    one turn, never across turns, so a transcript repeating itself is placed as often as ever.
    The turn's flat forms are kept for it too (:func:`caseless.flat_words`), in the same memo.

    ``text`` and ``language``: the turn's text and the language an earlier stage placed it in
    (:func:`placed`, the gate's reading handed to the detector): the memo starts with it. (A
    class, not a generator: entered for every user turn by the gate and by the detector.)"""

    __slots__ = ()


def language_of(text: str) -> str:
    """``en``, ``zh``, ``ja``, ``ko``, ``es``, ``de``, ``fr`` or ``other`` (script, then function words)."""
    turn = caseless._TURN_FLAT.get()
    if turn is None:
        return _language_of(text)
    memo = turn[2]
    lang = memo.get(text)
    if lang is None:
        lang = memo[text] = _language_of(text)
    return lang


def placed(text: str) -> str | None:
    """The language the turn being judged placed ``text`` in so far (None: not asked, or outside
    :func:`per_turn`): what a stage hands on to the next one that judges the same turn."""
    turn = caseless._TURN_FLAT.get()
    return None if turn is None else turn[2].get(text)


def _language_of(text: str) -> str:
    if _HE.search(text) and (text.isascii() or not _NON_LATIN.search(text)) and _spanish_perfect(text):
        return "es"
    if text.isascii():
        return _ascii_language_of(text)
    if _NON_LATIN.search(text):
        if _KANA.search(text):
            return "ja"
        if _HANGUL.search(text):
            return "ko"
        if _HAN.search(text):
            return "zh"
        return "other"
    words = [w.casefold() for w in _WORD.findall(text)]
    if not words:
        return "en"
    scores = _function_word_scores(words)
    folded = text.casefold()
    if _ANY_ACCENT.search(folded):
        for lang, accent in _ACCENTS.items():
            scores[lang] += 2 * len(accent.findall(folded))
    scores["fr"] += 2 * len(_ELISION.findall(folded))
    return _decided(scores, words, folded)


def _ascii_language_of(text: str) -> str:
    """:func:`language_of` of an ASCII text: no other script and no accent; lower-casing is
    case folding, and it leaves the words where they were, so the text is folded once. A text
    without an apostrophe is read as bytes, lowered and cut into words by one translation
    (:data:`_LOWER_OR_BLANK`), and placed by its bytes' words when no other language's function
    word is among them (most English turns: neither the lowered text nor the words as ``str``
    are made)."""
    if "'" not in text:
        held = text.encode("ascii").translate(_LOWER_OR_BLANK).split()
        if not held:
            return "en"
        if _NOT_ONLY_ENGLISH_BYTES.isdisjoint(held):
            if len(held) >= LATIN_OTHER_MIN_WORDS and _ENGLISH_BYTES.isdisjoint(held):
                return "other"
            return "en"
    folded = text.lower()
    words = ascii_words(folded)
    if not words:
        return "en"
    if _NOT_ONLY_ENGLISH.isdisjoint(words) and ("'" not in folded or _ELISION.search(folded) is None):
        # every other language scores nothing (most English turns), so :func:`_decided` would
        # find English, or "other" for a long run without an English function word either
        if len(words) >= LATIN_OTHER_MIN_WORDS and _ENGLISH.isdisjoint(words):
            return "other"
        return "en"
    scores = _function_word_scores(words)
    if "'" in folded:
        scores["fr"] += 2 * len(_ELISION.findall(folded))
    return _decided(scores, words, folded)


def ascii_words(folded: str) -> list[str]:
    """``_ASCII_WORD.findall(folded)`` of a lower-cased ASCII text (issue 17): without an
    apostrophe its words are the runs of a-z, which ``str.translate`` and ``str.split`` find in C
    (a third of the regex's time on a turn); a text with one is left to the regex, whose words
    may hold one ("don't"). The translation is done on the text's ASCII bytes: the same words,
    in half the time of ``str.translate``."""
    if "'" in folded or not folded.isascii():
        return _ASCII_WORD.findall(folded)
    return folded.encode("ascii").translate(_BLANK_BUT_A_TO_Z).decode("ascii").split()


def _function_word_scores(words: list[str]) -> dict[str, int]:
    """How many of ``words`` (casefolded) are function words of each language."""
    scores = dict.fromkeys(_FUNCTION_WORDS, 0)
    # the look-ups in C (map, filter): most words of a text are no function word of any language
    for lang in chain.from_iterable(filter(None, map(_LANGS_OF.get, words))):
        scores[lang] += 1
    return scores


#: English function words that are German's too ("in"): counted for both where a word of another
#: language is among a text's words (:func:`_decided`; not listed as German's, so an English text
#: holding one still takes the fast path).
_ALSO_GERMAN = frozenset({"in"})
#: The speaker's own first person opening a clause, in a form English never writes: the subject
#: pronoun, or a first-person verb a pro-drop language opens with ("Soy enfermera.", "Tengo dos
#: hijos."). At a text's first word it is evidence as strong as an accent.
_SPEAKER_OPENERS = {
    "ich": "de",
    "je": "fr",
    "j'ai": "fr",
    "yo": "es",
    "soy": "es",
    "estoy": "es",
    "tengo": "es",
}


#: The endings of a Spanish past participle (regular "-ado"/"-ido", or an irregular "-to"/"-cho":
#: "vuelto", "puesto", "hecho"), a bracket a class of letters: :data:`_ES_PARTICIPLE` and
#: :data:`_HE` are built from this one list.
_ES_PARTICIPLE_ENDINGS = ("ado", "ido", "[ltrs]to", "cho")


def _either_case(ending: str) -> str:
    """``ending`` (letters and bracketed classes of letters) as a pattern matching it in upper or
    lower case letter by letter ("[ltrs]to" -> "[LTRSltrs][Tt][Oo]"): no IGNORECASE flag, which
    would let a Unicode look-alike ("ſ", the Kelvin sign) match an ASCII letter."""
    parts = re.findall(r"\[[^\]]+\]|.", ending)
    return "".join(f"[{p[1:-1].upper()}{p[1:-1]}]" if p[0] == "[" else f"[{p.upper()}{p}]" for p in parts)


#: A Spanish past participle (:data:`_ES_PARTICIPLE_ENDINGS`): after a first word "he" it makes the
#: Spanish first-person perfect ("He vuelto a fumar", "He dejado el café"), which English's "he"
#: never opens.
_ES_PARTICIPLE = lazy_compile(r"[a-zñ]{2,}(?:" + "|".join(_ES_PARTICIPLE_ENDINGS) + ")")


#: "he" before a word ending as a participle (what :func:`_spanish_perfect` needs first): one
#: search, so a text holding the English "he" is not split into words for it.
_HE = lazy_compile(
    r"\b[Hh][Ee]\s+[^\W\d_]{2,}(?:" + "|".join(map(_either_case, _ES_PARTICIPLE_ENDINGS)) + r")\b"
)
#: "he" opening the text or a sentence, after a reflexive "me" or not.
_HE_OPENING = lazy_compile(r"(?:^|[.!?¡¿]\s*)(?:[Mm][Ee]\s+)?[Hh][Ee]\s")
#: Spanish function words English does not use.
_ONLY_SPANISH = _FUNCTION_WORDS["es"] - _ENGLISH


def _spanish_perfect(text: str) -> bool:
    """``text`` holds the Spanish first-person perfect ("He vuelto a fumar", "Ya he dejado el
    café", "Hola. Me he mudado a Valencia"): "he" and a participle, no English function word beside
    them but the shared "a" and "me", and the perfect opening a sentence, after a reflexive "me", or
    a Spanish function word or accent elsewhere (English "he" is a subject, never before a
    participle; note-style English has few function words: "Lunch: he avocado toast")."""
    said = _WORD.findall(text)
    words = [w.casefold() for w in said]
    # a participle is written in lower case ("He Macho Man" names someone), but for a text that
    # opens with the perfect in capitals or title case ("HE DEJADO DE FUMAR", "He Vuelto a fumar")
    opening = 1 if words[:1] == ["me"] else 0
    perfects = [
        i
        for i, w in enumerate(words[:-1])
        if w == "he" and _ES_PARTICIPLE.fullmatch(words[i + 1] if i == opening else said[i + 1])
    ]
    if not perfects:
        return False
    held = {j for i in perfects for j in (i, i + 1)}
    rest = [w for j, w in enumerate(words) if j not in held]
    if any(w in _ENGLISH and w not in ("a", "me") for w in rest):
        return False
    return (
        _HE_OPENING.search(text.strip()) is not None
        or any(i > 0 and words[i - 1] == "me" for i in perfects)
        or any(w in _ONLY_SPANISH for w in rest)
        or _ACCENTS["es"].search(text.casefold()) is not None
    )


def _decided(scores: dict[str, int], words: list[str], folded: str) -> str:
    """The language the function-word ``scores`` of ``words`` (casefolded ``folded``) point to.

    A short turn holds one or two function words in all ("Ich wohne in Hamburg.", "Soy
    enfermera."): counted once each, they tied with English's or fell short of two. A text opening
    with the speaker's first person in a form English never writes (:data:`_SPEAKER_OPENERS`)
    counts it twice, and German is counted the function words it shares with English."""
    opener = _SPEAKER_OPENERS.get(words[0])
    if opener is not None and not any(w in _ENGLISH and w not in _ALSO_GERMAN for w in words):
        scores[opener] += 1  # not with an English function word: "Soy milk is great", "yo, is it up?"
    if scores["de"]:
        scores["de"] += sum(1 for w in words if w in _ALSO_GERMAN)
    best = max(scores, key=lambda k: (scores[k], k == "en"))
    if best != "en" and scores[best] >= 2 and _distinctive(best, words, folded):
        return best
    if scores["en"] == 0 and scores[best] == 0 and len(words) >= LATIN_OTHER_MIN_WORDS:
        return "other"
    return "en"


def _distinctive(lang: str, words: list[str], folded: str) -> bool:
    """``words`` (casefolded ``folded``) hold evidence of ``lang`` that English text never gives:
    one of its function words English does not use too, or one of its accents."""
    if any(lang in _LANGS_OF.get(w, ()) and w not in _SHARED_WITH_ENGLISH for w in words):
        return True
    accent = _ACCENTS.get(lang)
    if accent is not None and accent.search(folded) is not None:
        return True
    if lang == "fr" and _ELISION.search(folded) is not None:
        return True
    return lang in ("es", "fr") and "é" in folded  # both write it, English does not ("Me mudé a …")


def maybe_other(text: str) -> bool:
    """``text`` is placed in English (:func:`language_of`) for want of evidence, not by it: it
    holds no English function word, but a function word of another covered Latin-script language
    ("Vivo en Sevilla.", "No tomo café.": "en" and "no" are English words too) or an accent."""
    if language_of(text) != "en":
        return False
    other = False
    for match in _WORD.finditer(text):
        word = match.group().casefold()
        if word in _ENGLISH:
            return False
        other = other or word in _NOT_ONLY_ENGLISH
    return other or _ANY_ACCENT.search(text.casefold()) is not None


def read_beside(text: str, prior: str) -> str:
    """:func:`language_of` of ``text`` where the session around it is in ``prior`` (a covered
    Latin-script language besides English): a short turn placed in English for want of evidence
    (:func:`maybe_other`) that holds a function word of ``prior``'s or a letter of its accents
    is in ``prior``. A text with an English function word stays English ("I'm new in Django."),
    and so does one with nothing of ``prior``'s."""
    if prior == "en" or prior not in _FUNCTION_WORDS or not maybe_other(text):
        return language_of(text)
    words = [w.casefold() for w in _WORD.findall(text)]
    accent = _ACCENTS.get(prior)
    if any(prior in _LANGS_OF.get(w, ()) for w in words):
        return prior
    return prior if accent is not None and accent.search(text.casefold()) is not None else "en"


def session_language(texts: Iterable[str]) -> str | None:
    """The covered Latin-script language besides English that more than half of ``texts`` are
    placed in (:func:`language_of`), counting only texts placed by evidence: English needs one
    of its function words ("Noted." and "Vivo en Sevilla." are English for want of any). None
    when no such language holds the majority."""
    counts: dict[str, int] = {}
    for text in texts:
        lang = language_of(text)
        if lang == "en" and _ENGLISH.isdisjoint(w.casefold() for w in _WORD.findall(text)):
            continue
        counts[lang] = counts.get(lang, 0) + 1
    others = [lang for lang in counts if lang in _FUNCTION_WORDS and lang != "en"]
    best = max(others, key=lambda lang: counts[lang], default=None)
    return best if best is not None and 2 * counts[best] > sum(counts.values()) else None


def covered(text: str) -> bool:
    """The lexicon has cues for the language ``text`` is written in: ``language_of(text) in
    COVERED``, answered for Latin text at its first function word (the gate asks it of every
    user turn; only a long run of words without one, and without an accent of a covered
    language, is ``other``)."""
    if _NON_LATIN.search(text):
        return language_of(text) in COVERED
    words = 0
    for match in _WORD.finditer(text):
        if match.group().casefold() in _LANGS_OF:
            return True
        words += 1
    folded = text.casefold()
    return (
        words < LATIN_OTHER_MIN_WORDS
        or _ANY_ACCENT.search(folded) is not None
        or _ELISION.search(folded) is not None
    )
