"""Secrets said in a clause: a word that names a password, a PIN or a one-time code (in English,
German, French, Spanish, Italian, Portuguese, Chinese or Japanese; a password also in Dutch,
Polish, Czech, Turkish, Croatian, Finnish, the Scandinavian languages, Russian and Korean), then,
later in the same clause, a link ("is", "ist", "c'est", "era", "是", "は", "은", ":", "=") and
right after it a value shaped like that secret.

"the wifi password last week ... the new one is Tulip$Garden$2024" is not one clause (the
sentence ends), but "le nouveau mot de passe de la base c'est T91u…", "新的是 Hangzhou…" after
密码 and "die SMS-TAN von vorhin war übrigens 739204" are. The value decides as in
:mod:`~memscribe.redaction.prose`: a password needs a digit or a symbol (three character
classes when more than a few words stand between the keyword and its value), a PIN or code is
4 to 8 digits, a token named ``secret``/``token`` is random-looking.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import FILLER_AFTER, apart, forget_at_scan_end, occurrences, offset_lowered
from memscribe.redaction.clause_shapes import clause_stop, fits, pin_like, record_key
from memscribe.redaction.clause_words import (
    ALL_ANAPHOR_STEMS,
    ALL_KEYWORD_STEMS,
    ANAPHOR_REACH,
    ANAPHOR_STEMS,
    ANY_CODE,
    ASCII_KEYWORDS,
    BOUNDED_LEFT,
    CAPITALS,
    COUNTERS,
    FILLER,
    KEYWORD_STEMS,
    KEYWORDS,
    LINK_MARKS,
    LINK_WORDS,
    LOWER_STEMS,
    PUBLIC_KEY_WORDS_JA,
    SUBJECT_ID,
    Stems,
)
from memscribe.redaction.hintscan import may_hold
from memscribe.redaction.pairs import starts_record
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import HIGH_ENTROPY_BITS, digits_interleaved, looks_random, password_like

#: The most characters a clause is followed for.
_CLAUSE_CHARS = 240
#: ... and for this many runs of ASCII characters (words, numbers, the value).
_CLAUSE_TOKENS = 20
#: A candidate value: a run of ASCII graphic characters and accented Latin letters (``Tür``,
#: ``Été``) but quotes, brackets and commas (CJK text around it bounds it; a quote or a bracket
#: opens code or JSON, not a value).
_VALUE = lazy_compile(r"[!#-&*+\x2d-;=?-Z\\^_a-z|~\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+")
#: A YAML tag (``!secret wifi_password``, ``!vault``): a reference or ciphertext follows.
_TAG = lazy_compile(r"^!!?[A-Za-z_]+$")
#: What follows a keyword that is a name in code (``"password": …``, ``secret[0]``, ``token_url``).
_CODE_AFTER = frozenset("\"'`[{_")
_OPENING = " \t«\"'“「『`"
#: A value farther than this many words from its keyword must look like a strong password.
_NEAR_WORDS = 3
#: A short label glued before a value (``abc:``, ``pw=``).
_LABELLED = lazy_compile(r"[A-Za-z]{1,12}[:=](?=[^/\s]\S{7})")
_NEEDED_DIGIT = lazy_compile(r"[0-9]")
_WORDS = lazy_compile(r"\w+")
#: Digits said one by one (``7 3 9 1``) or in groups of three to six (``4711 8093 2256``), one
#: blank apart, standing alone: one value.
_SPACED_DIGITS = lazy_compile(r"(?:\d(?: \d){3,7}|\d{3,6}(?: \d{3,6}){1,7})(?![\w.,:/-]*\w)")
#: A quantity's digits: a year, a round count (``1500``, ``3600``) or a size (``1024``, ``4096``).
_QUANTITY = lazy_compile(r"^(?:(?:19|20)\d\d|\d+00|1024|2048|4096|8192|16384|32768|65536)$")
#: A word: letters, joined by hyphens or apostrophes (``Wi-Fi``, ``l'ancien``).
_WORD = lazy_compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")
#: What may stand between a keyword and its appositive value: blanks and a link mark glued to
#: the keyword (``Passwort: …`` is linked; see :func:`_link_before`).
_APPOSITION = " \t"
_TRAILING = ".,;:?)]}\"'`»”」』"
_LEADING = "([{\"'`«“「『"


def find_clause_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Passwords, PINs and codes linked to their keyword in the same clause."""
    for start, end, role in clause_secrets(text):
        if role != "secret":
            yield start, end


