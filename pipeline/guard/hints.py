"""Which of a fixed set of lower-case substrings (a rule table's hints) occur in a text, in one
pass (data structure for :mod:`memscribe.guard.rules`).

A substring search per hint reads the whole text once per hint (about 300 of them). Instead the
text is split once at its blanks; a hint's blank-free pieces ("you are now": "you", "are", "now")
each lie inside one word, so the pieces a word holds are found once per distinct word (one trie
regex, cached: words repeat across texts) and a text's pieces are the union of its words'.
A hint with no blank is present exactly when some word holds it; a hint with one is searched for
in the text only when some word holds its longest piece. The answer is exactly the set a
substring search per hint gives.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["HintScan", "trie_pattern"]

_NONE: frozenset[str] = frozenset()
#: Distinct words whose pieces are kept before the cache starts again.
WORD_CACHE_MAX = 200_000


def trie_pattern(words: tuple[str, ...]) -> str:
    """One regex for ``words`` as a trie of literals (``ab(?:c|d(?:e)?)``): at each position the
    engine follows the text one character down the trie instead of trying every word, and
    matches the longest word that starts there."""
    trie: dict[str, dict[str, Any]] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        parts = [re.escape(ch) + emit(node[ch]) for ch in sorted(node) if ch]
        if not parts:
            return ""
        body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


def _substrings(word: str) -> set[str]:
    return {word[i:j] for i in range(len(word)) for j in range(i + 1, len(word) + 1)}


class HintScan:
    """The hints of ``hints`` (lower-case, non-blank) that occur in a lower-cased text."""

    def __init__(self, hints: tuple[str, ...]) -> None:
        pieces = tuple(sorted({p for h in hints for p in h.split()}))
        #: The longest piece at the scan's position; the scan steps over it.
        self._scan = re.compile(trie_pattern(pieces))
        # Both tables below are built from each piece's own substrings and prefixes (a comparison
        # of every piece with every other is ~0.5 s at import, paid by every command's start-up).
        known = frozenset(pieces)
        by_prefix: dict[str, list[str]] = {}
        for q in pieces:  # sorted: each list keeps the pieces' order
            for end in range(1, len(q) + 1):
                by_prefix.setdefault(q[:end], []).append(q)
        #: The pieces inside each piece (itself included): found with it.
        self._inside = {p: known.intersection(_substrings(p)) for p in pieces}
        #: The pieces that can start inside a piece and run on past its end (the scan resumes
        #: after the piece, so they are looked for in the word one by one).
        self._straddling = {
            p: tuple(sorted({q for k in range(1, len(p)) for q in by_prefix.get(p[k:], ()) if q not in p}))
            for p in pieces
        }
        #: Hints with no blank: present exactly when a word of the text holds them.
        self._solid = frozenset(h for h in hints if h.split() == [h])
        #: Hints with a blank (or at an edge: "nc ", "sag "), by their longest piece.
        spaced: dict[str, tuple[str, ...]] = {}
        for hint in hints:
            if hint not in self._solid:
                key = max(hint.split(), key=len)
                spaced[key] = (*spaced.get(key, ()), hint)
        self._spaced = spaced
        #: The pieces a text's answer is read from: solid hints and the keys of spaced ones.
        self._wanted = self._solid.union(spaced)
        #: The wanted pieces (:attr:`_wanted`) each distinct word holds: most words hold some
        #: piece ("a", "to") but none of these, so a text's union is of a few small sets.
        self.word_pieces: dict[str, frozenset[str]] = {}

    def _pieces_in(self, word: str) -> frozenset[str]:
        found = self._scan.findall(word)
        if not found:
            return _NONE
        out: set[str] = set()
        for piece in found:
            out |= self._inside[piece]
            out.update(q for q in self._straddling[piece] if q in word)
        return self._wanted.intersection(out) or _NONE

    def present(self, low: str) -> frozenset[str]:
        """The hints that occur in ``low``: exactly those a substring search per hint finds."""
        words = set(low.split())
        cache = self.word_pieces
        try:
            pieces = _NONE.union(*map(cache.__getitem__, words))
        except KeyError:  # a word not seen before
            if len(cache) > WORD_CACHE_MAX:
                cache.clear()
            held = []
            for word in words:
                if (got := cache.get(word)) is None:
                    got = cache[word] = self._pieces_in(word)
                held.append(got)
            pieces = _NONE.union(*held)
        if not pieces:
            return _NONE
        found = set(self._solid.intersection(pieces))
        for key in pieces.intersection(self._spaced):
            found.update(h for h in self._spaced[key] if h in low)
        return frozenset(found)
