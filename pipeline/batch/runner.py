"""The batch run: asyncio fan-out over transcripts, then an ordered, locked, exactly-once commit.

1. **Recover** (not in dry runs): open journals of killed runs are rolled forward and ledger
   records left pending are settled, under the root lock.
2. **Plan concurrently.** Each transcript is read, compared with its ledger record, and planned by
   :func:`memscribe.batch.unit.plan_transcript` against one memory snapshot, in a worker thread
   (the pipeline is synchronous). At most ``concurrency`` model calls are in flight (a semaphore
   around ``generate``); rate-limit errors are retried with backoff by the model layer.
   Call slots are handed out in path order (the lowest waiting transcript first), so the head
   of the commit queue is ready early and commits overlap the calls still running.
3. **Commit in path order**, whatever the completion order, in groups: every consecutive plan
   that is ready is committed under one acquisition of the root lock (one worker-thread hop).
   The group scans the memory folders once (another process may have written since), then for
   each plan, in path order: the ledger is re-read (another run may have done it: skip) and the
   memory compared with the snapshot the plan saw. If memories the plan could relate to (same
   kind, same topic or similar text, or an entry it archives or was judged a duplicate of)
   changed, the group stops there and the plan is recomputed against the current memory first.
   After each apply the in-memory snapshot is updated from the plan's own writes and archives
   (exact: the lock is held, nobody else writes) instead of re-scanning the folders. So the
   result is the same as processing the transcripts one by one in path order — at any
   concurrency, with a second run racing on the same root, or after a kill and a re-run.
4. **Ledger**: ``pending`` before the apply, final after (see :mod:`memscribe.batch.ledger`).

A time budget stops new transcripts from starting; plans already complete are still committed,
the rest are reported ``skipped: timeout`` and picked up by the next run.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import heapq
import itertools
import os
import platform
import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel

from memscribe.batch import ledger
from memscribe.batch.discovery import WorkItem
from memscribe.batch.report import BatchReport, TranscriptResult
from memscribe.batch.unit import Snapshot, UnitResult, plan_transcript
from memscribe.errors import InputError, MemscribeError, StoreError, UnknownFormatError
from memscribe.model.base import Message, StructuredModel
from memscribe.run import SnapshotContext
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Plan, WriteOp
from memscribe.schemas.transcript import Transcript
from memscribe.snapshot.store import append_snapshot_locked, stored_snapshots
from memscribe.snapshot.trigger import raw_flush_seen
from memscribe.stages.apply import apply_locked, recover_interrupted
from memscribe.stages.dedup import SHORTLIST_SCORE
from memscribe.store.files import ARCHIVE_DIR, KIND_DIRS, REFLEXIO_DIR, parse_memory_file
from memscribe.store.root import MemoryRoot
from memscribe.textsim import similarity
from memscribe.transcript import parse_transcript
from memscribe.transcript.openclaw import lookup_session_key

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")

#: Similarity at which a memory that changed since the snapshot may alter a plan's dedup: the
#: dedup stage's own shortlist threshold (below it, dedup never looks at the entry).
RELATED_SCORE = SHORTLIST_SCORE
MAX_REPLANS = 5

ModelFactory = Callable[[], StructuredModel]
Event = Literal["start", "planned", "done"]


@dataclass
class BatchConfig:
    root: Path
    concurrency: int = 8
    dry_run: bool = False
    budget_s: float | None = None
    context_tokens: int = 16000
    fmt: str | None = None
    skip_bad_lines: bool = False
    agent: str | None = None
    lock_timeout: float = 120.0
    now: dt.datetime | None = None


class OrderedSlots:
    """At most ``n`` holders; a freed slot goes to the waiter with the lowest rank (path order).

    A plain semaphore wakes waiters in arrival order, so the transcript at the head of the commit
    queue may wait behind later ones; here it never does.
    """

    def __init__(self, n: int) -> None:
        self._free = max(1, n)
        self._lock = threading.Lock()
        self._waiting: list[tuple[int, int, threading.Event]] = []
        self._seq = itertools.count()

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
            else:
                self._free += 1


class BoundedModel:
    """A per-transcript model whose ``generate`` waits for one of the shared call slots."""

    def __init__(self, inner: StructuredModel, slots: OrderedSlots, rank: int = 0) -> None:
        self.inner = inner
        self.name = inner.name
        self.usage = inner.usage
        self.calls = 0
        self.rank = rank
        self._slots = slots
        self._memo: dict[str, BaseModel] = {}

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        # A re-plan (memory changed under a plan) reuses this transcript's detection: only the
        # dedup decisions against the new memory may need the model again.
        key = f"{task}:{response_model.__name__}:{request.model_dump_json()}" if task == "detect" else None
        if key is not None and key in self._memo:
            return response_model.model_validate(self._memo[key].model_dump())
        self._slots.acquire(self.rank)
        try:
            self.calls += 1
            answer = self.inner.generate(
                task=task, messages=messages, response_model=response_model, request=request
            )
        finally:
            self._slots.release()
        if key is not None:
            self._memo[key] = answer
        return answer


class MemView:
    """The memory root's entries and ids, re-parsing only files not seen before.

    Memory files are never rewritten in place (only created and removed), so a file's
    (path, inode, size, mtime) names its content.
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._cache: dict[str, tuple[tuple[int, int, int], MemoryEntry | None]] = {}

    def _scan(self, base: str) -> list[MemoryEntry]:
        found: list[MemoryEntry] = []
        for kind_dir in sorted(KIND_DIRS.values()):
            directory = self.root / base / kind_dir
            try:
                listing = list(os.scandir(directory))
            except OSError:
                continue
            for item in listing:
                if item.name.startswith(".") or not item.name.endswith(".md") or not item.is_file():
                    continue
                rel = f"{base}/{kind_dir}/{item.name}"
                st = item.stat()
                key = (st.st_ino, st.st_size, st.st_mtime_ns)
                cached = self._cache.get(rel)
                if cached is None or cached[0] != key:
                    try:
                        entry: MemoryEntry | None = parse_memory_file(
                            Path(item.path).read_text(encoding="utf-8"), rel
                        )
                    except (OSError, UnicodeDecodeError, MemscribeError):
                        entry = None
                    cached = (key, entry)
                    self._cache[rel] = cached
                if cached[1] is not None:
                    found.append(cached[1])
        return sorted(found, key=lambda e: e.path)

    def snapshot(self) -> Snapshot:
        active = self._scan(REFLEXIO_DIR)
        archived = self._scan(ARCHIVE_DIR)
        return Snapshot(
            entries=tuple(active), taken_ids=frozenset(e.id for e in active) | {e.id for e in archived}
        )


