"""An ASCII turn's language placed from its bytes (issue 17): one translation lowers it and cuts
it into words, and a turn without another language's function word is placed without the
lowered text or its words as ``str``; the answer is the one the words of the lowered text give."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import identify

_WORDS = sorted({w for ws in identify._FUNCTION_WORDS.values() for w in ws if w.isascii()})
_PIECES = [*_WORDS, *(w.upper() for w in _WORDS[:40]), "Rust", "build", "x", "qu'il", "j'ai", "it's"]
_PIECES += [" ", "  ", ", ", ".", "\n", "\t", "-", "3", "_", "A_b", "é"]


def _read_in_full(text: str) -> str:
    """The language of an ASCII text as the words of its lower-cased twin place it."""
    folded = text.lower()
    words = identify.ascii_words(folded)
    if not words:
        return "en"
    scores = identify._function_word_scores(words)
    if "'" in folded:
        scores["fr"] += 2 * len(identify._ELISION.findall(folded))
    return identify._decided(scores, words, folded)


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_an_ascii_text_is_placed_as_its_lowered_words_place_it(text: str) -> None:
    if text.isascii():
        assert identify._ascii_language_of(text) == _read_in_full(text)
    assert identify.language_of(text) == identify._language_of(text)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("the build failed again because of the cache", "en"),
        ("reran build passed logging verbose checked config tests", "other"),
        ("Ich wohne in Berlin und arbeite mit Rust", "de"),
        ("YO SOY de Madrid y tengo dos gatos", "es"),
        ("je suis content pour le projet", "fr"),
        ("", "en"),
        ("--- 42 ---", "en"),
    ],
)
def test_written_turns(text: str, lang: str) -> None:
    assert identify.language_of(text) == lang == _read_in_full(text)


def test_an_english_turn_makes_no_lowered_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = identify.ascii_words

    def counted(folded: str) -> list[str]:
        asked.append(folded)
        return real(folded)

    monkeypatch.setattr(identify, "ascii_words", counted)
    assert identify._ascii_language_of("The build failed again because of the cache") == "en"
    assert identify._ascii_language_of("Ich wohne in Berlin und arbeite mit Rust") == "de"
    # before: every ASCII turn's words were read from its lowered copy
    assert asked == ["ich wohne in berlin und arbeite mit rust"]
