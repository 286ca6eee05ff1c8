"""How the agent scorer counts a stored memory updated in place (a dedup merge that keeps its id):
matched like a written memory, never a duplicate; a supersession only where the labels say the
fact changed; a wrong supersession where it no longer says what a kept memory said."""

from __future__ import annotations

import datetime as dt
from typing import Any

from memscribe.evaluation.datasets import SeedMemory, Unit
from memscribe.evaluation.runner import Outcome
from memscribe.evaluation.scoring import score_agent
from memscribe.kinds.profile import render_profile
from memscribe.schemas.memory import MemoryEntry
from tests.unit.test_eval_supersession_match import GOLD, OLD

BORN = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
LATER = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)
JOB = SeedMemory(
    kind="profile",
    id="prof_physio01",
    slug="job",
    body="User is a physiotherapist with her own practice.",
    created="2026-01-01T00:00:00Z",
    any_of=("own practice",),
)
KEEP_GOLD: dict[str, Any] = {
    "expected": {
        "profiles": [{"id": "p1", "all_of": [], "any_of": ["runner"]}],
        "playbooks": [],
        "supersedes": [],
        "not_rewritten": [JOB.id],
    },
    "forbidden": {
        "strings": [],
        "profiles": [{"any_of": ["/mnt/c"], "kind": "task-detail"}],
        "playbooks": [],
    },
}


def _stored(seed: SeedMemory, body: str, *, updated: bool) -> tuple[MemoryEntry, str]:
    """The active entry for ``seed`` and its file text (an ``updated`` stamp when updated in place)."""
    path = f".reflexio/profiles/{seed.slug}-{seed.id[5:]}.md"
    text = render_profile(
        id=seed.id, created=BORN, ttl="one_year", body=body, updated=LATER if updated else None
    )
    entry = MemoryEntry(
        kind="profile", id=seed.id, path=path, slug=seed.slug, created=seed.created, body=body
    )
    return entry, text


def _score(gold: dict[str, Any], seed: SeedMemory, body: str, *, updated: bool = True) -> dict[str, int]:
    entry, text = _stored(seed, body, updated=updated)
    unit = Unit(dataset="agent", name="u", categories=(), steps=[], seed=[seed], gold=gold)
    counts = score_agent(Outcome(unit=unit, active=[entry], files={entry.path: text}))
    keys = (
        "prof_tp",
        "prof_fp",
        "prof_fn",
        "dup_written",
        "sup_wrong",
        "sup_ok",
        "stale_active",
        "forbidden_other",
    )
    return {k: counts[k] for k in keys}


def test_a_restatement_plus_a_detail_kept_in_place_is_a_match_not_a_duplicate() -> None:
    c = _score(KEEP_GOLD, JOB, "User is a physiotherapist with her own practice who treats runners.")
    assert c == dict.fromkeys(c, 0) | {"prof_tp": 1}


def test_an_unmatched_update_is_not_a_false_positive_but_a_merged_task_detail_is_forbidden() -> None:
    c = _score(KEEP_GOLD, JOB, "User is a physiotherapist with her own practice; code under /mnt/c.")
    assert (c["prof_fp"], c["prof_fn"], c["dup_written"], c["forbidden_other"]) == (0, 1, 0, 1)


def test_an_update_that_loses_what_a_kept_memory_said_is_a_wrong_supersession() -> None:
    c = _score(KEEP_GOLD, JOB, "User is a nurse who treats runners.")
    assert (c["sup_wrong"], c["prof_tp"]) == (1, 1)


def test_a_kept_id_update_to_the_labelled_new_fact_is_a_supersession() -> None:
    c = _score(GOLD, OLD, "User writes Kotlin now, no longer Java.")
    assert (c["sup_ok"], c["stale_active"], c["prof_tp"], c["sup_wrong"]) == (1, 0, 1, 0)
    unchanged = _score(GOLD, OLD, OLD.body, updated=False)  # the stored memory left as it was
    assert (unchanged["sup_ok"], unchanged["stale_active"], unchanged["prof_tp"]) == (0, 1, 0)
    elsewhere = _score(GOLD, OLD, "User writes Java daily.")  # updated, but not to the new fact
    assert (elsewhere["sup_ok"], elsewhere["stale_active"]) == (0, 1)
