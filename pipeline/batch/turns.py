"""Turns at the interpreter: units prepare their first model call one (or a few) at a time, in path order.

A unit's work before its first model call (read, parse, redact, gate, render the detect prompt)
is a few milliseconds of pure CPU. Started together, the look-ahead's units (``2 × concurrency``)
share one interpreter lock: each gets a slice in turn, so every one of them is ready at about the
same time, the first call leaving only once nearly all are (64 units of ~5 ms: the first call
after ~0.3 s, the model idle meanwhile). And every thread that merely hands over an answer (the
helper's reader, a unit woken by its answer, a freed call slot) queues behind all of them.

Taking turns, a unit's preparation runs alone (or with ``n - 1`` others): the first call leaves
after one unit's preparation, the next after two, and the model's slots fill as fast as one core
can fill them. A unit gives its turn up at its first model call (:func:`yield_turn`, called by
every wait of a unit: a model call, a dedup answer, a board wait) or when it ends; the turn then
goes to the waiting unit with the lowest rank. A unit never takes a turn again in the run (a
re-plan starts after its model call), and it only ever waits for earlier ranks while holding
none, so taking turns adds no wait cycle.
"""

from __future__ import annotations

import heapq
import itertools
import threading

__all__ = ["Turns", "yield_turn"]

_held = threading.local()


class Turns:
    """At most ``n`` units preparing at once; a freed turn goes to the lowest waiting rank."""

    def __init__(self, n: int = 1) -> None:
        self._free = max(1, n)
        self._lock = threading.Lock()
        self._waiting: list[tuple[int, int, threading.Event]] = []
        self._seq = itertools.count()

    def take(self, rank: int) -> None:
        """Wait for a turn (in rank order); this thread holds it until :func:`yield_turn`."""
        with self._lock:
            if self._free > 0:
                self._free -= 1
                handed = None
            else:
                handed = threading.Event()
                heapq.heappush(self._waiting, (rank, next(self._seq), handed))
        if handed is not None:
            handed.wait()  # the releaser hands its turn over directly
        _held.turns = self

    def _give_back(self) -> None:
        with self._lock:
            if self._waiting:
                heapq.heappop(self._waiting)[2].set()
            else:
                self._free += 1


def yield_turn() -> None:
    """Give up this thread's turn, if it holds one (before any wait; idempotent)."""
    turns: Turns | None = getattr(_held, "turns", None)
    if turns is not None:
        _held.turns = None
        turns._give_back()
