"""The whitespace tokens of one line, found once for all the keywords on it.

A password keyword reads the tokens after it and the last few before it. Scanning the line again
for each keyword (or each keyword's own token: ``password!password!…`` is one token) costs the
line's length per keyword, quadratic in a long line; here the line is scanned once and each
keyword finds its token by bisection. A token a keyword stands inside is cut at the keyword, as a
scan starting (or ending) there would cut it; a value longer than any password is never copied.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile

WS_TOKEN = lazy_compile(r"\S+")
#: What :func:`clean_token` strips before and after a value.
_LEADING = "`'\"(["
_TRAILING = "`'\".,;:?!)]"
_LEADING_RUN = lazy_compile(f"[{re.escape(_LEADING)}]*")
#: Longer than any value a caller reads (a password is at most 64 characters; ``**`` may follow).
LONGEST_VALUE = 66


def clean_token(raw: str) -> tuple[int, str]:
    """(offset, value) of a whitespace token with surrounding quotes and punctuation removed."""
    lead = len(raw) - len(raw.lstrip(_LEADING))
    if raw.startswith("**", lead):
        lead += 2  # Markdown bold: ``**Deploy key**``
    value = raw[lead:].rstrip(_TRAILING)
    if value.endswith("**") and value[:-2].isalpha():
        value = value[:-2]
    return lead, value


def _alpha(text: str, start: int, end: int) -> bool:
    """``text[start:end].isalpha()``, read in growing pieces: it stops near the first character
    that is not a letter without copying the rest."""
    if start >= end:
        return False
    size = 64
    while start < end:
        if not text[start : min(end, start + size)].isalpha():
            return False
        start, size = start + size, size * 2
    return True


class Token:
    """``text[start:end]``: a token of the line, or the part of one after (or before) a keyword."""

    __slots__ = ("end", "line", "start")

    def __init__(self, line: Line, start: int, end: int) -> None:
        self.line, self.start, self.end = line, start, end

    @property
    def text(self) -> str:
        return self.line.text[self.start : self.end]

    def _value_span(self) -> tuple[int, int]:
        """(value start, value end before a ``**`` is dropped) as :func:`clean_token` cuts it."""
        text = self.line.text
        begin = _LEADING_RUN.match(text, self.start, self.end).end()  # type: ignore[union-attr]
        if text.startswith("**", begin, self.end):
            begin += 2
        return begin, max(begin, self.line.stripped_end(self.start, self.end))

    def cleaned(self) -> tuple[int, str | None]:
        """:func:`clean_token` of the token; the value is None when longer than
        :data:`LONGEST_VALUE` (no link, filler or password), and then not copied."""
        if self.end - self.start > LONGEST_VALUE:
            begin, end = self._value_span()
            if end - begin > LONGEST_VALUE:
                return begin - self.start, None
        return clean_token(self.text)

    def alpha(self, value: str | None) -> bool:
        """``value.isalpha()`` for the token's value (:meth:`cleaned`); when that is None, read
        no further than the value's first character that is not a letter."""
        if value is not None:
            return value.isalpha()
        begin, end = self._value_span()
        text = self.line.text
        if text.startswith("**", end - 2, end):
            return _alpha(text, begin, end - 2)  # ``**`` is no letter: dropped when the rest is all letters
        return _alpha(text, begin, end)


class Line:
    """The line of ``text`` holding ``pos``, with its tokens (:data:`WS_TOKEN`) found once."""

    def __init__(self, text: str, pos: int) -> None:
        self.text = text
        self.start = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        self.end = len(text) if end < 0 else end
        spans = [m.span() for m in WS_TOKEN.finditer(text, self.start, self.end)]  # (one call a token)
        self.starts: list[int] = [at for at, _ in spans]
        self.ends: list[int] = [end for _, end in spans]
        self._stripped: dict[int, int] = {}

    def stripped_end(self, start: int, end: int) -> int:
        """Where ``text[start:end]`` ends without its trailing marks; the same for every token
        ending at a token's end, so read once for each."""
        known = self._stripped.get(end)
        if known is not None:
            return max(start, known)
        i = bisect_right(self.ends, end) - 1
        whole = i >= 0 and self.ends[i] == end
        at = end
        while at > (self.starts[i] if whole else start) and self.text[at - 1] in _TRAILING:
            at -= 1
        if whole:
            self._stripped[end] = at
        return max(start, at)

    def tokens_from(self, pos: int) -> Iterator[Token]:
        """The tokens of ``text[pos:end]`` as ``WS_TOKEN.finditer(text, pos, end)`` finds them."""
        i = bisect_right(self.ends, pos)
        if i < len(self.ends) and self.starts[i] < pos:
            yield Token(self, pos, self.ends[i])  # the rest of the token ``pos`` stands in
            i += 1
        for j in range(i, len(self.ends)):
            yield Token(self, self.starts[j], self.ends[j])

    def tokens_before(self, end: int, count: int) -> list[Token]:
        """The last ``count`` tokens of ``text[start:end]`` as a scan of it finds them."""
        j = bisect_right(self.ends, end)
        tokens = [Token(self, self.starts[k], self.ends[k]) for k in range(max(0, j - count), j)]
        if j < len(self.ends) and self.starts[j] < end:
            tokens.append(Token(self, self.starts[j], end))  # the token the keyword stands in, cut there
        return tokens[-count:]

    def after(self, token: Token) -> bool:
        """True when another token follows ``token`` on the line."""
        return bisect_left(self.starts, token.end) < len(self.starts)
