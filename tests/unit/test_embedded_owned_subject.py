"""A chat clause whose subject is something of the speaker's ("my tractor broke down", "our dog
is named China") is a fact about the user's life (memscribe.model.embedded.chat.owned_statement,
through profiles_from_turn), said in the third person."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies as _bodies
from tests.support.turns import extracted_profile_bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("My tractor broke down last week.", "User's tractor broke down."),
        ("Oh, my programming skills will need some work.", "User's programming skills will need some work."),
        ("My dog's training is coming along nicely!", "User's dog's training is coming along nicely."),
        ("Our farm has three old barns.", "User's farm has three old barns."),
        ("My harley has a 107 cubic inch displacement.", "User's harley has a 107 cubic inch displacement."),
        (
            "My cat just got into a big fight with a racoon.",
            "User's cat just got into a big fight with a racoon.",
        ),
    ],
)
def test_a_possession_as_subject_is_a_fact(text: str, body: str) -> None:
    assert _bodies(text, conversation=True) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "My goodness, that was a long day.",  # an idiom, not a possession
        "My, that does sound delicious.",  # an interjection before a demonstrative
        "My car was fine.",  # too little said
        "My garden was so pretty.",  # a passing judgement with a degree word
        "My sister's recipe is better than yours.",  # about the partner
        "My new phone did that.",  # points back into the conversation
        "Is my order here?",  # a question
    ],
)
def test_not_a_fact_about_a_possession(text: str) -> None:
    assert _bodies(text, conversation=True) == []


def test_a_working_session_keeps_its_own_rules() -> None:
    """In a working session a clause about something of the user's is the task's state, not a fact."""
    assert _bodies("My build broke down after the upgrade.") == []


def test_a_thing_of_the_users_in_a_session_of_asks_is_the_task_s_object() -> None:
    # asked for help, the user talks about the things the ask is about ("my watch does everything
    # I need"): the task's objects, not facts of theirs; in a chat with nothing asked it is news
    asked = extracted_profile_bodies(
        "My watch does everything I need.", "Can you compare these two running plans?"
    )
    assert asked == []
    chat = extracted_profile_bodies("My van doesn't care about the weather.", "Ha, lucky you.")
    assert chat == ["User's van doesn't care about the weather."]
