"""The agent scorer matches label items to written memories one to one at their best: a memory
that alone matches a second item is not left a false positive because another memory matching
the same first item came earlier by file name."""

from __future__ import annotations

from typing import Any

from memscribe.evaluation.datasets import Unit
from memscribe.evaluation.runner import Outcome
from memscribe.evaluation.scoring import score_agent
from memscribe.schemas.memory import MemoryEntry


def _entry(mem_id: str, body: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile",
        id=mem_id,
        path=f".reflexio/profiles/{mem_id}.md",
        slug="x",
        created="2026-02-01T00:00:00Z",
        body=body,
    )


def _score(items: list[dict[str, Any]], active: list[MemoryEntry]) -> tuple[int, int, int]:
    gold = {
        "expected": {"profiles": items, "playbooks": [], "supersedes": [], "not_rewritten": []},
        "forbidden": {"strings": [], "profiles": [], "playbooks": []},
    }
    unit = Unit(dataset="agent", name="u", categories=("profile",), steps=[], seed=[], gold=gold)
    c = score_agent(Outcome(unit=unit, active=active))
    return c["prof_tp"], c["prof_fp"], c["prof_fn"]


ZONE: dict[str, Any] = {"id": "p1", "all_of": [], "any_of": ["stockholm"]}
DISPLAY: dict[str, Any] = {"id": "p2", "all_of": [], "any_of": ["local time"], "optional": True}
# by path, the memory matching both items comes first
BOTH = _entry("prof_aaaaaaaa", "User prefers times shown in local time (Europe/Stockholm).")
ONLY_ZONE = _entry("prof_bbbbbbbb", "User's timezone is Europe/Stockholm.")


def test_a_memory_that_alone_matches_an_optional_item_is_not_a_false_positive() -> None:
    # greedy by path gave p1 the first memory and left the second unmatched: (1, 1, 0)
    assert _score([ZONE, DISPLAY], [BOTH, ONLY_ZONE]) == (1, 0, 0)


def test_two_required_items_are_both_matched_when_an_assignment_allows() -> None:
    display_required = {**DISPLAY, "optional": False}
    assert _score([ZONE, display_required], [BOTH, ONLY_ZONE]) == (2, 0, 0)


def test_a_required_item_wins_a_memory_over_an_optional_one() -> None:
    # one memory, matching a required and an optional item: it counts for the required one
    assert _score([DISPLAY, {**ZONE}], [BOTH]) == (1, 0, 0)


def test_one_memory_never_counts_for_two_items() -> None:
    display_required = {**DISPLAY, "optional": False}
    assert _score([ZONE, display_required], [BOTH]) == (1, 0, 1)


def test_the_supersession_link_outranks_one_more_optional_match() -> None:
    # the new job memory (linked to the stored one it replaces) matches both items; the city one
    # matches the required item only: the required item keeps the linked memory
    gold = {
        "expected": {
            "profiles": [
                {"id": "p1", "all_of": [], "any_of": ["fukuoka"]},
                {"id": "p2", "all_of": [], "any_of": ["game"], "optional": True},
            ],
            "playbooks": [],
            "supersedes": [{"old_id": "prof_oldjob01", "by": "p1"}],
            "not_rewritten": [],
        },
        "forbidden": {"strings": [], "profiles": [], "playbooks": []},
    }
    city = _entry("prof_aaaaaaaa", "User moved to Fukuoka.")
    job = _entry("prof_bbbbbbbb", "User is a data analyst at a game company in Fukuoka.")
    job = job.model_copy(update={"supersedes": ("prof_oldjob01",)})
    unit = Unit(dataset="agent", name="u", categories=("supersession",), steps=[], seed=[], gold=gold)
    c = score_agent(Outcome(unit=unit, active=[city, job]))
    assert (c["sup_ok"], c["prof_tp"], c["prof_fp"]) == (1, 1, 1)