def after_plan(snapshot: Snapshot, plan: Plan) -> Snapshot:
    """``snapshot`` once ``plan`` is applied: what :meth:`MemView.snapshot` would then find.

    Exact for a plan applied under the lock: its writes are new files holding ``op.text`` (the
    apply checked they parse back to the op), its archives remove those active files (their ids
    stay taken, by the archived copies).
    """
    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    gone = {op.path for op in plan.operations if isinstance(op, ArchiveOp)}
    if not writes and not gone:
        return snapshot
    kept = [e for e in snapshot.entries if e.path not in gone]
    added = [parse_memory_file(op.text, op.path) for op in writes]
    return Snapshot(
        entries=tuple(sorted(kept + added, key=lambda e: e.path)),
        taken_ids=snapshot.taken_ids | {e.id for e in added},
    )


def _topic_related(a: str, b: str) -> bool:
    return a == b or a.startswith(b + "-") or b.startswith(a + "-")


def is_stale(plan: Plan, before: Snapshot, now: Snapshot) -> bool:
    """Could the memory changes between ``before`` and ``now`` change this plan?"""
    if before.ids == now.ids and not any(
        isinstance(op, WriteOp) and op.id in now.taken_ids for op in plan.operations
    ):
        return False
    added = [e for e in now.entries if e.id not in before.ids]
    removed = before.ids - now.ids
    for op in plan.operations:
        if isinstance(op, ArchiveOp) and op.id in removed:
            return True
        if isinstance(op, WriteOp):
            if op.id in now.taken_ids:
                return True
            for entry in added:
                if entry.kind == op.kind and (
                    _topic_related(op.slug, entry.slug) or similarity(op.body, entry.body) >= RELATED_SCORE
                ):
                    return True
    return any(old in s.detail for s in plan.skipped for old in removed)


@dataclass
class Prepared:
    item: WorkItem
    classified: ledger.Classified
    snapshot: Snapshot
    namespace: str | None = None
    unit: UnitResult | None = None
    fmt: str = ""
    model: BoundedModel | None = None


