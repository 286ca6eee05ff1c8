"""The norm and correction prefilters as one pattern each (issue 17): a turn's flat form is read
once for a list of words (:func:`~memscribe.lexicon.caseless.one_of`), not once per word, with
the same answer as looking for each word."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import caseless, dialogue, teaching

_LISTS = [(f"norm {lang}", words, teaching._NORM_FOUND[lang]) for lang, words in teaching._NORM_WORDS.items()]
_LISTS.append(("correction anywhere", dialogue._ANYWHERE_WORDS, dialogue._ANYWHERE_FOUND))


def _per_word_scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each look for words one by one (``caseless.holds_any``): how many words it was given."""
    counts: list[int] = []
    holds_any = caseless.holds_any

    def counted(text: str, words: tuple[str, ...]) -> bool:
        counts.append(len(words))
        return holds_any(text, words)

    monkeypatch.setattr(caseless, "holds_any", counted)
    return counts


@pytest.mark.parametrize(
    "turn", ["I then reran the build with verbose logging", "Perfect, thanks.", "Can you check the cache?"]
)
def test_a_turn_is_read_once_for_the_norm_and_correction_words(
    monkeypatch: pytest.MonkeyPatch, turn: str
) -> None:
    # before: the norm words (23) and the correction words (18) were looked for one by one
    counts = _per_word_scans(monkeypatch)
    assert not teaching.sets_norm(turn)
    assert not dialogue._corrects_anywhere(turn)
    assert len(teaching._NORM_WORDS["en"]) not in counts
    assert len(dialogue._ANYWHERE_WORDS) not in counts


@pytest.mark.parametrize(("name", "words", "found"), _LISTS, ids=[n for n, _, _ in _LISTS])
def test_each_word_alone_and_in_a_text_is_found(
    name: str, words: tuple[str, ...], found: re.Pattern[str]
) -> None:
    for word in words:
        for text in (word, f" x{word}y ", f"{word}{word}", f" a {word[:-1]} b"):
            assert (found.search(text) is not None) == caseless.holds_any(text, words), (name, text)


_PIECES = sorted(
    {w[i:j] for _, words, _ in _LISTS for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
)
_PIECES += [" ", ",", "x", "q", "é"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.sampled_from(range(len(_LISTS))))
def test_the_pattern_finds_something_exactly_when_a_word_is_there(pieces: list[str], which: int) -> None:
    _, words, found = _LISTS[which]
    text = "".join(pieces)
    assert (found.search(text) is not None) == caseless.holds_any(text, words)
