"""Two Japanese statements scored by meaning alone are one topic only if they share a content
word, as two Chinese ones must share a content character: the offline encoder scores unrelated
Japanese statements high ("最近はVS Codeに乗り換えました" / "ユーザーは東京に住んでいる" .51), and
the new editor archived the stored city."""

from __future__ import annotations

from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages.dedup import dedup


def _entry(id: str, slug: str, body: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile", id=id, path=f"profile/{slug}.md", slug=slug, created="2026-01-01T00:00:00Z", body=body
    )


CITY = _entry("prof_jacity01", "city", "ユーザーは東京に住んでいる。")
EDITOR = _entry("prof_jaedit01", "editor", "ユーザーはVimを使っている。")


def _superseded(said: str, body: str, slug: str) -> list[tuple[str, ...]]:
    transcript = Transcript(
        source="-",
        format="text",
        turns=(Turn(index=0, role="user", text=said, source=SourcePos(file="t", line=1)),),
    )
    cand = ProfileCandidate(slug=slug, ttl="one_year", body=body, evidence_turns=[0])
    view = ListView([CITY, EDITOR])
    result = dedup([cand], [], [CITY, EDITOR], model=EmbeddedModel(), view=view, transcript=transcript)
    return [a.supersedes for a in result.accepted]


def test_new_editor_does_not_archive_the_stored_city() -> None:
    said = "最近はVS Codeに乗り換えました。"
    got = _superseded(said, 'User, in their words: "最近はVS Codeに乗り換えました".', "editor-vs-code")
    assert all(CITY.id not in ids for ids in got), got


def test_a_move_still_archives_the_stored_city() -> None:
    said = "先月、京都に引っ越しました。今は京都に住んでいます。"
    got = _superseded(said, 'User, in their words: "今は京都に住んでいます".', "home-city")
    assert got == [(CITY.id,)], got
