"""A run's models made as twins of its first (``LiteLLMModel.twin``, ``batch.settings.ModelTwins``),
and instructor's token totals left out of memscribe's calls (``model/light_calls``)."""

from __future__ import annotations

from typing import Any

import litellm
from instructor.v2.core import retry

from memscribe.batch.settings import ModelTwins
from memscribe.model import call_route, light_calls, llm
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import QueuedCompletion, fake_llm

ANSWER = {
    "profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}],
    "playbooks": [],
}
MESSAGES = [
    {"role": "system", "content": "TASK: detect"},
    {"role": "user", "content": "[0] user: I use Neovim"},
]
REQUEST = DetectRequest(turns=(), window=1, windows=1)
BASE = "http://127.0.0.1:9/v1"


def _ask(model: llm.LiteLLMModel) -> Detection:
    return model.generate(task="detect", messages=MESSAGES, response_model=Detection, request=REQUEST)


def test_a_twin_has_the_settings_its_own_usage_and_budget() -> None:
    completion = QueuedCompletion(ANSWER, ANSWER, ANSWER)
    first = fake_llm(completion, max_calls=2, context_tokens=4096, timeout=30.0)
    twin = first.twin()
    assert [p.slug for p in _ask(twin).profiles] == ["editor"]
    assert (twin.usage.llm_calls, twin.usage.prompt_tokens, first.usage.llm_calls) == (1, 100, 0)
    _ask(first)
    assert (first.usage.llm_calls, twin.usage.llm_calls) == (1, 1)
    for name in ("name", "api_base", "api_key", "timeout", "context_tokens", "provider", "max_calls", "mode"):
        assert getattr(twin, name) == getattr(first, name), name
    other = first.twin()  # the budget is per model, as for a model built again
    assert other.usage.llm_calls == 0 and other.drain_invalid() == []
    _ask(other)
    assert len(completion.calls) == 3


def test_a_twin_takes_the_route_and_mode_a_model_built_now_would() -> None:
    first = llm.LiteLLMModel("openai/bench", api_base=BASE, context_tokens=8192)
    assert first._completion is litellm.completion

    def helper(**kwargs: Any) -> Any:  # a call helper on the route, as inside ``calls_in_helper``
        raise AssertionError("not called here")

    call_route._HELPERS.append(helper)
    try:
        assert first.twin()._completion is helper  # a twin made in the helper's block calls through it
    finally:
        call_route._HELPERS.remove(helper)
    llm._NEGOTIATED[BASE] = "json"  # the server refused json_schema meanwhile (another model fell back)
    try:
        assert first.twin().mode == "json"
        assert llm.LiteLLMModel("openai/bench", api_base=BASE, context_tokens=8192).mode == "json"
    finally:
        del llm._NEGOTIATED[BASE]
    assert first.twin().mode == first.mode == "json_schema"


def test_model_twins_builds_once_a_model_that_has_twins_and_every_time_one_that_has_none() -> None:
    built: list[Any] = []

    def factory() -> Any:
        built.append(fake_llm(QueuedCompletion()))
        return built[-1]

    twins = ModelTwins(factory)
    models = [twins() for _ in range(4)]
    assert len(built) == 1 and all(m is not built[0] for m in models)
    assert len({id(m.usage) for m in models}) == 4

    class Plain:  # no twin(): each call builds one, the first handed out as built
        name = "plain"

    plain: list[Plain] = []
    others = ModelTwins(lambda: plain.append(Plain()) or plain[-1])  # type: ignore[func-returns-value]
    given = [others() for _ in range(3)]
    assert given == plain and len(plain) == 3


def test_instructor_keeps_no_token_totals_for_memscribe_calls_only() -> None:
    light_calls.install()
    assert {"update_total_usage", "_usage_snapshot"} <= {
        name.rsplit(".", 1)[-1] for name in light_calls.install()
    }
    completion = QueuedCompletion("not json", ANSWER)  # a re-ask: two attempts' tokens
    model = fake_llm(completion)
    answer = _ask(model)
    assert not hasattr(answer, "_total_usage") or answer._total_usage is None
    assert (model.usage.llm_calls, model.usage.prompt_tokens, model.usage.completion_tokens) == (2, 200, 40)
    # outside memscribe's calls instructor totals as before
    response = QueuedCompletion(ANSWER)(model="fake", messages=[])
    total = retry._initialize_usage(retry.Provider.OPENAI)
    retry.update_total_usage(response=response, total_usage=total)
    retry.update_total_usage(response=response, total_usage=total)
    assert total.prompt_tokens == 200
    assert retry._usage_snapshot(total).prompt_tokens == 200
