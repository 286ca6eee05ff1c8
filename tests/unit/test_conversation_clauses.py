"""Plain statements in a chat (issue 11, MSC recall): a hedge reaches forward, not back; a habit's
frequency put before the subject is moved after it; a life aspiration is the user's goal."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies


def bodies(text: str) -> list[str]:
    return embedded_profile_bodies(text, conversation=True)


def test_a_statement_before_a_hedged_clause_of_its_own_is_kept() -> None:
    assert bodies("I am an old retired guy, so I might be doing something wrong!") == [
        "User is an old retired guy."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I live in Ohio, I think.",  # a tag takes back what it follows
        "I have a dog, maybe two.",
        "Maybe it is because I want to be a nurse, and I see food poisoning from it.",  # opens hedged
    ],
)
def test_a_hedge_that_opens_or_tags_the_sentence_covers_it(text: str) -> None:
    assert bodies(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Two times a year I visit europe.", "User visits europe two times a year."),
        ("In my free time I paint landscapes.", "User paints landscapes in their free time."),
        ("Every summer I go camping with my kids.", "User goes camping with their kids every summer."),
    ],
)
def test_a_fronted_frequency_is_moved_after_the_statement(text: str, expected: str) -> None:
    assert bodies(text) == [expected]


def test_a_single_time_before_the_subject_is_an_event() -> None:
    assert bodies("On Friday I have a dentist appointment.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Are there many lawyers there? I'd love to be a lawyer", "User wants to be a lawyer."),
        ("I want to be a nurse.", "User wants to be a nurse."),
        ("I would love to move to a big city", "User wants to move to a big city."),
    ],
)
def test_a_life_aspiration_is_a_goal(text: str, expected: str) -> None:
    assert bodies(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "I want to get the tests passing.",  # a task, not a state of the user's life
        "I want to learn more.",  # nothing wished besides the verb
        "I'd love to visit you someday.",  # about the partner
        "I want to move there maybe.",  # what is wished is hedged
    ],
)
def test_a_wish_for_a_task_or_a_hedged_wish_is_not(text: str) -> None:
    assert bodies(text) == []


def test_a_working_session_keeps_the_sentence_level_hedge() -> None:
    assert embedded_profile_bodies("I am a backend developer, so I might be slow on CSS.") == []
