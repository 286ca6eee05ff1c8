"""A progressive said where the user asks for help, or in a working session, tells the activity the
asks serve ("I'm setting up the dev environment from scratch", "I'm borrowing my brother's truck"):
no standing fact (memscribe.model.embedded.clause_shape.in_progress, through the embedded
profiles). Said as a habit, over a span of life or as a change, it stands; in a chat with nothing
asked it is news, as before."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.clause_shape import in_progress
from tests.support.turns import embedded_profile_bodies, extracted_profile_bodies

_ASK = "Can you help me plan the week?"


@pytest.mark.parametrize(
    "text",
    [
        "I'm setting up the dev environment from scratch.",
        "I'm borrowing my brother's truck.",
        "I'm reading with floury hands.",
        "I've been staring at this config since 9am.",
    ],
)
def test_an_activity_under_way_in_a_session_of_asks_is_no_fact(text: str) -> None:
    assert extracted_profile_bodies(text, _ASK) == []


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I've been learning Rust on weekends.", "User has been learning Rust on weekends."),
        ("I'm heading the research team now.", "User is heading the research team."),
        ("I've been teaching piano for ten years.", "User has been teaching piano for ten years."),
    ],
)
def test_a_habit_a_span_or_a_change_stands(text: str, body: str) -> None:
    assert extracted_profile_bodies(text, _ASK) == [body]


def test_in_a_chat_with_nothing_asked_an_activity_is_news() -> None:
    assert extracted_profile_bodies("I'm borrowing my brother's truck.", "Ha, nice.") == [
        "User is borrowing their brother's truck."
    ]


def test_a_working_session_drops_an_activity_under_way() -> None:
    assert embedded_profile_bodies("I'm rebuilding the garden shed from old pallets.") == []


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("is reading the docs", True),
        ("has been digging through logs since 10:30", True),
        ("is nothing like the old one", False),
        ("is a nurse", False),
        ("is running every morning", False),
    ],
)
def test_in_progress(said: str, expected: bool) -> None:
    assert in_progress(said, f"I {said}") is expected


@pytest.mark.parametrize(
    "said",
    ["is willing to relocate to Berlin for work", "is outgoing and talks to everyone", "is very caring"],
)
def test_a_predicative_ing_adjective_is_no_activity_under_way(said: str) -> None:
    assert not in_progress(said, "I'm " + said.removeprefix("is ") + ".")
