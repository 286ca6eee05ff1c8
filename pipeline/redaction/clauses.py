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
from memscribe.redaction.base import _FILLER_AFTER, apart, occurrences, offset_lowered
from memscribe.redaction.hintscan import also_find, may_hold
from memscribe.redaction.values import (
    HIGH_ENTROPY_BITS,
    RECORD_KEY_WORDS,
    _interleaved,
    _looks_random,
    _password_like,
    is_placeholder,
)

#: Words naming a password, lower case. Those of ASCII letters must not run on into a longer
#: word after them (``passwords`` aside); before them a compound is fine (``SQL-Passwort``,
#: ``Datenbankkennwort``).
_PASSWORD_WORDS = (
    "password", "passwort", "kennwort", "passphrase", "mot de passe", "mots de passe", "mdp", "contraseña",
    "contrasena", "senha", "密码", "密碼", "口令", "パスワード", "暗証番号", "wachtwoord", "hasło",
    "haslo", "hasła", "heslo", "şifre", "sifre", "lozinka", "salasana", "lösenord", "passord",
    "adgangskode", "пароль", "비밀번호", "비번", "암호",
)  # fmt: skip
#: Words naming a generated secret, whose value must look random.
_SECRET_WORDS = (
    "secret",
    "token",
    "jeton",
    "key",
    "clé",
    "clave",
    "schlüssel",
    "密钥",
    "秘钥",
    "トークン",
    "令牌",
    "シークレット",
)
#: Words naming a PIN or a one-time code, whose value is 4 to 8 digits. Short Latin ones must
#: stand alone on the left too (``PIN``, not ``spin``; ``TAN``, not ``Titan``).
_CODE_WORDS = (
    "pin", "passcode", "tan", "otp", "one-time code", "one time code", "verification code",
    "security code", "2fa code", "auth code", "login code", "sms code", "bestätigungscode",
    "sicherheitscode", "code de vérification", "code de sécurité", "code pin", "código", "mfa code",
    "totp code", "token code", "authenticator code", "codice di verifica", "codice otp", "验证码",
    "驗證碼", "認証コード", "確認コード", "ワンタイムパスワード",
)  # fmt: skip
_BOUNDED_LEFT = frozenset({"pin", "tan", "otp", "code pin", "código"})
#: Code words naming a code of any kind, as English "code" does (an article's, a shop's, an
#: error's: "producto código 4471"): their value is the one a link gives ("el código es 4821"),
#: never digits standing right after them.
_ANY_CODE = frozenset({"código"})
#: Short code words counted only as written in capitals (``SMS-TAN``, ``PIN``): in lower case
#: they are other words (Spanish "tan", "pin the version").
_CAPITALS = frozenset({"pin", "tan", "otp"})
#: Every keyword, lower case, with its role: the prefilter hints of the detector.
KEYWORDS: tuple[tuple[str, str], ...] = (
    tuple((w, "password") for w in _PASSWORD_WORDS)
    + tuple((w, "secret") for w in _SECRET_WORDS)
    + tuple((w, "code") for w in _CODE_WORDS)
)
HINTS: tuple[str, ...] = tuple(w for w, _ in KEYWORDS)
#: The keywords an ASCII text can hold.
_ASCII_KEYWORDS = tuple((w, role) for w, role in KEYWORDS if w.isascii())

