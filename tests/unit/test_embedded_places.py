"""A town said inside a statement of the user's role or business is a fact of its own (issue 11):
a move changes the place and leaves the job. Residence said as such is not doubled, and a
department, ward, field or school year written with a capital is no town."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.profiles import profiles_from_turn
from tests.support.turns import make_transcript


def _bodies(text: str) -> list[str]:
    turn = make_transcript(("user", text)).turns[0]
    return [c.body for c in profiles_from_turn(turn, correction_turn=False, conversation=True)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm a veterinary nurse in Dundee.", "Dundee"),
        ("I run a small bike repair shop in Utrecht.", "Utrecht"),
        ("Ich bin Tischlerin in Rostock.", "Rostock"),
        ("Soy enfermero en Bilbao.", "Bilbao"),
        ("Je suis kiné à Grenoble.", "Grenoble"),
    ],
)
def test_the_town_of_a_role_is_a_fact_of_its_own(text: str, place: str) -> None:
    bodies = _bodies(text)
    assert len(bodies) == 2, bodies
    assert sum(place in b for b in bodies) == 2, bodies


@pytest.mark.parametrize(
    "text",
    [
        "I live in Dundee.",
        "I've been daydreaming about a second shop up in Utrecht.",
        "I'm an analyst in Marketing.",
        "I'm a registrar in Radiology.",
        "I'm a nurse in ICU.",
        "Ich arbeite als Erzieherin in Teilzeit.",
        "Soy profesora en Secundaria.",
        "Je suis prof en Terminale.",
    ],
)
def test_no_town_fact(text: str) -> None:
    assert not any("based in" in b for b in _bodies(text)), _bodies(text)
