"""Issue 11: a clause of consequence ("…, so I'm usually in bed by 8pm") is the effect of a fact
the speaker gives on the matter at hand, not a second fact, in a session where they ask for help.
In a plain chat it is still news, and a consequence about something else than the speaker states
that thing."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies

ASK = "Can you help me plan the week?"


@pytest.mark.parametrize(
    ("said", "kept", "dropped"),
    [
        (
            "I'm up at 3:30 every day for the ovens, so I'm usually in bed by 8pm.",
            "3:30",
            "8pm",
        ),
        (
            "I work night shifts at a hospital pharmacy so I do all this stuff on my phone at 3am.",
            "night shifts",
            "phone",
        ),
    ],
)
def test_a_consequence_for_the_speaker_is_no_second_fact_in_a_session_of_asks(
    said: str, kept: str, dropped: str
) -> None:
    bodies = extracted_profile_bodies(said, ASK)
    assert any(kept in b for b in bodies), bodies
    assert not any(dropped in b for b in bodies), bodies


def test_in_a_chat_the_consequence_is_still_news() -> None:
    bodies = extracted_profile_bodies("I'm up at 3:30 every day for the ovens, so I'm usually in bed by 8pm.")
    assert any("8pm" in b for b in bodies), bodies


def test_a_consequence_about_something_else_is_kept() -> None:
    bodies = extracted_profile_bodies(
        "We hired two more bakers in April, so there are six of us on payroll now.", ASK
    )
    assert any("six of us" in b for b in bodies), bodies
