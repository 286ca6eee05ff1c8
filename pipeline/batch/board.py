"""Plan once: each transcript is planned against the memory as it will be when it commits.

Commits go in path order, so the memory transcript ``i`` commits into is the committed memory
plus the plans of every transcript before it that is not committed yet. The board holds both:
the driver moves it forward after each commit (:meth:`Board.advance`), each unit publishes its
plan's writes and archives when it is done (:meth:`Board.publish`, nothing for a transcript
with nothing to write), and a unit about to compare its candidates with the memory (the dedup
stage: after detection, which runs concurrently ahead) :meth:`Board.fetch`\\ es its view,
waiting until every earlier transcript of the run that may write into its namespace has
published (while they make progress: it gives up when no earlier transcript has published for
``wait_s``). A unit :meth:`Board.declare`\\ s its namespace as soon as it has read its
transcript; an earlier transcript declared in another namespace is not waited for (dedup only
compares a candidate with entries of its own namespace, and the staleness check at commit
counts only changes in the plan's namespace: :attr:`ViewBase.scope`).

With the local engine, dedup's reads wait less still: only for the earlier plans whose
candidates could enter the shortlist (:mod:`memscribe.batch.speculate`, which checks every read
against the exact view before the plan is published, and plans again where one does not hold).

The view is a guess only where an earlier plan is later found stale (or a unit gave up
waiting): the commit checks every plan against what actually changed (``staleness``) and
re-plans it then, so the result never depends on the guess, only the work does.

Thread-safe; the distributed engine runs the same class as an actor.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from typing import Protocol

from memscribe.batch.ids import Ids
from memscribe.batch.layers import (
    Candidate,
    Committed,
    LayeredSnapshot,
    Peek,
    ViewBase,
    rebase_after,
    touched,
)
from memscribe.batch.ranks import Ranks
from memscribe.batch.turns import yield_turn
from memscribe.batch.view import Delta, Snapshot, merged, merged_in_order, path_order
from memscribe.schemas.memory import MemoryEntry

#: How long a unit waits for the next earlier transcript's plan (the wait restarts whenever one
#: arrives: a chain of related transcripts is planned in order, not given up on) before it
#: plans against what is known.
WAIT_S = 10.0


class Board:
    """The committed memory plus the published pending plans, by rank (path order)."""

    def __init__(
        self, snapshot: Snapshot, version: int = 0, wait_s: float = WAIT_S, *, look_ahead: bool = True
    ) -> None:
        #: The committed memory as of the last rebase (``_committed``: the commits since, in
        #: order): a commit appends its delta, and only every REBASE_AFTER commits is the memory
        #: merged again (a merge copies the whole memory, and each reader that keeps what it
        #: read of the memory by object, :class:`memscribe.batch.classes.Numbering`, reads it
        #: again: per commit, that was a cost growing with the memory).
        #: (:class:`Committed`: it owns its id index, :meth:`Speculation.get` looks ids up in.)
        self._entries = Committed(snapshot.entries)
        #: The paths of ``_entries`` (None: not sorted by path, or a path twice: merged by a sort).
        self._paths = path_order(self._entries)
        self._committed: list[Delta] = []
        #: What ``_committed`` makes of each path it touches (None: removed).
        self._overlay: dict[str, MemoryEntry | None] = {}
        self._start = snapshot.entries  # the memory as the run found it (detection's topics)
        self._taken = Ids(snapshot.taken_ids)  # immutable: handed out as it is
        #: How many committed entries hold each id (kept up to date by :meth:`advance`), so
        #: that :meth:`fetch` works out the ids a view adds and drops from the deltas only.
        self._id_count = Counter(e.id for e in self._entries)
        self._version = version
        self._wait_s = wait_s
        #: False: plan against the committed memory only (every later commit may make it stale).
        self._look_ahead = look_ahead
        self._expected = Ranks()
        self._pending: dict[int, Delta] = {}
        self._namespaces: dict[int, str | None] = {}  # declared: None reads every namespace
        #: Per rank whose detection is done: the (kind, slug, text) of each candidate it may write.
        self._candidates: dict[int, tuple[Candidate, ...]] = {}
        self._tick = 0  # bumped on every change a waiter may care about
        #: Ranks whose plan is published but not yet checked (:mod:`memscribe.batch.speculate`).
        self._tentative: set[int] = set()
        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)
        #: Units waiting for a change, each on its own condition of the board's lock: a change
        #: by rank r wakes only the waiters after r (what a unit reads never depends on a later
        #: rank), not every waiting unit on every change.
        self._waiters: dict[threading.Condition, tuple[int, frozenset[int] | None, bool, str | None]] = {}
        self._progress = time.monotonic()  # when an earlier plan last arrived (any rank)
        self.waited_s = 0.0

    def expect(self, ranks: Collection[int]) -> None:
        """Ranks that will publish (the transcripts of the run that are planned)."""
        with self._cond:
            self._expected.update(ranks)

    def declare(self, rank: int, namespace: str | None) -> None:
        """Rank ``rank`` plans in ``namespace`` (None: it reads every namespace)."""
        with self._cond:
            self._namespaces[rank] = namespace
            self._tick += 1
            self._wake(rank)

    def declare_candidates(self, rank: int, candidates: Sequence[Candidate]) -> None:
        """Rank ``rank``'s detection is done: what it may write (before its dedup decides)."""
        with self._cond:
            self._candidates[rank] = tuple(candidates)
            self._tick += 1
            self._wake(rank, published=False)

    def peek(self, rank: int, scope: tuple[str, str] | None) -> Peek:
        """The memory rank ``rank`` commits into as far as it is known now (no wait): the
        committed memory plus the published earlier plans, and the earlier ranks of its
        namespace still planning, each with its candidates once its detection is done."""
        namespace = scope[0] if scope is not None else None
        with self._cond:
            earlier = self._earlier(rank)
            unknown: dict[int, tuple[Candidate, ...] | None] = {}
            if self._look_ahead:
                for r in self._expected.below(rank):
                    if r not in self._tentative and self._may_write(r, namespace):
                        unknown[r] = self._candidates.get(r)
            return Peek(
                self._entries, self._paths, (*self._committed, *earlier), unknown, self._tick, self._progress
            )

    def wait_change(
        self, tick: int, progress: float, rank: int | None = None, on: Collection[int] | None = None
    ) -> bool:
        """Wait until the board changes after ``tick`` (a change by a rank before ``rank``, when
        given; by one of the ranks ``on``, when given: the caller's answer depends on those only,
        so it sleeps through the other ranks' changes); False once nothing has been published
        for ``wait_s`` since ``progress`` (the caller then goes on with what it knows)."""
        yield_turn()
        with self._cond:
            waiter = self._enlist(rank, on)
            try:
                while self._tick == tick:
                    left = max(self._progress, progress) + self._wait_s - time.monotonic()
                    if left <= 0:
                        return False
                    waiter.wait(left)
                return True
            finally:
                self._waiters.pop(waiter, None)

    def _enlist(
        self,
        rank: int | None,
        on: Collection[int] | None = None,
        *,
        exact: bool = False,
        namespace: str | None = None,
    ) -> threading.Condition:
        """A condition to wait on for the changes that concern ``rank`` (None: every change),
        and of those only the changes by the ranks ``on`` (None: any earlier rank). ``exact``:
        an exact :meth:`fetch` (for ``namespace``) waiting for the earlier ranks to publish."""
        waiter = threading.Condition(self._lock)  # the board's lock
        self._waiters[waiter] = (
            -1 if rank is None else rank,
            None if on is None else frozenset(on),
            exact,
            namespace,
        )
        return waiter

    def _wake(self, rank: int | None, *, broad: bool = False, published: bool = True) -> None:
        """Wake the waiters a change by ``rank`` may concern (None: every waiter). ``broad``: a
        change that may move what any later rank reads (memory that was read shrinks or
        differs), so also the waiters that listen to other ranks only. ``published`` False: no
        rank became published or expected, which an exact fetch waits for (what is published
        tentatively, candidates and commits do not end its wait). An exact fetch is not woken
        while the lowest rank still expected is before it and may write into its namespace
        (it would only find that it still waits)."""
        lowest = self._expected.lowest()
        for waiter, (after, on, exact, namespace) in self._waiters.items():
            if rank is None or after < 0:
                waiter.notify()
            elif after <= rank or not (broad or on is None or rank in on):
                continue
            elif not exact:
                waiter.notify()
            elif published and (lowest is None or lowest >= after or not self._may_write(lowest, namespace)):
                waiter.notify()

    def publish_tentative(self, rank: int, delta: Delta) -> None:
        """Rank ``rank`` has planned, not yet checked: later ranks' reads may use ``delta`` (they
        are checked too), an exact :meth:`fetch` still waits for :meth:`publish`."""
        with self._cond:
            if delta:
                self._pending[rank] = delta
            else:
                self._pending.pop(rank, None)
            self._tentative.add(rank)
            self._progress = time.monotonic()
            self._tick += 1
            self._wake(rank, published=False)

    def taken_now(self, rank: int) -> Ids:
        """Ids taken as far as known now for rank ``rank``: committed, or written by an earlier
        published plan (tentative ones included)."""
        with self._cond:
            added = {e.id for r, d in self._pending.items() if r < rank for e in d.added}
            return self._taken_with(added)

    def _taken_with(self, added: Collection[str]) -> Ids:
        """The committed ids with ``added`` (sharing the committed ids' parts, not copied)."""
        return self._taken.plus(added) if added else self._taken

    def publish(self, rank: int, delta: Delta) -> None:
        """Rank ``rank`` has planned: ``delta`` is what its commit will do (empty: nothing)."""
        with self._cond:
            broad = rank in self._tentative and self._pending.get(rank, Delta()) != delta
            self._tentative.discard(rank)
            self._expected.discard(rank)
            if delta:
                self._pending[rank] = delta
            else:
                self._pending.pop(rank, None)
            self._progress = time.monotonic()
            self._tick += 1
            self._wake(rank, broad=broad)

    def published(self, rank: int) -> Delta | None:
        """What rank ``rank`` published (None: nothing, or nothing pending)."""
        with self._cond:
            return self._pending.get(rank)

    def withdraw(self, rank: int, *, again: bool) -> None:
        """Rank ``rank``'s plan will not commit as published; ``again``: it is being re-planned."""
        with self._cond:
            self._pending.pop(rank, None)
            self._tentative.discard(rank)
            if again:
                self._expected.add(rank)
            else:
                self._expected.discard(rank)
            self._progress = time.monotonic()
            self._tick += 1
            self._wake(rank, broad=True)

    def advance(self, version: int, delta: Delta, rank: int | None = None) -> None:
        """The committed memory is now at ``version`` (``delta`` applied; by ``rank``'s plan)."""
        with self._cond:
            was_expected = rank is None or rank in self._expected
            if rank is not None:
                self._pending.pop(rank, None)
                self._expected.discard(rank)
                self._tentative.discard(rank)
            if delta:
                if self._paths is not None:
                    before, after = self._touched([delta])
                    self._committed.append(delta)
                    for path in delta.removed_paths:
                        self._overlay[path] = None
                    for entry in delta.added:
                        self._overlay[entry.path] = entry
                    if len(self._committed) >= rebase_after(len(self._entries)):
                        entries, self._paths = merged_in_order(self._entries, self._paths, self._committed)
                        self._entries = Committed(entries)
                        self._committed, self._overlay = [], {}
                    self._id_count.subtract(e.id for e in before)
                    self._id_count.update(e.id for e in after)
                    for entry in before:  # drop the ids no entry holds any more
                        if self._id_count[entry.id] <= 0:
                            del self._id_count[entry.id]
                else:
                    self._entries = Committed(merged(self._entries, [delta]))
                    self._paths = path_order(self._entries)
                    self._id_count = Counter(e.id for e in self._entries)
                self._taken = self._taken.grown(e.id for e in delta.added)
            self._version = version
            self._progress = time.monotonic()
            self._tick += 1
            self._wake(rank, published=was_expected)

    def _may_write(self, rank: int, namespace: str | None) -> bool:
        """Whether rank ``rank`` may write into ``namespace`` (None: any namespace)."""
        if namespace is None or rank not in self._namespaces:
            return True
        theirs = self._namespaces[rank]
        return theirs is None or theirs == namespace

    def _earlier_missing(self, rank: int, namespace: str | None) -> bool:
        """Whether an earlier rank that may write into ``namespace`` has not published yet."""
        lowest = self._expected.lowest()
        if lowest is None or lowest >= rank:  # asked on every wake-up: no Python loop then
            return False
        if namespace is None:
            return True
        return any(self._may_write(r, namespace) for r in self._expected.below(rank))

    def start(self) -> tuple[MemoryEntry, ...]:
        """The active memory as the run found it (no wait): what detection lists as stored
        topics, the same for every transcript of the run (see :class:`memscribe.batch.unit.PlanningView`)."""
        return self._start

    def fetch(self, rank: int, scope: tuple[str, str] | None = None) -> tuple[Snapshot, ViewBase]:
        """The memory as rank ``rank`` will commit into, as far as its namespace goes (``scope``:
        (namespace, default namespace); None: every namespace; see the module docstring)."""
        snapshot, base, layers = self.fetch_layers(rank, scope)
        return Snapshot(entries=layers.entries, taken_ids=snapshot.taken_ids), base

    def fetch_layers(
        self, rank: int, scope: tuple[str, str] | None = None
    ) -> tuple[LayeredSnapshot, ViewBase, Peek]:
        """:meth:`fetch`, with the same memory as layers (the committed entries and the earlier
        plans' deltas, as :meth:`peek` gives them; nothing still planning): a reader of one
        namespace reads its part in bulk from them (:class:`memscribe.batch.classes.Layered`)."""
        yield_turn()
        started = time.monotonic()
        namespace = scope[0] if scope is not None else None
        with self._cond:
            waiter = None
            while self._look_ahead and self._earlier_missing(rank, namespace):
                left = max(self._progress, started) + self._wait_s - time.monotonic()
                if left <= 0:
                    break
                waiter = waiter or self._enlist(rank, exact=True, namespace=namespace)
                waiter.wait(left)
            if waiter is not None:
                self._waiters.pop(waiter, None)
            self.waited_s += time.monotonic() - started
            earlier = self._earlier(rank)
            layers = Peek(
                self._entries, self._paths, (*self._committed, *earlier), {}, self._tick, self._progress
            )
            added, removed = self._id_changes(earlier, layers)
            taken = self._taken_with(added)
            base = ViewBase(self._version, added, removed, scope)
        return LayeredSnapshot(layers, taken), base, layers

    def _earlier(self, rank: int) -> list[Delta]:
        """The published plans before ``rank``, in order (none without look-ahead)."""
        if not self._look_ahead:
            return []
        return [self._pending[r] for r in sorted(self._pending) if r < rank]

    def _id_changes(self, deltas: Sequence[Delta], layers: Peek) -> tuple[frozenset[str], frozenset[str]]:
        """The ids the committed memory with ``deltas`` applied (``layers``' entries) holds that
        the committed memory does not, and the other way round: from the paths the deltas touch
        and the count of each committed id, not a walk over the whole memory (which only a
        memory not sorted by path still needs)."""
        if not any(deltas):
            return frozenset(), frozenset()
        if self._paths is None:
            base_ids = set(self._id_count)
            view_ids = {e.id for e in layers.entries}
            return frozenset(view_ids - base_ids), frozenset(base_ids - view_ids)
        before, after = self._touched(deltas)
        count = self._id_count
        net = Counter(e.id for e in after)
        net.subtract(e.id for e in before)
        added = frozenset(i for i in net if count[i] == 0 and net[i] > 0)
        removed = frozenset(i for i in net if count[i] > 0 and count[i] + net[i] <= 0)
        return added, removed

    def _touched(self, deltas: Sequence[Delta]) -> tuple[list[MemoryEntry], list[MemoryEntry]]:
        """The committed entries at the paths ``deltas`` touch, and the entries at those paths
        once the deltas are applied in order (as :func:`merged_in_order` does); every other
        entry is the same in both (the caller holds the lock; the memory is sorted by path)."""
        assert self._paths is not None
        return touched(self._entries, self._paths, self._overlay, deltas)


