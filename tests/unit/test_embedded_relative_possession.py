"""A relative's "'s" before a noun and a verb is a possessive, not "is" (issue 11, a review):
"My sister's dog has three legs" was filed as "User's sister is dog has three legs.".
"""

from __future__ import annotations

import pytest

from memscribe.model.embedded.chat import possessive_statement
from tests.support.turns import extracted_profile_bodies


@pytest.mark.parametrize(
    ("clause", "body"),
    [
        ("My sister's dog has three legs", "User's sister's dog has three legs."),
        ("My neighbour's car broke down yesterday", "User's neighbour's car broke down yesterday."),
        ("My son's school starts at eight", "User's son's school starts at eight."),
        ("My wife's car is a red Toyota", "User's wife's car is a red Toyota."),
        # "'s" as "is"
        ("My sister's a nurse in Ohio", "User's sister is a nurse in Ohio."),
        ("My brother's studying law in Berlin", "User's brother is studying law in Berlin."),
        ("My dad's retired and lives in Spain", "User's dad is retired and lives in Spain."),
    ],
)
def test_possessive_or_is(clause: str, body: str) -> None:
    fact = possessive_statement(clause)
    assert fact is not None
    assert fact.body == body


def test_a_relative_s_fact_in_a_session_of_asks_is_someone_else_s() -> None:
    # asking the assistant for help, the user tells what a relative is or does as the context of
    # the ask (who files which taxes): someone else's fact; told in a chat, it is news of their life
    text = "My partner is self-employed so she files her own taxes."
    assert extracted_profile_bodies(text, "Can you make me a checklist for the move?") == []
    assert extracted_profile_bodies(text, "Ha, same here.") == [
        "User's partner is self-employed so she files her own taxes."
    ]
