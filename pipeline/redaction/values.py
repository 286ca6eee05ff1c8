"""The value decision: entropy and character classes, words and counting runs, password shapes
(placeholders: :mod:`~memscribe.redaction.placeholders`; public shapes:
:mod:`~memscribe.redaction.benign`)."""

from __future__ import annotations

import math
import re
from collections import Counter

from memscribe.lazyre import lazy_compile
from memscribe.redaction.benign import (
    applied_name,
    dotted_names,
    encodes_public_text,
    is_benign_shape,
    is_uuid,
    pronounceable,
)
from memscribe.redaction.placeholders import PROVIDER_PREFIX, is_placeholder, memo_per_scan

# --------------------------------------------------------------------------- entropy

#: Tokens near a secret keyword are reported when at least this long ...
HIGH_ENTROPY_MIN_LEN = 20
#: ... with at least this much Shannon entropy (bits per character). Random base62 of 20
#: characters averages ~4.0; English words and identifiers sit well below 3.5.
HIGH_ENTROPY_BITS = 3.5
#: Values under a weak name (``*_KEY``) need this much entropy (and 16+ characters).
WEAK_NAME_BITS = 3.0


def shannon_entropy(s: str) -> float:
    """Shannon entropy of ``s`` in bits per character."""
    if not s:
        return 0.0
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


_LOWER, _UPPER, DIGIT = lazy_compile("[a-z]"), lazy_compile("[A-Z]"), lazy_compile("[0-9]")
SPACE = lazy_compile(r"\s")


def char_classes(s: str) -> int:
    return sum(1 for rx in (_LOWER, _UPPER, DIGIT) if rx.search(s))


#: Longer runs are data (base64 blobs), not credentials; PEM blocks have their own detector.
MAX_VALUE_LEN = 512


#: Runs of four or more letters shaped like words (``SalesResults``, ``requiredCharacteristic``).
_WORD_RUN = lazy_compile(r"[A-Z]?[a-z]{3,}")


@memo_per_scan
def wordy(value: str) -> bool:
    """True when most of ``value`` is pronounceable word-shaped runs (``SalesResults``,
    ``requiredCharacteristicTypes``): an identifier or a phrase, not random bytes. A run counts
    when a quarter of its letters are vowels and no four consonants meet, which random
    base62 rarely manages for long."""
    covered = sum(len(w) for w in _WORD_RUN.findall(value) if pronounceable(w))
    covered += sum(len(d) for d in _NUMBER_PART.findall(value))  # ``-2024``, ``v1.2``: slugs, versions
    digit = DIGIT.search(value) is not None if value.isascii() else any(c.isdigit() for c in value)
    return covered >= (0.75 if digit else 0.7) * len(value)


#: A short number standing alone between separators.
_NUMBER_PART = lazy_compile(r"(?<![A-Za-z0-9])\d{1,4}(?![A-Za-z0-9])")


@memo_per_scan
def sequential(value: str) -> bool:
    """True when most neighbouring characters are consecutive (``ABCDEF…``, ``0123456789``)."""
    if len(value) < 8 or not _five_in_a_row(value):
        return False
    steps = sum(1 for a, b in zip(value, value[1:], strict=False) if ord(b) - ord(a) == 1)
    return steps >= 0.85 * (len(value) - 1)