#: Where a clause ends: a line break, or a sentence mark followed by a space (a value may hold
#: ``.``/``!`` inside: ``Tresor1er.Mouette``), or a CJK full stop, or a semicolon.
_CLAUSE_END = lazy_compile(r"\n|[.!?;](?=\s)|[。！？；]")
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
#: Words that link a name to its value ("is", "ist", "c'est", "era"), lower case; the symbols
#: and CJK characters that do (``:``, ``=``, 是, は); and filler words that may stand between a
#: link and its value ("ist übrigens", "is now").
_LINK_WORDS = frozenset(
    "is was are be to ist war lautet auf est c'est c’est était en es era fue sería è é sono foi -> =>".split()
)
_LINK_MARKS = ":=：是为為はを은는을를→"
_FILLER = frozenset("now still just actually übrigens jetzt nun also maintenant désormais ahora ya".split())
#: What follows a keyword that is a name in code (``"password": …``, ``secret[0]``, ``token_url``).
_CODE_AFTER = frozenset("\"'`[{_")
_OPENING = " \t«\"'“「『`"
#: A value farther than this many words from its keyword must look like a strong password.
_NEAR_WORDS = 3
#: A short label glued before a value (``abc:``, ``pw=``).
_LABELLED = lazy_compile(r"[A-Za-z]{1,12}[:=](?=[^/\s]\S{7})")
_NEEDED_DIGIT = lazy_compile(r"[0-9]")
_WORDS = lazy_compile(r"\w+")
#: A TOTP seed (base32, a digit among its letters) and a UUID: kept elsewhere, but linked right
#: after a secret's or token's name they are its value.
_TOTP_SEED = lazy_compile(r"(?=[A-Z]*[2-7])[A-Z2-7]{16,64}")
_UUID_VALUE = lazy_compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_DIGITS = lazy_compile(r"^\d{4,8}$")
#: Digits said one by one (``7 3 9 1``) or in groups of three to six (``4711 8093 2256``), one
#: blank apart, standing alone: one value.
_SPACED_DIGITS = lazy_compile(r"(?:\d(?: \d){3,7}|\d{3,6}(?: \d{3,6}){1,7})(?![\w.,:/-]*\w)")
#: A quantity's digits: a year, a round count (``1500``, ``3600``) or a size (``1024``, ``4096``).
_QUANTITY = lazy_compile(r"^(?:(?:19|20)\d\d|\d+00|1024|2048|4096|8192|16384|32768|65536)$")
_HYPHENED_DIGITS = lazy_compile(r"^\d+(?:-\d+)+$")
#: The most digits of a value printed in groups (a Wi-Fi key on a router's sticker: 20).
_GROUPED_DIGITS_MAX = 32
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
    for at, word, role in _occurrences(text, low, _KEYWORD_STEMS if plain else _ALL_KEYWORD_STEMS):
        end = at + len(word)
        if _keyword_here(low, at, end, word) and not (word == "key" and _record_key(low, at)):
            glued = at > 0 and (text[at - 1] in "_.-" or text[at - 1].isascii() and text[at - 1].isalnum())
            spans = list(_clause_value(text, end, role, glued=glued, apposed=word not in _ANY_CODE))
            if role == "password" and not glued:
                if not spans:
                    spans = list(_said_later(text, end))
                spans += _said_next(text, end)
            for span in spans:
                if span[0] not in seen:
                    seen.add(span[0])
                    yield span[0], span[1], role
    for at, phrase, _ in _occurrences(text, low, _ANAPHOR_STEMS if plain else _ALL_ANAPHOR_STEMS):
        end = at + len(phrase)
        named = _named_before(low, at) if at == 0 or not low[at - 1].isalnum() else None
        if named is not None:
            for span in _clause_value(text, end, named, glued=False, anaphor=True):
                if span[0] not in seen:
                    seen.add(span[0])
                    yield span[0], span[1], named


#: ``(stem, ((word, role, offset of the stem in the word, the word as looked for), …))``: each word is looked for through
#: a stem it holds, so that words sharing one (password, passwort, mot de passe) cost one search.
_Stems = tuple[tuple[str, tuple[tuple[str, str, int, str], ...]], ...]
#: Stems of the ASCII keywords (lower case; the code words counted only in capitals as written).
_STEMS = (
    "pass",
    "code",
    "secret",
    "token",
    "jeton",
    "key",
    "kennwort",
    "contras",
    "senha",
    "PIN",
    "TAN",
    "OTP",
)
_ANAPHOR_STEM_WORDS = (
    "new one",
    "old one",
    "current one",
    "nouve",
    "ancien",
    "neue",
    "alte",
    "nuev",
    "anterior",
)


def _stem_table(words: tuple[tuple[str, str], ...], stems: tuple[str, ...]) -> _Stems:
    table: dict[str, list[tuple[str, str, int, str]]] = {}
    for word, role in words:
        form = word.upper() if word in _CAPITALS else word
        stem = next((st for st in stems if st in form), form)  # a word without a stem is its own
        table.setdefault(stem, []).append((word, role, form.index(stem), form))
    return tuple((stem, tuple(entries)) for stem, entries in table.items())


def _occurrences(text: str, low: str, stems: _Stems) -> Iterator[tuple[int, str, str]]:
    """``(start, word, role)`` of each occurrence of a word of ``stems`` (lower case; a stem in
    capitals is looked for in ``text`` as written)."""
    lower = _LOWER_STEMS.get(id(stems))
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


