"""Unicode normalisation for the injection guard: what a reader sees, not what the bytes say.

Attackers hide instructions from keyword rules with full-width or mathematical letters
(NFKC folds them), zero-width characters inside words, Unicode tag characters (invisible
ASCII look-alikes, "ASCII smuggling"), and Cyrillic or Greek look-alikes mixed into Latin
words. :func:`normalise` undoes each of these; :func:`views` adds decoded forms of
base64 / hex runs and of spaced-out letters, so the rules and the classifier judge the text an
agent would actually read.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata

__all__ = ["INVISIBLE", "fold_confusables", "hidden_tag_text", "normalise", "views"]

#: Zero-width and other invisible format characters (soft hyphen, joiners, BOM, word joiner,
#: invisible operators, Mongolian vowel separator, combining grapheme joiner).
INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069"
    "\u3164\ufeff\uffa0"
)
_DROP = {ord(c): None for c in INVISIBLE}
#: One of :data:`INVISIBLE` (found in one regex scan; most texts hold none and are not translated).
_INVISIBLE_CHAR = re.compile("[" + "".join(sorted(INVISIBLE)) + "]")
_TAG_FIRST, _TAG_LAST = 0xE0000, 0xE007F
_TAG_CHAR = re.compile("[\U000e0000-\U000e007f]")

#: Cyrillic, Greek and other letters that render like a Latin letter (the common subset of
#: Unicode's confusables table that survives NFKC).
_CONFUSABLES = {
    # Cyrillic lower / upper
    "а": "a", "в": "b", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "х": "x", "ԝ": "w",
    "ү": "y", "ӏ": "l", "ɡ": "g", "ԁ": "d", "ց": "g", "ո": "n", "ս": "u",
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K", "М": "M",
    "О": "O", "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ԝ": "W", "Ӏ": "I",
    # Greek lower / upper
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "τ": "t", "υ": "u", "χ": "x",
    "ε": "e", "γ": "y", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K",
    "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Latin extensions and symbols
    "ı": "i", "ȷ": "j", "ℓ": "l", "ǀ": "l", "ꓲ": "I", "ꓴ": "U", "ꓳ": "O",
}  # fmt: skip
_CONFUSABLE_TABLE = str.maketrans(_CONFUSABLES)
_CONFUSABLE_CHARS = "".join(_CONFUSABLES)
_CONFUSABLE_SET = frozenset(_CONFUSABLES)
#: A word holding a look-alike letter; it starts at a word start (the look-behind spares the
#: engine a try at every letter inside a word).
_MIXED_WORD = re.compile(rf"(?<!\w)\w*[{_CONFUSABLE_CHARS}]\w*")
_LATIN = re.compile(r"[A-Za-z]")


def hidden_tag_text(text: str) -> str:
    """The ASCII text carried by Unicode tag characters (U+E0020..U+E007E), else ``""``."""
    return "".join(chr(ord(c) - _TAG_FIRST) for c in text if _TAG_FIRST + 0x20 <= ord(c) <= _TAG_FIRST + 0x7E)


def fold_confusables(text: str) -> str:
    """Fold look-alike letters to Latin in words that also hold a Latin letter.

    Whole words in Cyrillic or Greek are left alone (they are text in that language, and the
    classifier knows them); "іgnore" with a Cyrillic ``і`` becomes "ignore".
    """

    def fold(m: re.Match[str]) -> str:
        word = m.group(0)
        return word.translate(_CONFUSABLE_TABLE) if _LATIN.search(word) else word

    if _CONFUSABLE_SET.isdisjoint(text):  # nothing to fold: the scan below would find nothing
        return text
    return _MIXED_WORD.sub(fold, text)


def normalise(text: str) -> str:
    """NFKC, invisible and tag characters removed (tag text revealed in place), look-alikes folded."""
    if text.isascii():
        return text
    if _TAG_CHAR.search(text):
        text = "".join(
            chr(ord(c) - _TAG_FIRST) if _TAG_FIRST + 0x20 <= ord(c) <= _TAG_FIRST + 0x7E else c
            for c in text
            if not (_TAG_FIRST <= ord(c) <= _TAG_LAST) or _TAG_FIRST + 0x20 <= ord(c) <= _TAG_FIRST + 0x7E
        )
    text = unicodedata.normalize("NFKC", text)
    if _INVISIBLE_CHAR.search(text):  # translate reads a non-ASCII text a character at a time
        text = text.translate(_DROP)
    return fold_confusables(text)


# --------------------------------------------------------------------------- decoded views

#: A base64 run (it starts where the run starts: no try inside every word).
_B64_MIN = 24
_B64_RUN = re.compile(rf"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{{{_B64_MIN},}}={{0,2}}")
#: A hex run: twelve or more digit pairs, each maybe followed by a blank or colon, from a word
#: boundary to one. Written to open with its first digit (the boundary checked behind it), so the
#: engine skips to the next hex digit instead of trying every position: the same matches as
#: ``\b(?:[0-9a-fA-F]{2}[ :]?){12,}\b``.
_HEX_RUN = re.compile(r"[0-9a-fA-F](?<=\b[0-9a-fA-F])[0-9a-fA-F][ :]?(?:[0-9a-fA-F]{2}[ :]?){11,}\b")
#: Letters spaced out one by one ("i g n o r e  a l l"), separated by a space, dot, dash or
#: underscore.
_SPACED = re.compile(r"\b(?:[A-Za-z][ ._\-]){4,}[A-Za-z]\b")
#: :data:`_SPACED` found from its first separator (its first letter, and the boundary before it,
#: checked behind): the engine skips to the next separator instead of trying every letter. A
#: match starts one character before this one's, and ends where :data:`_SPACED`'s does.
_SPACED_FROM_SEPARATOR = re.compile(r"[ ._\-](?<=\b[A-Za-z][ ._\-])(?:[A-Za-z][ ._\-]){3,}[A-Za-z]\b")


def _printable_text(raw: bytes) -> str | None:
    try:
        s = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(s) < 8 or " " not in s:
        return None
    good = sum(1 for c in s if c.isprintable() or c in "\n\t")
    return s if good / len(s) >= 0.95 and sum(c.isalpha() for c in s) / len(s) >= 0.5 else None


def _decoded(text: str) -> list[str]:
    out: list[str] = []
    # a run has no blank: it lies inside one blank-delimited word at least as long
    long_word = max(map(len, text.split()), default=0) >= _B64_MIN
    for m in _B64_RUN.finditer(text) if long_word else ():
        run = m.group(0)
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=False)
        except (binascii.Error, ValueError):
            continue
        if (s := _printable_text(raw)) is not None:
            out.append(s)
    for m in _HEX_RUN.finditer(text):
        try:
            raw = bytes.fromhex(re.sub(r"[ :]", "", m.group(0)))
        except ValueError:
            continue
        if (s := _printable_text(raw)) is not None:
            out.append(s)
    return out


def views(text: str) -> list[str]:
    """The normalised text, then any text decoded from base64 / hex runs and spaced-out letters.

    Decoding is cheap to skip: each extra view is produced only when its shape occurs.
    """
    norm = normalise(text)
    out = [norm]
    out.extend(normalise(s) for s in _decoded(norm))
    spaced = [norm[m.start() - 1 : m.end()] for m in _SPACED_FROM_SEPARATOR.finditer(norm)]
    if spaced:
        out.append(" ".join(re.sub(r"[ ._\-]", "", s) for s in spaced))
    return out
