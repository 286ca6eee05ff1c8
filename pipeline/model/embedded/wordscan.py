"""Whether a text holds one of many words, read in one pass (issue 17).

The embedded rules ask a word list of every user turn or sentence before a costlier pattern: the
words one of which every match of the pattern holds (:func:`~memscribe.lexicon.caseless.holds_any`,
or its :func:`~memscribe.lexicon.caseless.one_of` pattern). Most texts hold none, and both read the
text once per word or try the pattern's opening characters at most of its places; an Aho-Corasick
automaton (pyahocorasick) reads it once for all the words. Where ``ahocorasick`` cannot be imported,
the words are looked for one by one: the same answer either way.
"""

from __future__ import annotations

from typing import Any

from memscribe.lexicon.caseless import automaton_type as _automaton_type
from memscribe.lexicon.caseless import holds_any


class WordScan:
    """``scan(text)``: one of ``words`` is in ``text`` as written (lower the text first for a
    lowered test), ``holds_any(text, words)``; the automaton is built on the first call."""

    __slots__ = ("_iter", "words")

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words
        self._iter: Any = None  # the automaton's ``iter``, once built (False: none to build)

    def __call__(self, text: str) -> bool:
        scan = self._iter
        if scan is None:
            scan = self._iter = self._build()
        if scan is False:
            return holds_any(text, self.words)
        return next(scan(text), None) is not None

    def _build(self) -> Any:
        automaton_type = _automaton_type()
        if automaton_type is None or not self.words or "" in self.words:
            # ("" is in every text: no automaton word; no words: an automaton not made cannot iter)
            return False
        automaton = automaton_type()
        for word in self.words:
            automaton.add_word(word, None)
        automaton.make_automaton()
        return automaton.iter


__all__ = ["WordScan"]
