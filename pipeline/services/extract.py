"""Transcript in, memory out: load → sweep → view → extract (+ snapshot) → apply.

The CLI's ``extract``, the MCP server's ``memory_store`` and the evaluation runner compose the
pipeline here; :func:`memscribe.run.extract` stays a pure function of (transcript, view) → Plan,
and the store applies the Plan (operations and snapshot) in one place.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from memscribe.errors import ALL, PARTLY, StoreError, UserError
from memscribe.model.base import StructuredModel
from memscribe.run import SnapshotContext, extract
from memscribe.schemas.plan import Plan
from memscribe.schemas.transcript import Transcript
from memscribe.services.scope import Scope as Scope  # re-exported: callers name it here
from memscribe.store.base import Applied, MemoryStore


def resolve_scope(*, agent: str | None, session_key: str | None = None, source: str | None = None) -> Scope:
    """``--agent``, else the session key, else the OpenClaw path (:mod:`memscribe.namespace`).

    Raises:
        UserError: ``agent`` is not a valid namespace name.
    """
    from memscribe.namespace import default_namespace, resolve_namespace

    try:
        default = default_namespace()
        return Scope(
            resolve_namespace(agent=agent, session_key=session_key, source=source, default=default), default
        )
    except ValueError as exc:
        raise UserError(str(exc)) from exc


@dataclass
class Extracted:
    """A run's plan (its snapshot as stored, once applied), whether it was applied, and the
    sweep that ran first (None when it did not run)."""

    plan: Plan
    applied: bool = False
    swept: Plan | None = None
    done: Applied | None = None


def extract_transcript(
    store: MemoryStore,
    load: Callable[[], Transcript],
    make_model: Callable[[], StructuredModel],
    *,
    context_tokens: Callable[[StructuredModel], int],
    agent: str | None = None,
    scope: Scope | None = None,
    write: bool = True,
    raw_path: str | None = None,
    embedding_model: str | None = "",
    now: dt.datetime | None = None,
    on_swept: Callable[[Plan], None] | None = None,
) -> Extracted:
    """Extract one transcript against the store and (``write``) apply the plan.

    Order: an interrupted earlier apply is finished first, then the transcript is loaded, the
    model made, the namespace resolved (``scope`` if given, else from ``agent`` / the
    transcript), expired entries swept, the plan built against an index-backed view, and
    applied. Without ``write`` nothing is created under the root.

    Args:
        raw_path: the transcript's file (for the snapshot trigger's memory-flush check);
            None: no snapshot stage; ``-``: stdin (flush unknown).
    """
    if write:
        store.recover()
    transcript = load()
    model = make_model()
    if scope is None:
        scope = resolve_scope(agent=agent, session_key=transcript.session_key, source=transcript.source)
    if write:  # the sweep (and the index maintenance it brings) only for a writing run
        from memscribe.services.maintenance import EXTRACT_SWEEP_BUDGET_S, sweep_store
    swept = (
        sweep_store(store, now=now or dt.datetime.now(dt.UTC), budget_s=EXTRACT_SWEEP_BUDGET_S).plan
        if write
        else None
    )
    if swept is not None and swept.operations and on_swept is not None:
        on_swept(swept)
    seen = (_root_stamp(store), time.time_ns()) if write else None
    with store.view(scope.namespace, scope.default, persist=write, embedding_model=embedding_model) as view:
        plan = extract(
            transcript,
            model=model,
            existing=[],
            taken_ids=view.taken_ids(),
            context_tokens=context_tokens(model),
            now=now,
            namespace=scope.namespace,
            default_namespace=scope.default,
            view=view,
            snapshot=None if raw_path is None else snapshot_context(store, raw_path),
        )
    result = Extracted(plan=plan, swept=swept)
    if write and (plan.operations or plan.snapshot is not None):
        result.plan, result.done = _apply_current(store, plan, seen)
        result.plan.snapshot = result.done.snapshot
        result.applied = True
    return result


def _root_stamp(store: MemoryStore) -> tuple[int, ...]:
    """When the memory folders and the journal last changed (a directory's mtime moves with every
    file created, renamed or removed in it): a plan's view is current while this stays the same."""
    from memscribe.kinds import KINDS
    from memscribe.kinds.layout import ARCHIVE_DIR, REFLEXIO_DIR
    from memscribe.store.confine import JOURNAL_DIR

    folders = [f"{REFLEXIO_DIR}/{k.folder}" for k in KINDS] + [ARCHIVE_DIR, JOURNAL_DIR]
    stamp: list[int] = []
    for folder in folders:
        try:
            stamp.append((store.location / folder).stat().st_mtime_ns)
        except OSError:
            stamp.append(-1)
    return tuple(stamp)