_ALPHABETS = ("0123456789", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: Five consecutive characters somewhere: the cheap precondition of :func:`sequential`.
_SEQ_RUN = lazy_compile("|".join(a[i : i + 5] for a in _ALPHABETS for i in range(len(a) - 4)))
#: Each ASCII byte to the next of its alphabet (:data:`_ALPHABETS`); any other, and the last of
#: each, to ``0x80``, which no ASCII text holds.
_NEXT_IN_ALPHABET = bytes(
    {ord(c): ord(n) for a in _ALPHABETS for c, n in zip(a, a[1:], strict=False)}.get(i, 0x80)
    for i in range(256)
)


def _five_in_a_row(value: str) -> bool:
    """Whether :data:`_SEQ_RUN` occurs in ``value``: for ASCII, four steps in a row from a
    character to the next of its alphabet, found without a loop in Python (where the regex tries
    its 65 runs at each character): each byte's next and the byte after it, XORed as two
    integers, give a zero byte where the step is one."""
    if not value.isascii():
        return _SEQ_RUN.search(value) is not None
    size = len(value) - 1
    if size < 4:
        return False
    raw = value.encode("ascii")
    expected = int.from_bytes(raw[:-1].translate(_NEXT_IN_ALPHABET), "big")
    return b"\0\0\0\0" in (expected ^ int.from_bytes(raw[1:], "big")).to_bytes(size, "big")


@memo_per_scan
def counting_share(value: str) -> float:
    """Share of the letters and digits of ``value`` that sit in counting runs of three or
    more (``abc``, ``123``, ``xyz``, case folded, up or down) or in a group repeated three
    times (``1234-1234-1234``). Typed-in sample tokens are built that way
    (``abc123xyz-456def``); a random token of 30 characters almost never has more than one
    short run."""
    n = len(value.replace("-", "").replace("_", "").replace(".", "").replace(":", "").replace("/", "")
            .replace("+", "").replace("=", "").replace(" ", ""))  # fmt: skip
    if n < 6:
        return 0.0
    low = value.lower()
    # each run of three found counts its characters; most values hold none (each three
    # characters of the value looked up in the set of runs)
    runs = _run_of_three(low) if low.isascii() else _ANY_RUN.search(low) is not None
    if not runs:
        counted = 0
    elif value.isascii():  # case-folding an ASCII value is lower-casing it, character by character
        counted = 3 * len(_ANY_RUN.findall(low))
    else:
        counted = 3 * len(_RUN3.findall(value))
    if sum(map(value.count, "-_.:/ ")) >= 2:
        groups = [g for g in _NOT_ALNUM.split(low) if len(g) >= 3]
        for g in set(groups):
            if groups.count(g) >= 3:
                counted += len(g) * groups.count(g)
    return min(1.0, counted / n)


#: Every counting run of three, up and down (lower case): a cheap test before :data:`_RUN3`.
_RUNS = frozenset(
    run
    for a in ("0123456789", "abcdefghijklmnopqrstuvwxyz")
    for i in range(len(a) - 2)
    for run in (a[i : i + 3], a[i : i + 3][::-1])
)
#: Any of :data:`_RUNS`, as one search: an alternative per first character, each of its (one or
#: two) runs after it (``a(?:bc)``, ``c(?:de|ba)``), so ``re`` tries one branch a position rather
#: than every run: the same positions as looking each three characters up in the set.
_ANY_RUN = lazy_compile(
    "|".join(
        f"{first}(?:{'|'.join(sorted(run[1:] for run in _RUNS if run[0] == first))})"
        for first in sorted({run[0] for run in _RUNS})
    )
)
_NOT_ALNUM = lazy_compile(r"[^a-z0-9]+")


def _step_table(step: int) -> bytes:
    """Each ASCII digit or lower-case letter to the next of its alphabet (``step`` 1) or to the one
    before it (-1); any other byte, and the last (first) of each, to ``0x80``, which no ASCII text
    holds."""
    steps = {ord(c): ord(n) for a in _ALPHABETS[:2] for c, n in zip(a[::step], a[::step][1:], strict=False)}
    return bytes(steps.get(i, 0x80) for i in range(256))


_NEXT_IN_RUN, _PREVIOUS_IN_RUN = _step_table(1), _step_table(-1)


def _run_of_three(low: str) -> bool:
    """Whether :data:`_ANY_RUN` occurs in ``low`` (ASCII): two steps in a row from a digit or a
    lower-case letter to the next of its alphabet, or to the one before it, found as
    :func:`_five_in_a_row` finds four (a zero byte where a step is one; two in a row are a run of
    three), instead of the regex trying its branches at every character."""
    raw = low.encode("ascii")
    size = len(raw) - 1
    if size < 2:
        return False
    head, tail = raw[:-1], int.from_bytes(raw[1:], "big")
    up = int.from_bytes(head.translate(_NEXT_IN_RUN), "big") ^ tail
    if b"\0\0" in up.to_bytes(size, "big"):
        return True
    down = int.from_bytes(head.translate(_PREVIOUS_IN_RUN), "big") ^ tail
    return b"\0\0" in down.to_bytes(size, "big")


_RUN3 = lazy_compile(
    "|".join(
        a[i : i + 3] + "|" + a[i : i + 3][::-1]
        for a in ("0123456789", "abcdefghijklmnopqrstuvwxyz")
        for i in range(len(a) - 2)
    ),
    re.IGNORECASE,
)

#: At least this share in counting runs or repeated groups makes a token a typed-in sample.
COUNTING_SHARE_FAKE = 0.5


@memo_per_scan
def typed_sample(value: str) -> bool:
    """A value made mostly of counting runs and repeated groups, after any provider prefix
    (``sk-ant-api03-abc123xyz-456de-…``, ``dapi1234567890…``, ``AbCeFG123``), or hex digits in
    both cases (``acdeFf05b1a6…``)."""
    rest = PROVIDER_PREFIX.sub("", value)
    if _HEX.match(rest) and len(_CASE_SWITCH.findall(rest)) >= 2:  # (two switches of case
        # between adjacent letters: :data:`_CASE_SWITCH`, defined below)
        return True  # hex from a generator is one case (after any ``AC``-style prefix); hex
        # whose letters switch case back and forth (``acdeFf05b1…``) was typed or edited
    return counting_share(rest) >= COUNTING_SHARE_FAKE


_HEX = lazy_compile(r"^[0-9a-fA-F]{16,}$")


@memo_per_scan
def not_a_secret(value: str) -> bool:
    """The value decision's veto for any detected span: a placeholder, a benign shape, an
    identifier made of words, an almost wholly sequential value (an alphabet string), a
    typed-in sample made mostly of counting runs (:func:`typed_sample`), or code that names a
    value (:func:`applied_name`, :func:`dotted_names`). Tokens with one
    counting run inside (``xoxb-123456789012-…`` and a random tail) are still masked:
    masking a fake costs little, keeping a real one readable costs a lot."""
    return (
        is_placeholder(value)
        or is_benign_shape(value)
        or sequential(value)
        or wordy(value)
        or typed_sample(value)
        or applied_name(value)
        or dotted_names(value)
    )


@memo_per_scan
def looks_random(s: str, *, min_len: int, bits: float) -> bool:
    """True when ``s`` reads as generated: ``min_len`` to :data:`MAX_VALUE_LEN` long, a digit
    and two character classes, at least ``bits`` of Shannon entropy per character, and none of
    the benign shapes (UUIDs, placeholders, counting runs, words, typed samples, encoded public
    text, slugs with a digest, labelled paths)."""
    if not min_len <= len(s) <= MAX_VALUE_LEN or not DIGIT.search(s) or char_classes(s) < 2:
        return False  # (the cheap tests first: each is a veto, so their order is free)
    if is_benign_shape(s) or is_placeholder(s) or sequential(s) or wordy(s):
        return False
    return (
        shannon_entropy(s) >= bits
        and not typed_sample(s)
        and not encodes_public_text(s)
        and not slug_with_digest(s)
        and not labelled_path(s)
    )


def scrambled_letters(s: str) -> bool:
    """Letters alone, 16 or more after a prefix, switching case about every other letter, most
    of their lower-case runs unvoiced (``appl_vKdPqWnRtYxZbMcLfGhJsAeUi``): generated without
    digits, not a name (``iOSMacOSWatchOSTvOSiPadOS``)."""
    tail = _SLUG_SEPARATORS.split(s)[-1]
    if len(tail) < _SCRAMBLED_MIN or not (tail.isalpha() and tail.isascii()):
        return False
    # a generator switches case about every other letter; names of words (``XMLHttpRequest…``)
    # switch once a word
    if len(_CASE_SWITCH.findall(tail)) < len(tail) * _SCRAMBLED_SWITCH_RATE:
        return False
    # short words and acronyms switch often too (``iOSMacOSWatchOSTvOSiPadOS``), but a word's
    # lower-case body is voiced; a generator's runs mostly are not (``vKdPqWnRtYxZb…``: d, q, n, t)
    bodies = _LOWER_RUN.findall(tail)
    return sum(1 for b in bodies if _VOWEL.search(b)) * 2 < len(bodies)


#: The fewest letters a value of letters alone needs to read as generated (:func:`scrambled_letters`).
_SCRAMBLED_MIN = 16
#: The fewest case switches per letter of such a value.
_SCRAMBLED_SWITCH_RATE = 0.4
#: A run of lower-case letters: a word's body in CamelCase.
_LOWER_RUN = lazy_compile(r"[a-z]+")
#: Words of a password rule, not of a pass phrase ("at least 12 characters", "min 12 chars",
#: "mindestens 12 Zeichen"), in the languages the clause detector reads.
RULE_WORDS = frozenset(
    "least characters chars digits letters symbols minimum maximum min max must should your between length long "
    "mindestens zeichen stellen caractères caracteres caratteri dígitos chiffres ziffern".split()
)
#: A slug's part: a pronounceable word, or a short label (``npm``, ``v2``, ``x64``).
_SLUG_SEPARATORS = lazy_compile(r"[-_.]")
_HEX_DIGEST = lazy_compile(r"^(?:[0-9a-f]{16,}|[0-9A-F]{16,})$")


def labelled_path(value: str) -> bool:
    """True for a relative path of two folders or more whose folders are words or short labels
    (``k8s/deploy/prod/app-7f3a…``): an object's or a cache's key, whatever its last part."""
    if value.count("/") < 2:
        return False
    *folders, _ = value.split("/")
    return all(_label_or_word(f) for f in folders) and any(len(f) > 4 for f in folders)


def _label_or_word(part: str) -> bool:
    """A short label (``k8s``, ``v2``) or words joined by ``-``/``_`` (``deploy``, ``app-data``)."""
    if part.isalnum() and len(part) <= 4:
        return True
    words = [w for w in _SLUG_SEPARATORS.split(part) if w]
    return bool(words) and all(w.isalpha() and (len(w) <= 3 or pronounceable(w)) for w in words)


#: Words that make a prefix a credential's, not a slug's.
_SECRET_PARTS = frozenset(
    "key keys token secret api apikey auth pass password pwd access private bearer session cred creds".split()
)


def slug_with_digest(value: str) -> bool:
    """True for words joined to a hex digest (``build-cache-linux-x64-3f2a1b…``,
    ``npm-cache-v2-6c5d…``): a cache key or an artifact's name, whose random part is a content
    hash. Every part before the digest is a short label (four characters at most) or a
    pronounceable word, and one of them is a word of three letters or more."""
    if "-" not in value and "_" not in value and "." not in value:
        return False
    *head, last = _SLUG_SEPARATORS.split(value)
    if not head or not _HEX_DIGEST.match(last):
        return False
    words = 0
    for part in head:
        if part.lower() in _SECRET_PARTS:
            return False  # a provider's prefix: Mailgun's ``key-<hex>``, ``api-token-<hex>``
        if part.isalpha() and len(part) >= 3 and pronounceable(part):
            words += 1
        elif not (part.isalnum() and len(part) <= 4):
            return False
    return words >= 1


_PW_FORBIDDEN = lazy_compile(r"[()\[\]{}<>/\\'\"`,|=:;]")
#: An ``=`` inside a value that is no ``name=value``: what stands before it is no name (it holds
#: a symbol: ``*jh99bj=+8xhyk``), and the value does not end with it (base64 padding).
_SYMBOL_EQUALS = lazy_compile(r"^(?=[^=]*[^\w.=-][^=]*=)[^=\s]+=[^=\s]*[^=\s]$")
_PW_NOT_VALUE = lazy_compile(
    r"^(?:[0-9a-f]+|[0-9A-F]+|[\d.:\-TZ+]+|v?\d+(?:\.\d+)+[A-Za-z0-9-]*|"
    r"[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+|[\w.+-]+@[\w-]+\.[\w.]+|[A-Za-z]+(?:[-_][A-Za-z]+)*-v\d{1,3})$"
)  # (the last: a name and its version alone, an environment's or a model's: ``CartPole-v1``)
#: A snake_case name (``id_ed25519``) or words joined by ``-``/``_`` (``User-data``): a name.
_SNAKE_NAME = lazy_compile(r"^(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Za-z]+(?:[-_][A-Za-z]+)+)$")
#: Strict prose passwords (no "is"/":" between keyword and value, or the value comes first):
#: at least this long, with three of lower / upper / digit / symbol.
PROSE_PASSWORD_STRICT_LEN = 8


@memo_per_scan
def password_like(value: str, *, strict: bool) -> bool:
    """A token shaped like a password: 6-64 characters (8 when ``strict``), a letter, a digit or
    symbol, two character classes (three when ``strict``), no code or path punctuation, and not
    a placeholder, hex digest, UUID, version, date, dotted name or email."""
    if not (PROSE_PASSWORD_STRICT_LEN if strict else 6) <= len(value) <= 64:
        return False
    if _PW_FORBIDDEN.search(value.replace("=", "") if _SYMBOL_EQUALS.match(value) else value):
        return False
    if _PW_NOT_VALUE.match(value) or is_uuid(value) or value[0] == "$":
        return False
    low = value.lower()
    if "passw" in low or not any(c.isalpha() for c in value):
        return False
    # a character other than a letter, a digit, ``_``, ``-`` or ``.`` (``value`` holds a letter,
    # so without those three marks it is not empty: ``isalnum`` tests every character)
    symbol = not value.replace("_", "").replace("-", "").replace(".", "").isalnum()
    classes = char_classes(value) + (symbol or "_" in value or "-" in value or "." in value)
    if strict:
        ok = (
            (classes >= 3 or digits_interleaved(value))
            and shannon_entropy(value) >= 2.5
            and not _SNAKE_NAME.match(value)
        )
    else:
        ok = classes >= 2 and (symbol or bool(DIGIT.search(value)) or case_scrambled(value))
    return ok and not is_placeholder(value)


#: A switch between a lower-case and an upper-case letter.
_CASE_SWITCH = lazy_compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[a-z])")
#: Words in CamelCase (``BiuroGoscie``, ``iPhone``, ``McDonalds``), acronyms among them
#: (``iPhoneSE``, ``YouTubeTV``, ``IBMWebSphere``, ``iOSDevKit``): a name, not a generated value.
#: An acronym gives its last capital to a word after it (``IBM`` + ``Web``); a lone capital at
#: the end is no acronym.
_CAMEL_WORDS = lazy_compile(r"^[a-z]*(?:[A-Z]{2,}(?=[A-Z][a-z])|[A-Z][a-z]+|[A-Z]{2,}$)+$")
#: A capitalised word of three letters or more, which a word says with a vowel (``Fxp`` is none).
_CAMEL_LONG_WORD = lazy_compile(r"[A-Z][a-z]{2,}")
_VOWEL = lazy_compile(r"[aeiouyAEIOUY]")


