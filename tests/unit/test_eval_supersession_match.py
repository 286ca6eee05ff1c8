"""The agent scorer's supersession check: "the new memory matched to ``by``" is the one that
carries the link when several written memories match the same label item (file order aside)."""

from __future__ import annotations

from memscribe.evaluation.datasets import SeedMemory, Unit
from memscribe.evaluation.runner import Outcome
from memscribe.evaluation.scoring import score_agent
from memscribe.schemas.memory import MemoryEntry

OLD = SeedMemory(
    kind="profile",
    id="prof_oldjava1",
    slug="language-java",
    body="User writes Java.",
    created="2026-01-01T00:00:00Z",
)
GOLD = {
    "expected": {
        "profiles": [{"id": "p1", "all_of": [], "any_of": ["kotlin"]}],
        "playbooks": [],
        "supersedes": [{"old_id": "prof_oldjava1", "by": "p1"}],
        "not_rewritten": [],
    },
    "forbidden": {"strings": [], "profiles": [], "playbooks": []},
}


def _entry(mem_id: str, body: str, supersedes: tuple[str, ...] = ()) -> MemoryEntry:
    return MemoryEntry(
        kind="profile",
        id=mem_id,
        path=f".reflexio/profiles/{mem_id}.md",
        slug="x",
        created="2026-02-01T00:00:00Z",
        body=body,
        supersedes=supersedes,
    )


def _score(active: list[MemoryEntry], archived_old: bool = True) -> dict[str, int]:
    unit = Unit(dataset="agent", name="u", categories=("supersession",), steps=[], seed=[OLD], gold=GOLD)
    if not archived_old:
        active = [*active, _entry(OLD.id, OLD.body)]
    counts = score_agent(Outcome(unit=unit, active=active))
    return {k: counts[k] for k in ("sup_expected", "sup_ok", "stale_active", "prof_tp", "prof_fp")}


def test_the_memory_carrying_the_link_is_matched() -> None:
    # Both match "kotlin"; the first by path does not supersede, the second does.
    first = _entry("prof_aaaaaaaa", "User's claims-service was migrated to Kotlin.")
    second = _entry("prof_bbbbbbbb", "User writes Kotlin and no longer Java.", supersedes=(OLD.id,))
    c = _score([first, second])
    assert (c["sup_expected"], c["sup_ok"], c["stale_active"]) == (1, 1, 0)
    assert (c["prof_tp"], c["prof_fp"]) == (1, 1)


def test_no_link_or_old_still_active_is_not_a_supersession() -> None:
    first = _entry("prof_aaaaaaaa", "User's claims-service was migrated to Kotlin.")
    second = _entry("prof_bbbbbbbb", "User writes Kotlin and no longer Java.")
    assert _score([first, second])["sup_ok"] == 0
    linked = _entry("prof_bbbbbbbb", "User writes Kotlin and no longer Java.", supersedes=(OLD.id,))
    c = _score([first, linked], archived_old=False)
    assert (c["sup_ok"], c["stale_active"]) == (0, 1)


def test_a_link_on_a_memory_that_does_not_match_the_item_does_not_count() -> None:
    other = _entry("prof_cccccccc", "User passed the Java exam.", supersedes=(OLD.id,))
    kotlin = _entry("prof_dddddddd", "User's next goal is Kotlin.")
    assert _score([other, kotlin])["sup_ok"] == 0


KEPT = SeedMemory(
    kind="profile", id="prof_keepcat1", slug="pets", body="User has two cats.", created="2026-01-01T00:00:00Z"
)


def test_a_stored_memory_archived_that_no_label_replaces_is_a_wrong_supersession() -> None:
    unit = Unit(
        dataset="agent", name="u", categories=("supersession",), steps=[], seed=[OLD, KEPT], gold=GOLD
    )
    new = _entry("prof_bbbbbbbb", "User writes Kotlin and no longer Java.", supersedes=(OLD.id, KEPT.id))
    # the expected replacement is right; archiving the cats is not
    wrong = score_agent(Outcome(unit=unit, active=[new]))
    assert (wrong["sup_ok"], wrong["sup_wrong"]) == (1, 1)
    right = score_agent(Outcome(unit=unit, active=[new, _entry(KEPT.id, KEPT.body)]))
    assert (right["sup_ok"], right["sup_wrong"]) == (1, 0)
