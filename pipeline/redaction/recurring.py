"""Which values masked in earlier texts of a transcript each text holds, looked up a span of texts
at a time (:func:`memscribe.redaction.combine.redact_transcript`).

A masker looks again for every value it masked (``Masker._repeated``): a password said in prose
and typed into a command later. Asked text by text, that is a look-up per value per text, and
most of a transcript's texts are short turns that hold none. Here the texts are read a span at a
time (as many characters as the prefilter's spans, joined by NUL), and each value is looked for once per
span, from the text it was masked before on: each occurrence marks the text holding it (then
the search moves on to the next text), so a text costs a dictionary look-up, and the values
found are those the masker's own look-up finds (each value whose word the text holds, in the
order they were masked). Past :data:`SPAN_WORDS` values the masker's own look-up answers (one
pass of an automaton per text, whatever the number of values).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator

from memscribe.redaction import prefilter

#: ``((value, type), word)`` of each value masked so far (the masker's list, which grows).
Words = list[tuple[tuple[str, str], str]]

#: Values looked up a span at a time at most; beyond, the masker's own look-up (an automaton).
SPAN_WORDS = 8


class Recurring:
    """``next()``: the ``(value, type)`` pairs of ``words`` whose word the next of ``texts``
    holds, in order (what ``fallback(text)`` returns for it), for each text in turn: called once
    per text, in order, after the masker is done with the text before."""

    def __init__(
        self, words: Words, texts: Iterator[str], fallback: Callable[[str], list[tuple[str, str]]]
    ) -> None:
        self._words = words
        self._texts = texts
        self._fallback = fallback
        self._next: str | None = None  # a text read past the span
        self._span: list[str] = []
        self._at = 0  # the next text's place in the span
        self._joined: str | None = None
        self._starts: list[int] = []
        self._indexed = 0  # how many of the words the span's look-up holds
        self._held: dict[int, list[int]] = {}  # the words (by number) each text of the span holds

    def next(self) -> list[tuple[str, str]]:
        if self._at == len(self._span):
            self._read()
        k = self._at
        self._at += 1
        words = self._words
        if not words:
            return []
        if len(words) > SPAN_WORDS:
            return self._fallback(self._span[k])
        if self._indexed < len(words):
            self._index(k)
        held = self._held.get(k)
        return [words[i][0] for i in held] if held else []

    def _read(self) -> None:
        """The next span: texts of up to the prefilter's span of characters (one at least), which
        bounds what is held for them (the joined copy, their places in it)."""
        span: list[str] = []
        size, most = 0, prefilter.SPAN_CHARS
        for text in itertools.chain(() if self._next is None else (self._next,), self._texts):
            if span and size + len(text) >= most:
                self._next = text
                break
            span.append(text)
            size += len(text) + 1
        else:
            self._next = None
        self._span, self._at = span, 0
        self._joined, self._starts, self._indexed, self._held = None, [], 0, {}

    def _index(self, k: int) -> None:
        """Look the words not yet looked for up in the span's texts from its ``k``-th on."""
        span = self._span
        if self._joined is None:
            self._joined = "\x00".join(span)  # (a span of one text: that text, not a copy)
            self._starts = list(itertools.accumulate((len(t) + 1 for t in span[:-1]), initial=0))
        joined, starts, held = self._joined, self._starts, self._held
        last = len(span) - 1
        for n in range(self._indexed, len(self._words)):
            word = self._words[n][1]
            at = joined.find(word, starts[k])
            while at >= 0:
                i = bisect.bisect_right(starts, at) - 1
                if at + len(word) > starts[i] + len(span[i]):  # across a NUL: not in one text
                    at = joined.find(word, at + 1)
                    continue
                held.setdefault(i, []).append(n)
                if i == last:
                    break
                at = joined.find(word, starts[i + 1])
        self._indexed = len(self._words)
