"""Task snapshots on demand (``memscribe snapshot save``): transcript → snapshot stage → store.

Automatic snapshots ride on the extraction Plan (:mod:`memscribe.services.extract`); this is the
explicit one. Either way the block is appended by the store, under its lock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from memscribe.model.base import StructuredModel
from memscribe.schemas.snapshot import SnapshotBlock
from memscribe.schemas.transcript import Transcript
from memscribe.snapshot.stage import SnapshotOutcome, take_snapshot
from memscribe.store.base import MemoryStore


@dataclass
class Saved:
    """The stage's outcome, and the block as stored (None: nothing to save, or a dry run)."""

    outcome: SnapshotOutcome
    block: SnapshotBlock | None
    model: StructuredModel


def save_snapshot(
    store: MemoryStore,
    load: Callable[[], Transcript],
    make_model: Callable[[], StructuredModel],
    *,
    context_tokens: Callable[[StructuredModel], int],
    now: dt.datetime,
    write: bool = True,
) -> Saved:
    """Snapshot the transcript's task state now (trigger ``explicit``) and append it."""
    transcript = load()
    model = make_model()
    outcome = take_snapshot(
        transcript,
        model=model,
        trigger="explicit",
        now=now,
        existing=store.snapshots(day=f"{now:%Y-%m-%d}"),
        context_tokens=context_tokens(model),
    )
    block = outcome.block
    if block is not None and write:
        from memscribe.schemas.plan import Plan

        plan = Plan(
            transcript=transcript.source,
            format=transcript.format,
            model=model.name,
            created="",
            snapshot=block,
        )
        block = store.apply(plan).snapshot
    return Saved(outcome=outcome, block=block, model=model)
