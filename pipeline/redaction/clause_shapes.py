"""The shapes of the values the clause detector (:mod:`~memscribe.redaction.clauses`) takes: a
PIN or a code of digits (said one by one or printed in groups), a random token, a TOTP seed or
a UUID after a secret's name, a password; and the clause's own bounds: where it ends
(:func:`clause_stop`) and whether a ``key`` is a record's (:func:`record_key`)."""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import ASCII_LOWER, word_before
from memscribe.redaction.benign import RECORD_KEY_WORDS
from memscribe.redaction.clause_words import PUBLIC_KEY_WORDS
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import HIGH_ENTROPY_BITS, looks_random, password_like

#: A TOTP seed (base32, a digit among its letters) and a UUID: kept elsewhere, but linked right
#: after a secret's or token's name they are its value.
_TOTP_SEED = lazy_compile(r"(?=[A-Z]*[2-7])[A-Z2-7]{16,64}")


_UUID_VALUE = lazy_compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)


_DIGITS = lazy_compile(r"^\d{4,8}$")


_HYPHENED_DIGITS = lazy_compile(r"^\d+(?:-\d+)+$")


#: The most digits of a value printed in groups (a Wi-Fi key on a router's sticker: 20).
_GROUPED_DIGITS_MAX = 32


def fits(value: str, role: str, *, near: bool) -> bool:
    if role == "code":
        return pin_like(value)
    if looks_random(value, min_len=16, bits=HIGH_ENTROPY_BITS):
        return True
    if role == "secret" and near and (_TOTP_SEED.fullmatch(value) or _UUID_VALUE.fullmatch(value)):
        return True  # "the codecov token is <uuid>", "的密钥…是 <base32 seed>"
    if role != "password" or is_placeholder(value):
        return False
    return password_like(value, strict=not near) or (near and pin_like(value))


def pin_like(value: str) -> bool:
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


#: Where a clause after a keyword ends (:func:`clause_stop`): a line break, a sentence mark or
#: a semicolon then a blank (a value may hold ``.``/``!`` inside: ``Tresor1er.Mouette``), a CJK
#: full stop or semicolon.
_CLAUSE_END = r"\n|[.!?;](?=\s)|[。！？；]"
#: :data:`_CLAUSE_END` as two searches that each open with a character class (``re`` scans for
#: one at C speed, where an alternation is tried branch by branch at each character): a line break
#: or a CJK mark ends a clause by itself; a ``.!?;`` only with a blank after it.
_CLAUSE_END_HARD = lazy_compile(r"[\n。！？；]")
_CLAUSE_END_MARK = lazy_compile(r"[.!?;]\s")


def clause_stop(text: str, start: int, limit: int) -> int:
    """Where ``re.compile(_CLAUSE_END).search(text, start, limit)`` matches, else ``limit``: the
    first line break or CJK mark, or a ``.!?;`` with a blank right after it before ``limit`` (the
    search's end, past which its look-ahead sees nothing), whichever comes first. Two C searches,
    not a loop over marks (text dense with ``.`` such as dotted names or minified code has many
    marks with no blank after them: review RV4 F1, stop 47)."""
    hard = _CLAUSE_END_HARD.search(text, start, limit)
    end = hard.start() if hard is not None else limit
    # a mark before ``end`` whose blank is at ``end`` at the latest (``end`` < ``limit``: in view)
    mark = _CLAUSE_END_MARK.search(text, start, end + 1 if end < limit else limit)
    return mark.start() if mark is not None and mark.start() < end else end


_WORD_GLUED = lazy_compile(r"(?<![a-z])([a-z]+)[ _-]?$")  # (before ``キー``: ``SSHキー``, ``ssh キー``)


def record_key(low: str, at: int, *, glued: bool = False) -> bool:
    """The keyword ``key`` (``キー``: ``glued``) at ``at`` of ``low`` (lower case) after a word that
    makes it a record's key or a public one (``cache key``, ``sort-key``, ``public_key``,
    ``SSHキー``): the word right before it, by ``([a-z]+)[ _-]$`` searched in the 16 characters
    before it (read backwards: :func:`~memscribe.redaction.base.word_before`) or, glued,
    :data:`_WORD_GLUED`."""
    if glued:
        m = _WORD_GLUED.search(low, max(0, at - 16), at)
        word = m.group(1) if m is not None else None
    else:
        word = word_before(low, max(0, at - 16), at, ASCII_LOWER, " _-")
    return word is not None and (word in RECORD_KEY_WORDS or word in PUBLIC_KEY_WORDS)
