"""A shortlist of weak matches only (the relatedness rule's fallback) is worth a dedup call only
for a candidate that reports a change: a new fact a little like a stored one is simply new."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import IndexView, open_index
from memscribe.relatedness import SHORTLIST_SCORE
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.stages.dedup import DedupResult, dedup
from tests.support.store_helpers import ScriptedModel, write_profile

KEEP_BOTH = {"action": "keep_both", "existing_ids": [], "reason": "different facts"}


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(semantic.ENV_VAR, "off")  # the lexical rule alone: scores fixed by the words
    semantic.reset()
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    write_profile(
        tmp_path, "prof_vim00001", "editor-vim", "User edits code in Vim in the morning.", created=when
    )
    write_profile(tmp_path, "prof_cats0001", "pets", "User has two cats.", created=when)
    return tmp_path


def _dedup(root: Path, body: str, model: ScriptedModel) -> DedupResult:
    cand = ProfileCandidate(slug="schedule", ttl="one_year", body=body, evidence_turns=[0])
    with open_index(root) as index:
        return dedup([cand], [], [], model=model, view=IndexView(index, "default"))


def test_a_new_fact_with_weak_matches_only_is_new_without_a_model_call(root: Path) -> None:
    model = ScriptedModel()
    result = _dedup(root, "User runs at six in the morning.", model)
    assert model.calls == [] and result.calls == 0
    assert [a.candidate.body for a in result.accepted] == ["User runs at six in the morning."]
    assert result.skipped == []


def test_a_change_with_weak_matches_only_is_shown_them(root: Path) -> None:
    model = ScriptedModel(KEEP_BOTH)
    result = _dedup(root, "User now runs at six in the morning instead.", model)
    assert result.calls == 1 and len(model.calls) == 1
    shortlist = model.calls[0][2].shortlist
    assert [s.id for s in shortlist] == ["prof_vim00001"]  # the weak match, not the unrelated one
    assert shortlist[0].score < SHORTLIST_SCORE
    assert len(result.accepted) == 1


def test_a_related_entry_is_always_shown(root: Path) -> None:
    model = ScriptedModel(KEEP_BOTH)
    cand = ProfileCandidate(slug="editor", ttl="one_year", body="User edits code in Vim.", evidence_turns=[0])
    with open_index(root) as index:
        result = dedup([cand], [], [], model=model, view=IndexView(index, "default"))
    assert result.calls == 1 and model.calls[0][2].shortlist[0].id == "prof_vim00001"
