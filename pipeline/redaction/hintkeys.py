"""Prefilter hints grouped by a key character, so a short text looks up only the hints whose
key character it holds (one set of its characters instead of a pass over every hint).

A hint can occur only where each of its characters occurs; its key is the one of its ASCII
characters that ordinary text holds least often (:data:`_COMMON`, most common first: a fixed,
general ranking, which only decides speed). A case-folded hint's key is looked for among the
case-folded text's characters, an ``exact`` hint's among the text's own. Which hints occur, and
so which detectors run, is the same as looking up every hint.
"""

from __future__ import annotations

#: ASCII characters by how often ordinary text and code hold them, most common first; any other
#: ASCII character (upper case, digits, most symbols) counts as rarer than all of these.
_COMMON = " \t\netaoinsrhldcumfpgwybv.,-_=:/\"'kxjqz"

#: A hint as the prefilter plan holds it: ``(hint, detector bits, exact)``.
KeyedHint = tuple[str, int, bool]
#: Hints without an ASCII character (looked up always); hints by key character, case-folded
#: ones and exact ones apart; then, for a text of up to :data:`BIGRAM_CHARS`, hints of one
#: character (looked up always) and the others by key pair (:func:`_bigram_key`).
Keyed = tuple[
    tuple[KeyedHint, ...],
    dict[str, tuple[KeyedHint, ...]],
    dict[str, tuple[KeyedHint, ...]],
    tuple[KeyedHint, ...],
    dict[str, tuple[KeyedHint, ...]],
]
#: Texts up to this long look their hints up by key pair: a text this short holds few of the
#: pairs of characters (where it holds most single characters), and a set of its pairs costs
#: less than the look-ups it saves; a longer one by key character.
BIGRAM_CHARS = 512


def _rarity(ch: str) -> int:
    at = _COMMON.find(ch)
    return len(_COMMON) if at < 0 else at


def common_first(word: str) -> tuple[int, ...]:
    """A sort key that puts words whose characters ordinary text holds more often first (by
    :data:`_COMMON`, character by character): the order :mod:`hintscan` adds an automaton's
    words in, so that its nodes list their most often taken branches first (pyahocorasick looks a
    character up among a node's branches one by one, in the order they were added)."""
    return tuple(map(_rarity, word))


def key_hints(hints: tuple[tuple[str, int, bool], ...]) -> Keyed:
    """``hints`` (``(hint, bits, exact)``) grouped by key character (see the module docstring)."""
    unkeyed: list[KeyedHint] = []
    folded: dict[str, list[KeyedHint]] = {}
    exact: dict[str, list[KeyedHint]] = {}
    singles: list[KeyedHint] = []
    pairs: dict[str, list[KeyedHint]] = {}
    for hint, bits, cased in hints:
        if len(hint.casefold()) < 2:
            singles.append((hint, bits, cased))
        else:
            pairs.setdefault(_bigram_key(hint), []).append((hint, bits, cased))
        chars = [ch for ch in hint if ch.isascii()]
        if not chars:
            unkeyed.append((hint, bits, cased))
            continue
        key = max(chars, key=_rarity)
        (exact if cased else folded).setdefault(key, []).append((hint, bits, cased))
    return (
        tuple(unkeyed),
        {k: tuple(v) for k, v in folded.items()},
        {k: tuple(v) for k, v in exact.items()},
        tuple(singles),
        {k: tuple(v) for k, v in pairs.items()},
    )


def _bigram_key(hint: str) -> str:
    """The pair of adjacent characters of ``hint`` case-folded that ordinary text holds least
    (by :func:`_rarity`): the hint occurs only where the case-folded text holds that pair (an
    exact hint too: case-folding goes character by character, so a text holding the hint holds
    it case-folded in its case-folded copy)."""
    low = hint.casefold()
    pairs = [low[i : i + 2] for i in range(len(low) - 1)]
    return max(pairs, key=lambda p: _rarity(p[0]) + _rarity(p[1]))


def keyed_on(text: str, folded: str, keyed: Keyed, on: int) -> int:
    """``on`` with the bits of each hint that occurs in ``text`` (case-folded: ``folded``; as
    written for an exact hint); a hint whose key character (key pair, in a text of up to
    :data:`BIGRAM_CHARS`) ``text`` lacks is not looked up."""
    unkeyed, by_folded, by_exact, singles, by_pair = keyed
    if len(folded) <= BIGRAM_CHARS:
        return _paired_on(text, folded, singles, by_pair, on)
    for hint, bits, cased in unkeyed:
        if bits & ~on and hint in (text if cased else folded):
            on |= bits
    for key in by_folded.keys() & set(folded):
        for hint, bits, _ in by_folded[key]:
            if bits & ~on and hint in folded:
                on |= bits
    for key in by_exact.keys() & set(text):
        for hint, bits, _ in by_exact[key]:
            if bits & ~on and hint in text:
                on |= bits
    return on


def _paired_on(
    text: str, folded: str, singles: tuple[KeyedHint, ...], by_pair: dict[str, tuple[KeyedHint, ...]], on: int
) -> int:
    """:func:`keyed_on` for a short text: the hints of one character, and those whose key pair
    (:func:`_bigram_key`) the case-folded text holds."""
    for hint, bits, cased in singles:
        if bits & ~on and hint in (text if cased else folded):
            on |= bits
    for key in by_pair.keys() & {folded[i : i + 2] for i in range(len(folded) - 1)}:
        for hint, bits, cased in by_pair[key]:
            if bits & ~on and hint in (text if cased else folded):
                on |= bits
    return on
