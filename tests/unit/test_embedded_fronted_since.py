"""A fronted "(ever) since …" before the speaker's main clause, with or without a comma (issue 11):
the statement after it is read as if the "since" trailed it. A main clause under way or told in the
simple past is the task's and stays unwritten."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Since the move I work from home three days a week.", "works from home three days a week"),
        ("Since the merger I've got twelve people on my team.", "twelve people"),
        ("Ever since I got a bike I cycle to the office.", "cycles to the office"),
        ("Since the kids left home I'm a vegetarian.", "vegetarian"),
        ("Can you help me plan meals? Since the new schedule I'm on nights at the hospital.", "nights"),
    ],
)
@pytest.mark.parametrize("conversation", [True, False])
def test_a_statement_after_a_fronted_since_is_written(text: str, word: str, conversation: bool) -> None:
    bodies = embedded_profile_bodies(text, conversation=conversation)
    assert any(word in b for b in bodies), bodies


def test_the_since_clause_is_not_read_as_the_statement() -> None:
    # before: the two clauses were read as one ("User moved they have been vegetarian.")
    bodies = embedded_profile_bodies("Since I moved I've been vegetarian.", conversation=True)
    assert bodies == ["User has been vegetarian since they moved."]


@pytest.mark.parametrize(
    "text",
    [
        "Since the last deploy I've been seeing timeouts in the API.",
        "Since the outage I rewrote the retry handler.",
        "Since the meeting we've been refactoring the parser.",
        "Since Monday I'm on call for the team.",
    ],
)
@pytest.mark.parametrize("conversation", [True, False])
def test_task_talk_after_a_fronted_since_stays_unwritten(text: str, conversation: bool) -> None:
    assert embedded_profile_bodies(text, conversation=conversation) == []
