"""Dedup decisions of several transcripts of one namespace asked in one model call.

Each unit's dedup stage asks its own decisions (``dedup.j2`` for one candidate, ``dedup_batch.j2``
for several: :mod:`memscribe.stages.dedup_batch`). In a batch run many units of one namespace reach
their decisions at about the same time (a wave of detections ends together, or one earlier plan
that several were waiting for is published); each decision is a round trip that repeats the
instructions. Here the decisions asked while a call is being gathered go out together: one
``dedup_batch.j2`` call whose items are every waiting unit's items, in rank order, and each unit
gets back exactly the decisions of its own items (renumbered as it asked them). A call that gathers
one unit only sends that unit's own messages unchanged, so a run where nothing coincides asks what
it asked before.

Only the model call is shared: each unit prepared its requests against its own view of the memory
and records the answers itself, so what a plan does with a decision does not change. Namespaces
are never mixed in one prompt (one user's memories are not shown beside another's).

Gathering: the first unit to ask opens a call for its namespace and waits while a unit of the
namespace is on its way to its own dedup request (:meth:`DedupCoalescer.arriving`: its detection
answer is back and it has neither asked nor waited on anything since), for ``linger_s`` at most,
and until no unit has joined for ``quiet_s``; units that ask meanwhile join it. Then it waits for
a call slot at :func:`follow_up` of its rank (after the detections waiting: they lead to further
calls), closed: a unit asking meanwhile opens the next call (one call's items stay what one
gathering window brought, however long the slot takes). The call is made with the opening unit's model (its usage counts
the call once). With no unit on its way, nothing is gained by waiting: the call leaves at once.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from pydantic import BaseModel

from memscribe.batch.turns import yield_turn
from memscribe.errors import ModelError
from memscribe.model.base import Message, StructuredModel
from memscribe.schemas.candidates import DedupBatchDecision, DedupDecision, DedupItemDecision
from memscribe.schemas.requests import DedupBatchRequest, DedupRequest

T = TypeVar("T", bound=BaseModel)

#: A call being gathered goes once no unit has joined it for ``QUIET_S`` and none is on its way
#: to join, or after ``LINGER_S`` at most. Once units start as call slots free
#: (:class:`memscribe.batch.engine.LocalEngine`), the answers of a wave arrive over the slots'
#: turnover rather than together, and so do their dedup asks: a fixed 4 ms quiet gap sent a call
#: of 1-2 asks every ~10-30 ms (bench/batch_timeline.py: 35-40 dedup calls for 154 asks in a run
#: of 200 transcripts), a fixed 30 ms window ~25 — and made the last asks of a run wait 30 ms for
#: no one. Waiting only while a unit is on its way waits longer mid-run and not at all at the end.
QUIET_S = 0.002
LINGER_S = 0.06

#: Added to a gathered dedup call's rank where it waits for a call slot: after every rank.
FOLLOW_UP = 1 << 48


def follow_up(rank: int) -> int:
    """The call-slot rank of a gathered dedup call opened at ``rank``: after the units' own
    requests (:class:`memscribe.batch.slots.OrderedSlots`), in path order among themselves."""
    return FOLLOW_UP + rank


#: A unit's answer for one of its items: the decision, or why there is none.
Answer = DedupDecision | str


@dataclass
class Asked:
    """One unit's dedup request, waiting for its share of a gathered call."""

    rank: int
    requests: tuple[DedupRequest, ...]
    messages: list[Message]
    response_model: type[BaseModel]
    request: BaseModel
    done: threading.Event = field(default_factory=threading.Event)
    answers: list[Answer] = field(default_factory=list)
    #: The inner model's own answer (a call that gathered this unit only).
    own: BaseModel | None = None
    error: BaseException | None = None


@dataclass
class _Gathering:
    asks: list[Asked] = field(default_factory=list)
    joined: float = field(default_factory=time.monotonic)
    changed: threading.Condition = field(default_factory=lambda: threading.Condition(threading.Lock()))


