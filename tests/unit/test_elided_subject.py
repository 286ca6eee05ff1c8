"""Updates said without a subject (issue 11): casual English drops the speaker ("Moved to Berlin last
month", "next target is the CKA"), and a goal reached ("passed", "bestanden") is a change that ends
the stored goal."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.updates import change_cue
from tests.support.turns import embedded_profile_bodies


def _profiles(text: str) -> list[str]:
    return embedded_profile_bodies(text, conversation=True)


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("Moved to Berlin last month.", "User lives in Berlin"),
        ("Good news! next target is the CKA.", "User's next target is the CKA"),
        ("current role is staff engineer at a fintech", "User's current role is staff engineer"),
    ],
)
def test_a_dropped_subject_is_the_speaker(text: str, body: str) -> None:
    bodies = _profiles(text)
    assert any(body in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text", ["Python is great for this.", "moved the file to src/", "next step is the deploy"]
)
def test_other_subjectless_openings_are_not_facts_about_the_speaker(text: str) -> None:
    assert not any(b.startswith(("User lives", "User's next step")) for b in _profiles(text)), _profiles(text)


@pytest.mark.parametrize(
    "text", ["User passed the AWS exam.", "Ich habe die Prüfung bestanden.", "试験に合格した", "我考过了雅思"]
)
def test_a_goal_reached_is_a_change(text: str) -> None:
    assert change_cue(text)


def test_a_goal_reached_ends_the_stored_goal() -> None:
    goal = ShortlistItem(
        id="prof_goal",
        slug="goal-aws-saa-exam",
        text="User is preparing for the AWS Solutions Architect Associate exam.",
        created="2026-01-01T00:00:00Z",
        score=0.5,
    )
    request = DedupRequest(
        kind="profile",
        slug="passed-solutions-architect",
        text="User passed the Solutions Architect Associate.",
        shortlist=[goal],
    )
    decision = dedup_decision(request)
    assert (decision.action, decision.existing_ids) == ("supersede_old", ["prof_goal"])
