"""The batch run (the driver): which transcripts changed, units on an engine, an ordered commit.

1. **Recover** (not in dry runs): open journals of killed runs are rolled forward and ledger
   rows left pending are settled, under the root lock.
2. **Classify by stat**: a transcript whose size and mtime equal its ledger row is
   ``unchanged`` without being read (point look-ups; see :mod:`memscribe.batch.ledger`).
3. **Plan** the others on an :class:`~memscribe.batch.seam.Engine` (threads here by default,
   or a cluster): each unit reads its transcript, detects concurrently ahead, and compares its
   candidates with the memory as it will be at its commit (the committed memory plus the
   plans of the transcripts before it: :mod:`memscribe.batch.board`), so it is planned once.
4. **Commit in path order**, whatever the completion order, in groups: every consecutive plan
   that is ready is committed under one acquisition of the root lock
   (:mod:`memscribe.batch.commit`). A plan that the memory changed under since it was planned
   (:mod:`memscribe.batch.staleness`) is planned again first. So the result is the same as
   processing the transcripts one by one in path order — at any concurrency, on any engine,
   with a second run racing on the same root, or after a kill and a re-run.

A time budget stops new transcripts from starting; plans already complete are still committed,
the rest are reported ``skipped: timeout`` and picked up by the next run.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from memscribe.batch import ledger
from memscribe.batch.commit import (
    CommitContext,
    CommitOutcome,
    GroupCommit,
    Prepared,
    commit_group,
    recover,
)
from memscribe.batch.discovery import WorkItem
from memscribe.batch.report import BatchReport, TranscriptResult
from memscribe.batch.seam import Engine, UnitConfig, UnitInput, UnitOutput, error_message
from memscribe.batch.settings import ModelFactory, ModelSettings
from memscribe.batch.staleness import RELATED_SCORE, is_stale
from memscribe.batch.view import MemoryState, MemView, Snapshot, after_plan

__all__ = [
    "CommitContext",
    "RELATED_SCORE",
    "BatchConfig",
    "CommitOutcome",
    "GroupCommit",
    "MemView",
    "ModelFactory",
    "ModelSettings",
    "Prepared",
    "Snapshot",
    "after_plan",
    "commit_group",
    "is_stale",
    "recover",
    "run_batch",
]

MAX_REPLANS = 5


def __getattr__(name: str) -> object:
    """The local engine's parts, imported when first asked for (they import the pipeline)."""
    if name in ("BoundedModel", "LocalEngine", "OrderedSlots"):
        from memscribe.batch import engine

        return getattr(engine, name)
    raise AttributeError(name)


Event = Literal["start", "planned", "done"]
OnEvent = Callable[[Event, WorkItem, TranscriptResult | None], None]


class _Unchanged:
    """Marks a transcript found unchanged before any unit ran (by stat, or by hash here)."""


UNCHANGED = _Unchanged()


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
    #: Plan each transcript against the memory as it will be at its commit (earlier transcripts'
    #: pending plans included). False: against the committed memory only (re-planned when stale).
    look_ahead: bool = True


@dataclass
class _State:
    """One run's driver state (``config.root``: the memory root)."""

    config: BatchConfig
    book: ledger.Ledger
    on_event: OnEvent
    report: BatchReport
    items: Sequence[WorkItem]
    #: Set once there is something to plan (a run where nothing changed needs neither).
    ctx: CommitContext | None = None
    engine: Engine | None = None
    units: dict[int, UnitInput] = field(default_factory=dict)
    ready: dict[int, Prepared | TranscriptResult | _Unchanged] = field(default_factory=dict)
    #: Whether anyone listens to per-transcript events (a progress bar): unchanged transcripts
    #: then get a result object each; otherwise they are only counted.
    listening: bool = False
    replans: dict[int, int] = field(default_factory=dict)

    @property
    def ledger(self) -> ledger.Ledger:
        return self.book

    def withdraw(self, rank: int, *, again: bool = False) -> None:
        if self.engine is not None:
            self.engine.withdraw(rank, again=again)


