"""The model seam: stages call ``generate`` and never import litellm themselves."""

from __future__ import annotations

from typing import Protocol, TypeVar

from pydantic import BaseModel

from memscribe.schemas.plan import Usage

T = TypeVar("T", bound=BaseModel)

Message = dict[str, str]


class StructuredModel(Protocol):
    """Anything that turns a rendered prompt (plus its typed request) into a validated object.

    ``messages`` is what an LLM sees; ``request`` is the same input as a typed value, which the
    embedded (rule-based) model reads instead of prose. Both describe the same task.
    """

    name: str
    usage: Usage

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T: ...
