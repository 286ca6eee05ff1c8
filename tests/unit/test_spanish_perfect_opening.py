"""A sentence opening with the Spanish first-person perfect ("He vuelto a fumar", "He dejado el
café") is Spanish, not English "He …": the statement of change is read as the user's."""

from __future__ import annotations

import pytest

from memscribe.semantic.updates import spoken_language
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize("text", ["He vuelto a fumar.", "He dejado el café.", "He comprado un coche."])
def test_spanish_perfect_opening_is_spanish(text: str) -> None:
    assert spoken_language(text) == "es"


@pytest.mark.parametrize(
    "text", ["He moved to Paris.", "He has a dog.", "He tried avocado.", "He ordered a tornado of fries."]
)
def test_english_he_stays_english(text: str) -> None:
    assert spoken_language(text) == "en"


def test_spanish_perfect_opening_is_the_users_statement() -> None:
    assert _bodies("He vuelto a fumar.") == ['User, in their words: "He vuelto a fumar".']


def test_reflexive_spanish_perfect_opening_is_the_users_statement() -> None:
    assert spoken_language("Me he mudado a Valencia.") == "es"
    assert _bodies("Me he mudado a Valencia.") == ['User, in their words: "Me he mudado a Valencia".']


@pytest.mark.parametrize(
    "text",
    [
        "Ya he dejado el café.",
        "Bueno, he dejado el café.",
        "Hola. He vuelto a fumar.",
        "Ya me he mudado a Valencia.",
        "He vuelto a fumar y he dejado el café.",
        "Ya he dejado el café. He empezado a correr.",
        "Me he mudado a Valencia y he encontrado trabajo.",
        "HE DEJADO DE FUMAR.",
        "He Vuelto a fumar.",
    ],
)
def test_the_spanish_perfect_after_an_opener_is_spanish_too(text: str) -> None:
    """Review RV1 F4: the perfect counted only as the turn's first words; RV5 F1: a second "he"
    read as English."""
    assert spoken_language(text) == "es"


@pytest.mark.parametrize(
    "text",
    [
        "Dad update: he Colorado-bound, mom staying.",
        "Lunch: he avocado toast, me pancakes.",
        "Kid's new nickname? He Macho Man lol",
        "He moved to Madrid.",
        # review RV1 F5 (stop 49): the same notes with a comma, read as Spanish at e0c62d08
        "Dinner, he risotto, me pasta.",
        "Breakfast, he avocado toast.",
        "Sure, he tornado.",
    ],
)
def test_note_style_english_with_he_stays_english(text: str) -> None:
    """Review RV5 F2: "he" before a word ending like a participle, with no Spanish word around it
    and not opening a sentence before a lower-case participle, is English."""
    assert spoken_language(text) == "en"
