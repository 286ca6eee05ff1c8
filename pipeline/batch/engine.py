"""The local engine (threads of this process); the call slots every engine uses are in
:mod:`memscribe.batch.slots` (imported from here too).

An engine maps :func:`memscribe.batch.task.run_unit` over units and hands back results in any
order; the driver (:mod:`memscribe.batch.runner`) commits them in path order, keeps the ledger
and holds the lock. An engine also bounds the model calls in flight (``concurrency``) across
all its workers, handing a freed call slot to the lowest waiting rank (path order; dedup calls
after detections, whose answers lead to more calls), and it serves the units' memory views from
a :class:`~memscribe.batch.board.Board`.
"""

from __future__ import annotations

import _thread
import functools
import heapq
import itertools
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel

from memscribe.batch import scoring
from memscribe.batch.board import Board, Candidate
from memscribe.batch.coalesce import DedupCoalescer, HeldDecisions, requests_of
from memscribe.batch.seam import Engine, UnitInput, UnitOutput
from memscribe.batch.settings import ModelFactory, ModelTwins
from memscribe.batch.slots import HeldSlots, OrderedSlots, Slots, _slotted
from memscribe.batch.task import run_unit
from memscribe.batch.turns import Turns, yield_turn
from memscribe.batch.view import Delta, Snapshot
from memscribe.model.base import Message, StructuredModel

T = TypeVar("T", bound=BaseModel)


class BoundedModel:
    """A per-transcript model whose ``generate`` waits for one of the shared call slots."""

    def __init__(
        self,
        inner: StructuredModel,
        slots: Slots,
        rank: int = 0,
        coalescer: DedupCoalescer | None = None,
        on_first_slot: Callable[[], None] | None = None,
        parked: Callable[[bool], None] | None = None,
    ) -> None:
        self.inner = inner
        self.name = inner.name
        self.usage = inner.usage
        self.calls = 0
        self.rank = rank
        self._slots = slots
        #: A model whose requests go through a transport (an LLM client) holds a slot for each
        #: request only while it is in flight: its own per-call work before and after
        #: (instructor's request building, the answer's validation) runs outside the slots.
        self._per_request = False
        #: Told once, when this unit's first request holds a call slot (the engine then starts
        #: the next unit: :class:`LocalEngine`).
        self._on_first_slot = on_first_slot
        bound = getattr(inner, "bound_requests", None)
        if callable(bound) and isinstance(slots, OrderedSlots):
            bound(lambda transport: _slotted(transport, slots, rank, self.first_slot))
            self._per_request = True
        self._memo = _Memo()
        #: What detection found, as (kind, slug, similarity text): later transcripts' dedup
        #: waits for this one only when one of these could enter its shortlist.
        self.detected: list[Candidate] = []
        #: Dedup calls go through ``coalescer`` (shared with the other units of the namespace
        #: the unit declares: :meth:`bind_namespace`) when the model batches dedup (an LLM).
        self._coalescer = coalescer if getattr(inner, "batches_dedup", False) else None
        self.namespace: str | None = None
        #: Dedup decisions answered provisionally while the unit plans on (:meth:`hold_decisions`).
        self.held = HeldDecisions(self._coalescer, rank, parked) if self._coalescer is not None else None
        #: Told when the unit is no longer on its way to a dedup request (:meth:`arrived`).
        self._arriving: Callable[[], None] | None = None

    def arrived(self) -> None:
        """This unit is no longer on its way to a dedup request (it asked, asks the model something
        else, or ended): a dedup call being gathered stops waiting for it."""
        arriving, self._arriving = self._arriving, None
        if arriving is not None:
            arriving()

    def first_slot(self) -> None:
        """This unit holds a call slot (or will never ask for one): tell the engine, once."""
        told, self._on_first_slot = self._on_first_slot, None
        if told is not None:
            told()

    def hold_decisions(self, on: bool) -> bool:
        """While on, dedup requests are answered ``keep_both`` at once and settled later
        (:class:`~memscribe.batch.coalesce.HeldDecisions`); whether this model can."""
        if self.held is None:
            return False
        self.held.holding = on
        return True

    def bind_namespace(self, namespace: str | None) -> None:
        """The namespace this unit plans in (its dedup calls are shared within it only)."""
        self.namespace = namespace

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        gathered = task == "dedup" and self._coalescer is not None and requests_of(request) is not None
        if not gathered:
            self.arrived()
        yield_turn()  # a call waits: another unit prepares meanwhile
        # A re-plan (memory changed under a plan) reuses this transcript's detection: only the
        # dedup decisions against the new memory may need the model again.
        detect = task == "detect"
        known = self._memo.recall(task, response_model, request) if detect else None
        if known is not None:
            return response_model.model_validate(known.model_dump())
        if gathered:
            assert self.held is not None and self._coalescer is not None
            namespace = self.namespace or ""
            try:
                known = self.held.answered(request, response_model)
                if known is not None:
                    return known
                self.calls += 1
                if self.held.holding:
                    return self.held.hold(self.inner, namespace, messages, response_model, request)
                ask = self._coalescer.submit(
                    self.inner, self.rank, namespace, messages, response_model, request
                )
            finally:
                self.arrived()  # (once its request has joined a call, not before)
            return self._coalescer.wait(ask, response_model)
        if self._per_request:
            self.calls += 1
            answer = self.inner.generate(
                task=task, messages=messages, response_model=response_model, request=request
            )
        else:
            self._slots.acquire(self.rank)
            try:
                self.calls += 1
                answer = self.inner.generate(
                    task=task, messages=messages, response_model=response_model, request=request
                )
            finally:
                self._slots.release()
                self.first_slot()  # (an in-process model: its call is the unit's own work)
        if detect:
            self._memo.keep(task, response_model, request, answer)
            found = _candidates(answer)
            self.detected.extend(found)
            if found and self._coalescer is not None:  # on its way to its dedup request, maybe
                self._arriving = self._coalescer.arriving(self.namespace or "")
        return answer