@dataclass
class _State:
    config: BatchConfig
    model_factory: ModelFactory
    view: MemView
    slots: OrderedSlots
    on_event: Callable[[Event, WorkItem, TranscriptResult | None], None]
    results: dict[Path, TranscriptResult] = field(default_factory=dict)


def _parse(item: WorkItem, data: bytes, config: BatchConfig) -> Transcript:
    source = str(item.path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"not UTF-8 text (invalid byte at offset {exc.start})", path=source, line=line
        ) from None
    transcript = parse_transcript(text, source=source, fmt=config.fmt, skip_bad_lines=config.skip_bad_lines)
    if transcript.format == "openclaw":
        key = lookup_session_key(item.path, transcript.session_id)
        if key is not None:
            transcript = transcript.model_copy(update={"session_key": key})
    return transcript


def _namespaces(item: WorkItem, transcript: Transcript, agent: str | None) -> tuple[str | None, str | None]:
    """(namespace, default namespace) of a transcript: the agent id, as the namespace module says."""
    try:
        from memscribe import namespace as ns
    except ImportError:  # pragma: no cover - the namespace module is optional
        return item.agent, None
    try:
        name = ns.resolve_namespace(agent=agent, session_key=transcript.session_key, source=str(item.path))
    except ValueError:
        name = ns.default_namespace()
    return name, ns.default_namespace()


def prepare(
    item: WorkItem, snapshot: Snapshot, state: _State, model: BoundedModel | None = None, rank: int = 0
) -> Prepared:
    """Read, classify against the ledger, and plan one transcript (worker thread)."""
    config = state.config
    record = ledger.load(config.root, item.path).record
    try:
        data = item.path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=str(item.path)) from None
    classified = ledger.classify(data, record)
    prepared = Prepared(item=item, classified=classified, snapshot=snapshot)
    if classified.change == "unchanged":
        return prepared
    transcript = _parse(item, data, config)
    namespace, default = _namespaces(item, transcript, config.agent)
    if model is None:
        model = BoundedModel(state.model_factory(), state.slots, rank)
    prepared.model = model
    prepared.namespace = namespace
    prepared.fmt = transcript.format
    prepared.unit = plan_transcript(
        transcript,
        model=model,
        snapshot=snapshot,
        since_line=classified.since_line,
        namespace=namespace,
        default_namespace=default,
        context_tokens=config.context_tokens,
        now=config.now or dt.datetime.now(dt.UTC),
        snapshot_context=_snapshot_context(config.root, data, classified.since_line),
    )
    return prepared


def _snapshot_context(root: Path, data: bytes, since_line: int) -> SnapshotContext:
    """Today's stored snapshots (for the next id) and whether the *new* lines hold a memory-flush
    prompt (the readers drop those turns; an old flush must not re-trigger on every append)."""
    new_text = b"\n".join(data.split(b"\n")[since_line:]).decode("utf-8", errors="replace")
    today = f"{dt.datetime.now(dt.UTC):%Y-%m-%d}"
    return SnapshotContext(existing=stored_snapshots(root, day=today), flush_seen=raw_flush_seen(new_text))


CommitOutcome = Literal["committed", "already", "stale"]


def _next_record(prepared: Prepared, plan: Plan) -> ledger.LedgerRecord:
    unit = prepared.unit
    assert unit is not None
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
        format=prepared.fmt,
        namespace=prepared.namespace,
        processed_at=dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        written=written,
    )


