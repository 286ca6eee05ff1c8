"""The embedded default model: deterministic, offline, no key.

It answers the same requests as an LLM from the typed request instead of the rendered prompt, one
module per request type: ``detect`` (:mod:`.detect`: profiles and playbooks), ``dedup``,
``consolidate``, ``snapshot`` and the group-memory tasks (:mod:`.groups`). Its output goes through
the same schema validation and the same verify / screen / dedup stages as a model's reply.
"""

from __future__ import annotations

import importlib
from typing import Any, TypeVar

from pydantic import BaseModel

from memscribe.errors import ModelError
from memscribe.model.base import Message
from memscribe.schemas.candidates import Detection
from memscribe.schemas.plan import Usage

T = TypeVar("T", bound=BaseModel)

EMBEDDED_NAME = "embedded"


def _detect(task: str, request: Any) -> BaseModel:
    from memscribe.model.embedded import detect

    return detect.extract(request.turns, readings=request.readings)


def _dedup(task: str, request: Any) -> BaseModel:
    from memscribe.model.embedded import dedup

    return dedup.dedup_decision(request)


def _consolidate(task: str, request: Any) -> BaseModel:
    from memscribe.model.embedded import consolidate

    return consolidate.restatement_decision(request)


def _snapshot(task: str, request: Any) -> BaseModel | None:
    from memscribe.model.embedded import snapshot

    return snapshot.draft_snapshot(request) if task == "snapshot" else None


def _groups(task: str, request: Any) -> BaseModel | None:
    from memscribe.model.embedded import groups

    return groups.answer(task, request)


#: One answer per request type (named, so a run imports only the rules and schemas it asks
#: for: an extract never loads the group or consolidate rules); the task name only picks among
#: the group tasks.
_ANSWERS: dict[str, Any] = {
    "memscribe.schemas.requests.DetectRequest": _detect,
    "memscribe.schemas.requests.DedupRequest": _dedup,
    "memscribe.schemas.requests.ConsolidateRequest": _consolidate,
    "memscribe.schemas.snapshot.SnapshotRequest": _snapshot,
    "memscribe.schemas.groups.GroupRequest": _groups,
}


def __getattr__(name: str) -> Any:
    if name == "RESTATEMENT_SCORE":  # re-exported, loaded on first use
        return importlib.import_module("memscribe.model.embedded.consolidate").RESTATEMENT_SCORE
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class EmbeddedModel:
    name = EMBEDDED_NAME

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        cls = type(request)
        answer_for = _ANSWERS.get(f"{cls.__module__}.{cls.__qualname__}")
        answer = answer_for(task, request) if answer_for is not None else None
        if answer is None:
            raise ModelError(f"{task}: not supported by the embedded model", stage=task, attempts=1)
        # Round-trip through JSON so the embedded path is validated exactly like a model's reply.
        return response_model.model_validate_json(answer.model_dump_json())


__all__ = ["EMBEDDED_NAME", "RESTATEMENT_SCORE", "Detection", "EmbeddedModel"]
