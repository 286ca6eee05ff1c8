"""Asking a case-insensitive pattern cheaply, with the same answer (issue 17).

* :func:`caseless_hit`: an ASCII text is asked of its lower-case twin with the pattern written in
  lower case and matched case-sensitively (lowering ASCII keeps each character's class and the
  text's length), which spares ``re`` case folding at every letter of a long alternation.
* :func:`flat_words` / :func:`holds` / :func:`holds_one_of`: a necessary condition, a word every
  match of a pattern holds, looked for in the lowered text before the pattern is asked at all.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

#: Letters a case-insensitive pattern pairs with a letter they do not lower to ("ſ" with "s",
#: "ı" and "İ" with "i"): a text holding one is never judged by the word tests here.
ODD_FOLDS = frozenset("İıſ")


def caseless_hit(
    pattern: re.Pattern[str],
    lowered: re.Pattern[str],
    text: str,
    words: tuple[str, ...] | re.Pattern[str] = (),
) -> bool:
    """``pattern`` (case-insensitive; every letter it names written in lower case) finds something
    in ``text``. ASCII text is asked of ``lowered``, the same pattern case-sensitive, over
    ``text.lower()``: the same answer, several times faster on a long alternation of words, which
    ``re`` tries character by character with case folding at every word. Other text is asked of
    ``pattern``. ``words`` (lower case, none holding a blank, or their :func:`one_of` pattern): one
    of them is in every match of the pattern; a lowered ASCII text holding none is not scanned."""
    if text.isascii():
        low = text.lower()
        if words and not (holds_any(low, words) if isinstance(words, tuple) else words.search(low)):
            return False
        return lowered.search(low) is not None
    return pattern.search(text) is not None


def holds_any(text: str, words: tuple[str, ...]) -> bool:
    """One of ``words`` is in ``text`` (as written: lower ``text`` first for a lowered test)."""
    for word in words:  # a plain loop: a generator's frame per word cost more than the test
        if word in text:
            return True
    return False


#: The flat forms of the texts of the turn being judged (see :func:`per_turn`); None outside one.
_TURN_FLAT: ContextVar[dict[str, str | None] | None] = ContextVar("memscribe_turn_flat", default=None)


class per_turn:  # noqa: N801 - a context manager, used as ``with per_turn():``
    """Within it, :func:`flat_words` answers a text it has already flattened from a memo, dropped
    at the end: one turn's cues ask the flat form of the same text several times (the profile,
    correction and norm cues). Never kept across turns. (A class, not a generator: entered for
    every user turn by the gate and by the detector.)"""

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        self._token = _TURN_FLAT.set({})

    def __exit__(self, *exc: object) -> None:
        _TURN_FLAT.reset(self._token)


def flat_words(text: str) -> str | None:
    """``text`` lowered, its runs of whitespace single spaces, after one space (so that a word
    written with a leading space is found at the start too): what :func:`holds` looks in. None
    (unjudged) for a text holding one of :data:`ODD_FOLDS`, whose lowering is not its folding."""
    memo = _TURN_FLAT.get()
    if memo is None:
        return _flat_words(text)
    if text in memo:
        return memo[text]
    flat = memo[text] = _flat_words(text)
    return flat


def _flat_words(text: str) -> str | None:
    if not text.isascii() and not ODD_FOLDS.isdisjoint(text):
        return None
    return " " + " ".join(text.lower().split())


def holds(flat: str | None, words: tuple[str, ...]) -> bool:
    """Whether ``flat`` (:func:`flat_words` of a text) holds one of ``words``, lower case, ``\\s+``
    of a pattern written as one space (True when unjudged): a necessary condition for a
    case-insensitive pattern every match of which holds one of them."""
    return flat is None or holds_any(flat, words)


#: Characters from the most to the least common in lower-cased English text (a blank first); any
#: other character is rarer still. Where :func:`one_of` looks for a word: a choice of speed only.
BY_FREQUENCY = " etaoinshrdlcumwfgypbvkjxqz"


def _commonness(char: str) -> int:
    at = BY_FREQUENCY.find(char)
    return len(BY_FREQUENCY) - at if at >= 0 else 0


def one_of(words: tuple[str, ...]) -> str:
    """A pattern (case-sensitive, no flags) that finds something in a text exactly when one of
    ``words`` is in it (:func:`holds_any`), reading the text once where :func:`holds_any` scans it
    once per word (a long list of words, most of them absent from most texts). Each word is
    looked for at its least common character (:data:`BY_FREQUENCY`), the characters before it
    asked behind and those after it ahead: every alternative opens with one such character, so
    ``re`` skips to the next place one of those few characters stands, not to every blank or
    common letter where a word may start (issue 17). A word holding another is left out: it is
    found only where the other is."""
    if "" in words:
        return ""  # found in every text
    kept = sorted({w for w in words if not any(other != w and other in w for other in words)})
    tests: dict[str, set[str]] = {}
    for word in kept:
        at = min(range(len(word)), key=lambda i: (_commonness(word[i]), i))
        behind = f"(?<={re.escape(word[: at + 1])})" if at else ""
        ahead = f"(?={re.escape(word[at + 1 :])})" if at + 1 < len(word) else ""
        tests.setdefault(word[at], set()).add(behind + ahead)
    alternatives = []
    for char, around in sorted(tests.items()):
        ways = sorted(around)
        rest = "" if "" in ways else ways[0] if len(ways) == 1 else "(?:" + "|".join(ways) + ")"
        alternatives.append(re.escape(char) + rest)
    return "|".join(alternatives) if alternatives else "(?!)"


def holds_one_of(text: str, words: tuple[str, ...]) -> bool:
    """:func:`holds` of ``text`` itself: a text without one of ``words`` need not be scanned."""
    return holds(flat_words(text), words)


def without_lead(lead: re.Pattern[str], text: str) -> str:
    """``lead.sub("", text)`` for a pattern anchored at the start of the text (``^`` before every
    alternative, no MULTILINE): its one possible match is there, so it is matched once and cut off,
    without ``sub``'s search and the joining of its pieces (issue 17: the gate drops a turn's
    fillers and acknowledgement this way, three patterns a turn)."""
    m = lead.match(text)
    return text if m is None else text[m.end() :]


def holds_found(text: str, found: re.Pattern[str]) -> bool:
    """:func:`holds_one_of` with the words given as their :func:`one_of` pattern ``found``: the
    flat form is read once, not once per word (issue 17: for a long list of words most turns
    hold none of, the flat form is then read to its end once per word)."""
    flat = flat_words(text)
    return flat is None or found.search(flat) is not None


__all__ = [
    "ODD_FOLDS",
    "caseless_hit",
    "flat_words",
    "holds",
    "holds_any",
    "holds_found",
    "holds_one_of",
    "one_of",
    "per_turn",
    "without_lead",
]