class _Memo:
    """A unit's answers by request: an identical request (same task, response model and request
    JSON) is answered from here. Only a re-plan asks one again, so a request is put to JSON only
    once there is an earlier answer to compare it with, not at each first call (~0.1 ms a
    detection), and at most once."""

    def __init__(self) -> None:
        self._unkeyed: list[tuple[str, BaseModel, BaseModel]] = []
        self._keyed: dict[str, BaseModel] = {}
        #: The last request looked up, with its key (kept with that key, not put to JSON again).
        self._last: tuple[BaseModel | None, str] = (None, "")

    def recall(self, task: str, response_model: type[BaseModel], request: BaseModel) -> BaseModel | None:
        if not self._unkeyed and not self._keyed:
            return None
        for prefix, kept, answer in self._unkeyed:  # keyed in the order kept: a later one wins
            self._keyed[prefix + kept.model_dump_json()] = answer
        self._unkeyed.clear()
        key = f"{task}:{response_model.__name__}:{request.model_dump_json()}"
        self._last = (request, key)
        return self._keyed.get(key)

    def keep(self, task: str, response_model: type[BaseModel], request: BaseModel, answer: BaseModel) -> None:
        last, key = self._last
        if last is request:
            self._keyed[key] = answer
        else:
            self._unkeyed.append((f"{task}:{response_model.__name__}:", request, answer))


def _candidates(answer: BaseModel) -> list[Candidate]:
    """The candidates of a detection answer: (kind, slug, similarity text)."""
    from memscribe import kinds

    found: list[Candidate] = []
    for field in ("profiles", "playbooks"):
        for cand in getattr(answer, field, ()):
            kind = kinds.of_candidate(cand)
            found.append((kind.name, str(getattr(cand, "slug", "")), kind.candidate_text(cand)))
    return found


class _Workers:
    """Reusable daemon threads (starting a thread per task cost more than some tasks).

    Daemon threads, unlike ``concurrent.futures``' (joined at exit): a run that ran out of time
    exits without waiting for them. A task never waits for a free worker: one is started instead,
    and the caller does not wait for it to run either (``threading.Thread.start`` does: under a
    busy interpreter lock, milliseconds to tens of them; its callers include a unit holding a
    call slot before its request leaves, :meth:`LocalEngine._past_first_slot`, and a freed slot's
    releaser). The low-level ``_thread.start_new_thread`` returns at once; its threads, like
    daemon threads, do not hold up the interpreter's exit.
    """

    def __init__(self) -> None:
        self._tasks: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._idle = 0

    def submit(self, task: Callable[[], None]) -> None:
        with self._lock:
            start = self._idle == 0
            if not start:
                self._idle -= 1
        self._tasks.put(task)
        if start:
            _thread.start_new_thread(self._loop, ())

    def _loop(self) -> None:
        while True:
            self._tasks.get()()
            with self._lock:
                self._idle += 1


_WORKERS = _Workers()


def _fresh_workers() -> None:
    """In a forked child (the planner: :mod:`memscribe.batch.process_engine`): the parent's idle
    workers are not there (a fork copies only the forking thread), so none is counted idle."""
    global _WORKERS
    _WORKERS = _Workers()


os.register_at_fork(after_in_child=_fresh_workers)

#: Units running at once, per call slot: the look-ahead, at most while slots idle, and at most
#: with those waiting only for their dedup answers (see :class:`LocalEngine`).
LOOK_AHEAD = 2
LIMIT = 4
PARKED_LIMIT = 8


@dataclass(frozen=True)
class Occupancy:
    """A reading of a :class:`LocalEngine` (:meth:`LocalEngine.occupancy`)."""

    #: Units started and not ended.
    running: int
    #: Started units whose first request has not held a call slot yet (and has not ended).
    ahead: int
    #: Call slots no one holds or waits for (a request ready now would leave now).
    free_slots: int
    #: Units submitted and not started yet.
    queued: int


