"""One batch unit: serialisable input → serialisable output, run wherever an engine runs it.

:class:`UnitInput` names the transcript (its path: workers read it from the shared file system)
with its ledger record and the run's settings; :func:`run_unit` reads and classifies it, plans it
with :func:`memscribe.batch.unit.plan_transcript` against the memory view the board serves (see
:mod:`memscribe.batch.board`), publishes its plan's effect to the board and returns a
:class:`UnitOutput`. Errors come back as data (a message; whether the file was not a transcript),
so a remote worker never ships an exception object.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from memscribe.batch import ledger
from memscribe.batch.board import LazySnapshot, MemorySource
from memscribe.batch.classes import Layered
from memscribe.batch.seam import UnitInput, UnitOutput
from memscribe.batch.speculate import Speculation, SpeculationBoard
from memscribe.batch.unit import UnitResult, plan_transcript
from memscribe.batch.view import Delta, delta_of
from memscribe.errors import InputError
from memscribe.model.base import StructuredModel
from memscribe.run import SnapshotContext
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import WriteOp
from memscribe.schemas.transcript import Transcript
from memscribe.snapshot.store import stored_snapshots
from memscribe.snapshot.trigger import raw_flush_seen
from memscribe.transcript import parse_transcript
from memscribe.transcript.openclaw import lookup_session_key


def _parse(unit: UnitInput, data: bytes) -> Transcript:
    source = str(unit.path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"not UTF-8 text (invalid byte at offset {exc.start})", path=source, line=line
        ) from None
    transcript = parse_transcript(
        text, source=source, fmt=unit.config.fmt, skip_bad_lines=unit.config.skip_bad_lines
    )
    if transcript.format == "openclaw":
        key = lookup_session_key(unit.path, transcript.session_id)
        if key is not None:
            transcript = transcript.model_copy(update={"session_key": key})
    return transcript


def _namespaces(unit: UnitInput, transcript: Transcript) -> tuple[str | None, str | None]:
    """(namespace, default namespace) of a transcript: the agent id, as the namespace module says."""
    from memscribe import namespace as ns

    try:
        name = ns.resolve_namespace(
            agent=unit.config.agent, session_key=transcript.session_key, source=str(unit.path)
        )
    except ValueError:
        name = ns.default_namespace()
    return name, ns.default_namespace()


def _snapshot_context(root: Path, data: bytes, since_line: int) -> SnapshotContext:
    """Today's stored snapshots (for the next id) and whether the *new* lines hold a memory-flush
    prompt (the readers drop those turns; an old flush must not re-trigger on every append)."""
    new_text = b"\n".join(data.split(b"\n")[since_line:]).decode("utf-8", errors="replace")
    today = f"{dt.datetime.now(dt.UTC):%Y-%m-%d}"
    return SnapshotContext(existing=stored_snapshots(root, day=today), flush_seen=raw_flush_seen(new_text))


def _speculation(
    source: MemorySource, rank: int, scope: tuple[str, str] | None, model: StructuredModel
) -> Speculation | None:
    """Dedup reads that wait only where needed: with a board that serves a speculation's reads
    (the local board, or a proxy to a remote one), and a model that reports what detection
    found (:class:`memscribe.batch.engine.BoundedModel`)."""
    detected = getattr(model, "detected", None)
    if not callable(getattr(source, "publish_tentative", None)) or not isinstance(detected, list):
        return None
    board = cast(SpeculationBoard, source)
    return Speculation(board, rank, scope, lambda: list(detected))


def _hold(model: StructuredModel, on: bool) -> bool:
    """Dedup decisions answered provisionally while planning on (whether the model can:
    :meth:`memscribe.batch.engine.BoundedModel.hold_decisions`)."""
    hold = getattr(model, "hold_decisions", None)
    return bool(hold(on)) if callable(hold) else False


def _settle(model: StructuredModel, result: UnitResult) -> UnitResult | None:
    """``result`` with its provisional dedup decisions' real reasons, when every real decision
    is the provisional ``keep_both``; None when one is not (the unit plans again)."""
    held = getattr(model, "held", None)
    reasons = held.settle() if held is not None else {}
    if reasons is None:
        return None
    if not reasons:
        return result
    operations = [
        op.model_copy(update={"reason": _real_reason(op.reason, reasons)}) if isinstance(op, WriteOp) else op
        for op in result.plan.operations
    ]
    plan = result.plan.model_copy(update={"operations": operations, "usage": model.usage.model_copy()})
    return dataclasses.replace(result, plan=plan)


def _real_reason(reason: str, reasons: dict[str, str]) -> str:
    """``reason`` with the provisional decision's marker (delimited: one marker is never part of
    another) replaced by the real decision's reason."""
    start = reason.find("\x00")
    end = reason.find("\x00", start + 1) if start >= 0 else -1
    if end < 0:
        return reason
    marker = reason[start : end + 1]
    return reason.replace(marker, reasons[marker]) if marker in reasons else reason


