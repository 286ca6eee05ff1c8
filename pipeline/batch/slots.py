"""The call slots every engine uses: at most ``concurrency`` model calls in flight, a freed slot
handed to the lowest waiting rank (path order; dedup calls after detections, whose answers lead to
more calls), and a transport's requests holding a slot only while in flight. Moved as is from
:mod:`memscribe.batch.engine` (which still exports them)."""

from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Callable
from typing import Protocol


class OrderedSlots:
    """At most ``n`` holders; a freed slot goes to the waiter with the lowest rank (path order).

    A plain semaphore wakes waiters in arrival order, so the transcript at the head of the commit
    queue may wait behind later ones; here it never does among the units' own requests. A gathered
    dedup call waits at :func:`~memscribe.batch.coalesce.follow_up` of its rank: after every
    waiting detection, whose answers lead to further calls (its own dedup ends a transcript's
    chain), so the run's last detections are not queued behind earlier transcripts' dedup calls.
    """

    def __init__(self, n: int, on_free: Callable[[], None] | None = None) -> None:
        self._free = max(1, n)
        self._lock = threading.Lock()
        self._waiting: list[tuple[int, int, threading.Event]] = []
        self._seq = itertools.count()
        #: Told when a slot is given back and no one waits for it.
        self._on_free = on_free

    def acquire(self, rank: int) -> None:
        with self._lock:
            if self._free > 0:
                self._free -= 1
                return
            handed = threading.Event()
            heapq.heappush(self._waiting, (rank, next(self._seq), handed))
        handed.wait()  # the releaser hands its slot over directly

    def release(self) -> None:
        with self._lock:
            if self._waiting:
                heapq.heappop(self._waiting)[2].set()
                return
            self._free += 1
        if self._on_free is not None:
            self._on_free()

    def free(self) -> int:
        """Slots no one holds or waits for (a request ready now would leave now)."""
        return self._free


class Slots(Protocol):
    """What :class:`BoundedModel` needs of the call slots (local, or a proxy to a shared actor)."""

    def acquire(self, rank: int) -> None: ...

    def release(self) -> None: ...


#: The call slots this thread holds (a dedup call the coalescer makes under its slot).
_holding = threading.local()


class HeldSlots:
    """Call slots that mark the thread holding one, so a transport already under a slot does
    not wait for a second one (the coalescer's calls)."""

    def __init__(self, slots: Slots) -> None:
        self._slots = slots

    def acquire(self, rank: int) -> None:
        self._slots.acquire(rank)
        _holding.n = getattr(_holding, "n", 0) + 1

    def release(self) -> None:
        _holding.n -= 1
        self._slots.release()


class _RankedSlot:
    """One request's call slot, at its unit's rank (what a transport that gives its slot back
    itself takes: :meth:`memscribe.model.call_process.CallProcess.call_within`)."""

    def __init__(self, slots: Slots, rank: int, on_slot: Callable[[], None] | None) -> None:
        self._slots = slots
        self._rank = rank
        self._on_slot = on_slot

    def acquire(self) -> None:
        self._slots.acquire(self._rank)
        if self._on_slot is not None:
            self._on_slot()

    def release(self) -> None:
        self._slots.release()


def _slotted(
    transport: Callable[..., object], slots: Slots, rank: int, on_slot: Callable[[], None] | None = None
) -> Callable[..., object]:
    """``transport`` (one request to the model: a completion) holding a call slot while it is
    in flight, unless this thread holds one already; ``on_slot`` is told each time it has one."""

    within = getattr(transport, "call_within", None)

    def call(**kwargs: object) -> object:
        if getattr(_holding, "n", 0):
            return transport(**kwargs)
        if within is not None:  # a helper process: the slot is free once the answer is back
            return within(_RankedSlot(slots, rank, on_slot), **kwargs)
        held = HeldSlots(slots)
        held.acquire(rank)
        if on_slot is not None:
            on_slot()
        try:
            return transport(**kwargs)
        finally:
            held.release()

    return call


__all__ = ["HeldSlots", "OrderedSlots", "Slots"]