def _result(prepared: Prepared) -> TranscriptResult:
    return TranscriptResult.from_plan(
        str(prepared.item.path),
        prepared.unit.plan,
        change=prepared.classified.change,
        namespace=prepared.out.namespace,
        new_turns=prepared.unit.new_turns,
        replans=prepared.replans,
    )


def _failed(item: WorkItem, message: str) -> TranscriptResult:
    return TranscriptResult(path=str(item.path), status="failed", error=message)


def _unchanged(item: WorkItem) -> TranscriptResult:
    return TranscriptResult(path=str(item.path), status="skipped", reason="unchanged", change="unchanged")


def _settle_output(state: _State, out: UnitOutput) -> Prepared | TranscriptResult:
    """A unit's output as a plan to commit or the transcript's final result."""
    item = state.items[out.rank]
    if out.error is not None:
        if out.not_a_transcript and not item.explicit:
            return TranscriptResult(path=str(item.path), status="skipped", reason="not_a_transcript")
        return _failed(item, out.error)
    if out.unit is None:
        return _unchanged(item)
    prepared = Prepared(item=item, out=out, replans=state.replans.get(out.rank, 0))
    errors = [s for s in out.unit.plan.skipped if s.reason == "model_error"]
    if errors:  # not recorded: the next run retries the whole transcript
        failed = _result(prepared)
        failed.status, failed.error = "failed", f"model error: {errors[0].detail}"
        return failed
    if state.config.dry_run:
        return _result(prepared)
    return prepared


def _finish(state: _State, rank: int, result: TranscriptResult) -> None:
    state.report.add(result)
    state.on_event("done", state.items[rank], result)


def _committed(prepared: Prepared, outcome: CommitOutcome) -> TranscriptResult:
    if outcome == "already":
        return TranscriptResult(
            path=str(prepared.item.path),
            status="skipped",
            reason="already_processed",
            change=prepared.classified.change,
        )
    return _result(prepared)


def _settle(state: _State, head: int) -> int:
    """Commit the ready group at ``head``; report what is settled; return the next head."""
    group: list[tuple[int, Prepared | TranscriptResult | _Unchanged]] = []
    index = head
    while index in state.ready:
        group.append((index, state.ready.pop(index)))
        index += 1
    plans = [ready for _, ready in group if isinstance(ready, Prepared)]
    unchanged = 0
    for prepared in plans:
        state.on_event("planned", prepared.item, None)
    done = _commit(state, plans) if plans else GroupCommit()
    outcomes = iter(done.outcomes)
    for position, (rank, ready) in enumerate(group):
        if isinstance(ready, _Unchanged):
            unchanged += 1
            if state.listening:
                state.on_event("done", state.items[rank], _unchanged(state.items[rank]))
            continue
        if unchanged:
            state.report.add_unchanged(unchanged)
            unchanged = 0
        if isinstance(ready, TranscriptResult):
            state.withdraw(rank)
            _finish(state, rank, ready)
            continue
        outcome = next(outcomes, None)
        if outcome is None:  # the commit of this plan failed
            state.withdraw(rank)
            _finish(state, rank, _failed(state.items[rank], _message(done.error)))
            _requeue(state, group[position + 1 :])
            return rank + 1
        if outcome != "stale":
            if outcome == "already":
                state.withdraw(rank)
            _finish(state, rank, _committed(ready, outcome))
            continue
        _requeue(state, group[position + 1 :])
        return _replan(state, rank)
    if unchanged:
        state.report.add_unchanged(unchanged)
    return index


def _commit(state: _State, plans: list[Prepared]) -> GroupCommit:
    assert state.ctx is not None
    # a first run's index is built beside the planning (view.snapshot); no commit reads or
    # refreshes a half-built one (a group confirms an id the run knows archived through it)
    state.ctx.memory.view.join()
    try:
        done = commit_group(plans, state.ctx)
    except Exception as exc:  # (Ctrl-C, a KeyboardInterrupt, stops the run: no unit's failure)
        done = GroupCommit(error=exc)
    if done.completed:  # reported failed by an earlier group: the disk has them now
        state.report.completed_later(done.completed)
    return done


def _requeue(state: _State, rest: Sequence[tuple[int, Prepared | TranscriptResult | _Unchanged]]) -> None:
    for rank, ready in rest:  # not attempted: they wait for the next group
        state.ready[rank] = ready


