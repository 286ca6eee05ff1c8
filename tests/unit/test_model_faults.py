"""Model faults on the litellm path: every failure is one clear ModelError, valid items survive a bad
neighbour, and a server that refuses the JSON-schema response format gets a working fallback."""

from __future__ import annotations

import json
from typing import Any

import litellm
import pytest

from memscribe.errors import ModelError
from memscribe.model import llm
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import QueuedCompletion, fake_llm

GOOD_ITEM = {"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}
MESSAGES = [
    {"role": "system", "content": "TASK: detect"},
    {"role": "user", "content": "[0] user: I use Neovim"},
]
REQUEST = DetectRequest(turns=(), window=1, windows=1)


def _generate(model: Any) -> Detection:
    result: Detection = model.generate(
        task="detect", messages=MESSAGES, response_model=Detection, request=REQUEST
    )
    return result


@pytest.fixture(autouse=True)
def _fresh_negotiation() -> Any:
    llm._NEGOTIATED.clear()
    yield
    llm._NEGOTIATED.clear()


def test_one_invalid_item_does_not_lose_the_window() -> None:
    bad = {"profiles": [GOOD_ITEM, {"slug": "city", "body": "User lives in Oslo."}], "playbooks": []}
    completion = QueuedCompletion(bad, bad, bad)
    model = fake_llm(completion, max_reasks=2)
    result = _generate(model)
    assert [p.body for p in result.profiles] == ["User uses Neovim."]
    dropped = model.drain_invalid()
    assert len(dropped) == 1 and dropped[0][0] == "profiles" and "ttl" in dropped[0][1]
    assert model.drain_invalid() == []


def test_unusable_top_level_is_still_a_model_error() -> None:
    completion = QueuedCompletion(*(["no json here"] * 3))
    with pytest.raises(ModelError, match="invalid model output"):
        _generate(fake_llm(completion, max_reasks=2))


def _refusal() -> BaseException:
    return litellm.BadRequestError(
        "Error code: 400 - {'error': 'response_format type json_schema is not supported'}",
        llm_provider="openai",
        model="fake",
    )


def test_server_refusing_json_schema_falls_back_once_with_a_notice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    completion = QueuedCompletion(_refusal(), {"profiles": [GOOD_ITEM], "playbooks": []})
    model = fake_llm(completion, api_base="http://127.0.0.1:8080/v1")
    result = _generate(model)
    assert result.profiles[0].slug == "editor"
    # detect states its shape in the prompt: json_schema mode asks for a JSON object, no schema
    assert completion.calls[0]["response_format"] == {"type": "json_object"}
    assert "json_schema" not in json.dumps(completion.calls[1].get("response_format") or {})
    err = capsys.readouterr().err
    assert err.count("refused --mode json_schema") == 1 and "using --mode json" in err
    assert model.mode == "json"
    # The choice is remembered for this API base: a new model object starts in json mode.
    again = fake_llm(QueuedCompletion({"profiles": [], "playbooks": []}), api_base="http://127.0.0.1:8080/v1")
    assert again.mode == "json"


def test_deterministic_500_naming_the_format_is_not_retried() -> None:
    err = litellm.InternalServerError(
        "json_schema: validation error in grammar", llm_provider="openai", model="x"
    )
    assert llm.is_transient(err) is False
    assert llm.is_transient(litellm.InternalServerError("boom", llm_provider="openai", model="x")) is True


@pytest.mark.parametrize(
    ("exc", "words"),
    [
        (litellm.ContextWindowExceededError("too long", model="x", llm_provider="openai"), "context window"),
        (litellm.ContentPolicyViolationError("nope", model="x", llm_provider="openai"), "content filter"),
        (litellm.NotFoundError("no such model", model="x", llm_provider="openai"), "not found"),
    ],
)
def test_each_failure_class_is_one_clear_line(exc: BaseException, words: str) -> None:
    with pytest.raises(ModelError) as info:
        _generate(fake_llm(QueuedCompletion(exc)))
    message = str(info.value)
    assert words in message and "\n" not in message


def test_truncated_answer_is_a_model_error_not_a_traceback() -> None:
    class Truncated(QueuedCompletion):
        def __call__(self, **kwargs: Any) -> Any:
            response = super().__call__(**kwargs)
            response.choices[0].finish_reason = "length"
            return response

    completion = Truncated('{"profiles": [{"slug": "edi', '{"profiles": [{"slug": "edi', '{"profiles": [')
    with pytest.raises(ModelError) as info:
        _generate(fake_llm(completion))
    assert "\n" not in str(info.value)


def test_provider_message_is_cut_at_a_word_boundary() -> None:
    text = "error " + " ".join(str(1234567 + i) for i in range(100))
    short = llm._short(RuntimeError(text), 50)
    assert short.endswith(" …")
    assert all(part.isdigit() or part in {"error", "…"} for part in short.split())
    assert len(short) <= 52


def test_call_budget_stops_calls_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    good = {"profiles": [GOOD_ITEM], "playbooks": []}
    completion = QueuedCompletion(good, good, good)
    model = fake_llm(completion, max_calls=2)
    _generate(model)
    _generate(model)
    with pytest.raises(ModelError, match="budget of 2 reached"):
        _generate(model)
    assert len(completion.calls) == 2
    monkeypatch.setenv("MEMSCRIBE_MAX_CALLS", "1")
    assert fake_llm(QueuedCompletion()).max_calls == 1
    monkeypatch.setenv("MEMSCRIBE_MAX_CALLS", "many")
    with pytest.raises(ValueError, match="whole number"):
        fake_llm(QueuedCompletion())


def test_llama_cpp_style_500_refusing_json_schema_falls_back() -> None:
    # llama-cpp-python answers a json_schema response_format with a 500 whose body is a
    # validation error naming the field (seen against llama_cpp.server 0.3.36).
    refusal = litellm.InternalServerError(
        "OpenAIException - 1 validation error: {'type': 'literal_error', 'loc': ('body', "
        "'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}",
        llm_provider="openai",
        model="x",
    )
    completion = QueuedCompletion(refusal, {"profiles": [GOOD_ITEM], "playbooks": []})
    model = fake_llm(completion, api_base="http://127.0.0.1:9/v1")
    assert _generate(model).profiles and model.mode == "json"
    assert len(completion.calls) == 2  # not retried as transient: one refusal, one answer


def test_fallback_notice_masks_credentials_in_the_api_base(capsys: pytest.CaptureFixture[str]) -> None:
    completion = QueuedCompletion(_refusal(), {"profiles": [GOOD_ITEM], "playbooks": []})
    model = fake_llm(completion, api_base="https://bob:s3cr3t-token-123@llm.example.net/v1")
    assert _generate(model).profiles
    err = capsys.readouterr().err
    assert "refused --mode json_schema" in err and "s3cr3t-token-123" not in err
