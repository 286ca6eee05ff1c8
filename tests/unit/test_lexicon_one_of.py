"""``caseless.one_of``: one scan of a text answers what :func:`holds_any` answers word by word
(issue 17: the gate asks a long list of profile words of every turn)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memscribe.lexicon import profile
from memscribe.lexicon.caseless import flat_words, holds, holds_any, one_of

WORDS = (" use", " used to", "my ", "no ", "i'm", "allerg", ".use ", "(a|b)", "a+b", "\\d")


@pytest.mark.parametrize(
    "text",
    [
        "",
        " we use it",
        " we used to",
        " no way",
        "none",
        " i'm here",
        " allergic",
        "(a|b)",
        "ab",
        "a+b",
        "aab",
        "\\d",
        "5",
        "x.use y",
        " my",
    ],
)
def test_one_of_finds_what_holds_any_finds(text: str) -> None:
    assert (re.search(one_of(WORDS), text) is not None) == holds_any(text, WORDS)


def test_no_words_find_nothing_and_an_empty_word_finds_everything() -> None:
    assert re.search(one_of(()), "anything") is None
    assert re.search(one_of(("", "x")), "") is not None


@given(
    st.lists(st.text(alphabet="ab .|'", max_size=4), max_size=6),
    st.text(alphabet="ab .|'", max_size=20),
)
def test_one_of_agrees_on_any_words_and_text(words: list[str], text: str) -> None:
    assert (re.search(one_of(tuple(words)), text) is not None) == holds_any(text, tuple(words))


@pytest.mark.parametrize(
    "text",
    ["I prefer tabs", "Our repo is at github", "the cache failed", "No dairy", "OK", "İstanbul"],
)
def test_the_profile_words_are_asked_in_one_scan(text: str) -> None:
    flat = flat_words(text)
    found = flat is None or profile._PROFILE_FOUND.search(flat) is not None
    assert found == holds(flat, profile._PROFILE_WORDS)
