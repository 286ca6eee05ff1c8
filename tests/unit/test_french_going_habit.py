"""French "je vais" + a verb is a plan ("je vais acheter une voiture": not written); "je vais" + a
place is a habit of going ("je vais au travail à vélo"), a statement of the user's like any other."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "Je vais au travail à vélo.",
        "Je vais à la piscine deux fois par semaine.",
        "Je vais au bureau en métro.",
    ],
)
def test_going_somewhere_is_a_habit(text: str) -> None:
    assert _bodies(text) == [f'User, in their words: "{text.rstrip(".")}".']


@pytest.mark.parametrize("text", ["Je vais acheter une voiture.", "Je vais changer de travail."])
def test_going_to_do_something_is_a_plan(text: str) -> None:
    assert _bodies(text) == []
