"""A move's object must be a place for the move to change where the user lives
(memscribe.model.embedded.moves): "we moved to Teams" or "I moved to the backend team" neither
writes a home nor archives the stored one."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.moves import moves_to_no_home
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from tests.support.turns import extracted_profile_bodies

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    "said",
    [
        "we moved to Teams",
        "We moved to Postgres last year",
        "I moved to the backend team in March",
        "I moved to a new role on the platform squad",
        "We moved to Neovim",
    ],
)
def test_a_move_to_no_place_writes_no_home(said: str) -> None:
    bodies = extracted_profile_bodies(said)
    assert not [b for b in bodies if "lives in" in b or "based in" in b], bodies


@pytest.mark.parametrize(
    ("said", "home"),
    [
        ("I moved to Lisbon last month", "Lisbon"),
        ("My wife and I moved to Porto", "Porto"),
        ("We moved to Leeds with the kids", "Leeds"),
        ("I moved to the countryside", "the countryside"),
    ],
)
def test_a_move_to_a_place_is_a_home(said: str, home: str) -> None:
    assert any(b.startswith(f"User lives in {home}") for b in extracted_profile_bodies(said))


def home(text: str, new: str) -> str:
    old = ShortlistItem(
        id="prof_home", slug="home-city-x", text=text, created="2026-01-01T00:00:00Z", score=0.5
    )
    return dedup_decision(DedupRequest(kind="profile", slug="moved", text=new, shortlist=(old,))).action


def test_a_move_to_no_place_archives_no_home() -> None:
    assert home("User lives in London.", "User moved to the backend team.") == "keep_both"
    assert (
        home("User lives in Cologne.", 'User, in their words: "Wir sind auf Teams umgezogen".') == "keep_both"
    )
    # a move to a place still does
    assert (
        home("User lives in Cologne.", 'User, in their words: "Wir sind nach Berlin umgezogen".')
        == "supersede_old"
    )
    assert home("User lives in London.", "User moved to Leeds.") == "supersede_old"


def test_moves_to_no_home() -> None:
    assert moves_to_no_home("User moved to the night shift")
    assert moves_to_no_home("User moved to VS Code")
    assert not moves_to_no_home("User moved to the Netherlands")
    assert not moves_to_no_home("User moved to Leeds")
