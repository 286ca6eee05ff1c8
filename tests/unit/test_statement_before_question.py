"""A statement followed by a question in one sentence (memscribe.model.embedded.chat.statement_part,
read in conversations and in working sessions alike)."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize("conversation", [False, True])
def test_the_statement_before_a_new_question_is_read(conversation: bool) -> None:
    bodies = _bodies(
        "thanks. unrelated: I've started evening Spanish classes on Tuesdays, any podcast for A2 level?",
        conversation=conversation,
    )
    assert bodies == ["User has started evening Spanish classes on Tuesdays."]


@pytest.mark.parametrize("conversation", [False, True])
@pytest.mark.parametrize(
    "text",
    [
        "I usually just restart the server when that happens, is that bad?",  # asks about it
        "I'm planning a trip to Greece with friends, maybe October?",  # the doubt covers it
        "I'm color blind, well, red-green, I think?",
        "Do you know if I'm allowed to park here, or not?",  # a question from the start
    ],
)
def test_a_question_about_the_statement_leaves_no_fact(text: str, conversation: bool) -> None:
    assert _bodies(text, conversation=conversation) == []
