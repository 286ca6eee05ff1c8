"""A role held at an organisation is filed under the job facet (issue 11), so a new role meets
and can update the stored job; passing or social roles are not jobs."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.profiles import profiles_from_turn
from memscribe.model.embedded.roles import role_filed
from memscribe.schemas.requests import DedupRequest
from tests.support.turns import make_transcript
from tests.unit.test_update_cues import item


def _profiles(text: str) -> list[tuple[str, str]]:
    turn = make_transcript(("user", text)).turns[0]
    return [(c.slug, c.body) for c in profiles_from_turn(turn, correction_turn=False, conversation=True)]


@pytest.mark.parametrize(
    "body",
    [
        "User has been a data analyst at the council.",
        "User is now a junior developer at Spotify.",
        "User has been a volunteer firefighter for the county.",
    ],
)
def test_a_role_at_an_organisation_is_filed_as_a_job(body: str) -> None:
    assert role_filed("been-data-analyst", body) == "job-been-data-analyst"


@pytest.mark.parametrize(
    "body",
    [
        "User is a regular at the climbing gym.",
        "User is a big fan of the Lakers.",
        "User has been a member of the choir for years.",
        "User is a guest at the hotel.",
        "User has two cats at home.",
    ],
)
def test_passing_or_social_roles_are_no_job(body: str) -> None:
    assert role_filed("about", body) == "about"


def test_a_slug_with_a_facet_keeps_it() -> None:
    assert role_filed("home-city", "User is a tenant at a flat in Leeds.") == "home-city"


def test_a_new_role_said_with_its_time_fronted_updates_the_stored_job() -> None:
    ((slug, body),) = _profiles("since May I've been a data analyst at the council.")
    old = item("prof_job", "job", "User works as an accountant.")
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=body, shortlist=(old,)))
    assert (d.action, d.existing_ids) == ("supersede_old", ["prof_job"])
