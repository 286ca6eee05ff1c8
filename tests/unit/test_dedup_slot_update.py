"""Issue 11, embedded supersession: an update read by its structure.

- the user speaking for their group ("We dropped Trello …") is about the group the stored fact
  is of ("User's team uses Trello"), not about somebody else;
- one slot, another value: the new statement reports a change, shares the thing both are about
  ("essays", "goats") and names another value than the stored one (a name or a count), which it
  no longer names at all.

The controls archive nothing: somebody else's fact, no shared thing, the stored value named again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("team-tools", "User's team uses Trello for planning", "We dropped Trello for Asana last month."),
        (
            "homework-platform",
            "User sets homework through Google Classroom",
            "My homework goes out as Teams assignments now, the school put everyone on Microsoft Teams.",
        ),
        (
            "herd-size",
            "User keeps a herd of about 60 goats",
            "We sold the older goats in spring, so it is 35 going to the buck now.",
        ),
    ],
)
def test_a_new_value_of_the_slot_archives_the_stored_one(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("sister-tools", "User's sister uses Trello for planning", "We dropped Trello for Asana last month."),
        ("editor", "User writes code in VS Code", "I write my novel in Scrivener now."),
        # a shared verb or preposition is no shared thing
        ("laptop", "User works on a 2019 MacBook Pro", "I now work on the 2021 budget with my accountant."),
        (
            "club",
            "User sets homework through Google Classroom",
            "I run my Spanish club through WhatsApp now.",
        ),
    ],
)
def test_no_new_value_of_the_slot_archives_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


def _decide(text: str, stored: str, score: float) -> tuple[str, list[str]]:
    item = ShortlistItem(id="prof_old", slug="tool", text=stored, created="2026-01-01T00:00:00Z", score=score)
    d = dedup_decision(DedupRequest(kind="profile", slug="about-x", text=text, shortlist=(item,)))
    return d.action, d.existing_ids


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        (
            'User, in their words: "Ich schreibe meine Notizen inzwischen in Obsidian".',
            "User keeps notes in Evernote.",
        ),
        ('User, in their words: "Ahora llevo mis notas en Obsidian".', "User keeps notes in Evernote."),
    ],
)
def test_a_change_in_another_language_naming_another_value_supersedes(text: str, stored: str) -> None:
    # words in two languages share nothing: a semantic score of the cross-language topic level
    # and a value named that the stored entry lacks are the evidence
    assert _decide(text, stored, 0.32) == ("supersede_old", ["prof_old"])


@pytest.mark.parametrize(
    ("text", "stored", "score"),
    [
        # below the cross-language topic score
        (
            'User, in their words: "Ich schreibe meine Notizen inzwischen in Obsidian".',
            "User keeps notes in Evernote.",
            0.2,
        ),
        # no value named (a capital opening the sentence is none)
        (
            'User, in their words: "Durante la lactancia he vuelto a comer huevos".',
            "User lives in Valencia.",
            0.32,
        ),
        # the same language: its words must show the topic
        ("User keeps recipes in Obsidian now.", "User keeps notes in Evernote.", 0.32),
    ],
)
def test_no_cross_language_evidence_keeps_both(text: str, stored: str, score: float) -> None:
    assert _decide(text, stored, score)[0] != "supersede_old"