def _commit_locked(
    prepared: Prepared, memory_root: MemoryRoot, now: Snapshot, config: BatchConfig
) -> CommitOutcome:
    """Apply one plan and record it in the ledger; the caller holds the root lock."""
    unit = prepared.unit
    assert unit is not None
    current = ledger.load(config.root, prepared.item.path)
    current_sha = current.record.sha256 if current.record else None
    base = prepared.classified.base
    if current_sha == prepared.classified.sha256:
        return "already"
    if current_sha != (base.sha256 if base else None):
        return "stale"
    # A plan that writes nothing may still be stale: its candidate was a duplicate of an entry
    # that has since been superseded.
    if (unit.plan.operations or unit.plan.skipped) and is_stale(unit.plan, prepared.snapshot, now):
        return "stale"
    record = _next_record(prepared, unit.plan)
    if unit.plan.operations:
        write_ids = [op.id for op in unit.plan.operations if isinstance(op, WriteOp)]
        ledger.save(
            config.root,
            prepared.item.path,
            ledger.LedgerFile(
                record=current.record, pending=ledger.Pending(next=record, write_ids=write_ids)
            ),
        )
        try:
            apply_locked(unit.plan, memory_root, now=config.now)
        except StoreError:
            try:  # the apply rolled back: so does the ledger
                ledger.save(config.root, prepared.item.path, ledger.LedgerFile(record=current.record))
            except StoreError:
                pass  # resolve_pending settles it on the next run
            raise
    if unit.plan.snapshot is not None:  # Big-Memory task snapshot, appended under the same lock
        append_snapshot_locked(memory_root, unit.plan.snapshot, replay=True)
    ledger.save(config.root, prepared.item.path, ledger.LedgerFile(record=record))
    return "committed"


@dataclass
class GroupCommit:
    """What :func:`commit_group` did: one outcome per plan it reached, in order.

    It stops after the first plan that is stale (to be re-planned against ``snapshot``) or that
    failed (``error``); the plans after it were not attempted.
    """

    outcomes: list[CommitOutcome] = field(default_factory=list)
    error: BaseException | None = None
    snapshot: Snapshot | None = None


def commit_group(group: Sequence[Prepared], state: _State) -> GroupCommit:
    """Commit consecutive plans, in order, under one acquisition of the root lock (worker thread).

    The memory folders are scanned once, at the start (another process may have written since
    the last group); after each apply the snapshot is updated from the plan itself.
    """
    config = state.config
    memory_root = MemoryRoot(config.root)
    done = GroupCommit()
    with memory_root.lock(timeout=config.lock_timeout):
        now = state.view.snapshot()
        for prepared in group:
            try:
                outcome = _commit_locked(prepared, memory_root, now, config)
            except BaseException as exc:  # reported for this transcript; the next group re-scans
                done.error = exc
                break
            done.outcomes.append(outcome)
            if outcome == "stale":
                break
            if outcome == "committed":
                assert prepared.unit is not None
                now = after_plan(now, prepared.unit.plan)
        done.snapshot = now
    return done


def commit(prepared: Prepared, state: _State) -> CommitOutcome:
    """Commit one plan under the root lock (a group of one)."""
    done = commit_group([prepared], state)
    if done.error is not None:
        raise done.error
    return done.outcomes[0]


def recover(root: Path, *, lock_timeout: float) -> list[str]:
    """Finish what a killed run left: open journals rolled forward, pending ledger records settled."""
    done = recover_interrupted(root, lock_timeout=lock_timeout)
    ledger_dir = Path(root) / ledger.LEDGER_DIR
    if ledger_dir.is_dir() and any(_has_pending(p) for p in ledger_dir.glob("*.json")):
        memory_root = MemoryRoot(root)
        with memory_root.lock(timeout=lock_timeout):
            done += ledger.resolve_pending(root, memory_root.taken_ids())
    return done


def _has_pending(path: Path) -> bool:
    try:
        return b'"pending": {' in path.read_bytes()
    except OSError:
        return False


