"""Whether a group name holds a part shaped like a key, decided with the masker's own value tests.

A ``--group`` name becomes a folder, a file and a ``group_names.json`` entry. The write guard
refuses a name holding a secret the masker knows; this is for a bare key it does not know in
that case or shape (``Q7ZX9K2MPL4VB8NR3TYW``, ``#A3F9C2E7…``, ``crew:7F3K…``): such a name is
known on disk by a hash (:func:`memscribe.groups.names.friendly_name` with ``hashed``).

The decision reads the name as it is written (NFKC, the write guard's cleaning, invisible format
characters such as U+200B and U+00AD removed; its case kept: a generator's mixed case is the
strongest sign, and is lost once the name is lower-cased), and again without combining marks and
default-ignorable characters (U+FE0F, U+034F, Hangul fillers: drawn as nothing, they would split a
key into parts too short to test) and looks at every run of ASCII letters
and digits, whatever separates them (``-``, ``_``, spaces, ``#``, ``:``, ``.``, ``/``, or a letter
of another script: ``产品群Q7ZX…``, ``Команда…``, ``…チーム``), and at every run a key alphabet's
own ``+ / = - _`` (base64, base64url) splits, joined, so the folder and the display name are
decided by the same parts.
"""

from __future__ import annotations

import re
import string
import unicodedata

from memscribe.redaction.benign import pronounceable
from memscribe.redaction.placeholders import forget_values
from memscribe.redaction.values import WEAK_NAME_BITS, looks_random
from memscribe.safety.write_guard import clean_chars

#: A part of a name shorter than this is no key (the masker's own floor for a bare value).
KEY_MIN = 16
#: Runs of ASCII letters and digits: the parts a name's punctuation, spaces and other scripts separate.
_PARTS = re.compile(r"[A-Za-z0-9]+")
#: The same with the separators a key's own alphabet holds (base64's ``+ / =``, base64url's
#: ``- _``): a key these split into short parts is tested whole, joined.
_KEYLIKE = re.compile(r"[A-Za-z0-9+/=_-]+")
_JOINERS = re.compile(r"[+/=_-]+")
#: Hex digits alone, in one case: a digest or a key, never words (``a3f9c2e7b1d4…``).
_HEX = re.compile(r"[0-9a-f]+|[0-9A-F]+")
#: Words as written: a capitalised or lower-case word, or an acronym (``Christmas``, ``party``, ``CS``).
_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
#: Seven consonants in a row: past what any word the names are written in holds (``Nachtschicht``
#: has six); random letters do it often.
_UNVOICED = re.compile(r"[^aeiouyAEIOUY]{7,}")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")
_DIGIT_RUN = re.compile(r"[0-9]+")
_LETTER_RUN = re.compile(r"[A-Za-z]+")
#: The share of a part's letters that words must cover for it to read as words with numbers.
WORD_SHARE = 0.7
#: An all-caps run this long or shorter, within CamelCase, is an acronym (``HR``, ``KPI``, ``DPIA``).
ACRONYM_MAX = 5
#: More acronyms than this in one part: a generator's capitals, not a name's.
ACRONYMS_MAX = 2


def secret_shaped(name: str) -> bool:
    """Whether a part of ``name`` (a run of 16+ ASCII letters and digits, both present) reads as
    generated: hex digits alone; or random by the masker's entropy test (``looks_random`` at the
    weak-name floor, its benign shapes excepted) with under 70% of its letters in voiced words as
    written (CamelCase kept) or its digits in four places or more; or, in one case, letters
    split by digits into three runs or more that are mostly not pronounceable (the masker's
    ``pronounceable``). ``Christmas2024Party``, ``Arbeitsschutz2024``,
    ``Team2024Q3Sprint12Retro``, ``q4planningmeeting2025`` are words; random base36/base62/hex
    keys of 16 are caught about 9 times in 10 and more, of 32 all but always."""
    written = written_form(name)
    try:
        return any(
            any(_generated(part) for part in _parts(text))
            or any(_joined_key(run) for run in _parts(text, _KEYLIKE))
            for text in dict.fromkeys((written, _bare_form(written)))
        )
    finally:
        forget_values()  # the value tests' memos hold the parts: a key must not outlive the call


def written_form(name: str) -> str:
    """``name`` as it reaches the disk: NFKC (the form the folder is made from), without the
    control and invisible characters the write guard drops, nor other format characters (a soft
    hyphen or a zero-width space inside a key must not split it into short parts)."""
    text = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return clean_chars(unicodedata.normalize("NFKC", text))


