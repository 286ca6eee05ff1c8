"""Asking a case-insensitive pattern cheaply, with the same answer (issue 17).

* :func:`caseless_hit`: an ASCII text is asked of its lower-case twin with the pattern written in
  lower case and matched case-sensitively (lowering ASCII keeps each character's class and the
  text's length), which spares ``re`` case folding at every letter of a long alternation.
* :func:`flat_words` / :func:`holds` / :func:`holds_one_of`: a necessary condition, a word every
  match of a pattern holds, looked for in the lowered text before the pattern is asked at all.
* :class:`WordList`: such words asked of a turn's flat form, every list read in one pass of the
  turn (:func:`per_turn`), not one pass per list.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from typing import Any

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


#: The memo of the turn being judged (see :func:`per_turn`), None outside one: the flat forms of its
#: texts, the word lists each flat form holds (:class:`WordList`), and the languages its texts were
#: placed in (:func:`memscribe.lexicon.identify.language_of`).
TurnMemo = tuple[dict[str, str | None], dict[str, tuple[int, int]], dict[str, str]]
_TURN_FLAT: ContextVar[TurnMemo | None] = ContextVar("memscribe_turn_flat", default=None)


class per_turn:  # noqa: N801 - a context manager, used as ``with per_turn():``
    """Within it, :func:`flat_words` answers a text it has already flattened from a memo, dropped
    at the end: one turn's cues ask the flat form of the same text several times (the profile,
    correction and norm cues). Never kept across turns. (A class, not a generator: entered for
    every user turn by the gate and by the detector.) ``text`` and ``language``: the language
    the turn's text was placed in already (:class:`memscribe.lexicon.identify.per_turn`)."""

    __slots__ = ("_language", "_text", "_token")

    def __init__(self, text: str | None = None, language: str | None = None) -> None:
        self._text = text
        self._language = language

    def __enter__(self) -> None:
        text, language = self._text, self._language
        self._token = _TURN_FLAT.set(({}, {}, {} if text is None or language is None else {text: language}))

    def __exit__(self, *exc: object) -> None:
        _TURN_FLAT.reset(self._token)


def flat_words(text: str) -> str | None:
    """``text`` lowered, its runs of whitespace single spaces, after one space (so that a word
    written with a leading space is found at the start too): what :func:`holds` looks in. None
    (unjudged) for a text holding one of :data:`ODD_FOLDS`, whose lowering is not its folding."""
    memo = _TURN_FLAT.get()
    if memo is None:
        return _flat_words(text)
    flats = memo[0]
    if text in flats:
        return flats[text]
    flat = flats[text] = _flat_words(text)
    return flat


def _flat_words(text: str) -> str | None:
    if text.isascii():
        # printable ASCII holds no blank but the space (every other is a control character):
        # with no run of spaces and none at either end, its words are already single-spaced
        if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
            return " " + text.lower()
    elif not ODD_FOLDS.isdisjoint(text):
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


class WordList:
    """Words (lower case, as :func:`flat_words` writes a text, ``\\s+`` of a pattern written as one
    space) one of which every match of some case-insensitive pattern holds: :meth:`in_flat` is
    :func:`holds` of them. Within :func:`per_turn`, the first list asked of a flat form reads it
    once for the words of every list (one pass of an Aho-Corasick automaton, pyahocorasick), and
    the others answer from that reading: the gate asks several lists of each user turn (the
    profile, standing, correction and norm cues), each a pass of its own before (issue 17).
    Outside one, or without pyahocorasick, a list is asked alone (:attr:`found`, its
    :func:`one_of` pattern): the same answer either way."""

    __slots__ = ("always", "bit", "found", "words")

    def __init__(self, words: tuple[str, ...], found: re.Pattern[str]) -> None:
        self.words = words
        #: :func:`one_of` of the words (made by the module holding the list: a table of it, compiled
        #: from the program cache, :mod:`memscribe.lazyre`): it finds something in a text exactly when
        #: the text holds one of them.
        self.found = found
        self.always = "" in words  # (held by every text; no automaton word)
        self.bit = 1 << len(_LISTS)
        _LISTS.append(self)

    def in_flat(self, flat: str | None) -> bool:
        """``flat`` (:func:`flat_words` of a text) holds one of the words (True when unjudged)."""
        if flat is None or self.always:
            return True
        memo = _TURN_FLAT.get()
        if memo is not None:
            seen = memo[1].get(flat)  # (the reading's first bit beyond its lists, the bits held)
            if seen is not None and self.bit < seen[0]:
                return seen[1] & self.bit != 0
            held = _lists_in(flat, memo[1], self.bit)
            if held is not None:
                return held & self.bit != 0
        return self.found.search(flat) is not None

    def in_text(self, text: str) -> bool:
        """:meth:`in_flat` of ``text``'s flat form (:func:`holds_one_of`)."""
        return self.in_flat(flat_words(text))


#: Every :class:`WordList`, in the order made (list ``k``'s bit is ``1 << k``).
_LISTS: list[WordList] = []
#: The automaton over the words of the first ``n`` lists (each word's value: the bits of the
#: lists holding it), and ``n``; built when first asked, again when a list made later is asked.
_READER: tuple[Any, int] | None = None


def automaton_type() -> Any:
    """pyahocorasick's ``Automaton`` class, or None where it cannot be imported (a declared
    dependency; every reader built on it answers the same without it, word by word). The one
    place the import is tried: the word lists here, ``model.embedded.wordscan`` and
    ``redaction.hintscan`` ask it."""
    try:
        import ahocorasick
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    return ahocorasick.Automaton


def _reader(bit: int) -> tuple[Any, int] | None:
    """The automaton reading the list of ``bit`` and those before it, or None without one."""
    global _READER
    reader = _READER
    if reader is not None and bit < 1 << reader[1]:
        return reader
    made = automaton_type()
    if made is None:
        return None
    lists = tuple(_LISTS)
    bits: dict[str, int] = {}
    for k, listed in enumerate(lists):
        for word in listed.words:
            if word:
                bits[word] = bits.get(word, 0) | 1 << k
    automaton = made()
    for word, on in bits.items():
        automaton.add_word(word, on)
    if bits:
        automaton.make_automaton()
    reader = _READER = (automaton if bits else None, len(lists))
    return reader


def _lists_in(flat: str, memo: dict[str, tuple[int, int]], bit: int) -> int | None:
    """The bits of the lists ``flat`` holds a word of (the lists up to ``bit``'s at least), read
    once per turn (``memo``: the turn's readings, each with the first bit beyond the lists it
    read), or None without an automaton."""
    reader = _reader(bit)
    if reader is None:
        return None
    automaton, n = reader
    held = 0
    if automaton is not None:
        for _, on in automaton.iter(flat):
            held |= on
    memo[flat] = (1 << n, held)
    return held


__all__ = [
    "ODD_FOLDS",
    "WordList",
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
