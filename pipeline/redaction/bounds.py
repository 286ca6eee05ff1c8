"""Where an assigned value ends by its line's grammar (:mod:`~memscribe.redaction.structure`): the
rest of its line, up to a setting's comment; a string that the name opens (``"DB_PASSWORD=…",`` in a
list of a container's environment) or marks that open the value (``«…»``, ``「…」``, ``“…”``) closing
it; the blanks of typography (no-break, narrow, ideographic) between its words read as blanks.
Review RV3 F1, F6 (stop 48): these only ever lengthen a value cut short, never shorten one."""

from __future__ import annotations

import re
from bisect import bisect_left

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import line_setting
from memscribe.redaction.base import newlines

#: Typographic quotes: the marks opening a value and those closing it (German ``„…“``, French
#: ``«…»``, Japanese ``「…」``; ``“`` closes the German pair and opens the English one).
QUOTE_PAIRS = (("“", "”“"), ("„", "“”"), ("«", "»"), ("「", "」"), ("『", "』"), ("‘‚", "’‘"), ("‹", "›"))
_CLOSING = {opening: closing for openings, closing in QUOTE_PAIRS for opening in openings}

#: The words after an unquoted value to the end of its line, a comment's mark none of them; and a
#: mark standing apart between words (``admin / nasadmin77``: a login and its password, a pair's).
_REST_OF_LINE = lazy_compile(r"(?: [^\s#]+)+(?=[ \t]*(?:\r?\n|$))")
#: The same words up to a comment that ends a setting's line (``DB_PASSWORD=Sommer 2024! # prod``).
_REST_TO_COMMENT = lazy_compile(r"(?: [^\s#]+)+(?=[ \t]+#(?!\S))")

#: The blanks of typography (no-break ``U+00A0``, narrow no-break ``U+202F`` as French sets it,
#: thin ``U+2009``, ideographic ``U+3000``): one blank each, as a space is. A tab is none (a
#: table's columns).
_BLANKS = ("\u00a0", "\u202f", "\u2009", "\u3000")
_TYPOGRAPHIC_BLANKS = str.maketrans(dict.fromkeys(_BLANKS, " "))

#: The next pair of a list of ``key=value`` pairs: a blank, a name and its ``=``.
_NEXT_PAIR = lazy_compile(r"[ \t][A-Za-z_][\w.\-]*=")

#: A quoted value may be lengthened to its closing mark when it is a pass phrase's size at most:
#: five words of :data:`_PAIRED_MAX` characters (a longer quoted text is a sentence).
_PAIRED_MAX = 64
_PAIRED_WORDS = 5
#: The most characters of a line read back from a name for its quotes.
_LINE_BEFORE = 1024


def as_spaced(text: str) -> str:
    """``text`` with typographic blanks as spaces (same length: offsets stay ``text``'s)."""
    if text.isascii() or not any(blank in text for blank in _BLANKS):
        return text
    return text.translate(_TYPOGRAPHIC_BLANKS)


class Lines:
    """Where each line of a text ends and where its words end (before the blanks, and the ``\r``
    of a ``\r\n``, that close it): found once per text and line, not once per assignment."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.breaks: list[int] | None = None
        self.words_end: dict[int, int] = {}

    def ends(self, at: int) -> tuple[int, int]:
        """The end of the line ``at`` is on (its ``\n``, or the text's end) and of its words."""
        text = self.text
        if self.breaks is None:
            self.breaks = newlines(text)
        i = bisect_left(self.breaks, at)
        line_end = self.breaks[i] if i < len(self.breaks) else len(text)
        words_end = self.words_end.get(line_end)
        if words_end is None:
            words_end = line_end
            if line_end < len(text) and text[words_end - 1 : words_end] == "\r":
                words_end -= 1
            while words_end > 0 and text[words_end - 1] in " \t":
                words_end -= 1
            self.words_end[line_end] = words_end
        return line_end, words_end


def short_rest(
    text: str, name_start: int, start: int, end: int, room: int, lines: Lines
) -> re.Match[str] | None:
    """``_REST_OF_LINE.match(text, end)`` (``end``: where the value's first word, from ``start``, ends) where that match is at most ``room`` long; None where
    it is longer (a phrase longer than ``room`` is no spaced secret). The match ends where the
    line's words do, so a longer one is told without matching it: each of many values on one long
    line does not read the line to its end. On a setting's line (the name at ``name_start`` opens
    it, ``=`` joins it to its value: :func:`~memscribe.redaction.assigned.line_setting`) a comment
    ends the words as the line's end does."""
    _, words_end = lines.ends(end)
    if words_end - end <= room and (rest := _REST_OF_LINE.match(text, end)) is not None:
        return rest
    if "#" not in text[end : min(words_end, end + room + 2)] or not line_setting(text, name_start, start):
        return None
    rest = _REST_TO_COMMENT.match(text, end, min(words_end, end + room + 2))
    return rest if rest is not None and rest.end() - end <= room else None


def pair_bound(text: str, name_start: int, start: int, end: int) -> tuple[int, int, int] | None:
    """The value that a pair of marks bounds, an unquoted value's first word ``start``-``end`` cut
    short by a blank inside them: ``(inner start, inner end, span end)``; None where no pair
    bounds it. The pair is a typographic one opening the value (``token: «Xk9mQ2 Pferd»``: the
    span ends after its closing mark) or an ASCII quote opening the string of the name and its
    ``=`` (``"DB_PASSWORD=xkqm wzrt plvn bdhy",``: the span ends before the quote). The closing
    mark is the first on the line, no letter or digit right after it (an apostrophe is none)."""
    if not text[end : end + 1].isspace() or text[end] in "\r\n":
        return None  # the value was not cut short by a blank
    closing = _CLOSING.get(text[start])
    inner = start + 1
    if closing is None:
        quote = text[name_start - 1 : name_start]
        if quote not in ("'", '"') or text[start - 1] != "=":
            return None
        line_start = text.rfind("\n", max(0, name_start - _LINE_BEFORE), name_start) + 1
        if line_start == 0 and name_start > _LINE_BEFORE:
            return None  # a long line (minified code): its quotes are not counted
        if text.count(quote, line_start, name_start - 1) % 2:
            return None  # the quote closes a string: the name is outside one
        closing, inner = quote, start
    reach = min(len(text), inner + _PAIRED_MAX + 1)  # (a longer value is none: read no further)
    line_end = text.find("\n", end, reach)
    line_end = reach if line_end < 0 else line_end
    close = min((at for c in closing if (at := text.find(c, inner, line_end)) >= 0), default=-1)
    if close < end or text[close + 1 : close + 2].isalnum():
        return None
    value = text[inner:close]
    if not value.strip() or len(value) > _PAIRED_MAX or len(value.split()) > _PAIRED_WORDS:
        return None
    if _NEXT_PAIR.search(text, end, close) is not None:
        return None  # a list of pairs in one string: ``psql "password=X dbname=orders"``
    return inner, close, close + 1 if inner > start else close
