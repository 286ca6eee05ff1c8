"""The first attempt of a model call runs without tenacity's machinery (``LiteLLMModel._call_with_
retries``); once it fails transiently, tenacity sees that failure as its first attempt: the same
number of attempts, and the time budget counted from the first attempt's start."""

from __future__ import annotations

import time
from typing import Any

import pytest

from memscribe.errors import ModelError
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import QueuedCompletion, auth_error, fake_llm, rate_limit

GOOD = '{"profiles": [], "playbooks": []}'


def _generate(model: Any) -> Detection:
    request = DetectRequest(turns=(), window=1, windows=1)
    messages = [{"role": "user", "content": "[0] user: hi"}]
    return model.generate(task="detect", messages=messages, response_model=Detection, request=request)  # type: ignore[no-any-return]


@pytest.mark.parametrize("attempts", [1, 2, 4])
def test_every_attempt_counts_the_first_one(attempts: int) -> None:
    completion = QueuedCompletion(*[rate_limit() for _ in range(6)])
    with pytest.raises(ModelError, match="rate limited"):
        _generate(fake_llm(completion, max_attempts=attempts, max_reasks=0))
    assert len(completion.calls) == attempts


def test_the_first_attempts_time_counts_against_the_budget() -> None:
    class Slow(QueuedCompletion):
        def __call__(self, **kwargs: Any) -> Any:
            time.sleep(0.3)  # each attempt takes longer than the whole budget
            return super().__call__(**kwargs)

    completion = Slow(rate_limit(), rate_limit(), GOOD)
    with pytest.raises(ModelError):
        _generate(fake_llm(completion, max_attempts=5, retry_budget_s=0.2, max_reasks=0))
    assert len(completion.calls) == 1  # the budget was spent by the first attempt: no second


def test_a_first_failure_not_transient_is_raised_at_once_and_a_retry_succeeds() -> None:
    failing = QueuedCompletion(auth_error(), GOOD)
    with pytest.raises(ModelError, match="AuthenticationError"):
        _generate(fake_llm(failing))
    assert len(failing.calls) == 1
    recovering = QueuedCompletion(rate_limit(), GOOD)
    model = fake_llm(recovering)
    assert _generate(model).profiles == []
    assert len(recovering.calls) == 2 and model.usage.llm_calls == 1


def test_a_models_first_request_leaves_before_its_validating_twin_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The per-item validating twin (:func:`memscribe.model.lenient.lenient`: pydantic schema
    work on a model's first use) is built once the first request has left, not on its way: the
    batch run's first request waits on nothing it does not need."""
    from memscribe.model import lenient

    monkeypatch.setattr(lenient, "_TWINS", {})  # as in a process that has not built it yet
    built_before_the_call: list[bool] = []

    class Watching(QueuedCompletion):
        def __call__(self, **kwargs: Any) -> Any:
            built_before_the_call.append(Detection in lenient._TWINS)  # noqa: SLF001
            return super().__call__(**kwargs)

    completion = Watching(GOOD)
    assert _generate(fake_llm(completion)).profiles == []
    assert built_before_the_call == [False]
    assert Detection in lenient._TWINS  # noqa: SLF001 - built for the answer, once