#: Phrases that stand for a secret named before them ("the new one is …", "le nouveau : …",
#: "新的是 …"), lower case.
_ANAPHORS = (
    "the new one", "the old one", "the current one", "le nouveau", "la nouvelle", "l'ancien",
    "l'ancienne", "das neue", "der neue", "die neue", "das alte", "der alte", "el nuevo",
    "la nueva", "el anterior", "la anterior", "新的", "旧的", "新しいの", "新しいもの",
)  # fmt: skip
_KEYWORD_STEMS = _stem_table(_ASCII_KEYWORDS, _STEMS)
_ALL_KEYWORD_STEMS = _stem_table(KEYWORDS, _STEMS)
_ANAPHOR_STEMS = _stem_table(tuple((a, "") for a in _ANAPHORS if a.isascii()), _ANAPHOR_STEM_WORDS)
_ALL_ANAPHOR_STEMS = _stem_table(tuple((a, "") for a in _ANAPHORS), _ANAPHOR_STEM_WORDS)
#: Each table's stems looked for in a text's lower case, by the table's id (the table kept).
_LOWER_STEMS = {
    id(stems): (stems, tuple(stem for stem, _ in stems if not stem.isupper()))
    for stems in (_KEYWORD_STEMS, _ALL_KEYWORD_STEMS, _ANAPHOR_STEMS, _ALL_ANAPHOR_STEMS)
}
# the stems searched in a text's lower case: the prefilter's scan looks for them too
also_find(
    stem for stems in (_ALL_KEYWORD_STEMS, _ALL_ANAPHOR_STEMS) for stem, _ in stems if not stem.isupper()
)
#: How far back an anaphor looks for the secret it stands for.
_ANAPHOR_REACH = 600


def _named_before(low: str, at: int) -> str | None:
    """The role of the nearest keyword in the :data:`_ANAPHOR_REACH` characters before ``at``."""
    best, role = -1, None
    lo = max(0, at - _ANAPHOR_REACH)
    for word, kind in KEYWORDS if not low[lo:at].isascii() else _ASCII_KEYWORDS:
        if word in _CAPITALS:
            continue
        pos = low.rfind(word, lo, at)
        if pos > best and _keyword_here(low, pos, pos + len(word), word):
            best, role = pos, kind
    return role


#: Words before ``key`` that make it a record's, a place's or a public key, not a credential
#: (besides :data:`~memscribe.redaction.values.RECORD_KEY_WORDS`: ``cache key``, ``sort key``).
_PUBLIC_KEY_WORDS = frozenset(
    "public pub host ssh gpg pgp primary foreign composite unique license product".split()
)
_WORD_BEFORE = lazy_compile(r"([a-z]+)[ _-]$")


def _record_key(low: str, at: int) -> bool:
    m = _WORD_BEFORE.search(low, max(0, at - 16), at)
    return m is not None and (m.group(1) in RECORD_KEY_WORDS or m.group(1) in _PUBLIC_KEY_WORDS)


def _keyword_here(low: str, at: int, end: int, word: str) -> bool:
    """True when the keyword at ``at`` stands as a word of its own or ends a compound
    (``SQL-Passwort``): not running on into a longer name (``secret_arn``, ``token_endpoint``,
    ``password-reset``, ``key.pem``)."""
    if not word.isascii():
        return True
    if low[end : end + 1] == "s":  # a plural (``passwords``, ``tokens``)
        end += 1
    after = low[end : end + 2]
    if after[:1] == "_" or (after[:1].isascii() and after[:1].isalnum()):
        return False
    if after[:1] in "-./" and after[1:].isascii() and after[1:].isalpha():
        return False
    if word in _BOUNDED_LEFT or len(word) <= 4:
        return at == 0 or not low[at - 1].isalnum()
    return True


#: Measure words and units that follow a number in Chinese, Japanese and Korean without a blank:
#: the number is a year, a date, a time, a length or a count, not a value ("密码是2019年设置的").
_COUNTERS = frozenset("年月日号號時时分秒点點位桁個个次岁歳歲回件张張元円块塊년월일시분초자개번살회원")


#: A domain after '@', and any closing punctuation of its sentence.
_DOMAIN = lazy_compile(r"@[^\W_][\w-]*(?:\.[\w-]+)*\.[^\W\d_]{2,}[.,;:!?)]*$")