def _message(exc: BaseException | None) -> str:
    return error_message(exc or RuntimeError("not committed"))


def _replan(state: _State, rank: int) -> int:
    """Plan a stale plan again, against the memory as it is now; return the next head."""
    replans = state.replans.get(rank, 0)
    if replans >= MAX_REPLANS:
        state.withdraw(rank)
        _finish(
            state,
            rank,
            _failed(state.items[rank], f"memory kept changing: gave up after {MAX_REPLANS} re-plans"),
        )
        return rank + 1
    state.replans[rank] = replans + 1
    assert state.engine is not None
    state.engine.withdraw(rank, again=True)
    state.engine.submit(state.units[rank], first=True)
    return rank


def _classify_by_stat(state: _State, unit_config: UnitConfig) -> None:
    """Unchanged transcripts are settled here, without a unit and without a Path object each.

    One query for the recorded fingerprints (size, mtime) of every row, one ``stat`` per
    transcript: a transcript whose size and mtime equal its row's is unchanged unread. One
    whose size equals the row's but whose mtime does not (or was not settled when recorded)
    is hashed here: unchanged when the bytes are the same (its row then records the mtime,
    so the next run needs only the stat); only the rest go to the engine.
    """
    items = state.items
    book = state.ledger
    recorded = book.stats([item.key for item in items])
    stat = os.stat
    for rank, item in enumerate(items):
        row = recorded.get(item.key)
        if row is not None:
            try:
                st = stat(item.key)
            except OSError:
                st = None
            if st is not None and st.st_size == row[0]:
                if st.st_mtime_ns == row[1]:
                    state.ready[rank] = UNCHANGED
                    continue
                if _same_bytes(state, item, st):
                    state.ready[rank] = UNCHANGED
                    continue
        base = book.load(item.key).record if row is not None else None
        state.units[rank] = UnitInput(rank, item.path, item.agent, item.explicit, base, unit_config)


def _same_bytes(state: _State, item: WorkItem, st: os.stat_result) -> bool:
    """Whether the transcript still holds the bytes its ledger row records (read and hashed)."""
    record = state.ledger.load(item.key).record
    if record is None or record.size != st.st_size:
        return False
    try:
        with open(item.key, "rb") as fh:
            data = fh.read()
    except OSError:
        return False  # the unit reports it
    if len(data) != record.size or ledger.sha256_hex(data) != record.sha256:
        return False
    found = ledger.FileStat(st.st_size, st.st_mtime_ns, time.time_ns() - st.st_mtime_ns >= ledger.SETTLED_NS)
    if found.settled and not state.config.dry_run:
        state.ledger.record_stat(item.key, record, found)
    return True


def run_batch(
    items: Sequence[WorkItem],
    config: BatchConfig,
    model_factory: ModelFactory,
    on_event: OnEvent | None = None,
    engine: Engine | None = None,
) -> BatchReport:
    """Process ``items`` (sorted by path) into ``config.root``; the CLI's and the tests' entry."""
    started, cpu_started = time.monotonic(), time.process_time()
    deadline = started + config.budget_s if config.budget_s is not None else None
    report = BatchReport(memory_dir=str(config.root), dry_run=config.dry_run, concurrency=config.concurrency)
    book = ledger.Ledger(config.root, create=not config.dry_run)
    state = _State(
        config=config,
        book=book,
        on_event=on_event or (lambda *_: None),
        report=report,
        items=items,
        listening=on_event is not None,
    )
    try:
        with _young_collections_rarer():
            _run(state, engine, model_factory, deadline)
    finally:
        if state.engine is not None:
            state.engine.close()
        if state.ctx is not None:
            state.ctx.memory.view.join()  # the index of a first run, built beside it
        book.close()
    report.wall_s = round(time.monotonic() - started, 3)
    report.cpu_s = round(time.process_time() - cpu_started, 3)
    return report


#: The cyclic collector's first threshold while a run plans (CPython's default is 700).
YOUNG_THRESHOLD = 50_000


