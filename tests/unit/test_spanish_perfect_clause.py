"""The Spanish first-person perfect opening a clause: after a comma, after one fronted word
("Nunca", "Pues"), and with the participles of "ser", "ir" and "escribir" ("He sido", "He ido",
"He escrito"), which the endings missed (issue 11, review cleanup). English "he" stays English."""

from __future__ import annotations

import pytest

from memscribe.lexicon import identify
from memscribe.semantic.updates import spoken_language
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "Nunca he fumado.",
        "Pues he vuelto a fumar.",
        "Bueno, he vuelto a fumar.",
        "Pues nada, he vuelto a Madrid.",
        "He sido profesor durante años.",
        "He escrito una novela.",
        "He ido al médico.",
        "Nunca he leído ese libro.",
        "HE ESCRITO A MI JEFE.",
    ],
)
def test_the_perfect_opening_a_clause_is_spanish(text: str) -> None:
    assert spoken_language(text) == "es"


@pytest.mark.parametrize(
    "text",
    [
        "He moved to Paris.",
        "Anyway, he left.",
        "Honestly, he said it was fine.",
        "Then he ordered a tornado of fries.",
        "Lunch: he avocado toast, me pancakes.",
        "Kid's new nickname? He Macho Man lol",
        "Dad update: he Colorado-bound, mom staying.",
        "So, he visited Toledo last year.",
    ],
)
def test_english_he_stays_english(text: str) -> None:
    assert spoken_language(text) == "en"


def test_the_perfect_after_a_comma_is_the_users_statement() -> None:
    assert _bodies("Bueno, he vuelto a fumar.") == ['User, in their words: "he vuelto a fumar".']


@pytest.mark.parametrize(
    "unit",
    [
        "Pues, " + " " * 40 + "he dejado ",  # blanks after a comma, before the perfect
        "Bueno he" + " " * 40 + "x, ",  # blanks after 'he', no participle
        "he " + "a" * 60 + "ado, ",  # a long participle-shaped word
    ],
)
def test_the_language_check_grows_linearly(unit: str) -> None:
    small, large = unit * 200, unit * 1600
    assert cpu_growth(identify._language_of, small, large) < LINEAR_BOUND_8X
