"""A favourite named first (b3dba65), reviewed: an indefinite pronoun names no favourite
("Nothing is my favorite anymore" was filed "User's favorite anymore is Nothing."), and an
adverb after the slot is no part of it ("… my favorite actor now" was "favorite actor now")."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.chat import favourite_named_first


@pytest.mark.parametrize(
    "clause",
    ["Nothing is my favorite anymore", "Everything is my favorite", "Anything is my favourite food"],
)
def test_no_favourite_named(clause: str) -> None:
    assert favourite_named_first(clause) is None


@pytest.mark.parametrize(
    ("clause", "slug", "body"),
    [
        (
            "George Clooney is my favorite actor now",
            "favorite-actor",
            "User's favorite actor is George Clooney.",
        ),
        ("Jazz is my favourite genre too", "favorite-genre", "User's favorite genre is Jazz."),
        ("Navy blue is my favourite", "favorite", "User's favorite is Navy blue."),
    ],
)
def test_the_slot_without_its_adverb(clause: str, slug: str, body: str) -> None:
    fact = favourite_named_first(clause)
    assert fact is not None
    assert (fact.slug, fact.body) == (slug, body)
