"""Recorded real-model answers: recorded once from a live server, replayed offline by key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memscribe.errors import UserError
from memscribe.evaluation.recorded import RecordedCompletion, recorded_model_factory
from memscribe.evaluation.standin import request_key
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import QueuedCompletion

MESSAGES = [
    {"role": "system", "content": "TASK: detect"},
    {"role": "user", "content": "[0] user: I use Neovim"},
]
ANSWER = {
    "profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}],
    "playbooks": [],
}


def _meta(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "meta.json").write_text(
        json.dumps({"model": "openai/small", "mode": "json", "context_tokens": 4096})
    )


def _detect(model: object) -> Detection:
    return model.generate(  # type: ignore[attr-defined]
        task="detect",
        messages=list(MESSAGES),
        response_model=Detection,
        request=DetectRequest(turns=(), window=1, windows=1),
    )


def test_a_miss_is_recorded_from_the_live_server_then_replayed_offline(tmp_path: Path) -> None:
    from memscribe.model.llm import LiteLLMModel

    _meta(tmp_path)
    live = QueuedCompletion(ANSWER)
    recorder = RecordedCompletion(tmp_path, live=live)
    live_model = LiteLLMModel("openai/small", completion=recorder, mode="json", context_tokens=4096)
    assert [p.body for p in _detect(live_model).profiles] == ["User uses Neovim."]
    assert recorder.recorded == 1
    (answer,) = (tmp_path / "answers").iterdir()
    assert json.loads(answer.read_text()) == ANSWER
    assert answer.stem == request_key(live.calls[0]["messages"])  # keyed by exactly what was sent
    assert json.loads((tmp_path / "calls" / answer.name).read_text())["prompt_tokens"] == 100
    # replay: no live server; the same prompt gets the recorded answer, through the real model path
    make, completion, label = recorded_model_factory(tmp_path)
    model = make()
    assert model.mode == "json" and model.context_tokens == 4096 and "openai/small" in label
    assert [p.body for p in _detect(model).profiles] == ["User uses Neovim."]
    assert completion.answered == 1 and completion.unanswered == []


def test_an_unrecorded_prompt_is_refused_and_counted(tmp_path: Path) -> None:
    _meta(tmp_path)
    make, completion, _ = recorded_model_factory(tmp_path)
    with pytest.raises(Exception, match="no recorded answer"):
        completion(messages=MESSAGES)
    assert completion.unanswered == [request_key(MESSAGES)]


def test_deterministic_refusals_are_recorded_transient_failures_never(tmp_path: Path) -> None:
    import litellm

    overflow = litellm.BadRequestError(
        "context length exceeded: 9000 > 8192", llm_provider="openai", model="x"
    )
    timeout = litellm.Timeout("timed out", llm_provider="openai", model="x")
    recorder = RecordedCompletion(tmp_path, live=QueuedCompletion(overflow, timeout))
    with pytest.raises(litellm.BadRequestError):
        recorder(messages=MESSAGES)
    other = [*MESSAGES, {"role": "user", "content": "again"}]
    with pytest.raises(litellm.Timeout):
        recorder(messages=other)
    assert [p.stem for p in (tmp_path / "errors").iterdir()] == [request_key(MESSAGES)]
    assert not (tmp_path / "answers").exists()
    replay = RecordedCompletion(tmp_path)
    with pytest.raises(litellm.BadRequestError, match="context length"):
        replay(messages=MESSAGES)


def test_a_folder_without_meta_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="meta.json"):
        recorded_model_factory(tmp_path)
    with pytest.raises(UserError, match="meta.json"):
        recorded_model_factory(tmp_path, live_model="openai/small", api_base="http://127.0.0.1:1/v1")