def _no_value(text: str, at: int, value: str) -> bool:
    """``value`` at ``at`` is none to decide: empty, a link mark before digits in groups, a word,
    a URL, an address's domain, or digits glued to a measure word or unit (:data:`_COUNTERS`: a
    year, a length, a count)."""
    if not value or _WORD.match(value) or "://" in value or (value == "=" and _grouped_after(text, at)):
        return True  # (``=`` standing apart before digits in groups: "Kennwort = 7 3 9 1")
    if value[0] == "@" and at and text[at - 1].isascii() and text[at - 1].isalnum() and _DOMAIN.match(value):
        return True  # an address's domain, cut from it after its local part (``it-password@aol.com``);
        # (an ASCII letter or digit before it: a CJK character before '@' is a word of the clause)
    return value.isdigit() and text[at + len(value) : at + len(value) + 1] in _COUNTERS


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
        appositive = role == "password" or (role == "code" and apposed and _pin_like(value))
        if link < 0 and appositive and not anaphor and not text[start : m.start()].strip(_APPOSITION):
            at = m.start() + lead
            shaped = (_pin_like(value) and not _QUANTITY.match(value)) or (
                role == "password"
                and _password_like(value, strict=not _closes_clause(text, at + len(value), end))
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
        if _SUBJECT_ID.search(text, max(start, link - 30), link):
            continue
        if _fits(value, role, near=near):
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
    if not any(w.lower() in _LINK_WORDS for w in words):
        return
    for m in itertools.islice(_VALUE.finditer(text, start, end), _CLAUSE_TOKENS):
        lead, value = _value_of(m.group(0))
        if m.start() == 0 or text[m.start() - 1] not in " \t" or "=" in value or ":" in value:
            continue
        before = text[start : m.start()].rstrip(" \t")
        word = before.rsplit(None, 1)[-1].lower() if before.split() else ""
        if before[-1:] not in _PHRASE_OPENERS and word not in _LINK_WORDS and word not in _FILLER:
            continue  # a word before it in its phrase names it ("by job build-7f3k…", "serial QNAP8…")
        if not _HEX_RUN.fullmatch(value) and _looks_random(value, min_len=16, bits=HIGH_ENTROPY_BITS):
            yield m.start() + lead, m.start() + lead + len(value)
            return


def _said_next(text: str, start: int) -> Iterator[tuple[int, int]]:
    """A strong password in the sentences after the clause of a password's name that gave none,
    on the same line (one turn of a chat): "the new password has a `#` in it. the DBA sent it as
    2FNp…#7qo…", "관리자 비밀번호를 바꾸라고 … 할까요? 일단 Seoul6456!home 로 바꿨어요". Only a
    value of three character classes counts (:func:`_password_like`, strict), the first there."""
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
        interleaved = _interleaved(value) and not value.isupper()  # capitals and digits: an id's,
        # a serial's, an order's or a booking's shape ("注文番号はJP12AB34CD", "Kundennummer K2024X88A7")
        if (_MIXED.match(value) or interleaved) and _password_like(value, strict=True):
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
    place in the list, so a looser shape (:func:`_password_like`, not strict) suffices; not one
    of capitals and digits alone or one its label names an identifier (:data:`_SUBJECT_ID`)."""
    for item in _ITEM_VALUE.finditer(text, start, end):
        at = item.start("v")
        value = item.group("v").rstrip(_TRAILING)
        if (
            at == found
            or value.upper() == value
            or _SUBJECT_ID.search(text, max(start, item.start() - 30), item.start())
        ):
            continue  # capitals and digits, an id's shape ("serial: SN99812XQ7"), or a label naming one
        if _password_like(value, strict=False):
            yield at, _with_marks(text, at, at + len(value))


def _clause_end(text: str, start: int) -> int:
    """Where the clause after ``start`` ends: at a line break, a sentence mark or a semicolon, or
    :data:`_CLAUSE_CHARS` on; a clause that ends its line with a colon introduces its value on the
    next line ("the new one is:\n<value>"), which it then takes in."""
    stop = _CLAUSE_END.search(text, start, min(len(text), start + _CLAUSE_CHARS))
    end = stop.start() if stop else min(len(text), start + _CLAUSE_CHARS)
    if stop is not None and text[end] == "\n" and text[start:end].rstrip().endswith((":", "：")):
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
    return text.startswith("..", end) or text[end : end + 3] in _FILLER_AFTER


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
        if before[-1] in _LINK_MARKS:
            return base + len(before) - 1
        cut = max(before.rfind(" "), before.rfind("\t"), before.rfind("\n"))
        word = before[cut + 1 :].lstrip("([«“\"'").lower()
        if word in _LINK_WORDS:
            return base + len(before) - len(word)
        if word == "/" and cut > 0:
            # ``<login> / <password>``: the pair's link is the login's (``notes: pk_ro / …``)
            login = before[:cut].rstrip()
            before = login[: max(login.rfind(" "), login.rfind("\t"), login.rfind("\n")) + 1].rstrip(_OPENING)
            continue
        if word not in _FILLER:
            return -1
        before = before[: cut + 1].rstrip(_OPENING)
    return -1


#: The name right before a ``:`` or ``=``: quoted, or an identifier (``trace_id``, ``userId``).
_KEY_NAME = lazy_compile(r"(?:[\"'`]|[A-Za-z0-9]*(?:_|-|[a-z][A-Z])[\w-]*)\s*$")


#: A link whose subject names an identifier, a number or a place: what follows is that, not the
#: secret named before (``the token request failed, request id is 44d8…``, ``… the port is 8080``).
_SUBJECT_ID = lazy_compile(
    r"(?<![^\W\d_])(?:ids?|uuid|hash|sha\d*|digest|commit|version|trace|request|build|number|nr|no|"
    r"port|host|user|username|login|account|name|length|count|size|limit|date|time|year|"
    r"nummer|benutzer|konto|numéro|utilisateur|compte|número|usuario|cuenta|用户名?|账号|帳號|番号)"
    r"[\s\W]{0,3}$",
    re.IGNORECASE,
)


def _named_id(text: str, start: int, at: int) -> bool:
    """The value at ``at`` is named an identifier, a number or a place (:data:`_SUBJECT_ID`) by
    the subject of its own link or by the word right before it, after ``start``."""
    link = _link_before(text, start, at)
    stop = link if link >= 0 else at
    return _SUBJECT_ID.search(text, max(start, stop - 30), stop) is not None


def _names_another(text: str, link: int) -> bool:
    """True when the link at ``link`` is ``:``/``=`` after a key's name (``"trace_id": …``): far
    from the keyword, it gives that other key's value."""
    if text[link] not in ":=：":
        return False
    return _KEY_NAME.search(text, max(0, link - 40), link) is not None


def _fits(value: str, role: str, *, near: bool) -> bool:
    if role == "code":
        return _pin_like(value)
    if _looks_random(value, min_len=16, bits=HIGH_ENTROPY_BITS):
        return True
    if role == "secret" and near and (_TOTP_SEED.fullmatch(value) or _UUID_VALUE.fullmatch(value)):
        return True  # "the codecov token is <uuid>", "的密钥…是 <base32 seed>"
    if role != "password" or is_placeholder(value):
        return False
    return _password_like(value, strict=not near) or (near and _pin_like(value))


def _pin_like(value: str) -> bool:
    """Digits only, 4 to 8 of them, not a placeholder run (``0000``, ``1234``): a password of
    digits, as many devices and banks issue (a router's, a card's, a lock's), linked to its
    password's name or standing right after it (``비밀번호 8498``, ``Passwort ist 38472619``).
    Digits said one by one (``7 3 9 1``) or printed in groups (``4711 8093 2256 1148 6620``, a
    router's sticker; joined by hyphens: ``4711-8093-2256``) count as their run, up to
    :data:`_GROUPED_DIGITS_MAX` of them, when their groups are even (:func:`_even_groups`)."""
    if _HYPHENED_DIGITS.match(value):
        value = value.replace("-", " ")
    if " " in value:
        compact = value.replace(" ", "")
        return 4 <= len(compact) <= _GROUPED_DIGITS_MAX and not _dull_digits(compact) and _even_groups(value)
    return _DIGITS.match(value) is not None and not _dull_digits(value)


def _even_groups(value: str) -> bool:
    """Groups of one length, the last no longer (``4711 8093 2256``, ``7 3 9 1``): a value printed
    in groups; a phone number's groups follow its numbering plan (``0171 234 5678``)."""
    sizes = [len(g) for g in value.split(" ")]
    return len(set(sizes[:-1])) == 1 and sizes[-1] <= sizes[0]


def _dull_digits(value: str) -> bool:
    """A run of one digit or counting digits (``0000``, ``1234``): a placeholder PIN."""
    steps = {int(b) - int(a) for a, b in zip(value, value[1:], strict=False)}
    return len(steps) == 1 and steps <= {-1, 0, 1}
