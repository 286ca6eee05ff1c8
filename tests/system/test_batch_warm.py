"""The stages after a model's answer have their models loaded while the first requests fly."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from memscribe import semantic
from memscribe.batch.discovery import discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.guard import classifier
from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from tests.support.batch_corpus import make_corpus, memory_state

LATENCY = 0.4


class Remote(EmbeddedModel):
    """The embedded model's answers, each after a round trip through a transport (as an LLM
    client's requests go: the batch engine bounds the requests in flight, not the model's work)."""

    first_answer: list[tuple[bool, bool]] = []
    lock = threading.Lock()

    def __init__(self) -> None:
        super().__init__()
        self._transport: Callable[..., Any] = self._send

    def bound_requests(self, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self._transport = wrap(self._transport)

    @staticmethod
    def _send(**kwargs: Any) -> None:
        time.sleep(LATENCY)
        with Remote.lock:
            if not Remote.first_answer:  # what is loaded when the first answer comes back
                Remote.first_answer.append(
                    (classifier.WEIGHTS_RESOURCE in classifier._LOADED, "default" in semantic._loaded)
                )

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[Any], request: BaseModel
    ) -> Any:
        self._transport(task=task)
        return super().generate(task=task, messages=messages, response_model=response_model, request=request)


def test_guard_and_encoder_are_loaded_before_the_first_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh process (nothing loaded yet): by the time the first answer is back, the write
    guard's classifier and the encoder are loaded; the files are those of a run where both were
    loaded before it started."""
    make_corpus(tmp_path / "t", 6)
    items = discover([str(tmp_path / "t")])
    monkeypatch.setattr(classifier, "_LOADED", {})
    monkeypatch.setattr(semantic, "_loaded", {})
    monkeypatch.setattr(Remote, "first_answer", [])
    report = run_batch(items, BatchConfig(root=tmp_path / "cold", concurrency=4), Remote)
    assert report.processed == 6 and not report.failed
    assert Remote.first_answer == [(True, True)]
    loaded = tmp_path / "loaded"
    run_batch(items, BatchConfig(root=loaded, concurrency=4), EmbeddedModel)
    assert memory_state(tmp_path / "cold") == memory_state(loaded) != []
