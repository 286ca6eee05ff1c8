"""The Spanish participle's endings are one list (review cleanup of issue 11): the word check
(``_ES_PARTICIPLE``) and the text's first search (``_HE``) are built from it, so a participle the
one accepts the other finds, in any case."""

from __future__ import annotations

import re

import pytest

from memscribe.lexicon import identify


def _sample(ending: str) -> str:
    return "dej" + re.sub(r"\[(.)[^\]]*\]", r"\1", ending)


@pytest.mark.parametrize("ending", identify._ES_PARTICIPLE_ENDINGS)
def test_each_ending_is_read_by_both_patterns(ending: str) -> None:
    word = _sample(ending)
    assert identify._ES_PARTICIPLE.fullmatch(word)
    for text in (f"he {word}", f"He {word.title()}", f"HE {word.upper()}"):
        assert identify._HE.search(text), text


def test_an_english_word_is_neither() -> None:
    assert not identify._ES_PARTICIPLE.fullmatch("moved")
    assert not identify._HE.search("He moved to Paris")
