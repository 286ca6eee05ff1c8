"""The composed run lets each stage's result go once the next stage has read it (issue 17: the
candidates are copied stage to stage, and a large transcript's were all held at once)."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

import memscribe.run as run
from memscribe.model.embedded import EmbeddedModel
from tests.support.turns import make_transcript


def test_detect_and_verify_results_are_let_go_before_later_stages(monkeypatch: pytest.MonkeyPatch) -> None:
    held: dict[str, weakref.ref[Any]] = {}
    alive_at: dict[str, list[str]] = {}

    def recording(name: str, stage: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            alive_at[name] = [k for k, ref in held.items() if ref() is not None]
            result = stage(*args, **kwargs)
            held[name] = weakref.ref(result)
            return result

        return wrapped

    for name in ("detect", "verify", "screen", "dedup_all"):
        monkeypatch.setattr(run, name, recording(name, getattr(run, name)))
    transcript = make_transcript(
        ("user", "I live in Lisbon and I prefer tabs over spaces."),
        ("assistant", "Noted."),
        ("user", "No, use pytest instead of unittest for the tests."),
        ("assistant", "Switched the tests to pytest."),
        ("user", "Perfect, thanks."),
    )
    gc.disable()  # only references count: no collection may free what the run still names
    try:
        plan = run.extract(transcript, model=EmbeddedModel(), existing=[], taken_ids=[], context_tokens=8000)
    finally:
        gc.enable()
    assert plan.operations, "the transcript must reach every stage"
    assert alive_at["screen"] == ["verify"]  # the detector's result let go once verified
    assert alive_at["dedup_all"] == ["screen"]
