"""A statement pinned to one day near now is the occasion of the task at hand, not a lasting fact
(memscribe.lexicon.one_day, through profiles_from_turn): in a working session, or in a chat turn
that asks the other side for help; said as news in a chat, it is kept."""

from __future__ import annotations

import pytest

from memscribe import lexicon
from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "I'm cooking a lasagne for my in-laws tomorrow",
        "My brother is moving flats on Sunday",
        "I have a dentist appointment next week",
        "I had a terrible migraine yesterday",
        "I have a new shift pattern starting Monday",
    ],
)
def test_the_day_of_the_task_is_no_profile(text: str) -> None:
    assert _bodies(text) == []  # a working session
    assert _bodies(f"{text}. Can you help me plan it?", conversation=True) == []


def test_news_of_a_day_in_a_chat_is_kept() -> None:
    bodies = _bodies("My divorce is final tomorrow.", conversation=True)
    assert any("divorce" in b for b in bodies), bodies
    assert (
        _bodies("My divorce is final tomorrow. Could you draft a note to my lawyer?", conversation=True) == []
    )


def test_a_change_on_a_day_is_kept() -> None:
    bodies = _bodies("I start my new job at a hospital on Monday")
    assert any("hospital" in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("I work at a bakery on Saturdays", "bakery"),  # a weekday in the plural: a routine
        ("I swim on Sunday mornings", "swim"),
    ],
)
def test_a_routine_on_a_weekday_is_kept(text: str, fragment: str) -> None:
    bodies = _bodies(text, conversation=True)
    assert any(fragment in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "pinned"),
    [
        ("we fly out tonight", True),
        ("on saturday morning", True),
        ("until friday", True),
        ("I work Saturdays", False),
        ("on Sunday mornings", False),
        ("I live in Sunderland", False),
    ],
)
def test_one_day(text: str, pinned: bool) -> None:
    assert lexicon.one_day(text) is pinned
