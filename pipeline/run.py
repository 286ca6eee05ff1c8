"""Compose the stages for one transcript: a pure function of (transcript, memory, config) → Plan.

    gate → redact-in → detect → verify → redact-out (screen) → dedup → plan

Nothing here touches the file system: the application layer (:mod:`memscribe.services`) hands
in a view of memory and gives the Plan to the store, which applies it.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from memscribe import kinds
from memscribe.kinds.frontmatter import with_archive_metadata
from memscribe.model.base import StructuredModel
from memscribe.namespace import DEFAULT_NAMESPACE, entry_namespace, stored_namespace
from memscribe.relatedness import ListView, MemoryView
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import Operation, Plan, Redaction, WriteOp
from memscribe.schemas.requests import TurnReading
from memscribe.schemas.snapshot import StoredSnapshot
from memscribe.schemas.transcript import Transcript
from memscribe.snapshot.trigger import snapshot_trigger
from memscribe.stages.dedup import dedup_all
from memscribe.stages.detect import detect
from memscribe.stages.gate import gate
from memscribe.stages.plan import build_operations
from memscribe.stages.redact import redact_transcript
from memscribe.stages.screen import screen
from memscribe.stages.verify import verify


def extract(
    transcript: Transcript,
    *,
    model: StructuredModel,
    existing: Sequence[MemoryEntry],
    taken_ids: Iterable[str],
    context_tokens: int,
    now: dt.datetime | None = None,
    namespace: str | None = None,
    default_namespace: str = DEFAULT_NAMESPACE,
    view: MemoryView | None = None,
    snapshot: SnapshotContext | None = None,
) -> Plan:
    """Build the plan for one transcript against the current memory (``existing``).

    Args:
        namespace: scope the run to this agent namespace (see :mod:`memscribe.namespace`): only
            its entries are compared, and new files carry its ``namespace:`` line (none for
            ``default_namespace``). None keeps every entry in scope (single-agent use).
        view: an index-backed shortlist of the (already scoped) existing memory; when given,
            ``existing`` may be empty and supersedes are looked up through it.
        snapshot: when given, a task snapshot (Big Memory) is added to the plan if the
            transcript shows compaction near or just done, or the user asked for one
            (:mod:`memscribe.snapshot.trigger`). None: no snapshot stage.
    """
    now = (now or dt.datetime.now(dt.UTC)).replace(microsecond=0)
    plan = Plan(
        transcript=transcript.source,
        format=transcript.format,
        model=model.name,
        created=now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        bad_lines=[f"{b.file}:{b.line}: {b.error}" for b in transcript.bad_lines],
    )
    gated = gate(transcript)
    plan.gate = gated.reason
    if gated.passed:
        release_free_memory()  # what the gate let go, before the stages that follow grow the heap
    # Redact-in once: the snapshot stage and extraction share the masked transcript.
    redacted = redact_transcript(transcript) if gated.passed or snapshot is not None else None
    if snapshot is not None and redacted is not None:
        _add_snapshot(
            plan,
            transcript,
            snapshot,
            model=model,
            now=now,
            context_tokens=context_tokens,
            gated=gated.passed,
            redacted=redacted,
        )
    if not gated.passed or redacted is None:
        plan.usage = model.usage.model_copy()
        return plan

    clean, redactions = redacted
    plan.redactions.extend(redactions)

    if namespace is not None:
        existing = [e for e in existing if entry_namespace(e, default_namespace) == namespace]
    memory = view if view is not None else ListView(existing)
    found = detect(
        clean,
        model=model,
        signal_turns=gated.signal_turns,
        context_tokens=context_tokens,
        memory=memory,
        readings=still_read(gated.readings, transcript, clean),
    )
    plan.skipped.extend(found.skipped)
    del gated  # its signal turns and readings were read by the detector

    # each stage's result let go once the next has read it (candidates are copied stage to stage)
    checked = verify(found.profiles, found.playbooks, clean)
    del found
    plan.skipped.extend(checked.skipped)

    screened = screen(
        checked.profiles,
        checked.playbooks,
        injected_memories=clean.injected_memories,
        transcript=clean,
        evidence=checked.evidence,
    )
    del checked
    plan.skipped.extend(screened.skipped)
    plan.redactions.extend(screened.redactions)

    deduped = dedup_all(
        {k.name: k.candidates(screened) for k in kinds.KINDS}, memory, model=model, transcript=clean
    )
    del screened
    plan.skipped.extend(deduped.skipped)

    if view is not None:
        wanted = {i for a in deduped.accepted for i in a.supersedes}
        existing = [e for e in (view.get(i) for i in sorted(wanted)) if e is not None]
    operations = build_operations(deduped.accepted, existing, taken_ids=taken_ids, now=now)
    stored = stored_namespace(namespace, default_namespace) if namespace is not None else None
    plan.operations = [in_namespace(op, stored) for op in operations]
    plan.usage = model.usage.model_copy()
    del deduped, operations, redacted, clean  # the plan holds what is kept
    return plan


def still_read(
    readings: Mapping[int, TurnReading], transcript: Transcript, clean: Transcript
) -> Mapping[int, TurnReading]:
    """The gate's readings of the user turns that redaction left as the gate read them (a turn
    whose text was masked is read anew by the detector): the redacted transcript keeps each turn
    at its place, and an unchanged turn as it was."""
    if len(transcript.turns) != len(clean.turns):
        return {}
    masked = []
    for r, c in zip(transcript.turns, clean.turns, strict=True):
        if r is c:
            continue
        if r.index != c.index:
            return {}
        if r.text != c.text:
            masked.append(r.index)
    if not masked:
        return readings
    kept = dict(readings)
    for index in masked:
        kept.pop(index, None)
    return kept


def release_free_memory() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim(0)``).

    The gate's work on a large transcript frees several MB that glibc keeps for itself; the
    stages after it then grow the heap from a higher mark. Trimmed there, the peak RSS of a 50 MB
    text transcript is about 8 MB lower (issue 17). Nothing is done where there is no glibc
    (musl, macOS, Windows): a missing library or symbol is no error.
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        import ctypes

        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return trim


def in_namespace(op: Operation, stored: str | None) -> Operation:
    """A write op whose file carries the ``namespace:`` line (unchanged for the default one)."""
    if stored is None or not isinstance(op, WriteOp):
        return op
    text = with_archive_metadata(op.text, op.path, [("namespace", stored)])
    return op.model_copy(update={"text": text, "namespace": stored})


@dataclass(frozen=True)
class SnapshotContext:
    """What the snapshot stage needs beyond the transcript: the day's stored snapshots (for the
    next ``snapshot-id``) and whether the raw input held a memory-flush prompt (the readers drop
    those turns, so the caller reports it)."""

    existing: Sequence[StoredSnapshot] = ()
    flush_seen: bool = False


def _add_snapshot(
    plan: Plan,
    transcript: Transcript,
    context: SnapshotContext,
    *,
    model: StructuredModel,
    now: dt.datetime,
    context_tokens: int,
    gated: bool,
    redacted: tuple[Transcript, Sequence[Redaction]],
) -> None:
    trigger = snapshot_trigger(transcript, flush_seen=context.flush_seen)
    if trigger is None:
        return
    from memscribe.snapshot.stage import take_snapshot  # only when a snapshot is due

    outcome = take_snapshot(
        transcript,
        model=model,
        trigger=trigger,
        now=now,
        existing=context.existing,
        context_tokens=context_tokens,
        redacted=redacted,
    )
    plan.snapshot = outcome.block
    # redact-in findings are reported by the extraction path when the gate passed
    plan.redactions.extend(r for r in outcome.redactions if not gated or r.stage == "out")
