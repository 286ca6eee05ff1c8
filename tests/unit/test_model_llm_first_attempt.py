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
