"""The ordered, exactly-once commit of batch plans (on the driver, under the root lock).

A group of consecutive plans (path order) is committed under one acquisition of the lock. The
driver's :class:`~memscribe.batch.view.MemoryState` is synced first (four ``stat`` calls unless
another process wrote since), then for each plan, in order: the ledger row is read again
(another run may have done it: ``already``), the plan is checked against what changed in the
memory since the view it was planned against (``stale``: the group stops; the driver re-plans
it), then the ledger gets a ``pending`` part, the plan is applied, and the row gets the next
record. The state is updated from the plan itself (exact: nobody else writes under the lock).
A plan that updates in place a file an earlier plan of the group changes (an update is checked
against the file on disk) starts a new transaction after the ones before it, under the same lock.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from memscribe.batch import ledger
from memscribe.batch.discovery import WorkItem
from memscribe.batch.seam import UnitOutput
from memscribe.batch.staleness import is_stale_since
from memscribe.batch.view import Delta, MemoryState, Snapshot
from memscribe.errors import StoreError
from memscribe.schemas.plan import ArchiveOp, Plan, UpdateOp, WriteOp
from memscribe.store.base import MemoryStore
from memscribe.store.confine import read_text_nofollow
from memscribe.store.filestore import FileMemoryStore
from memscribe.store.group import GroupWriter
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import recover_interrupted

if TYPE_CHECKING:
    from memscribe.batch.unit import UnitResult

CommitOutcome = Literal["committed", "already", "stale"]


@dataclass
class Prepared:
    """A planned transcript waiting for its commit."""

    item: WorkItem
    out: UnitOutput
    replans: int = 0

    @property
    def unit(self) -> UnitResult:
        assert self.out.unit is not None
        return self.out.unit

    @property
    def classified(self) -> ledger.Classified:
        assert self.out.classified is not None
        return self.out.classified


@dataclass
class CommitContext:
    """What a commit needs of the run (the driver's)."""

    root: Path
    ledger: ledger.Ledger
    memory: MemoryState
    lock_timeout: float = 120.0
    now: dt.datetime | None = None
    #: Told of every change of the committed memory: (version, delta, rank or None).
    on_change: Callable[[int, Delta, int | None], None] = lambda *_: None


@dataclass
class GroupCommit:
    """What :func:`commit_group` did: one outcome per plan it reached, in order.

    It stops after the first plan that is stale (to be re-planned) or that failed (``error``);
    the plans after it were not attempted.
    """

    outcomes: list[CommitOutcome] = field(default_factory=list)
    error: BaseException | None = None
    memory: MemoryState | None = None
    version: int = -1
    #: Transcripts of an earlier commit whose open journal this group completed (settled as made).
    completed: list[str] = field(default_factory=list)

    @property
    def snapshot(self) -> Snapshot | None:
        """The memory as the group left it (built on demand: only while nothing committed since)."""
        if self.memory is None:
            return None
        assert self.memory.version == self.version, "the memory moved on since this group"
        return self.memory.snapshot()


def next_record(prepared: Prepared, plan: Plan) -> ledger.LedgerRecord:
    unit = prepared.unit
    base = prepared.classified.base
    written = list(base.written if base else []) + [
        op.id for op in plan.operations if isinstance(op, WriteOp)
    ]
    return ledger.LedgerRecord(
        path=str(prepared.item.path),
        sha256=prepared.classified.sha256,
        size=prepared.classified.size,
        last_line=unit.last_line,
        last_entry_id=unit.last_entry_id,
        turns=unit.turns,
        format=prepared.out.fmt,
        namespace=prepared.out.namespace,
        processed_at=dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        written=written,
    )


@contextlib.contextmanager
def _whole_write() -> Iterator[None]:
    """Ctrl-C while a transaction is written takes effect once it is written (or rolled back).

    The run then stops with the ledger and the memory agreeing: no journal is left for the next
    run to roll forward. Only in the main thread with Python's own SIGINT handler (a caller's
    handler, or a signal ignored, is left alone); a kill is what the journal is for.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if caught:  # (also when the write failed: the run stops all the same)
            raise KeyboardInterrupt


def _commit_locked(prepared: Prepared, store: MemoryStore, ctx: CommitContext) -> CommitOutcome:
    """Apply one plan and record it in the ledger; the caller holds the root lock."""
    unit = prepared.unit
    path = prepared.item.path
    current = _check(prepared, ctx)
    if not isinstance(current, ledger.LedgerFile):
        return current
    record = next_record(prepared, unit.plan)
    if unit.plan.operations:
        ctx.ledger.save(path, ledger.LedgerFile(record=current.record, pending=_pending(unit.plan, record)))
    if unit.plan.operations or unit.plan.snapshot is not None:
        # The writes, then a Big-Memory task snapshot (appended under the same lock; a replay
        # after a kill does not append it twice).
        try:
            store.apply(unit.plan, now=ctx.now, replay=True, locked=True)
        except StoreError:
            # Rolled back (no journal left open): so does the ledger. A journal left open is
            # completed before the next commit, and the pending row settled from the disk.
            if unit.plan.operations and not MemoryRoot(ctx.root).pending_journals():
                try:
                    ctx.ledger.save(path, ledger.LedgerFile(record=current.record))
                except StoreError:
                    pass  # resolve_pending settles it on the next run
            raise
    ctx.ledger.save(path, ledger.LedgerFile(record=record), stat=prepared.out.stat)
    return "committed"


def _pending(plan: Plan, record: ledger.LedgerRecord) -> ledger.Pending:
    """The pending part of a row while ``plan`` is committed: what tells, after a kill or a
    refused step, whether the plan was made (:meth:`ledger.Ledger.resolve_pending`)."""
    return ledger.Pending(
        next=record,
        write_ids=[op.id for op in plan.operations if isinstance(op, WriteOp)],
        archive_ids=[op.id for op in plan.operations if isinstance(op, ArchiveOp)],
        updates={
            op.path: hashlib.sha256(op.text.encode("utf-8")).hexdigest()
            for op in plan.operations
            if isinstance(op, UpdateOp)
        },
    )


def _made(root: Path) -> Callable[[ledger.Pending], bool]:
    """Whether a pending plan's archives or updates are on disk (no journal open): an archived
    id no longer active, or a file holding the text an update wrote."""
    memory = MemoryRoot(root)
    ids: list[tuple[set[str], set[str]]] = []  # (active, archived), read once if needed

    def made(pending: ledger.Pending) -> bool:
        if pending.archive_ids:
            if not ids:
                ids.append(({e.id for e in memory.entries()}, memory.archived_ids()))
            active, archived = ids[0]
            if any(i in archived and i not in active for i in pending.archive_ids):
                return True
        for path, digest in pending.updates.items():
            try:
                text = read_text_nofollow(root / path)
            except (OSError, UnicodeDecodeError, StoreError):
                continue
            if hashlib.sha256(text.encode("utf-8")).hexdigest() == digest:
                return True
        return False

    return made


def _settle(ctx: CommitContext) -> list[str]:
    """Before a commit (lock held): complete a journal an earlier commit of this run left open
    and settle its pending rows, so nothing is committed over an unfinished plan and its
    transcripts are not planned again. A refusal raises (this group fails; the next run does it).
    Returns the transcripts settled as made."""
    if not MemoryRoot(ctx.root).pending_journals():
        return []
    recover_interrupted(ctx.root, lock_timeout=ctx.lock_timeout, locked=True)
    kept: list[str] = []
    if ctx.ledger.has_pending():
        ctx.ledger.resolve_pending(MemoryRoot(ctx.root).taken_ids(), _made(ctx.root), kept)
    return kept


def _check(prepared: Prepared, ctx: CommitContext) -> CommitOutcome | ledger.LedgerFile:
    """``already`` / ``stale`` for a plan that is not to be committed; else its current row."""
    current = ctx.ledger.load(prepared.item.path)
    current_sha = current.record.sha256 if current.record else None
    base = prepared.classified.base
    if current_sha == prepared.classified.sha256:
        return "already"
    if current_sha != (base.sha256 if base else None):
        return "stale"
    plan = prepared.unit.plan
    # A plan that writes nothing may still be stale: its candidate was a duplicate of an entry
    # that has since been superseded.
    if (plan.operations or plan.skipped) and is_stale_since(
        plan, prepared.out.view, ctx.memory, prepared.unit.seen
    ):
        return "stale"
    return current


def _write_group(
    members: Sequence[tuple[Prepared, ledger.LedgerFile]],
    writer: GroupWriter,
    store: MemoryStore,
    ctx: CommitContext,
) -> None:
    """The group on disk: pending ledger rows, the files (one journal), snapshots, final rows."""
    records = [next_record(p, p.unit.plan) for p, _ in members]
    pending = [
        (
            p.item.path,
            ledger.LedgerFile(
                record=current.record,
                pending=_pending(p.unit.plan, record),
            ),
            None,
        )
        for (p, current), record in zip(members, records, strict=True)
        if p.unit.plan.operations
    ]
    if pending:
        ctx.ledger.save_many(pending)
    try:
        writer.commit()
    except StoreError:
        # Rolled back whole (no journal left open): so does the ledger. A journal left open
        # ("partly made", "every change is made") is completed before the next commit and its
        # rows settled from the disk (_settle): reset here, they would be planned again against
        # the memory they already changed (review RV2 F1 of 51e3ba1f).
        if pending and not MemoryRoot(ctx.root).pending_journals():
            try:
                ctx.ledger.save_many(
                    [(path, ledger.LedgerFile(record=row.record), None) for path, row, _ in pending]
                )
            except StoreError:
                pass  # resolve_pending settles it on the next run
        raise
    for p, _ in members:
        if p.unit.plan.snapshot is not None:  # appended under the same lock; a replay does not repeat it
            store.apply(
                p.unit.plan.model_copy(update={"operations": []}), now=ctx.now, replay=True, locked=True
            )
    ctx.ledger.save_many(
        [
            (p.item.path, ledger.LedgerFile(record=record), p.out.stat)
            for (p, _), record in zip(members, records, strict=True)
        ]
    )


def _touched(plan: Plan) -> tuple[set[str], set[str]]:
    """The active paths ``plan`` changes: (written or archived, updated in place)."""
    changed = {op.path for op in plan.operations if isinstance(op, WriteOp | ArchiveOp)}
    return changed, {op.path for op in plan.operations if isinstance(op, UpdateOp)}


def _after_update(plan: Plan, changed: set[str], updated: set[str]) -> bool:
    """Whether ``plan`` updates a file an earlier plan writes, archives or updates, or archives a
    file an earlier plan updates (``changed`` / ``updated``: their paths): one journal cannot
    hold both (an update is checked against the file on disk), so it starts the next group."""
    return any(
        (isinstance(op, UpdateOp) and (op.path in changed or op.path in updated))
        or (isinstance(op, ArchiveOp) and op.path in updated)
        for op in plan.operations
    )


def commit_group(group: Sequence[Prepared], ctx: CommitContext) -> GroupCommit:
    """Commit consecutive plans, in order, under one acquisition of the root lock and as one
    transaction on disk (:class:`~memscribe.store.group.GroupWriter`): the same files as
    committing them one by one, with one journal and one fsync batch for the group. A plan
    that updates in place a file an earlier plan of the group changes (two merges into one
    memory) is committed after those, in a transaction of its own (same lock)."""
    store = FileMemoryStore(ctx.root, lock_timeout=ctx.lock_timeout)
    done = GroupCommit(memory=ctx.memory)
    with store.lock(timeout=ctx.lock_timeout):
        done.completed = _settle(ctx)  # a journal an earlier commit of this run left open
        synced = ctx.memory.sync()  # another process may have written since the last group
        if synced:
            ctx.on_change(ctx.memory.version, synced, None)
        rest = list(group)
        while rest:
            reached = _commit_part(rest, store, ctx, done)
            if reached is None:
                break
            rest = rest[reached:]
        done.version = ctx.memory.version
    return done


def _commit_part(
    group: Sequence[Prepared], store: MemoryStore, ctx: CommitContext, done: GroupCommit
) -> int | None:
    """Commit the leading plans of ``group`` as one transaction (the caller holds the lock);
    their outcomes go to ``done``. Returns how many plans it settled when the rest may go on
    (a plan after an update of the same file), else None (done, stale, failed)."""
    start = ctx.memory.version
    # The group's ids are looked up in the run's memory, synced under this hold of the lock
    # (commit_group): only an id it knows is confirmed on disk.
    writer = GroupWriter(MemoryRoot(ctx.root), now=ctx.now, known=ctx.memory)
    writer.look_up([p.unit.plan for p in group])
    members: list[tuple[Prepared, ledger.LedgerFile]] = []
    outcomes: list[CommitOutcome] = []
    deltas: list[tuple[Delta, int]] = []
    error: BaseException | None = None
    changed: set[str] = set()
    updated: set[str] = set()
    reached: int | None = None
    for position, prepared in enumerate(group):
        plan = prepared.unit.plan
        try:
            checked = _check(prepared, ctx)
            if isinstance(checked, ledger.LedgerFile):
                if members and _after_update(plan, changed, updated):
                    reached = position
                    break
                writer.add(plan)
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C stops the run: never one unit's failure
            raise
        except BaseException as exc:  # reported for this transcript; the plans before it commit
            error = exc
            break
        if not isinstance(checked, ledger.LedgerFile):
            outcomes.append(checked)
            if checked == "stale":
                break
            continue
        members.append((prepared, checked))
        outcomes.append("committed")
        deltas.append((ctx.memory.apply(plan, restamp=False), prepared.out.rank))
        more, more_updated = _touched(plan)
        changed |= more
        updated |= more_updated
    try:
        if members:
            with _whole_write():
                _write_group(members, writer, store, ctx)
    except (KeyboardInterrupt, SystemExit):  # Ctrl-C stops the run: never one unit's failure
        raise
    except BaseException as exc:
        ctx.memory.rollback(start)
        ctx.memory.sync()
        if MemoryRoot(ctx.root).pending_journals():  # written in part: the next run rolls it forward
            done.error = exc
            return None
        # Rolled back whole: committed one by one instead, so a failure is its own plan's.
        _one_by_one(group, store, ctx, done)
        return None
    ctx.memory.restamp()
    version = start
    for delta, rank in deltas:
        version += 1
        ctx.on_change(version, delta, rank)
    done.outcomes.extend(outcomes)
    done.error = error
    if error is not None:
        ctx.memory.sync()
    return reached


def _one_by_one(
    group: Sequence[Prepared], store: MemoryStore, ctx: CommitContext, done: GroupCommit
) -> GroupCommit:
    """Each plan committed alone (the caller holds the lock): after a group that failed to write."""
    for prepared in group:
        try:
            with _whole_write():
                outcome = _commit_locked(prepared, store, ctx)
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C stops the run: never one unit's failure
            raise
        except BaseException as exc:  # reported for this transcript; the next group syncs
            done.error = exc
            ctx.memory.sync()
            break
        done.outcomes.append(outcome)
        if outcome == "stale":
            break
        if outcome == "committed":
            delta = ctx.memory.apply(prepared.unit.plan)
            ctx.on_change(ctx.memory.version, delta, prepared.out.rank)
    done.version = ctx.memory.version
    return done


def recover(root: Path, *, lock_timeout: float, book: ledger.Ledger | None = None) -> list[str]:
    """Finish what a killed run left: open journals rolled forward, pending ledger rows settled."""
    store = FileMemoryStore(root, lock_timeout=lock_timeout)
    done = store.recover()
    own = book is None
    book = book or ledger.Ledger(root, create=(Path(root) / ledger.LEDGER_DIR).is_dir())
    try:
        if book.has_pending():
            with store.lock(timeout=lock_timeout):
                done += book.resolve_pending(store.taken_ids(), _made(Path(root)))
    finally:
        if own:
            book.close()
    return done
