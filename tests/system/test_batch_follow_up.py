"""A transcript's dedup call follows the detections waiting for a call slot, and a unit waiting only
for its dedup answers does not hold back the next units: the run's last detections are not queued
behind the earlier transcripts' dedup calls (the detect → dedup chain no longer ends the run)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from memscribe.batch.coalesce import DedupCoalescer, HeldDecisions, follow_up
from memscribe.batch.engine import LocalEngine, OrderedSlots
from memscribe.batch.view import Snapshot
from memscribe.model.base import Message
from memscribe.schemas.candidates import DedupDecision
from memscribe.schemas.plan import Usage
from memscribe.schemas.requests import DedupRequest


class _Model:
    """Answers every dedup request ``keep_both``, recording each call in ``order``."""

    name = "recorder"
    batches_dedup = True

    def __init__(self, order: list[str]) -> None:
        self.usage = Usage()
        self.order = order
        self.calls: list[BaseModel] = []

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        self.calls.append(request)
        self.order.append("dedup")
        return response_model.model_validate({"action": "keep_both", "existing_ids": [], "reason": "new"})


def _item(text: str) -> DedupRequest:
    return DedupRequest(kind="profile", slug="editing-tool", text=text, shortlist=())


def _waiters(slots: OrderedSlots, n: int) -> None:
    deadline = time.monotonic() + 10
    while len(slots._waiting) < n:
        assert time.monotonic() < deadline, "nothing came to wait for the slot"
        time.sleep(0.001)


def _ask(coalescer: DedupCoalescer, model: _Model, rank: int, out: dict[int, Any]) -> threading.Thread:
    def run() -> None:
        out[rank] = coalescer.ask(
            model=model,
            rank=rank,
            namespace="a",
            messages=[{"role": "user", "content": f"own {rank}"}],
            response_model=DedupDecision,
            request=_item(f"User uses tool{rank}."),
        )

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_follow_up_ranks_come_after_every_rank_in_path_order() -> None:
    assert follow_up(0) > 10**9 and follow_up(3) < follow_up(4)


def test_a_later_transcripts_detection_gets_a_freed_slot_before_an_earlier_ones_dedup_call() -> None:
    slots = OrderedSlots(1)
    slots.acquire(0)  # a request in flight
    order: list[str] = []
    model = _Model(order)
    out: dict[int, Any] = {}
    dedup = _ask(DedupCoalescer(slots, quiet_s=0.0, linger_s=0.0), model, 1, out)
    _waiters(slots, 1)

    def detect() -> None:
        slots.acquire(7)  # the first request of the unit of rank 7
        order.append("detect 7")
        slots.release()

    detection = threading.Thread(target=detect, daemon=True)
    detection.start()
    _waiters(slots, 2)
    slots.release()
    for thread in (dedup, detection):
        thread.join(timeout=10)
    assert order == ["detect 7", "dedup"]
    assert out[1].action == "keep_both" and slots.free() == 1


def test_an_ask_made_while_a_gathered_call_waits_for_its_slot_opens_the_next_call() -> None:
    """A gathered call is closed once its gathering window ends: asks made while it waits for a
    slot (behind detections, maybe long) go in the next call, so one call's items stay what one
    window brought."""
    slots = OrderedSlots(1)
    slots.acquire(0)
    model = _Model([])
    coalescer = DedupCoalescer(slots, quiet_s=0.0, linger_s=0.0)
    out: dict[int, Any] = {}
    first = _ask(coalescer, model, 1, out)
    _waiters(slots, 1)
    second = _ask(coalescer, model, 2, out)
    _waiters(slots, 2)
    slots.release()
    for thread in (first, second):
        thread.join(timeout=10)
    assert [type(r) for r in model.calls] == [DedupRequest, DedupRequest]  # each alone, in rank order
    assert [r.text for r in model.calls] == ["User uses tool1.", "User uses tool2."]  # type: ignore[attr-defined]
    assert out[1].action == out[2].action == "keep_both"


def test_settling_tells_while_it_waits_for_answers_not_here_yet() -> None:
    slots = OrderedSlots(1)
    slots.acquire(0)
    told: list[bool] = []
    model = _Model([])
    held = HeldDecisions(DedupCoalescer(slots, quiet_s=0.0, linger_s=0.0), rank=3, parked=told.append)
    held.hold(model, "a", [{"role": "user", "content": "x"}], DedupDecision, _item("User uses jed."))
    settled: list[Any] = []
    settling = threading.Thread(target=lambda: settled.append(held.settle()), daemon=True)
    settling.start()
    deadline = time.monotonic() + 10
    while not told:
        assert time.monotonic() < deadline, "settle never said it waits"
        time.sleep(0.001)
    assert told == [True] and settled == []  # waiting: the answer's call has no slot yet
    slots.release()
    settling.join(timeout=10)
    assert told == [True, False] and list(settled[0].values()) == ["new"]
    # answers already here: settling does not wait, and says nothing
    held.hold(model, "a", [{"role": "user", "content": "y"}], DedupDecision, _item("User uses ed."))
    deadline = time.monotonic() + 10
    while not all(h.asked.done.is_set() for h in held._held):
        assert time.monotonic() < deadline, "the second call never ended"
        time.sleep(0.001)
    assert held.settle() is not None and told == [True, False]


@dataclass(frozen=True)
class _Unit:
    rank: int


def test_units_waiting_only_for_their_dedup_answers_do_not_hold_back_the_next_ones() -> None:
    """Concurrency 1: two units run (the look-ahead). A parked unit (waiting for its held
    decisions' answers) frees its place for the next unit, up to eight units in all."""
    engine = LocalEngine()
    engine.open(Snapshot(entries=(), taken_ids=frozenset()), lambda: _Model([]), 1)
    started: list[int] = []
    release = threading.Event()

    def work(unit: _Unit) -> None:
        started.append(unit.rank)
        release.wait(10)

    engine._work = work  # type: ignore[method-assign]
    for rank in range(12):
        engine.submit(_Unit(rank))  # type: ignore[arg-type]

    def settled() -> list[int]:
        """The ranks started: the engine decides in the caller's thread (submit, park), so the
        count it took from its queue is final until the next such call (no unit ends here, no
        slot is freed); each of those units then runs in a worker, waited for."""
        now = engine.occupancy()
        assert now.running + now.queued == 12
        deadline = time.monotonic() + 10
        while len(started) < now.running:
            assert time.monotonic() < deadline, f"{now.running} units started, {len(started)} ran"
            time.sleep(0.001)
        assert len(started) == now.running  # (no unit runs that was not started)
        return sorted(started)

    assert settled() == [0, 1]
    for parked in range(1, 7):
        engine._park(True)
        assert settled() == list(range(2 + parked))
    engine._park(True)  # 8 running: the bound, parked or not
    assert settled() == list(range(8))
    engine._park(False)
    release.set()
    engine.close()
