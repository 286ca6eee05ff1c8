"""Topic evidence in the user's own sentence (embedded dedup, rule 3): a candidate reporting a
change in few words ("User got an 8.0 overall") is about the stored entry its English sentence
names ("… cross IELTS off my list, I got an 8.0 overall" / "preparing for the IELTS exam"),
though the candidate itself shares no word with it. Failed before: the entry was not shortlisted."""

from __future__ import annotations

from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.dedup import STRONG_TOPIC_SCORE
from memscribe.model.embedded.dedup_scope import said_topic
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages.dedup import dedup

IELTS = MemoryEntry(
    kind="profile",
    id="prof_ielts001",
    path="profile/english-test.md",
    slug="english-test",
    created="2026-01-01T00:00:00Z",
    body="User is preparing for the IELTS exam.",
)
CHESS = MemoryEntry(
    kind="profile",
    id="prof_chess001",
    path="profile/hobby.md",
    slug="hobby",
    created="2026-01-01T00:00:00Z",
    body="User plays chess online, rated around 1500.",
)


def _run(said: str, body: str) -> tuple[list[tuple[str, ...]], list[str]]:
    transcript = Transcript(
        source="-",
        format="text",
        turns=(Turn(index=0, role="user", text=said, source=SourcePos(file="t", line=1)),),
    )
    cand = ProfileCandidate(slug="score", ttl="one_year", body=body, evidence_turns=[0])
    view = ListView([IELTS, CHESS])
    result = dedup([cand], [], [IELTS, CHESS], model=EmbeddedModel(), view=view, transcript=transcript)
    return [a.supersedes for a in result.accepted], [s.reason for s in result.skipped]


def test_the_users_sentence_names_the_stored_topic() -> None:
    said = "Oh, and I can finally cross IELTS off my list, I got an 8.0 overall."
    assert _run(said, "User got an 8.0 overall.") == ([("prof_ielts001",)], [])


def test_no_change_reported_updates_nothing() -> None:
    # the same sentence, the candidate reporting no change: a fact beside the stored one
    said = "Oh, and IELTS is on my list, an 8.0 overall would be nice."
    assert _run(said, "User hopes for an 8.0 overall.") == ([()], [])


def test_a_sentence_in_another_language_is_no_evidence() -> None:
    # the offline encoder reads English only: no entry is related to a Spanish sentence
    request = DedupRequest(
        kind="profile",
        slug="score",
        text="User got an 8.0 overall.",
        shortlist=(
            ShortlistItem(id=IELTS.id, slug=IELTS.slug, text=IELTS.body, created=IELTS.created, score=0.2),
        ),
        said="Por fin puedo tachar el examen de inglés de mi lista: saqué un 8.0 en total.",
    )
    assert said_topic(request, STRONG_TOPIC_SCORE) is None
    english = request.model_copy(
        update={"said": "I can finally cross IELTS off my list, I got an 8.0 overall."}
    )
    assert said_topic(english, STRONG_TOPIC_SCORE) == IELTS.id