class LocalEngine(Engine):
    """Units in threads of this process (the pipeline is synchronous; model calls wait on I/O).

    At most ``2 × concurrency`` units run at once (the look-ahead: detection of the next
    transcripts overlaps the commits), started in path order; re-plans go first. A unit that
    only waits for its held dedup decisions' answers (parked: they wait behind the detections,
    :class:`OrderedSlots`) does not count, up to ``8 × concurrency`` units in all. Past that
    bound, a unit still starts while call slots are free that no started unit will take (one
    that has not held a slot yet), up to ``4 × concurrency``: the running units may all be
    waiting (on their answers, a dedup answer, earlier transcripts' plans) and the slots sit
    idle though transcripts wait to be planned. Dedup calls of one namespace that coincide share
    one call, answered provisionally while the units plan on (:mod:`memscribe.batch.coalesce`).
    """

    name = "local"

    def __init__(self) -> None:
        self._done: queue.SimpleQueue[UnitOutput] = queue.SimpleQueue()
        self._queue: list[tuple[int, int, UnitInput]] = []
        self._seq = itertools.count()
        self._lock = threading.Lock()
        self._running = 0
        #: Running units waiting only for their held dedup decisions' answers (:meth:`_park`).
        self._parked = 0
        self._limit = 2
        self._most = 2
        self._most_parked = 2
        #: Started units whose first request has not held a call slot yet (and has not ended).
        self._ahead: set[int] = set()
        self._stored = 0
        self._models: dict[int, BoundedModel] = {}
        self._closed = False

    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        self.board = Board(snapshot, look_ahead=look_ahead)
        self._stored = len(snapshot.entries)
        self._factory = ModelTwins(model_factory)
        self._slots = OrderedSlots(concurrency, on_free=self._start_more)
        # a gathered call's leader runs in a reused worker: starting a thread waits for it to
        # start, and the asking unit would wait so at each call it opens
        self._coalescer = DedupCoalescer(HeldSlots(self._slots), spawn=_WORKERS.submit)
        self._limit = max(2, LOOK_AHEAD * concurrency)
        self._most = max(2, LIMIT * concurrency)
        self._most_parked = max(2, PARKED_LIMIT * concurrency)
        #: Units prepare their first model call one at a time, in path order (:mod:`memscribe.batch.turns`).
        self._turns = Turns(1)

    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        with self._lock:
            heapq.heappush(self._queue, (0 if first else 1, next(self._seq), unit))
        self._start_more()

    def _start_more(self) -> None:
        while True:
            with self._lock:
                if self._closed or not self._queue:
                    return
                idle = self._running < self._most and len(self._ahead) < self._slots.free()
                full = self._running - self._parked >= self._limit or self._running >= self._most_parked
                if full and not idle and self._queue[0][0] != 0:
                    return
                unit = heapq.heappop(self._queue)[2]
                self._running += 1
                if unit.rank not in self._models:  # a first plan: ahead until its first slot
                    self._ahead.add(unit.rank)
            _WORKERS.submit(lambda unit=unit: self._work(unit))  # type: ignore[misc]

    def occupancy(self) -> Occupancy:
        """What the engine holds now (one consistent reading, under its lock)."""
        with self._lock:
            return Occupancy(
                running=self._running,
                ahead=len(self._ahead),
                free_slots=self._slots.free(),
                queued=len(self._queue),
            )

    def _park(self, on: bool) -> None:
        """A unit starts (``on``) or stops waiting only for its held dedup decisions' answers."""
        with self._lock:
            self._parked += 1 if on else -1
        if on:
            self._start_more()

    def _past_first_slot(self, rank: int) -> None:
        """Rank ``rank``'s first request holds a call slot (or the unit ended without one)."""
        with self._lock:
            if rank not in self._ahead:
                return
            self._ahead.discard(rank)
        self._start_more()

    def _work(self, unit: UnitInput) -> None:
        try:
            model = self._models.get(unit.rank)
            if model is None:  # a first plan (a re-plan starts after its model call)
                self._turns.take(unit.rank)
                model = self._models[unit.rank] = BoundedModel(
                    self._factory(),
                    self._slots,
                    unit.rank,
                    self._coalescer,
                    on_first_slot=functools.partial(self._past_first_slot, unit.rank),
                    parked=self._park,
                )
            result = run_unit(unit, model=model, source=self.board)
        except BaseException as exc:  # a bug in the unit itself: reported, the run goes on
            result = UnitOutput.crashed(unit, exc)
            self.board.publish(unit.rank, Delta())
        finally:
            if model is not None:
                model.arrived()
            yield_turn()
        with self._lock:
            self._running -= 1
            self._ahead.discard(unit.rank)
        self._done.put(result)
        self._start_more()

    def results(self, timeout: float | None) -> list[UnitOutput]:
        try:
            found = [self._done.get(timeout=timeout)]
        except queue.Empty:
            return []
        while True:
            try:
                found.append(self._done.get_nowait())
            except queue.Empty:
                return found

    def expect(self, ranks: list[int]) -> None:
        self.board.expect(ranks)
        # each unit scores its candidates against the memory and the earlier units' candidates
        scoring.expect(len(ranks) * (self._stored + len(ranks) // 2))

    def withdraw(self, rank: int, *, again: bool) -> None:
        self.board.withdraw(rank, again=again)

    def advance(self, version: int, delta: Delta, rank: int | None) -> None:
        self.board.advance(version, delta, rank)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._queue.clear()