def find_clause_tokens(text: str) -> Iterator[tuple[int, int]]:
    """Random tokens linked to a secret's, token's or key's name in the same clause."""
    for start, end, role in clause_secrets(text):
        if role == "secret":
            yield start, end


_LAST: tuple[str, tuple[tuple[int, int, str], ...]] = ("", ())


@forget_at_scan_end
def _forget_last() -> None:
    global _LAST
    _LAST = ("", ())


def clause_secrets(text: str) -> tuple[tuple[int, int, str], ...]:
    """``(start, end, role)`` of each value linked to a keyword in its clause; the last text's
    answer is kept, so the two detectors built on it (passwords and codes, tokens) scan once."""
    global _LAST
    last = _LAST
    if last[0] is text:
        return last[1]
    found = tuple(_clause_secrets(text))
    _LAST = (text, found)
    return found


def _clause_secrets(text: str) -> Iterator[tuple[int, int, str]]:
    low = offset_lowered(text)
    seen: set[int] = set()
    plain = low.isascii()
    for at, word, role in _occurrences(text, low, KEYWORD_STEMS if plain else ALL_KEYWORD_STEMS):
        end = at + len(word)
        if _keyword_here(low, at, end, word) and not (
            (word == "key" and (record_key(low, at) or starts_record(text, at)))
            or (
                word == "キー"
                and (low.endswith(PUBLIC_KEY_WORDS_JA, 0, at) or record_key(low, at, glued=True))
            )
        ):
            glued = at > 0 and (
                text[at - 1] in "_.-" or word.isascii() and text[at - 1].isascii() and text[at - 1].isalnum()
            )  # (a CJK word after ASCII letters is a compound of prose, ``APIキー``, not a name in code)
            spans = list(_clause_value(text, end, role, glued=glued, apposed=word not in ANY_CODE))
            if role == "password" and not glued:
                if not spans:
                    spans = list(_said_later(text, end))
                spans += _said_next(text, end)
            for span in spans:
                if span[0] not in seen:
                    seen.add(span[0])
                    yield span[0], span[1], role
    for at, phrase, _ in _occurrences(text, low, ANAPHOR_STEMS if plain else ALL_ANAPHOR_STEMS):
        end = at + len(phrase)
        named = _named_before(low, at) if at == 0 or not low[at - 1].isalnum() else None
        if named is not None:
            for span in _clause_value(text, end, named, glued=False, anaphor=True):
                if span[0] not in seen:
                    seen.add(span[0])
                    yield span[0], span[1], named


def _occurrences(text: str, low: str, stems: Stems) -> Iterator[tuple[int, str, str]]:
    """``(start, word, role)`` of each occurrence of a word of ``stems`` (lower case; a stem in
    capitals is looked for in ``text`` as written)."""
    lower = LOWER_STEMS.get(id(stems))
    held = set(may_hold(low, lower[1])) if lower is not None and lower[0] is stems else None
    for stem, entries in stems:
        if stem.isupper():
            where = text
        elif held is None or stem in held:
            where = low
        else:
            continue  # (the prefilter's scan did not find it)
        for at in apart(occurrences(where, stem), len(stem)):
            for word, role, offset, form in entries:
                if at >= offset and where.startswith(form, at - offset):
                    yield at - offset, word, role


def _named_before(low: str, at: int) -> str | None:
    """The role of the nearest keyword in the :data:`ANAPHOR_REACH` characters before ``at``."""
    best, role = -1, None
    lo = max(0, at - ANAPHOR_REACH)
    for word, kind in KEYWORDS if not low[lo:at].isascii() else ASCII_KEYWORDS:
        if word in CAPITALS:
            continue
        pos = low.rfind(word, lo, at)
        if pos > best and _keyword_here(low, pos, pos + len(word), word):
            best, role = pos, kind
    return role


