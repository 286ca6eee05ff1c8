"""The embedded default model: deterministic, offline, no key.

It answers the same tasks as an LLM (``detect``, ``dedup``) from the typed request instead of
the rendered prompt, using the seeds' trigger rules (:mod:`pipeline.model.embedded_rules`).
Its output goes through the same schema validation and the same verify / screen / dedup stages.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from pipeline.errors import ModelError
from pipeline.model import embedded_rules
from pipeline.model.base import Message
from schemas.candidates import DedupDecision, Detection
from schemas.plan import Usage
from schemas.requests import DedupRequest, DetectRequest

T = TypeVar("T", bound=BaseModel)

EMBEDDED_NAME = "embedded"
#: Similar enough (lexically) to an existing entry to count as a restatement.
RESTATEMENT_SCORE = 0.6


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
        else:
            raise ModelError(f"{task}: not supported by the embedded model", stage=task, attempts=1)
        # Round-trip through JSON so the embedded path is validated exactly like a model's reply.
        return response_model.model_validate_json(answer.model_dump_json())


def _dedup(request: DedupRequest) -> DedupDecision:
    from pipeline.stages.dedup import same_topic  # local: the stage module imports this package

    top = request.shortlist[0]
    if top.score >= RESTATEMENT_SCORE:
        return DedupDecision(
            action="drop_new", existing_ids=[top.id], reason=f"restates {top.id} (similarity {top.score:.2f})"
        )
    topical = [s.id for s in request.shortlist if same_topic(request.slug, s.slug)]
    if topical:
        return DedupDecision(
            action="supersede_old", existing_ids=topical, reason=f"new value for topic '{request.slug}'"
        )
    return DedupDecision(action="keep_both", existing_ids=[], reason="different facts")


__all__ = ["EmbeddedModel", "Detection", "EMBEDDED_NAME"]