class MemorySource(Protocol):
    """What a unit needs of the board (the board itself, or a proxy to a remote one)."""

    def start(self) -> tuple[MemoryEntry, ...]: ...

    def fetch(self, rank: int, scope: tuple[str, str] | None = None) -> tuple[Snapshot, ViewBase]: ...

    def declare(self, rank: int, namespace: str | None) -> None: ...

    def publish(self, rank: int, delta: Delta) -> None: ...


class LazySnapshot:
    """A unit's memory view, fetched from the board only when the pipeline first reads it (a
    transcript the gate stops never waits), then fixed."""

    def __init__(self, board: MemorySource, rank: int, scope: tuple[str, str] | None = None) -> None:
        self._board = board
        self._rank = rank
        self._scope = scope
        self._got: tuple[Snapshot | LayeredSnapshot, ViewBase] | None = None
        self._layers: Peek | None = None
        self._start: tuple[MemoryEntry, ...] | None = None

    def start_entries(self) -> tuple[MemoryEntry, ...]:
        """The memory as the run found it (:meth:`Board.start`; no wait)."""
        if self._start is None:
            self._start = self._board.start()
        return self._start

    def _get(self) -> Snapshot | LayeredSnapshot:
        if self._got is None:
            if isinstance(self._board, Board):
                snapshot, base, self._layers = self._board.fetch_layers(self._rank, self._scope)
                self._got = snapshot, base
            else:
                self._got = self._board.fetch(self._rank, self._scope)
        return self._got[0]

    @property
    def layers(self) -> Peek | None:
        """The view as layers (fetched now if it was not: see :meth:`Board.fetch_layers`);
        None from a board that does not give them (a remote one)."""
        self._get()
        return self._layers

    @property
    def base(self) -> ViewBase | None:
        """What the plan was made against; None when the memory was never read."""
        return self._got[1] if self._got is not None else None

    @property
    def entries(self) -> _LazyEntries:
        return _LazyEntries(self)

    @property
    def taken_ids(self) -> _LazyIds:
        return _LazyIds(self)


class _LazyEntries(Sequence[MemoryEntry]):
    def __init__(self, owner: LazySnapshot) -> None:
        self._owner = owner

    def __len__(self) -> int:
        return len(self._owner._get().entries)

    def __getitem__(self, index: int) -> MemoryEntry:  # type: ignore[override]
        return self._owner._get().entries[index]

    def __iter__(self) -> Iterator[MemoryEntry]:
        return iter(self._owner._get().entries)


class _LazyIds(Collection[str]):
    def __init__(self, owner: LazySnapshot) -> None:
        self._owner = owner

    def __len__(self) -> int:
        return len(self._owner._get().taken_ids)

    def __contains__(self, item: object) -> bool:
        return item in self._owner._get().taken_ids

    def __iter__(self) -> Iterator[str]:
        return iter(self._owner._get().taken_ids)


__all__ = [
    "WAIT_S",
    "Board",
    "Candidate",
    "LayeredSnapshot",
    "LazySnapshot",
    "MemorySource",
    "Peek",
    "ViewBase",
]