def _keyword_here(low: str, at: int, end: int, word: str) -> bool:
    """True when the keyword at ``at`` stands as a word of its own or ends a compound
    (``SQL-Passwort``): not running on into a longer name (``secret_arn``, ``token_endpoint``,
    ``password-reset``, ``key.pem``); a word in katakana as such, not running on into a longer
    one written in katakana (``キーボード``, ``パスワードマネージャー``)."""
    if not word.isascii():
        return not (_katakana(word[-1]) and _katakana(low[end : end + 1]))
    if low[end : end + 1] == "s":  # a plural (``passwords``, ``tokens``)
        end += 1
    after = low[end : end + 2]
    if after[:1] == "_" or (after[:1].isascii() and after[:1].isalnum()):
        return False
    if after[:1] in "-./" and after[1:].isascii() and after[1:].isalpha():
        return False
    if word in BOUNDED_LEFT or len(word) <= 4:
        return at == 0 or not low[at - 1].isalnum()
    return True


def _katakana(char: str) -> bool:
    """``char`` is a katakana letter or the long-vowel mark (not the middle dot ``・``)."""
    return "\u30a1" <= char <= "\u30fa" or char == "\u30fc"


#: A domain after '@', and any closing punctuation of its sentence.
_DOMAIN = lazy_compile(r"@[^\W_][\w-]*(?:\.[\w-]+)*\.[^\W\d_]{2,}[.,;:!?)]*$")


def _no_value(text: str, at: int, value: str) -> bool:
    """``value`` at ``at`` is none to decide: empty, a link mark before digits in groups, a word,
    a URL, an address's domain, or digits glued to a measure word or unit (:data:`COUNTERS`: a
    year, a length, a count)."""
    if not value or _WORD.match(value) or "://" in value or (value == "=" and _grouped_after(text, at)):
        return True  # (``=`` standing apart before digits in groups: "Kennwort = 7 3 9 1")
    if value[0] == "@" and at and text[at - 1].isascii() and text[at - 1].isalnum() and _DOMAIN.match(value):
        return True  # an address's domain, cut from it after its local part (``it-password@aol.com``);
        # (an ASCII letter or digit before it: a CJK character before '@' is a word of the clause)
    return value.isdigit() and text[at + len(value) : at + len(value) + 1] in COUNTERS


def _clause_value(
    text: str, start: int, role: str, *, glued: bool, anaphor: bool = False, apposed: bool = True
) -> Iterator[tuple[int, int]]:
    """The value linked to the keyword ending at ``start``. A keyword ending a longer name
    (``hashed_secret``, ``db.password``: ``glued``) and linked by ``:`` or ``=`` is an
    assignment, which the assignment detectors decide by the whole name. A password right after
    its keyword without a link ("Passwort Sommer.Regen#2023") must look strong, as must one after
    an ``anaphor`` ("the new one is …"); none is taken there unless ``apposed``."""
    after = text[start : start + 3].lstrip(" ")[:1]
    if after in _CODE_AFTER or (
        glued and after in ":=" and not (role == "password" and _grouped_after(text, start))
    ):
        return  # a quoted key, a call, an index or an assignment: code, not a clause
    end = _clause_end(text, start)
    if role != "password" and not _NEEDED_DIGIT.search(text, start, end):
        return  # a code or a generated secret holds a digit
    for m in itertools.islice(_VALUE.finditer(text, start, end), _CLAUSE_TOKENS):
        lead, value = _value_of(m.group(0))
        if _TAG.match(value):
            return
        value = _spaced(text, m.start() + lead, end, value) if role != "secret" else value
        if _no_value(text, m.start() + lead, value) or m.group(0).startswith("data:"):
            continue  # a link mark alone (``Passwort:``), a word (every value decided here holds a
            # digit or a symbol: ``Wi-Fi`` too), a URL, a count ("2019年"), a data URI
        link = _link_before(text, start, m.start() + lead)
        appositive = role == "password" or (role == "code" and apposed and pin_like(value))
        if link < 0 and appositive and not anaphor and not text[start : m.start()].strip(_APPOSITION):
            at = m.start() + lead
            shaped = (pin_like(value) and not _QUANTITY.match(value)) or (
                role == "password"
                and password_like(value, strict=not _closes_clause(text, at + len(value), end))
            )  # (a name before a year or a round number names a time, a release or an amount: "the
            # OTP 2024 rollout", "Passwort 2019 geändert", "die TAN 1500 Euro Limit", "OTP 1800 seconds")
            if shaped and not is_placeholder(value):
                yield m.start() + lead, _with_marks(text, m.start() + lead, m.start() + lead + len(value))
            return  # the first word after the keyword, unlinked: an appositive value or none
        if not value or link < 0:
            continue
        near = not anaphor and len(_WORDS.findall(text, start, link)) <= _NEAR_WORDS
        if (glued and near and text[link] in ":=" and " " not in value) or (role == "code" and not near):
            return  # an assignment's (its detectors read one token: digits in groups are decided
            # here, "WLAN-Passwort: 4711 8093 2256"); a PIN's digits come right after its name
        if not near and _names_another(text, link):
            continue
        if SUBJECT_ID.search(text, max(start, link - 30), link):
            continue
        if fits(value, role, near=near):
            value_end = m.start() + lead + len(value)
            if not _cut_short(text, value_end):
                yield m.start() + lead, _with_marks(text, m.start() + lead, value_end)
            return


