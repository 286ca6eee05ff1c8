"""A short Spanish statement opening with its verb in the first person of the present (-o) or the
preterite (-é), whose function words Spanish shares with English or French ("Vivo en Sevilla.",
"Empecé a tocar la guitarra."), is placed in Spanish and written (it was read as English and gave
nothing). English stays English, French stays French."""

from __future__ import annotations

import pytest

from memscribe.lexicon.identify import language_of
from memscribe.model.embedded.detect import extract
from tests.support.turns import make_transcript


@pytest.mark.parametrize(
    "text",
    [
        "Vivo en Sevilla.",
        "Trabajo en casa.",
        "Estudio en la universidad de Granada.",
        "Nado de noche.",
        "Empecé a tocar la guitarra.",
        "Me mudé a Valencia.",
        "No trabajo en verano.",
    ],
)
def test_a_first_person_spanish_opening_is_spanish(text: str) -> None:
    assert language_of(text) == "es"


@pytest.mark.parametrize(
    "text",
    [
        "Also no idea.",
        "Go to the store.",
        "Hello, can you help?",
        "Into the repo we go.",
        "Photo of the day.",
        "Demo is done.",
        "Hello me again.",
        "Me too.",
        "No idea.",
    ],
)
def test_english_opening_with_a_word_in_o_stays_english(text: str) -> None:
    assert language_of(text) == "en"


@pytest.mark.parametrize(
    "text", ["# clé de test, ne pas utiliser en prod", "Café de la gare, très bon.", "Né à Lyon."]
)
def test_french_opening_with_a_word_in_e_acute_stays_french(text: str) -> None:
    assert language_of(text) == "fr"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Vivo en Sevilla.", "Vivo en Sevilla"),
        ("Estudio en la universidad de Granada.", "Estudio en la universidad"),
    ],
)
def test_the_spanish_statement_is_written(text: str, said: str) -> None:
    transcript = make_transcript(("user", text), ("assistant", "Vale."))
    bodies = [p.body for p in extract(transcript.turns).profiles]
    assert any(said in b for b in bodies), bodies
