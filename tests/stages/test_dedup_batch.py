"""An LLM is asked for all of a run's dedup decisions in one call (``dedup_batch.j2``); a lone
decision keeps the one-candidate prompt; the embedded model still decides one by one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import IndexView, open_index
from memscribe.schemas.candidates import DedupBatchDecision, DedupDecision, ProfileCandidate
from memscribe.schemas.requests import DedupBatchRequest, DedupRequest
from memscribe.stages.dedup import DedupResult, dedup
from tests.support.store_helpers import BatchingModel, ScriptedModel, write_profile


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(semantic.ENV_VAR, "off")  # the lexical rule alone: scores fixed by the words
    semantic.reset()
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Glasgow, Scotland.", created=when)
    write_profile(tmp_path, "prof_edit0001", "editor", "User edits code in Vim every day.", created=when)
    return tmp_path


CITY = ProfileCandidate(slug="home-city", ttl="one_year", body="User lives in Leeds now.", evidence_turns=[0])
EDITOR = ProfileCandidate(
    slug="editor", ttl="one_year", body="User edits code in Helix now.", evidence_turns=[0]
)
DIET = ProfileCandidate(slug="diet", ttl="infinity", body="User is vegetarian.", evidence_turns=[0])


def _run(root: Path, model: ScriptedModel, *cands: ProfileCandidate) -> DedupResult:
    with open_index(root) as index:
        return dedup(list(cands), [], [], model=model, view=IndexView(index, "default"))


def _decision(item: int, action: str, ids: list[str]) -> dict[str, object]:
    return {"item": item, "action": action, "existing_ids": ids, "reason": "r"}


def test_two_candidates_that_need_a_decision_cost_one_call(root: Path) -> None:
    model = BatchingModel(
        {"decisions": [_decision(1, "supersede_old", ["prof_city0001"]), _decision(2, "keep_both", [])]}
    )
    result = _run(root, model, CITY, DIET, EDITOR)
    assert result.calls == 1 and len(model.calls) == 1
    task, messages, request = model.calls[0]
    assert task == "dedup" and isinstance(request, DedupBatchRequest)
    assert [i.text for i in request.items] == [CITY.body, EDITOR.body]  # the diet needs no decision
    assert "ITEM 1. NEW profile" in messages[1]["content"] and "ITEM 2." in messages[1]["content"]
    # recorded in candidate order, each with its own decision
    assert [(a.candidate.body, a.supersedes) for a in result.accepted] == [
        (CITY.body, ("prof_city0001",)),
        (DIET.body, ()),
        (EDITOR.body, ()),
    ]


def test_a_lone_decision_keeps_the_one_candidate_prompt(root: Path) -> None:
    batching = BatchingModel(
        {"action": "supersede_old", "existing_ids": ["prof_city0001"], "reason": "moved"}
    )
    one_by_one = ScriptedModel(
        {"action": "supersede_old", "existing_ids": ["prof_city0001"], "reason": "moved"}
    )
    batched, plain = _run(root, batching, CITY, DIET), _run(root, one_by_one, CITY, DIET)
    assert isinstance(batching.calls[0][2], DedupRequest)
    assert batching.calls[0][1] == one_by_one.calls[0][1]  # the same messages: recorded answers still fit
    assert batched == plain


def test_a_stored_memory_is_replaced_once(root: Path) -> None:
    again = ProfileCandidate(
        slug="home-city", ttl="one_year", body="User moved to Leeds in May.", evidence_turns=[1]
    )
    model = BatchingModel(
        {
            "decisions": [
                _decision(1, "supersede_old", ["prof_city0001"]),
                _decision(2, "supersede_old", ["prof_city0001"]),
            ]
        }
    )
    result = _run(root, model, CITY, again)
    assert [a.supersedes for a in result.accepted] == [("prof_city0001",), ()]  # the second is kept as new


def test_an_item_the_answer_leaves_out_is_skipped_not_written(root: Path) -> None:
    model = BatchingModel({"decisions": [_decision(2, "keep_both", [])]})
    result = _run(root, model, CITY, EDITOR)
    assert [a.candidate.body for a in result.accepted] == [EDITOR.body]
    assert [(s.reason, "item 1" in (s.detail or "")) for s in result.skipped] == [("model_error", True)]


def test_invented_ids_are_never_acted_on(root: Path) -> None:
    model = BatchingModel(
        {
            "decisions": [
                _decision(1, "supersede_old", ["prof_nothere1"]),
                _decision(2, "drop_new", ["prof_edit0001"]),
            ]
        }
    )
    result = _run(root, model, CITY, EDITOR)
    assert [(a.candidate.body, a.supersedes) for a in result.accepted] == [(CITY.body, ())]
    assert [s.reason for s in result.skipped] == ["duplicate"]


def test_the_embedded_model_decides_one_by_one(root: Path) -> None:
    model = ScriptedModel(
        {"action": "keep_both", "existing_ids": [], "reason": "r"},
        {"action": "keep_both", "existing_ids": [], "reason": "r"},
    )
    result = _run(root, model, CITY, EDITOR)
    assert result.calls == 2 and all(isinstance(c[2], DedupRequest) for c in model.calls)


def test_the_batch_schemas_hold_one_decision_per_item() -> None:
    answer = DedupBatchDecision.model_validate({"decisions": [_decision(1, "merge", ["a"])]})
    assert isinstance(answer.decisions[0], DedupDecision) and answer.decisions[0].item == 1
    with pytest.raises(ValueError):
        DedupBatchRequest(items=())
