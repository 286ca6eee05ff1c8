"""The strong-model stand-in: prompts recorded, answers replayed; the committed answers cover the
validation and test splits, and the LLM path replayed from them writes nothing unsafe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memscribe.evaluation import evaluate
from memscribe.evaluation.scoring import figures
from memscribe.evaluation.standin import StandinCompletion, request_key, standin_model_factory

REPO = Path(__file__).resolve().parents[2]
EVAL_FIXTURES = REPO / "fixtures" / "eval"
AUTHORED = REPO / "fixtures" / "eval" / "authored"
STANDIN = REPO / "fixtures" / "standin"


def test_key_depends_on_what_the_model_sees_only() -> None:
    a = [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}]
    assert request_key(a) == request_key([dict(m, extra=1) for m in a])
    assert request_key(a) != request_key([a[0], {"role": "user", "content": "U2"}])


def test_unanswered_prompts_are_recorded_then_replayed(tmp_path: Path) -> None:
    make, completion = standin_model_factory(tmp_path)
    first = evaluate("agent", make, model_name="standin", data_dir=EVAL_FIXTURES)
    assert completion.answered == 0 and completion.unanswered
    saved = sorted((tmp_path / "requests").glob("*.json"))
    assert {p.stem for p in saved} == set(completion.unanswered)
    record = json.loads(saved[0].read_text(encoding="utf-8"))
    assert record["messages"][0]["role"] == "system" and "TASK:" in record["messages"][0]["content"]
    assert record["response_schema"]  # the answerer sees the schema to answer in
    assert first.total()["prof_tp"] == 0  # nothing answered, nothing written

    answers = tmp_path / "answers"
    answers.mkdir()
    for path in saved:
        (answers / path.name).write_text(json.dumps({"profiles": [], "playbooks": []}), encoding="utf-8")
    make2, completion2 = standin_model_factory(tmp_path)
    evaluate("agent", make2, model_name="standin", data_dir=EVAL_FIXTURES)
    assert completion2.answered == len(saved) and completion2.unanswered == []


@pytest.mark.parametrize("split", ["val", "test"])
def test_committed_answers_cover_the_held_out_splits_and_write_nothing_unsafe(split: str) -> None:
    completion = StandinCompletion(STANDIN, record=False)
    from memscribe.model.llm import LiteLLMModel

    report = evaluate(
        "agent",
        lambda: LiteLLMModel("openai/standin", completion=completion, backoff_initial_s=0.0, max_reasks=1),
        model_name="standin",
        data_dir=AUTHORED / split,
    )
    # A prompt change shows up here first: re-record (`memscribe eval authored-val --paths standin`,
    # and authored-test),
    # answer the new prompts (bench/standin.py), commit the answers.
    assert completion.unanswered == [], f"{len(completion.unanswered)} prompt(s) without a recorded answer"
    f = figures(report.total())
    assert f["false_playbooks"] == 0
    assert f["secrets_leaked"] == 0 and f["injected_stored"] == 0 and f["echo_stored"] == 0
    assert report.total()["errors"] == 0
