"""A diet fact keeps the user's own verb and negation: not eating a thing is not not drinking it."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I don't drink alcohol.", "User doesn't drink alcohol."),
        ("I do not eat meat.", "User doesn't eat meat."),
        ("I never drink coffee.", "User never drinks coffee."),
        ("I can't eat gluten.", "User can't eat gluten."),
        ("I cannot drink milk.", "User can't drink milk."),
        ("I really don't eat pork.", "User doesn't eat pork."),
    ],
)
def test_diet_fact_says_what_the_user_said(text: str, body: str) -> None:
    bodies = _bodies(text)
    assert body in bodies, bodies
    assert not any("eat or drink" in b for b in bodies), bodies