@contextlib.contextmanager
def _young_collections_rarer() -> Iterator[None]:
    """Collect cyclic garbage after YOUNG_THRESHOLD new objects rather than 700, restored after.

    A run's threads allocate fast (prompts, parsed answers, shortlists) and little of it is
    cyclic: at the default every few hundred objects started a collection that found almost
    nothing, ~20% of the main process's CPU per transcript (bench/batch.py: 200 transcripts,
    concurrency 32). The collector still runs, only less often; memory held by uncollected
    cycles stays bounded by the threshold.
    """
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], YOUNG_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _run(state: _State, engine: Engine | None, model_factory: ModelFactory, deadline: float | None) -> None:
    config = state.config
    if not config.dry_run:
        state.report.recovered = recover(config.root, lock_timeout=config.lock_timeout, book=state.book)
    unit_config = UnitConfig(
        root=Path(config.root),
        context_tokens=config.context_tokens,
        fmt=config.fmt,
        skip_bad_lines=config.skip_bad_lines,
        agent=config.agent,
        now=config.now,
    )
    _classify_by_stat(state, unit_config)
    if state.units:
        _start(state, engine, model_factory)
    _drive(state, deadline)


def _start(state: _State, engine: Engine | None, model_factory: ModelFactory) -> None:
    """Scan the memory once, open the engine and hand it every unit (path order)."""
    if engine is None:
        # The pipeline's modules load here (a run with nothing to plan never loads them): in
        # the memscribe process, as a command's own imports do, without collections while they
        # load and frozen afterwards (cli_common is loaded wherever that policy is on).
        cli = sys.modules.get("memscribe.cli_common")
        with cli.loading() if cli is not None else contextlib.nullcontext():
            from memscribe.batch.engine import LocalEngine

        engine = LocalEngine()
    config = state.config
    memory = MemoryState(MemView(config.root, persist=not config.dry_run))
    state.ctx = CommitContext(
        root=config.root,
        ledger=state.book,
        memory=memory,
        lock_timeout=config.lock_timeout,
        now=config.now,
        on_change=engine.advance,
    )
    state.engine = engine
    engine.open(memory.snapshot(), model_factory, config.concurrency, look_ahead=config.look_ahead)
    if _calls_here(engine):
        _warm_platform()
    engine.expect(sorted(state.units))
    for rank in sorted(state.units):
        state.on_event("start", state.items[rank], None)
        engine.submit(state.units[rank])


def _drive(state: _State, deadline: float | None) -> None:
    head = 0
    timed_out = False
    while head < len(state.items):
        if head in state.ready:
            head = _settle(state, head)
            continue
        if timed_out:
            wait: float | None = 0.0
        else:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        assert state.engine is not None  # the head is neither settled nor ready: a unit runs
        for out in state.engine.results(wait):
            if out.rank in state.units and out.rank not in state.ready:
                state.ready[out.rank] = _settle_output(state, out)
        if head in state.ready:
            continue
        if deadline is not None and time.monotonic() >= deadline:
            if not timed_out:
                timed_out = True
                state.engine.close()  # nothing new starts
                continue  # collect what finished meanwhile
            state.report.timed_out = True
            state.withdraw(head)
            state.units.pop(head, None)
            _finish(
                state,
                head,
                TranscriptResult(path=str(state.items[head].path), status="skipped", reason="timeout"),
            )
            head += 1


def _calls_here(engine: Engine) -> bool:
    """Whether the run's model calls are made in this process: units in its threads (the local
    engine), with no call helper on. A planner process, a call helper and a cluster's workers
    make them elsewhere (each computes its own platform description)."""
    local = sys.modules.get("memscribe.batch.engine")  # (loaded where a LocalEngine was made)
    if local is None or not isinstance(engine, local.LocalEngine):
        return False
    route = sys.modules.get("memscribe.model.call_route")  # (loaded with litellm)
    return route is None or not route.in_helper()


def _warm_platform() -> None:
    """Fill ``platform.platform()``'s cache before the fan-out when the OpenAI client is loaded.

    Its request headers describe the platform (cached, but not computed once): otherwise every
    call of the first wave computes it at the same time (~5 ms of CPU each, GIL held).
    """
    if "openai" in sys.modules:
        platform.platform()