class SlotsLike(Protocol):
    """What the coalescer needs of the call slots (see :class:`memscribe.batch.slots.OrderedSlots`)."""

    def acquire(self, rank: int) -> None: ...  # pragma: no cover - protocol

    def release(self) -> None: ...  # pragma: no cover - protocol


def asked(rank: int, messages: list[Message], response_model: type[BaseModel], request: BaseModel) -> Asked:
    """The handle of a unit's dedup ask (``request`` must be one :func:`requests_of` knows)."""
    requests = requests_of(request)
    assert requests is not None
    return Asked(rank, requests, messages, response_model, request)


def requests_of(request: BaseModel) -> tuple[DedupRequest, ...] | None:
    """The dedup items a unit's request asks (None: not a dedup request the coalescer knows)."""
    if isinstance(request, DedupRequest):
        return (request,)
    if isinstance(request, DedupBatchRequest):
        return request.items
    return None


class DedupCoalescer:
    """Gathers concurrent dedup calls per namespace into one call (see the module docstring)."""

    def __init__(
        self,
        slots: SlotsLike,
        *,
        quiet_s: float | None = None,
        linger_s: float | None = None,
        spawn: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self._slots = slots
        #: Runs a gathered call's leader beside the asking unit (default: a new thread each).
        self._spawn = spawn or _thread
        self._quiet_s = QUIET_S if quiet_s is None else quiet_s
        self._linger_s = LINGER_S if linger_s is None else linger_s
        self._lock = threading.Lock()
        self._open: dict[str, _Gathering] = {}
        #: Units per namespace on their way to a dedup request (:meth:`arriving`).
        self._coming: dict[str, int] = {}
        self.calls = 0
        self.items = 0

    def ask(
        self,
        *,
        model: StructuredModel,
        rank: int,
        namespace: str,
        messages: list[Message],
        response_model: type[T],
        request: BaseModel,
    ) -> T:
        """The unit's answer to its dedup request, from a call it may share with other units."""
        return self.wait(
            self.submit(model, rank, namespace, messages, response_model, request), response_model
        )

    def submit(
        self,
        model: StructuredModel,
        rank: int,
        namespace: str,
        messages: list[Message],
        response_model: type[BaseModel],
        request: BaseModel,
    ) -> Asked:
        """Ask without waiting: the handle :meth:`wait` answers."""
        ask = asked(rank, messages, response_model, request)
        with self._lock:
            gathering = self._open.get(namespace)
            leader = gathering is None
            if gathering is None:
                gathering = self._open[namespace] = _Gathering()
            with gathering.changed:
                gathering.asks.append(ask)
                gathering.joined = time.monotonic()
                gathering.changed.notify_all()
        if leader:
            self._spawn(functools.partial(self._lead, namespace, gathering, model, rank))
        return ask

    def arriving(self, namespace: str) -> Callable[[], None]:
        """A unit of ``namespace`` is on its way to a dedup request (its detection is back): a
        call being gathered there waits for it (``linger_s`` at most). Call what this returns
        (once; again is harmless) when it has asked, or waits on anything else, or ends."""
        with self._lock:
            self._coming[namespace] = self._coming.get(namespace, 0) + 1
        done = False

        def arrived() -> None:
            nonlocal done
            with self._lock:
                if done:
                    return
                done = True
                self._coming[namespace] -= 1
                gathering = self._open.get(namespace)
            if gathering is not None:
                with gathering.changed:
                    gathering.changed.notify_all()

        return arrived

    @staticmethod
    def wait(ask: Asked, response_model: type[T]) -> T:
        """The answer to ``ask`` in the shape it asked for (raises what its call raised)."""
        yield_turn()
        ask.done.wait()
        if ask.error is not None:
            raise ask.error
        if ask.own is not None:
            return response_model.model_validate(ask.own.model_dump())
        return _answer_as(response_model, ask.answers)

    def _lead(self, namespace: str, gathering: _Gathering, model: StructuredModel, rank: int) -> None:
        started = time.monotonic()
        with gathering.changed:
            while True:
                now = time.monotonic()
                last = started + self._linger_s
                if not self._coming.get(namespace, 0):
                    last = min(last, gathering.joined + self._quiet_s)
                left = last - now
                if left <= 0:
                    break
                gathering.changed.wait(left)
        with self._lock:  # closed: later askers open the next call
            if self._open.get(namespace) is gathering:
                del self._open[namespace]
        self._slots.acquire(follow_up(rank))
        try:
            with gathering.changed:
                asks = sorted(gathering.asks, key=lambda a: a.rank)
            self._call(model, asks)
        finally:
            self._slots.release()
            for ask in gathering.asks:
                ask.done.set()

    def _call(self, model: StructuredModel, asks: list[Asked]) -> None:
        self.calls += 1
        self.items += sum(len(a.requests) for a in asks)
        if len(asks) == 1:  # nothing coincided: the unit's own call, as it asked it
            only = asks[0]
            try:
                only.own = model.generate(
                    task="dedup",
                    messages=only.messages,
                    response_model=only.response_model,
                    request=only.request,
                )
            except BaseException as exc:
                only.error = exc
            return
        from memscribe.stages.dedup_batch import batch_messages

        items = tuple(r for a in asks for r in a.requests)
        try:
            answer = model.generate(
                task="dedup",
                messages=batch_messages(items),
                response_model=DedupBatchDecision,
                request=DedupBatchRequest(items=items),
            )
        except BaseException as exc:  # each unit's stage handles it as its own call's failure
            for ask in asks:
                ask.error = exc
            return
        by_item: dict[int, DedupDecision] = {}
        for decision in answer.decisions:  # the first answer for an item counts
            by_item.setdefault(
                decision.item, DedupDecision.model_validate(decision.model_dump(exclude={"item"}))
            )
        number = 1
        for ask in asks:
            for _ in ask.requests:
                ask.answers.append(
                    by_item.get(number, f"the batched dedup answer has no decision for item {number}")
                )
                number += 1


def _thread(task: Callable[[], None]) -> None:
    threading.Thread(target=task, daemon=True, name="memscribe-dedup").start()


def _answer_as(response_model: type[T], answers: list[Answer]) -> T:
    """A unit's share of a gathered answer, in the shape it asked for."""
    if response_model is DedupBatchDecision:
        decisions = [
            DedupItemDecision(item=n, **a.model_dump())
            for n, a in enumerate(answers, start=1)
            if isinstance(a, DedupDecision)
        ]
        return response_model.model_validate({"decisions": [d.model_dump() for d in decisions]})
    (only,) = answers
    if isinstance(only, str):
        raise ModelError(only, stage="dedup", attempts=1)
    return response_model.model_validate(only.model_dump())


__all__ = ["Asked", "DedupCoalescer", "requests_of"]


#: The reason a provisional decision carries until the real one replaces it.
_HELD = "\x00held {rank} {serial}\x00"


@dataclass
class _Held:
    request: BaseModel
    #: The request's :meth:`HeldDecisions.key` where it was already computed, else None.
    key: str | None
    asked: Asked
    response_model: type[BaseModel]
    sentinels: tuple[str, ...]


class HeldDecisions:
    """One unit's dedup decisions, answered at once provisionally and settled later.

    While :attr:`holding`, a dedup request is sent (gathered with the other units' requests) and
    answered at once with ``keep_both`` for every item, whose reason is a marker: the unit plans
    on, and publishes that plan tentatively, so later transcripts of its namespace plan against
    it instead of waiting for this decision (the chain of decisions of one namespace becomes one
    gathered call). :meth:`settle` waits for the real answers: where every one is ``keep_both``
    the plan is the one planning with them gives (only the reasons differ: the markers are
    replaced), otherwise the unit plans again, the answers then coming from :meth:`answered`.
    """

    def __init__(
        self, coalescer: DedupCoalescer, rank: int, parked: Callable[[bool], None] | None = None
    ) -> None:
        self._coalescer, self._rank = coalescer, rank
        #: Told when :meth:`settle` starts (True) and stops (False) waiting for answers not here yet.
        self._parked = parked
        self.holding = False
        self._held: list[_Held] = []
        #: Real answers by request key (:meth:`key`), and those not keyed yet: a request is put
        #: to JSON only once a later request is compared with it (a re-plan), not at each hold.
        self._answers: dict[str, BaseModel | BaseException] = {}
        self._unkeyed: list[tuple[BaseModel, str | None, BaseModel | BaseException]] = []
        #: The last request looked up in :meth:`answered`, with its key.
        self._last: tuple[BaseModel | None, str] = (None, "")
        self._serial = 0

    @staticmethod
    def key(request: BaseModel) -> str:
        return f"{type(request).__name__}:{request.model_dump_json()}"

    def answered(self, request: BaseModel, response_model: type[T]) -> T | None:
        """The real answer to an identical earlier request (raises its error), if there is one."""
        if not self._answers and not self._unkeyed:
            return None
        for asked, key, answer in self._unkeyed:  # keyed in the order settled: a later one wins
            self._answers[key if key is not None else self.key(asked)] = answer
        self._unkeyed.clear()
        key = self.key(request)
        self._last = (request, key)
        found = self._answers.get(key)
        if found is None:
            return None
        if isinstance(found, BaseException):
            raise found
        return response_model.model_validate(found.model_dump())

    def hold(
        self,
        model: StructuredModel,
        namespace: str,
        messages: list[Message],
        response_model: type[T],
        request: BaseModel,
    ) -> T:
        """Send the request; answer ``keep_both`` to each item for now (see the class docstring)."""
        requests = requests_of(request)
        assert requests is not None
        asked = self._coalescer.submit(model, self._rank, namespace, messages, response_model, request)
        sentinels = []
        for _ in requests:
            self._serial += 1
            sentinels.append(_HELD.format(rank=self._rank, serial=self._serial))
        last, key = self._last
        held = _Held(request, key if last is request else None, asked, response_model, tuple(sentinels))
        self._held.append(held)
        keep = [{"action": "keep_both", "existing_ids": [], "reason": r} for r in sentinels]
        if response_model is DedupBatchDecision:
            return response_model.model_validate(
                {"decisions": [{"item": n, **d} for n, d in enumerate(keep, 1)]}
            )
        return response_model.model_validate(keep[0])

    def settle(self) -> dict[str, str] | None:
        """Wait for the held requests' real answers: each marker's real reason when every answer
        is ``keep_both`` (the provisional plan stands), else None (plan again)."""
        held, self._held = self._held, []
        park = self._parked is not None and not all(item.asked.done.is_set() for item in held)
        if park:
            assert self._parked is not None
            self._parked(True)
        try:
            return self._settled(held)
        finally:
            if park:
                assert self._parked is not None
                self._parked(False)

    def _settled(self, held: list[_Held]) -> dict[str, str] | None:
        reasons: dict[str, str] | None = {}
        for item in held:
            try:
                answer = self._coalescer.wait(item.asked, item.response_model)
            except BaseException as exc:  # noqa: BLE001 - re-raised where the plan asks again
                self._unkeyed.append((item.request, item.key, exc))
                reasons = None
                continue
            self._unkeyed.append((item.request, item.key, answer))
            decisions: dict[int, BaseModel] = {}
            for d in answer.decisions if isinstance(answer, DedupBatchDecision) else []:
                decisions.setdefault(d.item, d)  # the first answer for an item counts
            if not isinstance(answer, DedupBatchDecision):
                decisions[1] = answer
            for n, sentinel in enumerate(item.sentinels, start=1):
                decision = decisions.get(n)
                if (
                    reasons is None
                    or not isinstance(decision, DedupDecision)
                    or decision.action != "keep_both"
                ):
                    reasons = None
                else:
                    reasons[sentinel] = decision.reason
        return reasons
