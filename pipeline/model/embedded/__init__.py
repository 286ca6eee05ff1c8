"""The embedded default model: deterministic, offline, no key.

It answers the same requests as an LLM from the typed request instead of the rendered prompt, one
module per request type: ``detect`` (:mod:`.detect`: profiles and playbooks), ``dedup``,
``consolidate``, ``snapshot`` and the group-memory tasks (:mod:`.groups`). Its output goes through
the same schema validation and the same verify / screen / dedup stages as a model's reply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from memscribe.errors import ModelError
from memscribe.model.base import Message
from memscribe.model.embedded import consolidate, dedup, detect, groups, snapshot
from memscribe.model.embedded.consolidate import RESTATEMENT_SCORE
from memscribe.schemas.candidates import Detection
from memscribe.schemas.groups import GroupRequest
from memscribe.schemas.plan import Usage
from memscribe.schemas.requests import ConsolidateRequest, DedupRequest, DetectRequest
from memscribe.schemas.snapshot import SnapshotRequest

T = TypeVar("T", bound=BaseModel)

EMBEDDED_NAME = "embedded"


def _detect(task: str, request: DetectRequest) -> BaseModel:
    return detect.extract(request.turns)


def _dedup(task: str, request: DedupRequest) -> BaseModel:
    return dedup.dedup_decision(request)


def _consolidate(task: str, request: ConsolidateRequest) -> BaseModel:
    return consolidate.restatement_decision(request)


def _snapshot(task: str, request: SnapshotRequest) -> BaseModel | None:
    return snapshot.draft_snapshot(request) if task == "snapshot" else None


#: One answer per request type; the task name only picks among the group tasks.
_ANSWERS: dict[type[BaseModel], Callable[[str, Any], BaseModel | None]] = {
    DetectRequest: _detect,
    DedupRequest: _dedup,
    ConsolidateRequest: _consolidate,
    SnapshotRequest: _snapshot,
    GroupRequest: groups.answer,
}


class EmbeddedModel:
    name = EMBEDDED_NAME

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        answer_for = _ANSWERS.get(type(request))
        answer = answer_for(task, request) if answer_for is not None else None
        if answer is None:
            raise ModelError(f"{task}: not supported by the embedded model", stage=task, attempts=1)
        # Round-trip through JSON so the embedded path is validated exactly like a model's reply.
        return response_model.model_validate_json(answer.model_dump_json())


__all__ = ["EMBEDDED_NAME", "RESTATEMENT_SCORE", "Detection", "EmbeddedModel"]
