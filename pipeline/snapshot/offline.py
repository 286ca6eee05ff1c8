"""Embedded-model answers for the ``snapshot`` and ``group_*`` tasks (dispatched from the embedded model)."""

from __future__ import annotations

from pydantic import BaseModel

from memscribe.errors import ModelError
from memscribe.schemas.groups import GroupRequest
from memscribe.schemas.snapshot import SnapshotRequest


def answer_task(task: str, request: BaseModel) -> BaseModel:
    """The deterministic answer, or a ModelError for a task/request pair it does not know."""
    if task == "snapshot" and isinstance(request, SnapshotRequest):
        from memscribe.snapshot.rules import draft_snapshot

        return draft_snapshot(request)
    if isinstance(request, GroupRequest):
        from memscribe.groups.rules import answer

        found = answer(task, request)
        if found is not None:
            return found
    raise ModelError(f"{task}: not supported by the embedded model", stage=task, attempts=1)
