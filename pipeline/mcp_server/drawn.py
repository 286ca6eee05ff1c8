"""What of a tool's text is drawn, and whether it holds words: an MCP write refuses a text drawn
as nothing (zero-width characters, Hangul fillers, the braille blank) as it refuses an empty one,
and a text with no word (``...``, ``123``, a stray ``[31m``) as no statement."""

from __future__ import annotations

import functools
import re
import unicodedata

from memscribe.textsim import CJK_CHARS

#: A colour code whose ESC was lost before the text reached the tool (``[31m``): no words. Only
#: counted out for :func:`readable` (``[always]`` still has letters); the character cleaner itself
#: removes an escape sequence whole, ESC included.
_ESCAPE_LEFTOVER = re.compile(r"\[[0-9;?]*[A-Za-z]")
#: One ideograph, kana or hangul syllable is a word (``猫``, ``素``, ``밥``), as two letters are
#: elsewhere: the scripts :mod:`memscribe.textsim` reads without spaces, one definition.
_CJK = re.compile(f"[{CJK_CHARS}]")


def readable(text: str) -> bool:
    """Whether a tool's text holds words: at least two letters, or one CJK ideograph, kana or
    hangul syllable (a word of its own: ``猫``, ``밥``), once the write guard's cleaner has run
    and escape-sequence leftovers are set aside. An agent writing what the user asked it to
    keep often writes a label and a value or one word (``Birthday: 1990-05-14``, ``Vegetarian``),
    and that is stored; ``...``, ``123``, ``---`` or a stray ``[31m`` is no memory. A modifier
    letter (Unicode Lm: a sound or length mark ``ﾞ`` ``ー``, an iteration mark ``々``) marks the
    letter before it and is no letter of its own, nor is a CJK symbol (``・``, ``゛``)."""
    from memscribe.safety.write_guard import clean_chars

    rest = _ESCAPE_LEFTOVER.sub(" ", shown(clean_chars(text)))
    letters = 0
    for char in rest:
        if char.isalpha() and unicodedata.category(char) != "Lm":
            letters += 1
            if letters >= 2 or _CJK.match(char):
                return True
    return False


def shown(text: str) -> str:
    """``text`` as it is drawn: without what :func:`_blank` says is drawn as nothing (white space
    aside). A text of zero-width spaces or Hangul fillers is an empty text."""
    return "".join(ch for ch in text if ch.isspace() or not _blank(ch))


@functools.lru_cache(maxsize=4096)
def _blank(ch: str) -> bool:
    """Drawn as nothing: a format, control, surrogate or unassigned character (the write guard's
    cleaner, :func:`~memscribe.safety.write_guard.clean_chars`, drops controls, surrogates and
    unassigned ones before any write; a script newer than this Python's Unicode database is
    unassigned to it, and dropped too); a
    letter or mark named a filler or a variation selector (Hangul, Khitan fillers; standard,
    Mongolian selectors: unicodedata has no Default_Ignorable_Code_Point, these are its letters
    and marks but CGJ and Khmer's inherent vowels, listed with the braille blank)."""
    category = unicodedata.category(ch)
    if category in _UNDRAWN or ch in "\u034f\u17b4\u17b5\u2800":
        return True
    return category[0] in "LM" and _BLANK_NAME.search(unicodedata.name(ch, "")) is not None


_BLANK_NAME = re.compile("FILLER|VARIATION SELECTOR")
_UNDRAWN = frozenset({"Cc", "Cf", "Cn", "Cs"})
