"""The local engine in a forked planner process (:mod:`memscribe.batch.process_engine`): the same
plans as in one process, the board fed the very deltas its units published, a planner that dies
fails its units instead of leaving the run waiting, and the first unit's one-off work done early."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from memscribe.batch import process_engine
from memscribe.batch.discovery import discover
from memscribe.batch.engine import LocalEngine, Occupancy
from memscribe.batch.process_engine import ProcessEngine
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.view import Delta, Snapshot
from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import Usage
from tests.support.batch_corpus import make_corpus, memory_state
from tests.support.counting import counting

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the planner is forked (Linux)"),
    # the test process may hold idle threads of earlier runs (never the memscribe process, which
    # forks its planner while it has one thread): Python 3.12 warns of any fork then
    pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning"),
]


def test_a_run_planned_in_the_planner_writes_what_one_process_writes(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 30)
    items = discover([str(tmp_path / "t")])
    here = run_batch(items, BatchConfig(root=tmp_path / "here", concurrency=4), EmbeddedModel)
    engine = ProcessEngine()
    try:
        there = run_batch(
            items, BatchConfig(root=tmp_path / "there", concurrency=4), EmbeddedModel, engine=engine
        )
    finally:
        engine.shutdown()
    assert there.failed == here.failed == 0 and not there.timed_out
    assert there.writes == here.writes > 0 and there.supersessions == here.supersessions > 0
    assert memory_state(tmp_path / "there") == memory_state(tmp_path / "here")
    assert engine.cpu_s > 0.0  # the planner said what it spent, once stopped


def _entry(path: str, body: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile",
        id="prof_aaaaaaaa",
        slug="pref-tea",
        path=path,
        body=body,
        created="2026-01-01T00:00:00Z",
    )


def test_a_committed_delta_equal_to_the_published_one_is_read_as_that_very_object() -> None:
    engine = LocalEngine()
    engine.open(Snapshot(entries=(), taken_ids=frozenset()), EmbeddedModel, 2)
    engine.expect([0, 1])
    published = Delta(added=(_entry(".reflexio/profiles/pref-tea-aaaaaaaa.md", "User prefers tea."),))
    engine.board.publish(0, published)
    copy = Delta(added=(_entry(".reflexio/profiles/pref-tea-aaaaaaaa.md", "User prefers tea."),))
    other = Delta(added=(_entry(".reflexio/profiles/pref-tea-aaaaaaaa.md", "User prefers green tea."),))
    assert copy == published and copy is not published
    assert process_engine._as_published(engine, copy, 0) is published
    assert process_engine._as_published(engine, other, 0) is other  # not what rank 0 published
    assert process_engine._as_published(engine, copy, 1) is copy  # rank 1 published nothing
    assert process_engine._as_published(engine, copy, None) is copy


class StuckModel:
    """A model whose every call waits (long past the test): units stay in flight."""

    name = "stuck"

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[BaseModel], request: BaseModel
    ) -> BaseModel:
        time.sleep(600)
        raise RuntimeError("unreachable")


def test_a_planner_that_dies_fails_each_unit_it_had(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 6)
    items = discover([str(tmp_path / "t")])
    engine = ProcessEngine()
    killer = threading.Timer(1.0, engine._process.kill)  # mid-run: every unit waits on its model
    killer.start()
    try:
        report = run_batch(
            items, BatchConfig(root=tmp_path / "m", concurrency=2, budget_s=60), StuckModel, engine=engine
        )
    finally:
        killer.cancel()
        engine.shutdown()
    failed = [t for t in report.transcripts if t.status == "failed"]
    assert report.failed == len(failed) >= 5  # (one has nothing to learn: it may be done before)
    assert report.failed + report.processed == 6
    assert all("planner process failed" in (t.error or "") for t in failed)
    assert not list((tmp_path / "m" / ".reflexio").rglob("*.md"))


@contextlib.contextmanager
def _no_call_helper(workers: int) -> Iterator[None]:
    raise RuntimeError("cannot start the call helper: EMFILE")
    yield


def test_a_planner_that_fails_says_why_in_each_unit_it_had(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 6)
    items = discover([str(tmp_path / "t")])
    engine = ProcessEngine(_no_call_helper, 4)
    try:
        report = run_batch(
            items, BatchConfig(root=tmp_path / "m", concurrency=4), EmbeddedModel, engine=engine
        )
    finally:
        engine.shutdown()
    failed = [t for t in report.transcripts if t.status == "failed"]
    assert report.failed == len(failed) == 6
    # the cause, as one process would have raised it, not only that the planner is gone
    assert all(
        t.error == "internal error: the planner process failed "
        "(internal error: RuntimeError: cannot start the call helper: EMFILE)"
        for t in failed
    )
    assert not list((tmp_path / "m" / ".reflexio").rglob("*.md"))


def test_the_warm_up_plans_its_preference_through_every_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe.stages import dedup

    prepared = counting(monkeypatch, dedup, "prepare")
    process_engine.warm_up()
    assert prepared.n == 1  # detection found it, verification kept it, dedup compared it


def test_the_warm_up_before_the_first_request_stops_at_the_detection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from memscribe.stages import dedup, detect

    prepared = counting(monkeypatch, dedup, "prepare")
    rendered = counting(monkeypatch, detect, "render_messages")
    process_engine.warm_up(first_call_only=True)
    assert rendered.n >= 1 and prepared.n == 0  # the detection's prompt built; nothing to dedup


class _Opened:
    """What :func:`process_engine._warm_rest` reads of an engine: its units and call slots."""

    def __init__(self, free: int) -> None:
        self._ahead = {0, 1}
        self.free_slots = free

    def occupancy(self) -> Occupancy:
        return Occupancy(running=2, ahead=len(self._ahead), free_slots=self.free_slots, queued=0)


def test_the_rest_of_the_warm_up_waits_for_the_first_requests_to_leave(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    warmed: list[bool] = []
    monkeypatch.setattr(process_engine, "warm_up", lambda **kw: warmed.append(kw == {}))
    engine = _Opened(free=3)
    rest = threading.Thread(target=process_engine._warm_rest, args=(engine, 10.0), daemon=True)
    rest.start()
    time.sleep(0.1)
    assert warmed == []  # two units still preparing their first requests, slots free
    engine._ahead = set()
    rest.join(5)
    assert warmed == [True]  # the whole warm-up, once they are out
    every_slot_taken = _Opened(free=0)  # (units still waiting for one: the wave is out)
    process_engine._warm_rest(every_slot_taken, 10.0)  # type: ignore[arg-type]
    assert warmed == [True, True]
    process_engine._warm_rest(_Opened(free=3), 0.05)  # type: ignore[arg-type]  # at the latest
    assert warmed == [True, True, True]
