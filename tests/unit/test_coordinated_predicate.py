"""A second predicate under the user's subject is agreed with "User" ("… and works in York"); a
noun coordinated with the first verb's object is left as said."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.coordinated import agreed
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I live in Leeds and work in York.", "User lives in Leeds and works in York."),
        ("I work at Google and live in Zurich.", "User works at Google and lives in Zurich."),
        ("I'm based in Leeds and work in York.", "User is based in Leeds and works in York."),
        ("I live in Leeds and commute to York.", "User lives in Leeds and commutes to York."),
        ("I live in Berlin and miss my family.", "User lives in Berlin and misses their family."),
        ("I live in Leeds and really love it.", "User lives in Leeds and really loves it."),
        ("I live in Leeds and never drive.", "User lives in Leeds and never drives."),
    ],
)
def test_second_verb_agrees_with_user(text: str, body: str) -> None:
    bodies = _bodies(text)
    assert body in bodies, bodies


@pytest.mark.parametrize(
    "body",
    [
        "User likes tea and coffee in the morning.",
        "User lives in Leeds and York.",
        "User lives with their wife and son in Leeds.",
        "User lives in Leeds with their wife and son in a small house.",
        "User likes cats and dogs with long hair.",
        "User works in Leeds and near York.",
        "User lives in Leeds and grew up in York.",
        'User, in their words: "I live in Leeds and work in York".',
        "User teaches in Leeds and online.",
        "User lives in York and downtown.",
        "User teaches at Oxford and elsewhere.",
        "User works in Leeds and abroad.",
    ],
)
def test_a_noun_or_a_past_after_and_is_left_as_said(body: str) -> None:
    assert agreed(body) == body
