"""A profile body puts the speaker's verb in the third person only where it is a present form: a
past or modal form after "always"/"never" agrees with any subject (text.third_singular)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.text import third_singular
from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("verb", "agreed"),
    [
        ("never got", "never got"),
        ("always wanted", "always wanted"),
        ("never went", "never went"),
        ("always need", "always needs"),  # "-eed" is no past ending
        ("never eat", "never eats"),
        ("watch", "watches"),
        ("always carry", "always carries"),
    ],
)
def test_third_singular_leaves_past_forms(verb: str, agreed: str) -> None:
    assert third_singular(verb) == agreed


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I never got a formal report from the school.", "User never got a formal report from the school."),
        ("I never skated after that summer camp.", "User never skated after that summer camp."),
    ],
)
def test_a_past_habit_keeps_its_verb(text: str, body: str) -> None:
    assert _bodies(text, conversation=True) == [body]
