"""A short French turn whose only French evidence is an elision ("j'ai", "c'est") is French
(issue 11: such turns were read as English and their statements lost); English contractions stay
English."""

from __future__ import annotations

import pytest

from memscribe.lexicon.langs import language_of


@pytest.mark.parametrize(
    "text", ["j'ai deux enfants", "c'est mon vélo", "d'habitude je cours", "j'habite Annecy"]
)
def test_an_elision_marks_french(text: str) -> None:
    assert language_of(text) == "fr"


@pytest.mark.parametrize(
    "text", ["I'd love that", "c'mon, let's go", "it's fine, I've got it", "O'Brien's team"]
)
def test_english_contractions_stay_english(text: str) -> None:
    assert language_of(text) == "en"
