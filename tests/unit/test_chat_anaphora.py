"""Chat statements that point back into the conversation (issue 11, MSC): a verb whose object is a
pronoun ("I keep them outside") or a clause ending on an anaphor before a trailing adverb ("a new
one soon", "that far") names nothing of its own, so no fact is kept; the same shapes with a noun
of their own are kept."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies


def bodies(text: str) -> list[str]:
    return embedded_profile_bodies(text, conversation=True)


@pytest.mark.parametrize(
    "text",
    [
        "I usually keep them outside.",
        "I give it to them with milk at night.",
        "I'm hoping for a new one soon.",
        "I haven't gotten that far.",
    ],
)
def test_a_statement_about_a_thing_named_before_is_no_fact(text: str) -> None:
    assert bodies(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I usually keep my cats outside.", "User usually keeps their cats outside."),
        ("I'm hoping for a new puppy soon.", "User is hoping for a new puppy soon."),
    ],
)
def test_the_same_shape_with_a_noun_of_its_own_is_kept(text: str, expected: str) -> None:
    assert bodies(text) == [expected]
