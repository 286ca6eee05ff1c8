"""``model/light_parse``: a chat completion's answer handed to litellm as the dict the SDK's
object would dump (same keys, values and order), built only for answers of exactly their declared
types; litellm's per-call price entry not walked for a call that sets no price. The requests and
litellm's responses with and without every hook: ``test_model_call_identity``."""

from __future__ import annotations

import copy
import json
from typing import Any

import litellm
import openai._base_client
import pytest
from openai._models import construct_type
from openai.types.chat import ChatCompletion

from memscribe.model import light_calls, light_parse
from tests.support.llm_server import serve
from tests.unit.test_model_light_calls import ANSWER, _ask

pytestmark = pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])

_CHOICE = {"index": 0, "message": {"role": "assistant", "content": ANSWER}, "finish_reason": "stop"}
#: Answers read directly: the test server's, one with a fingerprint and cached-token details, a
#: vLLM-style one (nulls, empty tool calls, keys the SDK does not declare), keys in another order.
READ = [
    {
        "id": "c1",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "m",
        "choices": [_CHOICE],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
    },
    {
        "id": "c2",
        "object": "chat.completion",
        "created": 1767225600,
        "model": "m",
        "system_fingerprint": "fp",
        "choices": [_CHOICE],
        "usage": {
            "prompt_tokens": 31,
            "completion_tokens": 9,
            "total_tokens": 40,
            "prompt_tokens_details": {"cached_tokens": 0},
        },
    },
    {
        "id": "c3",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "reasoning_content": None,
                    "content": ANSWER,
                    "tool_calls": [],
                },
                "logprobs": None,
                "finish_reason": "stop",
                "stop_reason": None,
            }
        ],
        "usage": {
            "prompt_tokens": 31,
            "total_tokens": 40,
            "completion_tokens": 9,
            "prompt_tokens_details": None,
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": None},
            "extra": 5,
        },
        "prompt_logprobs": None,
        "kv_transfer_params": {"a": [1, {"b": 2}]},
        "service_tier": None,
    },
    {
        "model": "m",
        "choices": [
            {"message": {"content": "x", "role": "assistant"}, "index": 0, "finish_reason": "length"}
        ],
        "id": "c4",
        "object": "chat.completion",
        "created": 1,
    },
]
#: Answers left to the SDK: a float where an integer is declared, a boolean, a tool call, log
#: probabilities (floats), a finish reason outside the declared ones.
LEFT = [
    {"id": "x", "object": "chat.completion", "created": 1.5, "model": "m", "choices": []},
    {"id": "x", "object": "chat.completion", "created": True, "model": "m", "choices": []},
    {
        "id": "x",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {"id": "t", "type": "function", "function": {"name": "f", "arguments": "{}"}}
                    ],
                },
            }
        ],
    },
    {
        "id": "x",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [
            {
                **_CHOICE,
                "logprobs": {"content": [{"token": "a", "logprob": 0, "bytes": [97], "top_logprobs": []}]},
            }
        ],
    },
    {
        "id": "x",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [{**_CHOICE, "finish_reason": "odd"}],
    },
]


def _sdk_dump(data: dict[str, Any]) -> str:
    built = construct_type(type_=ChatCompletion, value=copy.deepcopy(data))
    return json.dumps(built.model_dump(exclude_unset=True))  # type: ignore[union-attr]


@pytest.mark.parametrize("data", READ, ids=lambda d: str(d["id"]))
def test_an_answer_of_declared_types_dumps_as_the_sdk_object_does(data: dict[str, Any]) -> None:
    light_calls.complete_call_types()
    dumped = light_parse.dump(ChatCompletion, copy.deepcopy(data))
    assert dumped is not None
    assert json.dumps(dumped) == _sdk_dump(data)  # keys, values and their order


@pytest.mark.parametrize("data", LEFT)
def test_any_other_answer_is_left_to_the_sdk(data: dict[str, Any]) -> None:
    assert light_parse.dump(ChatCompletion, copy.deepcopy(data)) is None


def test_a_memscribe_call_builds_no_sdk_object_and_gets_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[object] = []
    construct = openai._base_client.construct_type

    def counted(**kwargs: Any) -> Any:
        built.append(kwargs.get("type_"))
        return construct(**kwargs)

    monkeypatch.setattr(openai._base_client, "construct_type", counted)
    assert "openai.BaseClient._process_response_data" in light_calls.install()
    with serve(responder=lambda messages: ANSWER) as url:
        model, answer, responses = _ask("openai/memscribe-unmapped", url)
        assert ChatCompletion not in built
        assert [p.body for p in answer.profiles] == ["User uses Neovim."]
        assert model.usage.prompt_tokens > 0
        outside = litellm.completion(
            model="openai/memscribe-unmapped",
            api_base=url,
            api_key="test-key",
            messages=[{"role": "system", "content": "TASK: detect"}, {"role": "user", "content": "hi"}],
        )
    assert ChatCompletion in built  # a call that is not memscribe's: the SDK's object, as before
    assert outside.choices[0].message.content == responses[0].choices[0].message.content


def test_the_price_entry_is_not_walked_for_a_call_that_sets_no_price() -> None:
    assert "litellm.main.per_call_model_info" in light_calls.install()
    walk = litellm.main.per_call_model_info
    assert getattr(walk, "__memscribe_light__", False)
    plain: dict[str, Any] = {"api_base": "http://x/v1", "timeout": 60.0, "input_cost_per_token": None}
    priced: dict[str, Any] = {**plain, "input_cost_per_token": 1e-6, "output_cost_per_token": 2e-6}
    with light_calls.memscribe_call():
        assert walk("openai/memscribe-unmapped", "openai", plain, "chat") is None
        inside = walk("openai/memscribe-unmapped", "openai", priced, "chat")
    outside = walk.__wrapped__("openai/memscribe-unmapped", "openai", priced, "chat")
    assert inside is not None and inside == outside
    assert inside["input_cost_per_token"] == 1e-6
    assert walk.__wrapped__("openai/memscribe-unmapped", "openai", plain, "chat") is None