#: What may follow a value that closes its clause: blanks, then a mark ending or pausing it.
_CLOSING = lazy_compile(r"[ \t]*(?:[,;.!?)\]」』”»]|\r?$)", re.MULTILINE)


def _closes_clause(text: str, at: int, end: int) -> bool:
    """The value ending at ``at`` closes its clause (``end``) or its phrase (a comma, a
    bracket): an appositive value ("WLAN-Passwort sommer2024.") is then decided as a linked one;
    one followed by more words is more likely a noun's modifier ("password reset2024 flow",
    "the password AES256GCM cipher"), which must look strong."""
    return at >= end or _CLOSING.match(text, at) is not None


#: Digits in groups after an assignment's mark (``WLAN-Passwort: 4711 8093 2256``).
_GROUPED_AFTER = lazy_compile(r"[ \t]*[:=][ \t]*(?P<d>\d+)(?= \d)")


def _grouped_after(text: str, at: int) -> bool:
    """An assignment's mark at ``at`` and digits in groups after it, which the assignment
    detectors, reading one token, would cut to the first group."""
    m = _GROUPED_AFTER.match(text, at)
    return m is not None and " " in _spaced(text, m.start("d"), _clause_end(text, m.start("d")), m.group("d"))


def _spaced(text: str, at: int, end: int, value: str) -> str:
    """``value`` at ``at``, with the digits said one by one or in groups after it (``7 3 9 1``,
    ``4711 8093 2256``: :data:`_SPACED_DIGITS`) when it is digits."""
    spaced = _SPACED_DIGITS.match(text, at, end) if value.isdigit() else None
    return spaced.group(0) if spaced is not None else value


#: A letter, a digit and a symbol (not one of a name's joiners), starting with a letter or digit:
#: a password's shape, not a name's (``checkout-worker-kafka-v2``, ``NuGet.config``, ``@BotFather``).
_MIXED = lazy_compile(r"(?=[A-Za-z0-9])(?=.*[A-Za-z])(?=.*[0-9])(?=.*[^\w\s./-])")


#: Hex digits of one case: a digest's or an id's shape (a commit, a checksum), which technical
#: prose is full of, so no password is taken for one there.
_HEX_RUN = lazy_compile(r"[0-9a-f]+|[0-9A-F]+")


#: Marks after which a token opens its own phrase, an apposition ("…, sp_s9PJ…", "(sp_s9PJ…").
_PHRASE_OPENERS = ",;:(–—-"


