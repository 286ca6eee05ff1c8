"""In a chat, a wish to go to a place is an aspiration like a wish to visit or travel there
(memscribe.model.embedded.chat.WISH); going to bed or to sleep is none."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies as _bodies
from tests.support.turns import extracted_profile_bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I would love to go to France.", "User wants to go to France."),
        (
            "Oh I'd really like to go to the beach in Santa Monica",
            "User wants to go to the beach in Santa Monica.",
        ),
    ],
)
def test_a_wish_to_go_to_a_place_is_an_aspiration(text: str, body: str) -> None:
    assert _bodies(text, conversation=True) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "I'd love to go to bed early.",
        "I would like to go to sleep.",
        "I'd love to go to your party.",  # about the partner
        "I would love to go to Italy maybe.",  # hedged
    ],
)
def test_going_to_bed_or_a_hedged_trip_is_no_aspiration(text: str) -> None:
    assert _bodies(text, conversation=True) == []


def test_a_want_in_a_session_of_asks_is_their_goal_not_a_standing_fact() -> None:
    # the user asks the assistant for something in the session: "I want to stop …" is what the
    # ask is for; said in a chat with nothing asked, the same want is the user's own news
    asked = extracted_profile_bodies(
        "I keep my lambing records in a notebook. I want to stop scribbling them by hand.",
        "Can you make me a spreadsheet for the lambing?",
    )
    assert asked == ["User keeps their lambing records in a notebook."]
    chat = extracted_profile_bodies(
        "I want to stop eating so much sugar.", "Haha me too, I love cake though."
    )
    assert "User wants to stop eating so much sugar." in chat
