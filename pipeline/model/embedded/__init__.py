"""The embedded default model: deterministic, offline, no key.

It answers the same tasks as an LLM (``detect``, ``dedup``, ``consolidate``) from the typed request instead of
the rendered prompt, using the seeds' trigger rules (:mod:`memscribe.model.embedded_rules`).
Its output goes through the same schema validation and the same verify / screen / dedup stages.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from memscribe.errors import ModelError
from memscribe.model import embedded_rules
from memscribe.model.base import Message
from memscribe.schemas.candidates import ConsolidateDecision, DedupDecision, Detection
from memscribe.schemas.plan import Usage
from memscribe.schemas.requests import ConsolidateRequest, DedupRequest, DetectRequest

T = TypeVar("T", bound=BaseModel)

EMBEDDED_NAME = "embedded"
#: Similar enough (lexically) to an existing entry to count as a restatement.
RESTATEMENT_SCORE = embedded_rules.RESTATEMENT_SCORE


class EmbeddedModel:
    name = EMBEDDED_NAME

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        if task == "detect" and isinstance(request, DetectRequest):
            answer: BaseModel = embedded_rules.extract(request.turns)
        elif task == "dedup" and isinstance(request, DedupRequest):
            answer = _dedup(request)
        elif task == "consolidate" and isinstance(request, ConsolidateRequest):
            answer = _consolidate(request)
        elif task == "snapshot" or task.startswith("group_"):
            from memscribe.snapshot.offline import answer_task  # task snapshots and group memory

            answer = answer_task(task, request)
        else:
            raise ModelError(f"{task}: not supported by the embedded model", stage=task, attempts=1)
        # Round-trip through JSON so the embedded path is validated exactly like a model's reply.
        return response_model.model_validate_json(answer.model_dump_json())


def _dedup(request: DedupRequest) -> DedupDecision:
    return embedded_rules.dedup_decision(request)


def _consolidate(request: ConsolidateRequest) -> ConsolidateDecision:
    from memscribe.stages.consolidate import restatement_decision  # local: the stage imports this package

    return restatement_decision(request, restatement_score=RESTATEMENT_SCORE)


__all__ = ["EmbeddedModel", "Detection", "EMBEDDED_NAME"]