def _said_later(text: str, start: int) -> Iterator[tuple[int, int]]:
    """A random token later in the clause of a password's name, after a link word and a blank,
    when no value stands right after the link ("La password del keystore è la stessa del
    gradle.properties, sp_s9PJ…"): in prose only (a blank after the name), the token standing
    free (a blank before it, no ``=`` or ``:`` in it) and opening its phrase (after a comma, a
    colon, a dash, a bracket, or the link word itself): a word before it names it as something
    else ("rotated by job build-7f3k…", "the NAS, serial QNAP8…")."""
    if text[start : start + 1] not in (" ", "\t"):
        return
    end = _clause_end(text, start)
    if not _NEEDED_DIGIT.search(text, start, end):
        return  # a random token holds a digit
    words = text[start:end].split()
    if not any(w.lower() in LINK_WORDS for w in words):
        return
    for m in itertools.islice(_VALUE.finditer(text, start, end), _CLAUSE_TOKENS):
        lead, value = _value_of(m.group(0))
        if m.start() == 0 or text[m.start() - 1] not in " \t" or "=" in value or ":" in value:
            continue
        before = text[start : m.start()].rstrip(" \t")
        word = before.rsplit(None, 1)[-1].lower() if before.split() else ""
        if before[-1:] not in _PHRASE_OPENERS and word not in LINK_WORDS and word not in FILLER:
            continue  # a word before it in its phrase names it ("by job build-7f3k…", "serial QNAP8…")
        if not _HEX_RUN.fullmatch(value) and looks_random(value, min_len=16, bits=HIGH_ENTROPY_BITS):
            yield m.start() + lead, m.start() + lead + len(value)
            return


def _said_next(text: str, start: int) -> Iterator[tuple[int, int]]:
    """A strong password in the sentences after the clause of a password's name that gave none,
    on the same line (one turn of a chat): "the new password has a `#` in it. the DBA sent it as
    2FNp…#7qo…", "관리자 비밀번호를 바꾸라고 … 할까요? 일단 Seoul6456!home 로 바꿨어요". Only a
    value of three character classes counts (:func:`password_like`, strict), the first there."""
    if text[start : start + 3].lstrip(" ")[:1] in _CODE_AFTER:
        return
    end = _clause_end(text, start)
    if end >= len(text) or text[end] == "\n":
        return
    line_end = text.find("\n", end)
    line_end = min(len(text) if line_end < 0 else line_end, end + _CLAUSE_CHARS)
    if not _NEEDED_DIGIT.search(text, end, line_end):
        return  # every value taken here holds a digit
    for m in itertools.islice(_VALUE.finditer(text, end + 1, line_end), _CLAUSE_TOKENS):
        lead, value = _value_of(m.group(0))
        if _no_value(text, m.start() + lead, value):
            continue
        interleaved = digits_interleaved(value) and not value.isupper()  # capitals and digits: an id's,
        # a serial's, an order's or a booking's shape ("注文番号はJP12AB34CD", "Kundennummer K2024X88A7")
        if (_MIXED.match(value) or interleaved) and password_like(value, strict=True):
            if _named_id(text, end, m.start() + lead):
                continue  # "my student id is s2b7…", "the log id x9f2…", "version 2.1.0+build.7"
            value_end = m.start() + lead + len(value)
            if not _cut_short(text, value_end):
                yield m.start() + lead, _with_marks(text, m.start() + lead, value_end)
                if _LABELLED_ITEM.search(text, max(end, m.start() - 40), m.start() + lead):
                    yield from _sibling_items(text, end + 1, line_end, m.start() + lead)
            return


#: An item of a list of labelled values, ending at the value: ``<label>:`` and a blank.
_LABELLED_ITEM = lazy_compile(r"[:：][ \t]*[\"'“«「]?$")
#: Each item of such a list: a label's colon, a blank, a value up to a blank, comma or quote.
_ITEM_VALUE = lazy_compile(r"[:：][ \t]+[\"'“«「]?(?P<v>[^\s,;\"'”»」]{6,64})")


def _sibling_items(text: str, start: int, end: int, found: int) -> Iterator[tuple[int, int]]:
    """The other values of the list of labelled values that the strong password at ``found``
    is an item of ("e알리미: haneul744194, 학교 …서비스: 5wsvqr#815"): each a password by its
    place in the list, so a looser shape (:func:`password_like`, not strict) suffices; not one
    of capitals and digits alone or one its label names an identifier (:data:`SUBJECT_ID`)."""
    for item in _ITEM_VALUE.finditer(text, start, end):
        at = item.start("v")
        value = item.group("v").rstrip(_TRAILING)
        if (
            at == found
            or value.upper() == value
            or SUBJECT_ID.search(text, max(start, item.start() - 30), item.start())
        ):
            continue  # capitals and digits, an id's shape ("serial: SN99812XQ7"), or a label naming one
        if password_like(value, strict=False):
            yield at, _with_marks(text, at, at + len(value))