#: Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties: the combining grapheme joiner,
#: Hangul fillers, variation selectors, Mongolian selectors, tags…) and the braille blank: drawn
#: as nothing, kept by the write guard, and able to split a key into parts too short to test.
_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def _bare_form(written: str) -> str:
    """The written form (:func:`written_form`) without what draws as nothing or only marks a
    letter: NFKD, then every combining mark (Mn, Me), format character and default-ignorable
    character removed. Tested as well as the written form, not instead of it (an accented word
    keeps its accents there, where the accent rule of :func:`_parts` applies)."""
    text = _IGNORABLE.sub("", unicodedata.normalize("NFKD", written))
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Mn", "Me", "Cf"))


def _parts(text: str, runs: re.Pattern[str] = _PARTS) -> list[str]:
    """The ``runs`` (of ASCII letters and digits) in ``text``; where one meets an accented Latin
    letter (``Élèves``, ``Straße``), the lower-case letters on that side are the rest of its word
    and are left out (``ves2025TerminaleS`` → ``2025TerminaleS``); a key beside such a letter
    keeps its digits and capitals, one beside a letter of another script is whole."""
    parts: list[str] = []
    for match in runs.finditer(text):
        part = match.group()
        if match.start() > 0 and _accented(text[match.start() - 1]):
            part = part.lstrip(string.ascii_lowercase)
        if match.end() < len(text) and _accented(text[match.end()]):
            part = part.rstrip(string.ascii_lowercase)
        parts.append(part)
    return parts


def _accented(char: str) -> bool:
    return not char.isascii() and unicodedata.name(char, "").startswith("LATIN")


def _joined_key(run: str) -> bool:
    """Whether a run split by ``+ / = - _`` is a key once joined: 16+ characters in both cases
    (base64 and base64url are), or upper case with digits, or hex (a kebab-case name is in lower
    case: never tested joined), and generated."""
    pieces = [piece for piece in _JOINERS.split(run) if piece]
    if len(pieces) < 2:
        return False  # one piece: tested as a part already
    joined = "".join(pieces)
    cased = not joined.islower() and (not joined.isupper() or any(c.isdigit() for c in joined))
    return len(joined) >= KEY_MIN and (cased or bool(_HEX.fullmatch(joined))) and _generated(joined)


def _generated(part: str) -> bool:
    if len(part) < KEY_MIN or not part.isascii() or part.isalpha() or part.isdigit():
        return False
    if _HEX.fullmatch(part):
        return True
    if looks_random(part, min_len=KEY_MIN, bits=WEAK_NAME_BITS) and (
        _word_share(part) < WORD_SHARE or len(_DIGIT_RUN.findall(part)) > 3
    ):
        return True
    if part.islower() or part.isupper():  # one case: no capitals show where the words start
        runs = [run.lower() for run in _LETTER_RUN.findall(part)]
        said = sum(len(run) for run in runs if len(run) >= 3 and pronounceable(run))
        return len(runs) >= 3 and said < WORD_SHARE * sum(map(len, runs))
    return False


def _word_share(part: str) -> float:
    """The share of ``part``'s letters in words as written (:func:`_said`); where a capitalised
    word of four letters or more is said (CamelCase), its acronyms too (``HR2024Q3KPIReview``)."""
    words = _WORDS.findall(part)
    camel = any(len(w) >= 4 and w[0].isupper() and w[1:].islower() and _spoken(w) for w in words)
    acronyms = [w for w in words if _acronym(w)] if camel else []
    if len(acronyms) > ACRONYMS_MAX:
        acronyms = []
    voiced = sum(len(w) for w in words if _said(w)) + sum(map(len, acronyms))
    return voiced / max(1, sum(map(len, words)))


def _spoken(word: str) -> bool:
    return _said(word) and pronounceable(word.lower())


def _acronym(word: str) -> bool:
    """An all-caps run of 2 to 5 letters that is not itself a word (``KPI``, ``DPIA``)."""
    return word.isupper() and 2 <= len(word) <= ACRONYM_MAX and not _said(word)


def _said(word: str) -> bool:
    """A word as written: voiced, no seven consonants in a row, and four letters or more, or
    capitalised if shorter (``Ops``, ``May``, ``To``: CamelCase shows where it starts)."""
    if not _VOWEL.search(word) or _UNVOICED.search(word):
        return False
    return len(word) >= 4 or (len(word) >= 2 and word[0].isupper() and word[1:].islower())