#: A folder time this recent may not have moved for a write in the same clock tick (a file system
#: with coarse timestamps, as the index's own freshness check assumes): the plan is checked anew.
_SETTLED_NS = 2_000_000_000


def _settled(stamp: tuple[int, ...], taken_ns: int) -> bool:
    """Whether every time of ``stamp`` was old enough, when it was read (``taken_ns``), that a
    later write would move it (read at apply instead, a plan made in more than 2 s would trust a
    time that was fresh when its view was taken)."""
    return all(t < 0 or taken_ns - t > _SETTLED_NS for t in stamp)


def _apply_current(
    store: MemoryStore, plan: Plan, seen: tuple[tuple[int, ...], int] | None
) -> tuple[Plan, Applied]:
    """Apply ``plan`` under the root's lock; when another writer changed the root since the plan's
    view was taken (two extracts of one session at once), the plan is first checked against the
    root as it is now (:func:`memscribe.services.plans.rebase_plan`): a write that restates an
    entry stored meanwhile is dropped (``duplicate`` in ``skipped``), an archive already done is
    dropped, so the same fact is never written twice."""
    from memscribe.schemas.plan import Skipped, WriteOp
    from memscribe.services.plans import rebase_plan, store_lock_timeout

    with store.lock(timeout=store_lock_timeout(store)):
        if plan.operations and (seen is None or _root_stamp(store) != seen[0] or not _settled(*seen)):
            rebased = rebase_plan(plan, store)
            if rebased.duplicates:
                same_as = dict(rebased.duplicates)
                dropped = [
                    Skipped(
                        kind=op.kind,
                        reason="duplicate",
                        evidence=op.evidence,
                        detail=f"same as {same_as[op.id]}",
                        same_as=[same_as[op.id]],
                    )
                    for op in plan.operations
                    if isinstance(op, WriteOp) and op.id in same_as
                ]
                plan = rebased.plan.model_copy(update={"skipped": [*plan.skipped, *dropped]})
            else:
                plan = rebased.plan
        try:
            return plan, store.apply(plan, locked=True)
        except StoreError as exc:
            if exc.changed in (PARTLY, ALL):
                exc.plan = plan  # stored (or completed by the next run): the door says what
            raise


def snapshot_context(store: MemoryStore | Path, raw_path: str) -> SnapshotContext:
    """The snapshot stage's inputs: today's (UTC) snapshots, and whether the raw transcript file
    holds a memory-flush prompt (stdin: unknown, taken as no). A path means its file store."""
    import contextlib

    from memscribe.snapshot.trigger import raw_flush_seen
    from memscribe.store.filestore import FileMemoryStore

    if isinstance(store, Path):
        store = FileMemoryStore(store)

    day = f"{dt.datetime.now(dt.UTC):%Y-%m-%d}"
    flush_seen = False
    if raw_path != "-":
        with contextlib.suppress(OSError, UnicodeDecodeError):
            flush_seen = _file_flush_seen(Path(raw_path), raw_flush_seen)
    return SnapshotContext(existing=store.snapshots(day=day), flush_seen=flush_seen)


def _file_flush_seen(path: Path, seen: Callable[[str], bool], chunk: int = 1 << 20) -> bool:
    """``seen(path.read_text(encoding="utf-8"))`` for a marker test, reading a chunk at a time
    (the transcript is already in memory: the file is not held a second time). The whole file is
    still decoded, so an undecodable one raises as ``read_text`` would."""
    from memscribe.snapshot.trigger import FLUSH_MARKER

    keep = len(FLUSH_MARKER) - 1
    found = False
    tail = ""
    with path.open(encoding="utf-8") as handle:
        while part := handle.read(chunk):
            window = tail + part
            found = found or seen(window)
            tail = window[-keep:] if keep > 0 else ""
    return found


def extract_unscoped(
    store: MemoryStore,
    transcript: Transcript,
    model: StructuredModel,
    *,
    context_tokens: int,
    now: dt.datetime,
) -> Plan:
    """Plan against every active entry of the root (no namespace, no index, no sweep, no
    snapshot) and apply: the single-agent path the evaluation runner measures."""
    plan = extract(
        transcript,
        model=model,
        existing=store.entries(),
        taken_ids=store.taken_ids(),
        context_tokens=context_tokens,
        now=now,
    )
    store.apply(plan, now=now)
    return plan
