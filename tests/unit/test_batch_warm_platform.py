"""The driver computes the platform description (``uname``, ~5 ms) only where its own threads
make the model calls: not when a call helper, a planner process or a cluster makes them."""

from __future__ import annotations

import platform
import sys
import types
from pathlib import Path

import pytest

from memscribe.batch.discovery import discover
from memscribe.batch.engine import LocalEngine
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.seam import Engine, UnitInput, UnitOutput
from memscribe.batch.settings import ModelFactory
from memscribe.batch.view import Delta, Snapshot
from memscribe.model.embedded import EmbeddedModel
from tests.support.batch_corpus import make_corpus, memory_state


class Elsewhere(Engine):
    """The local engine's work behind another engine (as a planner process or a cluster is)."""

    name = "elsewhere"

    def __init__(self) -> None:
        self.inner = LocalEngine()

    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        self.inner.open(snapshot, model_factory, concurrency, look_ahead=look_ahead)

    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        self.inner.submit(unit, first=first)

    def results(self, timeout: float | None) -> list[UnitOutput]:
        return self.inner.results(timeout)

    def expect(self, ranks: list[int]) -> None:
        self.inner.expect(ranks)

    def withdraw(self, rank: int, *, again: bool) -> None:
        self.inner.withdraw(rank, again=again)

    def advance(self, version: int, delta: Delta, rank: int | None) -> None:
        self.inner.advance(version, delta, rank)

    def close(self) -> None:
        self.inner.close()


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts ``platform.platform()`` calls, with the OpenAI client loaded (as an LLM run has it)."""
    calls: list[int] = []
    monkeypatch.setattr(platform, "platform", lambda *a, **k: calls.append(1) or "Linux")
    monkeypatch.setitem(sys.modules, "openai", sys.modules.get("openai") or types.ModuleType("openai"))
    return calls


def _run(tmp_path: Path, name: str, engine: Engine | None = None) -> None:
    make_corpus(tmp_path / "t", 3)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / name), EmbeddedModel, engine=engine
    )
    assert report.processed == 3


def test_calls_made_by_the_drivers_threads_warm_the_platform_once(tmp_path: Path, asked: list[int]) -> None:
    _run(tmp_path, "m")
    assert len(asked) == 1


def test_calls_made_in_a_helper_process_leave_it_to_the_helper(
    tmp_path: Path, asked: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    route = types.ModuleType("memscribe.model.call_route")
    route.in_helper = lambda: True  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "memscribe.model.call_route", route)
    _run(tmp_path, "m")
    assert asked == []


def test_calls_made_by_another_engine_leave_it_to_its_workers(tmp_path: Path, asked: list[int]) -> None:
    _run(tmp_path, "elsewhere", Elsewhere())
    _run(tmp_path, "local")
    assert len(asked) == 1  # the local run's only
    assert memory_state(tmp_path / "elsewhere") == memory_state(tmp_path / "local")
