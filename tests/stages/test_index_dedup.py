"""Dedup decisions against an index-backed shortlist, through a fake model and through cassettes:
duplicate skipped, update supersedes, contradiction supersedes, distinct facts kept, a merge
updates the stored memory in place."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from memscribe.index import IndexView, open_index
from memscribe.model.base import StructuredModel
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.plan import Plan, UpdateOp, WriteOp
from memscribe.stages.dedup import dedup
from memscribe.stages.plan import build_operations
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan
from tests.support.store_helpers import ScriptedModel, write_profile

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
EXISTING = {
    "editor": ("prof_st0ed001", "User uses Neovim as their editor."),
    "home-city": ("prof_st0ci001", "User lives in Berlin."),
    "diet": ("prof_st0di001", "User is vegetarian."),
    "running": ("prof_st0ru001", "User runs 10k every Sunday."),
    "theme": ("prof_st0th001", "User prefers dark mode in editors."),
}
# (slug, candidate body, decision the model returns, expected outcome)
CASES: list[tuple[str, str, dict[str, Any], str]] = [
    (
        "editor",
        "User edits all code in Neovim, their editor of choice.",
        {
            "action": "drop_new",
            "existing_ids": ["prof_st0ed001"],
            "merged_body": None,
            "reason": "Same editor fact, paraphrased.",
        },
        "duplicate",
    ),
    (
        "home-city",
        "User lives in Amsterdam now.",
        {
            "action": "supersede_old",
            "existing_ids": ["prof_st0ci001"],
            "merged_body": None,
            "reason": "The user moved from Berlin to Amsterdam.",
        },
        "supersede",
    ),
    (
        "diet",
        "User eats meat again.",
        {
            "action": "supersede_old",
            "existing_ids": ["prof_st0di001"],
            "merged_body": None,
            "reason": "Contradicts the vegetarian diet; the newer statement wins.",
        },
        "supersede",
    ),
    (
        "running",
        "User is training for a half marathon in October.",
        {
            "action": "keep_both",
            "existing_ids": [],
            "merged_body": None,
            "reason": "A 10k habit and a half-marathon goal are different facts.",
        },
        "keep_both",
    ),
    (
        "theme",
        "User prefers dark mode in the terminal too.",
        {
            "action": "merge",
            "existing_ids": ["prof_st0th001"],
            "merged_body": "User prefers dark mode in editors and in the terminal.",
            "reason": "Two partial statements of one preference.",
        },
        "merge",
    ),
]


def _root(root: Path) -> Path:
    for slug, (mem_id, body) in EXISTING.items():
        write_profile(root, mem_id, slug, body, created=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    return root


def _run(root: Path, slug: str, body: str, model: StructuredModel) -> tuple[Plan, list[str]]:
    cand = ProfileCandidate(slug=slug, ttl="one_year", body=body, evidence_turns=[0])
    with open_index(root) as index:
        view = IndexView(index, "default")
        result = dedup([cand], [], [], model=model, view=view)
        wanted = sorted({i for a in result.accepted for i in a.supersedes})
        existing = [e for e in (view.get(i) for i in wanted) if e is not None]
        ops = build_operations(result.accepted, existing, taken_ids=index.taken_ids(), now=NOW)
    plan = Plan(
        transcript="t", format="text", model=model.name, created="2026-06-01T12:00:00Z", operations=ops
    )
    plan.skipped.extend(result.skipped)
    apply_plan(plan, root, now=NOW)
    return plan, [s.reason for s in result.skipped]


def _check(root: Path, slug: str, plan: Plan, skipped: list[str], outcome: str) -> None:
    old_id = EXISTING[slug][0]
    active = {e.id: e for e in MemoryRoot(root).entries()}
    archived = {e.id for e in MemoryRoot(root).archived_entries()}
    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    if outcome == "duplicate":
        assert skipped == ["duplicate"] and writes == [] and old_id in active
        return
    if outcome == "merge":  # one stored memory: updated in place, its id kept, the old text archived
        [update] = plan.operations
        assert isinstance(update, UpdateOp) and update.id == old_id and old_id in archived
        assert active[old_id].body == "User prefers dark mode in editors and in the terminal."
        archived_text = next((root / ".reflexio/.archive/profiles").glob(f"*{old_id[5:]}.md")).read_text()
        assert "updated_at: " in archived_text and "archive_reason: updated in place: merge" in archived_text
        return
    [write] = writes
    assert write.reason.split(":")[0] == {"supersede": "supersede_old", "keep_both": "keep_both"}[outcome]
    if outcome == "keep_both":
        assert write.supersedes == [] and old_id in active and write.id in active
        return
    assert write.supersedes == [old_id] and old_id in archived and old_id not in active
    archived_text = next((root / ".reflexio/.archive/profiles").glob(f"*{old_id[5:]}.md")).read_text()
    assert f"superseded_by: {write.id}" in archived_text and "archive_reason: " in archived_text


@pytest.mark.parametrize(("slug", "body", "decision", "outcome"), CASES, ids=[c[0] for c in CASES])
def test_decisions_fake_model(
    tmp_path: Path, slug: str, body: str, decision: dict[str, Any], outcome: str
) -> None:
    root = _root(tmp_path)
    model = ScriptedModel(decision)
    plan, skipped = _run(root, slug, body, model)
    assert len(model.calls) == 1
    request = model.calls[0][2]
    assert request.shortlist[0].id == EXISTING[slug][0] and 0.0 <= request.shortlist[0].score <= 1.0
    _check(root, slug, plan, skipped, outcome)


@pytest.mark.vcr
@pytest.mark.parametrize(("slug", "body", "decision", "outcome"), CASES, ids=[c[0] for c in CASES])
def test_decisions_llm_cassette(
    tmp_path: Path, llm_server: str, slug: str, body: str, decision: dict[str, Any], outcome: str
) -> None:
    from memscribe.model.llm import LiteLLMModel

    root = _root(tmp_path)
    model = LiteLLMModel("openai/scripted-dedup", api_base=llm_server, max_attempts=1)
    plan, skipped = _run(root, slug, body, model)
    assert model.usage.llm_calls == 1
    _check(root, slug, plan, skipped, outcome)


def test_exact_duplicate_needs_no_model(tmp_path: Path) -> None:
    root = _root(tmp_path)
    model = ScriptedModel()
    plan, skipped = _run(root, "editor", "User uses Neovim as their editor.", model)
    assert skipped == ["duplicate"] and model.calls == [] and plan.operations == []


def test_below_threshold_is_new_without_a_model_call(tmp_path: Path) -> None:
    root = _root(tmp_path)
    model = ScriptedModel()
    plan, _ = _run(root, "pets", "User has a cat named Miso.", model)
    assert model.calls == [] and len(plan.operations) == 1
