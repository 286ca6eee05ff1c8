"""Token windows (issue 13 item 8, issue 18 items 6-7): CJK counted at about a token a character,
the detect prompt's own overhead reserved, and a window over the context split in two, once."""

from __future__ import annotations

from typing import Any

from memscribe.errors import ModelError
from memscribe.schemas.plan import Usage
from memscribe.stages.detect import PROMPT_RESERVE_TOKENS, detect, window_budget
from memscribe.stages.windows import estimate_tokens, halve, render_text, split_windows
from tests.support.turns import make_transcript

CJK = "我们团队的部署流程要求每次合并之前必须先在测试环境里跑完全部的集成测试然后再发布。"
ENGLISH = "The user prefers tabs over spaces in every Python file of this repository. "


def _real_counter() -> Any:
    from memscribe.model.llm import LiteLLMModel
    from tests.support.fakes import QueuedCompletion

    return LiteLLMModel("openai/gpt-4o-mini", completion=QueuedCompletion()).count_tokens


def test_estimate_counts_cjk_per_character_and_english_per_four() -> None:
    count = _real_counter()
    for text in (CJK * 20, ENGLISH * 20):
        real, estimated = count(text), estimate_tokens(text)
        assert 0.8 * real <= estimated <= 1.5 * real, (real, estimated)
    assert len(CJK * 20) // 3 + 4 < 0.5 * count(CJK * 20)  # the old estimate: a third


def test_cjk_windows_never_overflow_by_the_real_tokenizer() -> None:
    count = _real_counter()
    turns = make_transcript(*[("user" if i % 2 == 0 else "assistant", CJK * 6) for i in range(60)]).turns
    budget = 4000
    for counter in (estimate_tokens, count):
        windows = split_windows(turns, budget_tokens=budget, count=counter)
        assert len(windows) > 1
        for window in windows:
            assert sum(count(render_text(t)) for t in window) <= budget * 1.1


def test_reserve_covers_the_prompt_overhead() -> None:
    assert window_budget(8192) == 8192 - PROMPT_RESERVE_TOKENS  # fixtures' windows unchanged
    # A tokenizer that spends more on the prompt (instructions + schema) leaves less for turns.
    assert window_budget(8192, lambda text: len(text)) < 8192 - PROMPT_RESERVE_TOKENS


class OverflowingModel:
    """Answers windows of at most ``fits`` turns; larger ones overflow its context."""

    name = "overflowing"

    def __init__(self, fits: int) -> None:
        self.fits = fits
        self.sizes: list[int] = []
        self.usage = Usage()

    def generate(self, *, task: str, messages: Any, response_model: Any, request: Any) -> Any:
        self.sizes.append(len(request.turns))
        if len(request.turns) > self.fits:
            raise ModelError(
                "detect: the prompt is over the model's context window: 400", stage=task, attempts=1
            )
        return response_model.model_validate({"profiles": [], "playbooks": []})


def test_overflow_splits_the_window_and_retries_each_half_once() -> None:
    t = make_transcript(*[("user", f"I always use tool number {i} for builds.") for i in range(8)])
    model = OverflowingModel(fits=4)
    result = detect(t, model=model, signal_turns=tuple(range(8)), context_tokens=100_000)
    assert model.sizes == [8, 4, 4]
    assert result.calls == 3 and [s.reason for s in result.skipped] == []


def test_a_half_that_still_overflows_is_reported_not_split_again() -> None:
    t = make_transcript(*[("user", f"I always use tool number {i} for builds.") for i in range(8)])
    model = OverflowingModel(fits=2)
    result = detect(t, model=model, signal_turns=tuple(range(8)), context_tokens=100_000)
    assert model.sizes == [8, 4, 4]
    assert [s.reason for s in result.skipped] == ["model_error", "model_error"]
    assert halve(t.turns[:1]) == []