class _Workers:
    """Reusable daemon threads (starting a thread per task cost more than some tasks).

    Daemon threads, unlike ``concurrent.futures``' (joined at exit): a run that ran out of time
    exits without waiting for them. A task never waits for a free worker: one is started instead.
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
            threading.Thread(target=self._loop, daemon=True, name="memscribe-batch").start()

    def _loop(self) -> None:
        while True:
            self._tasks.get()()
            with self._lock:
                self._idle += 1


_WORKERS = _Workers()


def _in_thread(fn: Callable[..., R], *args: Any) -> asyncio.Future[R]:
    """Run ``fn`` in a daemon worker thread: a run that ran out of time exits without waiting for it."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[R] = loop.create_future()

    def settle(value: R | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(cast(R, value))

    def work() -> None:
        try:
            value, error = fn(*args), None
        except BaseException as exc:  # handed to the awaiting task
            value, error = None, exc
        try:
            loop.call_soon_threadsafe(settle, value, error)
        except RuntimeError:  # the loop is gone: the run already ended
            pass

    _WORKERS.submit(work)
    return future


def _result(prepared: Prepared, plan: Plan, replans: int) -> TranscriptResult:
    assert prepared.unit is not None
    return TranscriptResult.from_plan(
        str(prepared.item.path),
        plan,
        change=prepared.classified.change,
        namespace=prepared.namespace,
        new_turns=prepared.unit.new_turns,
        replans=replans,
    )


def _failed(item: WorkItem, exc: BaseException) -> TranscriptResult:
    if isinstance(exc, MemscribeError):
        message = str(exc)
    else:
        message = f"internal error: {type(exc).__name__}: {exc}"
    return TranscriptResult(path=str(item.path), status="failed", error=message)


def _planned(item: WorkItem, task: asyncio.Future[Prepared]) -> Prepared | TranscriptResult:
    """The plan of a finished task, or the result of a transcript that could not be planned."""
    try:
        return task.result()
    except UnknownFormatError as exc:
        if item.explicit:
            return _failed(item, exc)
        return TranscriptResult(path=str(item.path), status="skipped", reason="not_a_transcript")
    except BaseException as exc:
        return _failed(item, exc)


def _to_commit(prepared: Prepared, replans: int, config: BatchConfig) -> Prepared | TranscriptResult:
    """``prepared`` when it has a plan to commit, else the transcript's result."""
    item = prepared.item
    if prepared.unit is None:
        return TranscriptResult(path=str(item.path), status="skipped", reason="unchanged", change="unchanged")
    plan = prepared.unit.plan
    errors = [s for s in plan.skipped if s.reason == "model_error"]
    if errors:  # not recorded: the next run retries the whole transcript
        failed = _result(prepared, plan, replans)
        failed.status, failed.error = "failed", f"model error: {errors[0].detail}"
        return failed
    if config.dry_run:
        return _result(prepared, plan, replans)
    return prepared


def _committed(prepared: Prepared, outcome: CommitOutcome, replans: int) -> TranscriptResult:
    assert prepared.unit is not None
    if outcome == "already":
        return TranscriptResult(
            path=str(prepared.item.path),
            status="skipped",
            reason="already_processed",
            change=prepared.classified.change,
        )
    return _result(prepared, prepared.unit.plan, replans)


Ready = Prepared | TranscriptResult


@dataclass
class _Run:
    """The commit side of one run: transcripts settled in path order, plans committed in groups."""

    items: Sequence[WorkItem]
    tasks: Sequence[asyncio.Future[Prepared]]
    state: _State
    report: BatchReport
    deadline: float | None
    #: A transcript whose plan went stale, re-planned: (its new plan, re-plans so far).
    replanned: dict[int, tuple[Prepared, int]] = field(default_factory=dict)

    def finish(self, index: int, result: TranscriptResult) -> None:
        self.report.add(result)
        self.state.on_event("done", self.items[index], result)

    async def head_ready(self, head: int) -> bool:
        """Wait for the head's plan (within the budget); False when it timed out (reported)."""
        task = self.tasks[head]
        if head in self.replanned:
            return True
        if self.deadline is not None and not task.done():
            try:
                await asyncio.wait_for(asyncio.shield(task), max(0.0, self.deadline - time.monotonic()))
            except (TimeoutError, asyncio.CancelledError):
                pass
            except Exception:
                pass  # reported with the group
        if self.deadline is not None and not task.done():
            task.cancel()
            self.report.timed_out = True
            self.finish(
                head, TranscriptResult(path=str(self.items[head].path), status="skipped", reason="timeout")
            )
            return False
        await asyncio.wait([task])
        return True

    def ready(self, index: int) -> tuple[Ready, int]:
        """A finished transcript: its plan to commit or its result, and its re-plans so far."""
        if index in self.replanned:
            prepared, replans = self.replanned.pop(index)
            return _to_commit(prepared, replans, self.state.config), replans
        item, task = self.items[index], self.tasks[index]
        if _timed_out(task):
            self.report.timed_out = True
            return TranscriptResult(path=str(item.path), status="skipped", reason="timeout"), 0
        planned = _planned(item, task)
        if isinstance(planned, TranscriptResult):
            return planned, 0
        return _to_commit(planned, 0, self.state.config), 0

    def group(self, head: int) -> list[tuple[int, Ready, int]]:
        """The head and every consecutive transcript after it that is planned already."""
        group: list[tuple[int, Ready, int]] = []
        index = head
        while index < len(self.items) and (
            index == head or index in self.replanned or self.tasks[index].done()
        ):
            group.append((index, *self.ready(index)))
            index += 1
        return group

    async def settle(self, head: int) -> int:
        """Commit the group at ``head``; report what is settled; return the next head."""
        group = self.group(head)
        plans = [ready for _, ready, _ in group if isinstance(ready, Prepared)]
        for prepared in plans:
            self.state.on_event("planned", prepared.item, None)
        done = GroupCommit()
        if plans:
            try:
                done = await _in_thread(commit_group, plans, self.state)
            except BaseException as exc:
                done = GroupCommit(error=exc)
        outcomes = iter(done.outcomes)
        for index, ready, replans in group:
            if isinstance(ready, TranscriptResult):
                self.finish(index, ready)
                continue
            outcome = next(outcomes, None)
            if outcome is None:  # the commit of this plan failed
                self.finish(index, _failed(self.items[index], done.error or RuntimeError("not committed")))
                return index + 1
            if outcome != "stale":
                self.finish(index, _committed(ready, outcome, replans))
                continue
            return await self.replan(index, ready, replans, done.snapshot)
        return head + len(group)

    async def replan(self, index: int, stale: Prepared, replans: int, fresh: Snapshot | None) -> int:
        """Re-plan a stale plan against the memory as the group left it; return the next head."""
        item = self.items[index]
        if replans >= MAX_REPLANS:
            self.finish(
                index,
                TranscriptResult(
                    path=str(item.path),
                    status="failed",
                    error=f"memory kept changing: gave up after {MAX_REPLANS} re-plans",
                ),
            )
            return index + 1
        try:
            if fresh is None:
                fresh = await _in_thread(self.state.view.snapshot)
            again = await _in_thread(prepare, item, fresh, self.state, stale.model, index)
        except BaseException as exc:
            self.finish(index, _failed(item, exc))
            return index + 1
        self.replanned[index] = (again, replans + 1)
        return index


async def run_batch_async(
    items: Sequence[WorkItem],
    config: BatchConfig,
    model_factory: ModelFactory,
    on_event: Callable[[Event, WorkItem, TranscriptResult | None], None] | None = None,
) -> BatchReport:
    started, cpu_started = time.monotonic(), time.process_time()
    deadline = started + config.budget_s if config.budget_s is not None else None
    report = BatchReport(memory_dir=str(config.root), dry_run=config.dry_run, concurrency=config.concurrency)
    if not config.dry_run:
        report.recovered = await _in_thread(
            functools.partial(recover, config.root, lock_timeout=config.lock_timeout)
        )
    state = _State(
        config=config,
        model_factory=model_factory,
        view=MemView(config.root),
        slots=OrderedSlots(config.concurrency),
        on_event=on_event or (lambda *_: None),
    )
    snapshot = await _in_thread(state.view.snapshot)
    _warm_platform()
    running = asyncio.Semaphore(max(2, 2 * config.concurrency))

    async def launch(rank: int, item: WorkItem) -> Prepared:
        async with running:
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError
            state.on_event("start", item, None)
            return await _in_thread(prepare, item, snapshot, state, None, rank)

    tasks = [asyncio.ensure_future(launch(rank, item)) for rank, item in enumerate(items)]
    run = _Run(items=items, tasks=tasks, state=state, report=report, deadline=deadline)
    head = 0
    while head < len(items):
        head = await run.settle(head) if await run.head_ready(head) else head + 1
    report.wall_s = round(time.monotonic() - started, 3)
    report.cpu_s = round(time.process_time() - cpu_started, 3)
    return report


def _warm_platform() -> None:
    """Fill ``platform.platform()``'s cache before the fan-out when the OpenAI client is loaded.

    Its request headers describe the platform (cached, but not computed once): otherwise every
    call of the first wave computes it at the same time (~5 ms of CPU each, GIL held).
    """
    if "openai" in sys.modules:
        platform.platform()


def _timed_out(task: asyncio.Future[Prepared]) -> bool:
    return task.done() and not task.cancelled() and isinstance(task.exception(), TimeoutError)


def run_batch(
    items: Sequence[WorkItem],
    config: BatchConfig,
    model_factory: ModelFactory,
    on_event: Callable[[Event, WorkItem, TranscriptResult | None], None] | None = None,
) -> BatchReport:
    """Synchronous entry point (the CLI, tests)."""
    return asyncio.run(run_batch_async(items, config, model_factory, on_event))