def _camel_words(value: str) -> bool:
    """``value`` reads as words in CamelCase (:data:`_CAMEL_WORDS`), each long one voiced."""
    if _CAMEL_WORDS.match(value) is None:
        return False
    return all(_VOWEL.search(w.group(0)) for w in _CAMEL_LONG_WORD.finditer(value))


def case_scrambled(value: str) -> bool:
    """Letters alone, 8 or more, switching case at least :data:`INTERLEAVED_SWITCHES` times and
    not in CamelCase words: a generated password of letters (``EFxpAVud``)."""
    return (
        len(value) >= 8
        and value.isalpha()
        and value.isascii()
        and not _camel_words(value)
        and len(_CASE_SWITCH.findall(value)) >= INTERLEAVED_SWITCHES
    )


#: A switch between a letter and a digit.
_LETTER_DIGIT = lazy_compile(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])")
#: Letter/digit switches that make a value of two classes generated rather than named: a name
#: or a code word puts its digits in one or two places (``AES256GCM``, ``haneul744194``); a
#: generator scatters them (``JG1BKS4749``, ``disney4949x1g``).
INTERLEAVED_SWITCHES = 3


def digits_interleaved(value: str) -> bool:
    """Letters and digits alone, switching back and forth at least :data:`INTERLEAVED_SWITCHES`
    times: a password of two character classes that still reads as generated."""
    return value.isalnum() and value.isascii() and len(_LETTER_DIGIT.findall(value)) >= INTERLEAVED_SWITCHES
