"""In a chat, a hedge that opens a comma clause after a statement reaches forward over its own
clause, not back over the statement (memscribe.model.embedded.chat.hedge_apart, via
profiles_from_turn); a hedge inside the statement, or one tagged on it, still takes it back."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "I love classic country music, maybe you could cover a song for me",
            "User loves classic country music.",
        ),
        (
            "I like to play t-ball, maybe your kids will play when they start school.",
            "User likes to play t-ball.",
        ),
        (
            "I work nights at the hospital, perhaps that explains the coffee.",
            "User works nights at the hospital.",
        ),
    ],
)
def test_a_statement_before_a_hedged_clause_stands(text: str, body: str) -> None:
    assert _bodies(text, conversation=True) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "I maybe like hiking in the mountains.",  # the hedge is inside the statement
        "I live in Ohio, I think.",  # a tag takes back what it follows
        "I live in Ohio, maybe.",
        "Maybe I will move to Denver next year.",  # the hedge opens the sentence
    ],
)
def test_a_hedged_statement_is_still_no_fact(text: str) -> None:
    assert _bodies(text, conversation=True) == []
