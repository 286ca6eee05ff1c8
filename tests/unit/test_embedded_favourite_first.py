"""A favourite named before the possessive in a chat ("George Clooney is my favorite actor") is
filed slot first (memscribe.model.embedded.chat.favourite_named_first, via profiles_from_turn)."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("George Clooney is my favorite actor.", "User's favorite actor is George Clooney."),
        ("Oh navy blue is my favourite!", "User's favorite is navy blue."),
        ("Yeah Kroger is my favorite place to go", "User's favorite place to go is Kroger."),
    ],
)
def test_the_value_named_first_fills_the_slot(text: str, body: str) -> None:
    assert _bodies(text, conversation=True) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "It is my favorite.",  # points back into the conversation
        "Those are my favorite ones!",
        "They are my favorite.",
        "Mexican food is my favorite, whats yours",  # a question to the partner tagged on
    ],
)
def test_a_pronoun_or_a_question_names_no_favourite(text: str) -> None:
    assert _bodies(text, conversation=True) == []
