"""A model's ``supersede_old`` of a stored memory that the candidate only restates (same content,
no change cue, no value that differs) is carried out as a duplicate: the stored memory is kept,
nothing is archived, nothing is written (issue 16: "a restatement is a duplicate"). The check is a
veto: an update with a changed value is superseded as the model decided."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import IndexView, open_index
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.stages.dedup import DedupResult, dedup
from tests.support.store_helpers import BatchingModel, ScriptedModel, write_profile

MAC = "prof_macos001"
CITY = "prof_city0001"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(semantic.ENV_VAR, "off")  # the lexical rule alone: scores fixed by the words
    semantic.reset()
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    write_profile(tmp_path, MAC, "laptop", "User works on a MacBook with macOS.", created=when)
    write_profile(tmp_path, CITY, "home-city", "User lives in Glasgow, Scotland.", created=when)
    return tmp_path


RESTATED = ProfileCandidate(slug="laptop", ttl="one_year", body="User works on macOS.", evidence_turns=[0])
MOVED = ProfileCandidate(
    slug="home-city", ttl="one_year", body="User lives in Leeds now.", evidence_turns=[1]
)


def _run(root: Path, model: ScriptedModel, *cands: ProfileCandidate) -> DedupResult:
    with open_index(root) as index:
        return dedup(list(cands), [], [], model=model, view=IndexView(index, "default"))


def _supersede(ids: list[str], item: int | None = None) -> dict[str, object]:
    answer: dict[str, object] = {"action": "supersede_old", "existing_ids": ids, "reason": "newer"}
    return answer if item is None else {"item": item, **answer}


def test_a_restatement_the_model_supersedes_with_is_a_duplicate(root: Path) -> None:
    result = _run(root, ScriptedModel(_supersede([MAC])), RESTATED)
    assert result.calls == 1
    assert result.accepted == []  # nothing written, nothing archived
    [skip] = result.skipped
    assert skip.reason == "duplicate" and MAC in skip.detail


def test_an_update_the_model_supersedes_with_is_superseded(root: Path) -> None:
    [item] = _run(root, ScriptedModel(_supersede([CITY])), MOVED).accepted
    assert item.supersedes == (CITY,)


def test_the_batched_decisions_are_vetoed_alike(root: Path) -> None:
    model = BatchingModel({"decisions": [_supersede([MAC], 1), _supersede([CITY], 2)]})
    result = _run(root, model, RESTATED, MOVED)
    assert result.calls == 1
    assert [(a.candidate.body, a.supersedes) for a in result.accepted] == [(MOVED.body, (CITY,))]
    assert [s.reason for s in result.skipped] == ["duplicate"]


def test_a_pursuit_reached_is_no_restatement_of_it() -> None:
    from memscribe.schemas.requests import DedupRequest, ShortlistItem
    from memscribe.stages.dedup import restated_by

    goal = ShortlistItem(
        id="prof_goal0001",
        slug="goal",
        text="User is training for the Berlin Marathon.",
        created="2026",
        score=0.9,
    )

    def restated(text: str) -> list[str]:
        request = DedupRequest(kind="profile", slug="goal", text=text, shortlist=(goal,), said="")
        return restated_by(request, [goal.id])

    assert restated("User trains for the Berlin Marathon.") == [goal.id]
    assert restated("User finished the Berlin Marathon on Sunday.") == []
