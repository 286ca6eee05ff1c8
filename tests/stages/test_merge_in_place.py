"""A dedup ``merge`` with one stored memory updates that memory in place: its id and file are
kept, the previous version is archived (issue 16 item 6)."""

from __future__ import annotations

from memscribe.schemas.candidates import DedupDecision, ProfileCandidate
from memscribe.stages.dedup import DedupResult, record

CAND = ProfileCandidate(
    slug="job", ttl="one_year", body="User is a physiotherapist who treats runners.", evidence_turns=[0]
)


def _decide(
    action: str, ids: list[str], allowed: set[str], claimed: frozenset[str] = frozenset()
) -> DedupResult:
    result = DedupResult()
    decision = DedupDecision(action=action, existing_ids=ids, reason="r", merged_body="merged text")  # type: ignore[arg-type]
    record("profile", CAND, decision, allowed, result, claimed)
    return result


def test_a_merge_with_one_stored_memory_is_an_update_in_place() -> None:
    [item] = _decide("merge", ["prof_a"], {"prof_a"}).accepted
    assert item.in_place and item.supersedes == ("prof_a",) and item.merged_body == "merged text"


def test_a_merge_naming_several_memories_or_a_supersession_replaces_as_before() -> None:
    [several] = _decide("merge", ["prof_a", "prof_b"], {"prof_a", "prof_b"}).accepted
    [replaced] = _decide("supersede_old", ["prof_a"], {"prof_a"}).accepted
    assert not several.in_place and several.supersedes == ("prof_a", "prof_b")
    assert not replaced.in_place


def test_a_merge_left_with_one_id_it_may_act_on_updates_that_one() -> None:
    [invented] = _decide("merge", ["prof_a", "prof_x"], {"prof_a"}).accepted
    [claimed] = _decide("merge", ["prof_a", "prof_b"], {"prof_a", "prof_b"}, frozenset({"prof_b"})).accepted
    assert invented.in_place and invented.supersedes == ("prof_a",)
    assert claimed.in_place and claimed.supersedes == ("prof_a",)
