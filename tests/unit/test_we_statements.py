"""What "we" have or are — the user's household or team — kept in the user's words
(memscribe.model.embedded.chat._we_statement, through profiles_from_turn)."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize("conversation", [False, True])
@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "we only have a two-zone induction hob",
            'User, in their words: "we only have a two-zone induction hob".',
        ),
        (
            "we have two dogs and a cat, so the rental has to be pet-friendly",
            'User, in their words: "we have two dogs and a cat".',
        ),
    ],
)
def test_what_we_have_or_are_is_kept_as_said(text: str, body: str, conversation: bool) -> None:
    assert _bodies(text, conversation=conversation) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "we have a bug in prod",  # the task's trouble
        "we are out of disk space on the build server",
        "we're on a deadline this week",  # a moment
        "we went to the coast",  # what we did, not what we have or are
        "we think it's fine",
        "we have it",  # points back into the conversation
        "we're a friendly bunch here",  # talk about the group: nothing counted
        "we have a strict policy regarding CI/CD pipelines",
        "We're working on designing a performance dashboard",  # an activity, not a state
    ],
)
def test_what_we_do_or_the_task_state_is_not(text: str) -> None:
    assert _bodies(text) == []
