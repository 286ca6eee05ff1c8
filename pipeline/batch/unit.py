"""The per-transcript unit: (transcript, memory snapshot, config) → Plan, with no side effect.

This is what :func:`memscribe.batch.task.run_unit` calls wherever an engine runs it; the store's lock and the ledger keep the writes
exactly-once. For an appended transcript only the turns after the ledger's line are new: the
unit hands the pipeline the new turns plus ``context_turns`` turns before them (enough for a
correction → adjustment → confirmation that straddles the boundary) and keeps only what the new
turns evidence. Before any model call the gate must find a signal in the new turns (or at the
very end of the context, where an unconfirmed correction may wait for its confirmation).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from memscribe.batch.scoring import scores
from memscribe.batch.speculate import Speculation
from memscribe.batch.view import Snapshot
from memscribe.lexicon import correction_signal
from memscribe.model.base import StructuredModel
from memscribe.namespace import DEFAULT_NAMESPACE
from memscribe.relatedness import shortlist
from memscribe.run import SnapshotContext, extract
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import ArchiveOp, Operation, Plan, Skipped, UpdateOp, WriteOp
from memscribe.schemas.requests import ShortlistItem
from memscribe.schemas.transcript import Transcript
from memscribe.stages.gate import gate

__all__ = ["PlanView", "Snapshot", "UnitResult", "first_new_turn", "plan_transcript"]

#: Turns before the first new turn shown to the model as context.
CONTEXT_TURNS = 12
#: Context turns at the end whose signal (an unconfirmed correction) the new turns may complete.
TAIL_TURNS = 4


class PlanView(Protocol):
    """The memory a plan is computed against, as :func:`plan_transcript` reads it."""

    @property
    def entries(self) -> Sequence[MemoryEntry]: ...

    @property
    def taken_ids(self) -> Collection[str]: ...


def _start_entries(snapshot: PlanView) -> Sequence[MemoryEntry]:
    """The memory as the run found it, where the view knows it (else the view itself)."""
    start = getattr(snapshot, "start_entries", None)
    return start() if callable(start) else snapshot.entries


class PlanningView:
    """The memory a unit plans against, read in two parts (a :class:`MemoryView`, scoped).

    * ``entries()`` — what detection lists as the namespace's stored topics (a hint for slug
      reuse): the memory as the run found it (``start``), so the detection of every transcript
      runs at once, without waiting for the plans before it, and is the same on any engine and
      at any concurrency;
    * ``shortlist()`` / ``get()`` — what dedup compares candidates with: the memory as it will
      be at this transcript's commit (``exact``: the board's view, fetched — and waited for —
      only when dedup first asks; checked again at commit by the staleness rule).
    """

    def __init__(
        self,
        start: Callable[[], Sequence[MemoryEntry]],
        exact: Callable[[], Sequence[MemoryEntry]],
        namespace: str | None,
        default: str,
        speculation: Speculation | None = None,
    ) -> None:
        self._start, self._exact = start, exact
        self._namespace, self._default = namespace, default
        self._scoped: list[MemoryEntry] | None = None
        self._speculation = speculation
        #: The body of each entry dedup looked up by id (the ones a plan archives or updates):
        #: the version the plan was made against (:attr:`UnitResult.seen`).
        self.seen: dict[str, str] = {}

    def _in_scope(self, entries: Sequence[MemoryEntry]) -> list[MemoryEntry]:
        if self._namespace is None:
            return list(entries)
        return [e for e in entries if (e.namespace or self._default) == self._namespace]

    def _view(self) -> list[MemoryEntry]:
        if self._scoped is None:
            self._scoped = self._in_scope(self._exact())
        return self._scoped

    def entries(self, kind: MemoryKind | None = None) -> list[MemoryEntry]:
        return [e for e in self._in_scope(self._start()) if kind is None or e.kind == kind]

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        if self._speculation is not None:  # waits only for earlier plans that could change it
            scope = None if self._namespace is None else (self._namespace, self._default)
            return self._speculation.shortlist(kind, slug, text, self._in_scope, scope, scope_known=True)
        return shortlist(kind, slug, text, self._view(), scorer=scores)

    def get(self, memory_id: str) -> MemoryEntry | None:
        if self._speculation is not None:
            found = self._speculation.get(memory_id, self._in_scope)
        else:
            found = next((e for e in self._view() if e.id == memory_id), None)
        if found is not None:
            self.seen[memory_id] = found.body
        return found


@dataclass(frozen=True)
class UnitResult:
    plan: Plan
    last_line: int
    last_entry_id: str | None
    turns: int
    new_turns: int
    #: (id, body) of each stored entry the plan archives or updates, as the plan saw it: the
    #: commit's staleness check knows a later version of it from the one the plan was made on.
    seen: tuple[tuple[str, str], ...] = ()


def first_new_turn(transcript: Transcript, since_line: int) -> int:
    """Index of the first turn whose source line is after ``since_line`` (len(turns) if none)."""
    for turn in transcript.turns:
        if turn.source.line > since_line:
            return turn.index
    return len(transcript.turns)


def _window(transcript: Transcript, start: int) -> Transcript:
    turns = tuple(t.model_copy(update={"index": i}) for i, t in enumerate(transcript.turns[start:]))
    return transcript.model_copy(update={"turns": turns})


def _evidence_max(op: Operation | Skipped) -> int:
    if isinstance(op, ArchiveOp):
        return -1
    return max(op.evidence, default=-1)


def _keep_new(plan: Plan, first_new: int, offset: int) -> Plan:
    """Only what the new turns evidence, with turn indices mapped back to the whole transcript."""
    # Writes and updates in place (a merge into one stored memory) the new turns evidence; the
    # archives of the entries those writes supersede.
    kept = [
        op for op in plan.operations if isinstance(op, WriteOp | UpdateOp) and _evidence_max(op) >= first_new
    ]
    kept_ids = {op.id for op in kept if isinstance(op, WriteOp)}
    archives = [op for op in plan.operations if isinstance(op, ArchiveOp) and op.superseded_by in kept_ids]
    shifted: list[Operation] = [
        op.model_copy(update={"evidence": [i + offset for i in op.evidence]}) for op in kept
    ]
    skipped = [
        s.model_copy(update={"evidence": [i + offset for i in s.evidence]})
        for s in plan.skipped
        if not s.evidence or _evidence_max(s) >= first_new
    ]
    redactions = [
        r.model_copy(update={"turn": r.turn + offset}) if r.turn is not None else r
        for r in plan.redactions
        if r.turn is None or r.turn >= first_new
    ]
    return plan.model_copy(
        update={"operations": shifted + archives, "skipped": skipped, "redactions": redactions}
    )


def plan_transcript(
    transcript: Transcript,
    *,
    model: StructuredModel,
    snapshot: PlanView,
    since_line: int,
    namespace: str | None,
    context_tokens: int,
    now: dt.datetime,
    default_namespace: str | None = None,
    snapshot_context: SnapshotContext | None = None,
    speculation: Speculation | None = None,
) -> UnitResult:
    """Plan one transcript (or its new turns) against ``snapshot``. Pure: no file system.

    ``speculation``: dedup's reads answered by it (:mod:`memscribe.batch.speculate`; the caller
    checks them before using the plan)."""
    turns = transcript.turns
    last = turns[-1] if turns else None
    last_line = max((t.source.line for t in turns), default=since_line)
    default = default_namespace or DEFAULT_NAMESPACE  # the pipeline scopes entries to ``namespace``
    view = PlanningView(
        lambda: _start_entries(snapshot), lambda: snapshot.entries, namespace, default, speculation
    )
    first_new = first_new_turn(transcript, since_line) if since_line else 0

    def done(plan: Plan) -> UnitResult:
        return UnitResult(
            plan=plan,
            last_line=max(last_line, since_line),
            last_entry_id=last.entry_id if last else None,
            turns=len(turns),
            new_turns=len(turns) - first_new,
            seen=tuple(sorted(view.seen.items())),
        )

    if first_new == 0:
        plan = extract(
            transcript,
            model=model,
            existing=(),
            view=view,
            taken_ids=speculation.taken_ids if speculation is not None else snapshot.taken_ids,
            context_tokens=context_tokens,
            now=now,
            namespace=namespace,
            default_namespace=default,
            snapshot=snapshot_context,
        )
        return done(plan)
    start = max(0, first_new - CONTEXT_TURNS)
    part = _window(transcript, start)
    local_first = first_new - start
    signals = gate(part).signal_turns if first_new < len(turns) else ()
    pending_correction = any(
        s >= local_first - TAIL_TURNS and correction_signal(part.turns[s].text) for s in signals
    )
    if not any(s >= local_first for s in signals) and not pending_correction:
        plan = Plan(
            transcript=transcript.source,
            format=transcript.format,
            model=model.name,
            created=now.replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ"),
            gate=f"no signal in {len(turns) - first_new} new turn(s)",
        )
        return done(plan)
    plan = extract(
        part,
        model=model,
        existing=(),
        view=view,
        taken_ids=speculation.taken_ids if speculation is not None else snapshot.taken_ids,
        context_tokens=context_tokens,
        now=now,
        namespace=namespace,
        default_namespace=default,
        snapshot=snapshot_context,
    )
    return done(_keep_new(plan, local_first, start))
