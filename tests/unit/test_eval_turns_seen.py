"""The evaluation's gate recall counts the turns the detector is really shown: the windows
``stages.detect`` cuts (its budget and the model's own token count), not an estimate of them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from memscribe.evaluation.runner import _turns_seen
from memscribe.model.base import Message
from memscribe.schemas.candidates import Detection
from memscribe.schemas.plan import Usage
from memscribe.schemas.requests import DetectRequest
from memscribe.stages.detect import detect
from memscribe.stages.windows import estimate_tokens
from tests.support.turns import make_transcript


class WordyModel:
    """A prompted model whose tokenizer counts three times the estimate; records what it is shown."""

    name = "wordy"
    context_tokens = 6000

    def __init__(self) -> None:
        self.usage = Usage()
        self.shown: set[int] = set()

    def count_tokens(self, text: str) -> int:
        return 3 * estimate_tokens(text)

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        assert isinstance(request, DetectRequest)
        self.shown.update(t.index for t in request.turns)
        return Detection(profiles=[], playbooks=[])


def test_turns_seen_are_the_turns_detect_shows_the_model() -> None:
    filler = "Here is a longer paragraph about the build, the tests and the deploy. " * 12
    turns: list[tuple[str, str]] = []
    for i in range(40):
        turns += [("user", f"step {i}: {filler}"), ("assistant", f"done {i}: {filler}")]
    turns[2] = ("user", "I live in Porto and I bike to work every day.")
    transcript = make_transcript(*turns)
    model = WordyModel()
    detect(transcript, model=model, signal_turns=(2,), context_tokens=model.context_tokens)
    seen = _turns_seen(transcript, (2,), model.context_tokens, model)
    assert 2 in seen
    assert seen == model.shown


def test_a_unit_that_lost_a_window_to_a_model_error_is_counted_and_flagged() -> None:
    """A replayed path with a prompt not answered yet: the figures say they are incomplete."""
    from memscribe.evaluation import DatasetReport, UnitResult
    from memscribe.evaluation.compare import Evaluated, side_by_side
    from memscribe.evaluation.datasets import Unit
    from memscribe.evaluation.report import table
    from memscribe.evaluation.runner import Outcome, StepOutcome
    from memscribe.evaluation.scoring import figures, score

    unit = Unit(dataset="agent", name="u", categories=("profile",), steps=[], gold={"expected": {}})
    answered = Outcome(unit=unit, steps=[StepOutcome("a", True, [], [], llm_calls=1)])
    lost = Outcome(unit=unit, steps=[StepOutcome("b", True, [], [], llm_calls=1, skipped={"model_error": 1})])
    assert score(answered)["model_error_units"] == 0
    assert score(lost)["model_error_units"] == 1
    report = DatasetReport(dataset="agent", model="standin")
    report.units = [UnitResult("u", ("profile",), score(o)) for o in (answered, lost)]
    assert figures(report.total())["model_error_units"] == 1
    assert "1 unit(s) lost a window or decision to a model error" in table(report)
    assert "standin: 1 unit(s) lost" in side_by_side([Evaluated("authored-dev", "standin", report)])
