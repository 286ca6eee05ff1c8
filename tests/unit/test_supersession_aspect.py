"""The aspect of a change (issue 11): a pursuit reached ("passed the AWS exam" / "is preparing for
the AWS exam", "graduated from TU Munich" / "is a student at TU Munich") ends the stored pursuit
although every name of it is said again; a state entered ("got married", "got promoted",
"became a manager") or gone back to ("back to five days a week") is a change cue.

Each update failed before (kept beside the stale fact, or dropped as its restatement); the
controls (another pursuit, another person, a possession with "have got") archive nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.pursuit import completes
from memscribe.semantic.updates import change_cue
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        (
            "goal-exam",
            "User is preparing for the AWS Solutions Architect exam",
            "I passed the AWS Solutions Architect exam last week.",
        ),
        (
            "goal-marathon",
            "User is training for the Berlin Marathon",
            "I finished the Berlin Marathon on Sunday!",
        ),
        ("university", "User is a master's student at TU Munich", "I graduated from TU Munich in July."),
        ("role", "User is a junior developer", "I got promoted to senior developer."),
        ("work-schedule", "User works four days a week", "I'm back to five days a week since January."),
    ],
)
def test_a_pursuit_reached_or_a_state_entered_supersedes(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        (
            "goal-exam",
            "User is preparing for the AWS Solutions Architect exam",
            "I finished the first module of the AWS course.",
        ),
        ("goal-exam", "User is preparing for the CKA exam", "I passed the AWS Developer exam last year."),
        (
            "goal-marathon",
            "User is training for the Berlin Marathon",
            "I finished the Hamburg half marathon last month.",
        ),
        ("university", "User is a student at TU Munich", "My son graduated from high school."),
        ("saving-house", "User is saving for a house in Leeds", "I finished paying off my car loan."),
    ],
)
def test_another_pursuit_or_person_archives_nothing(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (
            'User, in their words: "Ich habe die Prüfung zum AWS Architect bestanden".',
            "User is preparing for the AWS Architect exam.",
        ),
        ('User, in their words: "J\'ai obtenu le DELF B2".', "User is preparing for the DELF B2."),
        ('User, in their words: "Aprobé el DELE C1".', "User is studying for the DELE C1."),
        ("用户考过了JLPT N2。", "User is studying for the JLPT N2."),
        ('User, in their words: "JLPT N2に合格した".', "User is studying for the JLPT N2."),
    ],
)
def test_a_pursuit_reached_in_other_languages(new: str, old: str) -> None:
    assert completes(new, old)
    item = ShortlistItem(id="prof_old", slug="goal-exam", text=old, created="2026-01-01T00:00:00Z", score=0.6)
    d = dedup_decision(DedupRequest(kind="profile", slug="exam-passed", text=new, shortlist=(item,)))
    assert (d.action, d.existing_ids) == ("supersede_old", ["prof_old"])


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("User got married in June.", True),
        ("User got promoted to senior developer.", True),
        ("User became a team lead.", True),
        ("User is back to five days a week.", True),
        ("User has got two kids.", False),
        ("User got to meet the founders.", False),
    ],
)
def test_a_state_entered_is_a_change_cue(text: str, cue: bool) -> None:
    assert change_cue(text) is cue