def _exact(view: LazySnapshot, scope: tuple[str, str] | None) -> Sequence[MemoryEntry] | Layered:
    """The memory ``view`` holds (every earlier plan published) in ``scope``: as the board's
    layers where it gives them (read in bulk: no walk over the whole memory), else as a list."""

    def listed() -> list[MemoryEntry]:
        return [e for e in view.entries if scope is None or (e.namespace or scope[1]) == scope[0]]

    layers = view.layers
    if layers is None:
        return listed()
    return Layered(layers.base, layers.paths, layers.deltas, scope, listed)


def run_unit(unit: UnitInput, *, model: StructuredModel, source: MemorySource) -> UnitOutput:
    """Read, classify and plan one transcript; publish its plan's effect to ``source``."""
    try:
        return _run(unit, model, source)
    except Exception as exc:  # reported for this transcript; the others go on
        return UnitOutput.crashed(unit, exc)


def _run(unit: UnitInput, model: StructuredModel, source: MemorySource) -> UnitOutput:
    published = False
    try:
        stat = ledger.FileStat.of(unit.path)  # before reading: a later change moves the mtime
        try:
            data = unit.path.read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read file: {exc.strerror or exc}", path=str(unit.path)) from None
        classified = ledger.classify(data, unit.base)
        if classified.change == "unchanged":
            return UnitOutput(rank=unit.rank, classified=classified, stat=stat)
        transcript = _parse(unit, data)
        namespace, default = _namespaces(unit, transcript)
        source.declare(unit.rank, namespace)  # later ranks of other namespaces need not wait
        bind = getattr(model, "bind_namespace", None)
        if callable(bind):  # its dedup calls may be shared with this namespace's other units
            bind(namespace)
        scope = (namespace, default) if namespace is not None and default is not None else None
        view = LazySnapshot(source, unit.rank, scope)
        speculation = _speculation(source, unit.rank, scope, model)
        context = _snapshot_context(unit.config.root, data, classified.since_line)
        now = unit.config.now or dt.datetime.now(dt.UTC)

        def plan(bet: Speculation | None) -> UnitResult:
            return plan_transcript(
                transcript,
                model=model,
                snapshot=view,
                since_line=classified.since_line,
                namespace=namespace,
                default_namespace=default,
                context_tokens=unit.config.context_tokens,
                now=now,
                snapshot_context=context,
                speculation=bet,
            )

        # With the speculation's reads, dedup decisions may be answered provisionally too.
        held = speculation is not None and _hold(model, True)
        try:
            result = plan(speculation)
        finally:
            if held:
                _hold(model, False)
        if held and speculation is not None and not speculation.used:
            result = _settle(model, result) or plan(None)  # (dedup reads its shortlists first)
        failed = any(s.reason == "model_error" for s in result.plan.skipped)
        delta = Delta() if failed else delta_of(result.plan)
        if speculation is not None and speculation.used:
            # Later transcripts may read this plan now; it is checked once every earlier one is in.
            speculation.publish(delta)
            settled = _settle(model, result) if held else result
            exact = _exact(view, scope)
            written = [op.id for op in result.plan.operations if isinstance(op, WriteOp)]
            if settled is not None and speculation.holds(exact, view.taken_ids, written):
                result = settled
            else:  # plan again, exactly (a decision answered since is not asked again)
                result = plan(None)
                failed = any(s.reason == "model_error" for s in result.plan.skipped)
                delta = Delta() if failed else delta_of(result.plan)
        source.publish(unit.rank, delta)
        published = True
        return UnitOutput(
            rank=unit.rank,
            classified=classified,
            stat=stat,
            unit=result,
            namespace=namespace,
            fmt=transcript.format,
            view=view.base,
        )
    finally:
        if not published:
            source.publish(unit.rank, Delta())
