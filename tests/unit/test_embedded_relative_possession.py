"""A relative's "'s" before a noun and a verb is a possessive, not "is" (issue 11, a review):
"My sister's dog has three legs" was filed as "User's sister is dog has three legs.".
"""

from __future__ import annotations

import pytest

from memscribe.model.embedded.chat import possessive_statement


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
