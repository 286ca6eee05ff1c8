"""A circumstance the user gives as the reason for what follows ("I'm deaf, so …") is a fact
about them, however short (memscribe.model.embedded.chat.gives_reason)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.chat import gives_reason
from memscribe.model.embedded.text import split_clauses
from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize("conversation", [False, True])
@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I'm deaf, so captions on any video links would help", "User is deaf."),
        ("I'm Muslim, so no meetings during Friday prayers please", "User is Muslim."),
    ],
)
def test_a_short_circumstance_given_as_a_reason_is_kept(text: str, body: str, conversation: bool) -> None:
    assert _bodies(text, conversation=conversation) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "I'm deaf.",  # one content word, said alone: too little to tell a state from a mood
        "I'm tired, so let's stop here",  # a reason for stopping now
        "I'm done, so I'll push it tonight",
    ],
)
def test_a_short_state_without_a_standing_consequence_is_not(text: str) -> None:
    assert _bodies(text) == []


def test_a_consequence_without_a_comma_is_its_own_clause() -> None:
    sentence = "I work nights so the reminders have to wait until noon"
    assert split_clauses(sentence) == ["I work nights", "the reminders have to wait until noon"]
    assert gives_reason(sentence, "I work nights")
    assert split_clauses("I'm so tired today") == ["I'm so tired today"]  # a degree, not a consequence
