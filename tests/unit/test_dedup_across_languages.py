"""Issue 11, embedded supersession across languages: a change said in another language than the
stored entry shares no words with it, so a semantic score of the cross-language topic level and a
value named that the entry lacks are the topic evidence. The controls keep both."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


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
