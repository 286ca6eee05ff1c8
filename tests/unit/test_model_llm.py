"""The litellm/instructor path with an injected completion: re-asks and retries are bounded."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, ValidationError

from memscribe.errors import ModelError
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import QueuedCompletion, auth_error, fake_llm, rate_limit, server_error

GOOD = {
    "profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}],
    "playbooks": [],
}
MESSAGES = [
    {"role": "system", "content": "TASK: detect"},
    {"role": "user", "content": "[0] user: I use Neovim"},
]
REQUEST = DetectRequest(turns=(), window=1, windows=1)


def _generate(model: object) -> Detection:
    return model.generate(task="detect", messages=MESSAGES, response_model=Detection, request=REQUEST)  # type: ignore[attr-defined]


def test_valid_reply_is_parsed_and_accounted() -> None:
    completion = QueuedCompletion(GOOD)
    model = fake_llm(completion)
    result = _generate(model)
    assert result.profiles[0].body == "User uses Neovim."
    assert model.usage.llm_calls == 1
    assert model.usage.prompt_tokens == 100 and model.usage.completion_tokens == 20
    # JSON-schema mode: detect's prompt states its shape, so a JSON object is asked for and no
    # schema travels with the request (~450 tokens a call); hidden SDK retries are off.
    sent = completion.calls[0]
    assert sent["response_format"] == {"type": "json_object"}
    assert "$defs" not in str(sent) and "evidence_turns" not in str(sent)
    assert sent["num_retries"] == 0 and sent["max_retries"] == 0
    assert sent["timeout"] == 120.0


class _Answer(BaseModel):
    """An answer whose prompt does not state its shape."""

    value: int


def test_an_answer_the_prompt_does_not_shape_still_sends_its_schema() -> None:
    completion = QueuedCompletion({"value": 3})
    model = fake_llm(completion)
    result = model.generate(task="other", messages=MESSAGES, response_model=_Answer, request=REQUEST)
    assert result.value == 3
    sent = completion.calls[0]["response_format"]
    assert sent["type"] == "json_schema" and "value" in str(sent)


def test_a_fenced_answer_with_chatter_is_read_without_a_reask() -> None:
    completion = QueuedCompletion("Here you go:\n```json\n" + json.dumps(GOOD) + "\n```")
    model = fake_llm(completion)
    assert _generate(model).profiles[0].slug == "editor"
    assert model.usage.llm_calls == 1


def test_a_cut_off_answer_is_a_clear_model_error_not_a_reask() -> None:
    completion = QueuedCompletion('{"profiles": [{"slug": "ed')
    completion.finish_reason = "length"
    model = fake_llm(completion)
    with pytest.raises(ModelError, match="cut off"):
        _generate(model)
    assert len(completion.calls) == 1


def test_unusable_top_level_then_valid_reasks_once() -> None:
    completion = QueuedCompletion({"profiles": "editor: neovim"}, GOOD)
    model = fake_llm(completion)
    result = _generate(model)
    assert len(result.profiles) == 1
    assert model.usage.llm_calls == 2
    # The re-ask is never identical: it shows the model its own answer and the validation error.
    reask = completion.calls[1]["messages"]
    assert len(reask) == len(MESSAGES) + 2
    assert reask[: len(MESSAGES)] == MESSAGES
    assert "profiles" in reask[-1]["content"] and reask != completion.calls[0]["messages"]


@pytest.mark.parametrize("mode", ["json_schema", "json", "md_json"])
def test_one_invalid_item_is_dropped_without_a_reask(mode: str) -> None:
    bad = {"slug": "editor", "body": "User uses Neovim.", "evidence_turns": [0]}  # no ttl
    completion = QueuedCompletion({"profiles": [bad, GOOD["profiles"][0]], "playbooks": []})
    model = fake_llm(completion, mode=mode)
    result = _generate(model)
    assert [p.body for p in result.profiles] == ["User uses Neovim."]
    assert model.usage.llm_calls == 1  # no re-ask for an item-level error
    assert model.drain_invalid() == [("profiles", "0.ttl: Field required")]


def test_lenient_twin_shows_the_model_the_same_schema() -> None:
    import json

    from memscribe.model.lenient import lenient

    assert json.dumps(lenient(Detection).model_json_schema()) == json.dumps(Detection.model_json_schema())


def test_not_json_then_valid() -> None:
    completion = QueuedCompletion("Sure! Here are the memories:", GOOD)
    assert _generate(fake_llm(completion)).profiles


def test_always_invalid_gives_model_error_after_bounded_reasks() -> None:
    completion = QueuedCompletion(*(["not json at all"] * 10))
    model = fake_llm(completion, max_reasks=2)
    with pytest.raises(ModelError) as err:
        _generate(model)
    assert err.value.stage == "detect"
    assert "invalid model output" in str(err.value)
    assert len(completion.calls) == 3  # first try + 2 re-asks, no more
    assert model.usage.llm_calls == 3


def test_transient_error_then_success_is_retried() -> None:
    completion = QueuedCompletion(rate_limit(), server_error(), GOOD)
    model = fake_llm(completion)
    assert _generate(model).profiles
    assert len(completion.calls) == 3
    assert model.usage.llm_calls == 1  # one logical call succeeded


def test_transient_errors_exhaust_attempts() -> None:
    completion = QueuedCompletion(*[rate_limit() for _ in range(10)])
    model = fake_llm(completion, max_attempts=3)
    with pytest.raises(ModelError) as err:
        _generate(model)
    assert "unavailable after retries" in str(err.value)
    assert len(completion.calls) == 3


def test_auth_error_is_not_retried() -> None:
    completion = QueuedCompletion(auth_error(), GOOD)
    with pytest.raises(ModelError) as err:
        _generate(fake_llm(completion))
    assert "AuthenticationError" in str(err.value)
    assert len(completion.calls) == 1


def test_unknown_mode_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        fake_llm(QueuedCompletion(), mode="telepathy")


def test_missing_credentials_500_is_not_retried() -> None:
    """litellm reports the SDK's missing key as a 500: retrying it only wastes the budget."""
    import litellm

    missing = litellm.InternalServerError(
        "OpenAIException - Missing credentials. Please pass an `api_key`", llm_provider="openai", model="fake"
    )
    completion = QueuedCompletion(missing, GOOD)
    with pytest.raises(ModelError):
        _generate(fake_llm(completion))
    assert len(completion.calls) == 1


def test_dropped_items_keep_their_position_and_message() -> None:
    from memscribe.model.lenient import collecting, lenient

    with collecting() as dropped:
        lenient(Detection).model_validate({"profiles": ["just a string", {"slug": "e"}], "playbooks": []})
    assert [field for field, _ in dropped] == ["profiles", "profiles"]
    assert dropped[0][1].startswith("0: ") and "valid dictionary" in dropped[0][1]
    assert dropped[1][1] == "1.ttl: Field required"


def test_an_item_leaving_out_a_list_field_is_kept_with_an_empty_list() -> None:
    from memscribe.model.lenient import collecting, lenient

    item = {"slug": "home-city", "ttl": "one_year", "body": "User lives in Porto."}
    with collecting() as dropped:
        found = lenient(Detection).model_validate({"profiles": [item], "playbooks": []})
    assert dropped == []
    assert [(p.slug, p.evidence_turns) for p in found.profiles] == [("home-city", [])]
    # the strict model still requires it (what the model is shown is unchanged)
    with pytest.raises(ValidationError):
        Detection.model_validate({"profiles": [item], "playbooks": []})
