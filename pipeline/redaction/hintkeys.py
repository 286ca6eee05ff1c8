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
#: ones and exact ones apart.
Keyed = tuple[tuple[KeyedHint, ...], dict[str, tuple[KeyedHint, ...]], dict[str, tuple[KeyedHint, ...]]]


def _rarity(ch: str) -> int:
    at = _COMMON.find(ch)
    return len(_COMMON) if at < 0 else at


def key_hints(hints: tuple[tuple[str, int, bool], ...]) -> Keyed:
    """``hints`` (``(hint, bits, exact)``) grouped by key character (see the module docstring)."""
    unkeyed: list[KeyedHint] = []
    folded: dict[str, list[KeyedHint]] = {}
    exact: dict[str, list[KeyedHint]] = {}
    for hint, bits, cased in hints:
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
    )


def keyed_on(text: str, folded: str, keyed: Keyed, on: int) -> int:
    """``on`` with the bits of each hint that occurs in ``text`` (case-folded: ``folded``; as
    written for an exact hint); a hint whose key character ``text`` lacks is not looked up."""
    unkeyed, by_folded, by_exact = keyed
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
