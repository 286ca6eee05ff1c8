"""Units prepare their first model call in turns, and a first run's index is built beside it."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import memscribe.batch.engine as engine_module
from memscribe.batch.discovery import discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.turns import Turns, yield_turn
from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from tests.support.batch_corpus import make_corpus, memory_state


def test_turns_go_to_the_lowest_waiting_rank() -> None:
    turns = Turns(1)
    order: list[int] = []
    turns.take(0)
    threads = []
    for rank in (5, 2, 9, 1):

        def work(rank: int = rank) -> None:
            turns.take(rank)
            order.append(rank)
            yield_turn()

        thread = threading.Thread(target=work)
        thread.start()
        threads.append(thread)
    time.sleep(0.2)  # all four wait
    assert order == []
    yield_turn()
    yield_turn()  # idempotent: a second give-up hands nothing more over
    for thread in threads:
        thread.join(5)
    assert order == [1, 2, 5, 9]


class _Prep:
    """Which units have started, and which have made a model call or ended."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.started: set[int] = set()
        self.past: set[int] = set()  # made a call, or ended
        self.preparing_at_calls: list[int] = []
        self.local = threading.local()


def test_units_prepare_their_first_call_one_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 12 units started at once, each first model call is made while no other unit is still
    preparing its own: the first call leaves after one unit's preparation, not after all of them."""
    prep = _Prep()
    real_run_unit = engine_module.run_unit

    def run_unit(unit: Any, **kwargs: Any) -> Any:
        with prep.lock:
            prep.started.add(unit.rank)
        prep.local.rank = unit.rank
        time.sleep(0.02)  # preparing (the interpreter lock released: every unit could start)
        try:
            return real_run_unit(unit, **kwargs)
        finally:
            with prep.lock:
                prep.past.add(unit.rank)

    real_generate = engine_module.BoundedModel.generate

    def generate(self: Any, **kwargs: Any) -> Any:
        # counted as the unit asks for its call (the unit still working: the threads that run
        # between its asking and the call itself are not a second unit preparing)
        rank = getattr(prep.local, "rank", None)
        with prep.lock:
            if rank not in prep.past:
                prep.preparing_at_calls.append(len(prep.started - prep.past))
                prep.past.add(rank)
        return real_generate(self, **kwargs)

    monkeypatch.setattr(engine_module.BoundedModel, "generate", generate)
    monkeypatch.setattr(engine_module, "run_unit", run_unit)
    make_corpus(tmp_path / "t", 12)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=8), EmbeddedModel
    )
    assert report.processed == 12 and not report.failed
    assert prep.preparing_at_calls and max(prep.preparing_at_calls) == 1, prep.preparing_at_calls


def test_a_first_run_does_not_wait_for_its_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A root with no memory yet: the first model call is made before the index is created (a
    slow disk's fsyncs), the index exists once the run returns, and the files are those of a run
    on a root whose index already existed."""
    import memscribe.index.db as db

    events: list[str] = []
    real_open = db.open_index

    def slow_open(root: Path, **kwargs: Any) -> Any:
        if not db.index_path(root).exists():
            time.sleep(0.5)
            index = real_open(root, **kwargs)
            events.append("index created")
            return index
        return real_open(root, **kwargs)

    class Recording(EmbeddedModel):
        def generate(
            self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel
        ) -> Any:
            events.append("call")
            return super().generate(
                task=task, messages=messages, response_model=response_model, request=request
            )

    make_corpus(tmp_path / "t", 6)
    monkeypatch.setattr(db, "open_index", slow_open)
    first = tmp_path / "first"
    report = run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=first, concurrency=4), Recording)
    assert report.processed == 6 and not report.failed
    assert events[0] == "call" and "index created" in events
    assert db.index_path(first).is_file()
    monkeypatch.setattr(db, "open_index", real_open)
    indexed = tmp_path / "indexed"
    with real_open(indexed):  # an index, no memory
        pass
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=indexed, concurrency=4), EmbeddedModel)
    assert memory_state(first) == memory_state(indexed) != []


def test_each_written_text_is_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plan's delta (its writes parsed back into entries) is computed once: the unit publishes
    it to the board and the commit records the same plan's (each parsed every text again)."""
    import memscribe.batch.view as view

    parsed: list[str] = []
    real_parse = view.parse_written

    def parse(text: str, rel: str) -> Any:
        parsed.append(rel)
        return real_parse(text, rel)

    monkeypatch.setattr(view, "parse_written", parse)
    make_corpus(tmp_path / "t", 10)
    root = tmp_path / "m"
    report = run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=root, concurrency=4), EmbeddedModel)
    assert report.processed == 10 and report.writes >= 8
    assert sorted(parsed) == sorted(set(parsed)) and len(parsed) == report.writes