def _clause_end(text: str, start: int) -> int:
    """Where the clause after ``start`` ends: at a line break, a sentence mark or a semicolon, or
    :data:`_CLAUSE_CHARS` on; a clause that ends its line with a colon introduces its value on the
    next line ("the new one is:\n<value>"), which it then takes in."""
    limit = min(len(text), start + _CLAUSE_CHARS)
    end = clause_stop(text, start, limit)
    if end < limit and text[end] == "\n" and text[start:end].rstrip().endswith((":", "：")):
        next_end = text.find("\n", end + 1)
        end = min(len(text), end + 1 + _CLAUSE_CHARS) if next_end < 0 else next_end
    return end


def _with_marks(text: str, start: int, end: int) -> int:
    """``end`` moved over the ``!``, ``?`` and ``.`` right after a value, those that close its
    clause included (``… est Chat_noir_91!`` then a line break: the clause ends before its mark,
    which the value may hold): whether they end the sentence or the secret cannot be told, and
    masking a sentence mark costs nothing where leaving a secret's last character readable
    leaks it. A code of digits holds no mark (``code is 318842.``)."""
    if text[end - 1 : end].isdigit() and text[start:end].isdigit():
        return end
    while end < len(text) and text[end] in "!?.":
        end += 1
    return end


def _cut_short(text: str, end: int) -> bool:
    """A value followed by filler (``ops_eyJz..[Redacted]``, ``abc…``, ``###``): a template."""
    return text.startswith("..", end) or text[end : end + 3] in FILLER_AFTER


def _value_of(raw: str) -> tuple[int, str]:
    """The offset and text of the value in a run: quotes and punctuation around it removed, and a
    short label glued before it (``abc:<value>``, ``pw=<value>``)."""
    lead = len(raw) - len(raw.lstrip(_LEADING))
    value = raw[lead:].rstrip(_TRAILING)
    labelled = _LABELLED.match(value)
    if labelled is not None:
        return lead + labelled.end(), value[labelled.end() :]
    return lead, value


def _link_before(text: str, start: int, at: int) -> int:
    """Where the link ending right before ``at`` starts (after ``start``), or -1: a link word or
    mark, then any filler words and an opening quote."""
    base = max(start, at - 40)
    before = text[base:at].rstrip(_OPENING + "\n")  # (a line break: see :func:`_clause_value`)
    for _ in range(3):
        if not before:
            return -1
        if before[-1] in LINK_MARKS:
            return base + len(before) - 1
        cut = max(before.rfind(" "), before.rfind("\t"), before.rfind("\n"))
        word = before[cut + 1 :].lstrip("([«“\"'").lower()
        if word in LINK_WORDS:
            return base + len(before) - len(word)
        if word == "/" and cut > 0:
            # ``<login> / <password>``: the pair's link is the login's (``notes: pk_ro / …``)
            login = before[:cut].rstrip()
            before = login[: max(login.rfind(" "), login.rfind("\t"), login.rfind("\n")) + 1].rstrip(_OPENING)
            continue
        if word not in FILLER:
            return -1
        before = before[: cut + 1].rstrip(_OPENING)
    return -1


#: The name right before a ``:`` or ``=``: quoted, or an identifier (``trace_id``, ``userId``).
_KEY_NAME = lazy_compile(r"(?:[\"'`]|[A-Za-z0-9]*(?:_|-|[a-z][A-Z])[\w-]*)\s*$")


def _named_id(text: str, start: int, at: int) -> bool:
    """The value at ``at`` is named an identifier, a number or a place (:data:`SUBJECT_ID`) by
    the subject of its own link or by the word right before it, after ``start``."""
    link = _link_before(text, start, at)
    stop = link if link >= 0 else at
    return SUBJECT_ID.search(text, max(start, stop - 30), stop) is not None


def _names_another(text: str, link: int) -> bool:
    """True when the link at ``link`` is ``:``/``=`` after a key's name (``"trace_id": …``): far
    from the keyword, it gives that other key's value."""
    if text[link] not in ":=：":
        return False
    return _KEY_NAME.search(text, max(0, link - 40), link) is not None
