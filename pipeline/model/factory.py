"""Choose the model from configuration. litellm is imported only when a real model is asked for."""

from __future__ import annotations

from memscribe.model.base import StructuredModel
from memscribe.model.embedded import EMBEDDED_NAME, EmbeddedModel


def make_model(
    name: str | None,
    *,
    api_base: str | None = None,
    mode: str = "json_schema",
    timeout: float = 120.0,
    max_reasks: int = 2,
) -> StructuredModel:
    """``None``/``""``/``embedded`` → the embedded default; anything else is a litellm model string."""
    if not name or name == EMBEDDED_NAME:
        return EmbeddedModel()
    from memscribe.model.llm import LiteLLMModel

    return LiteLLMModel(name, api_base=api_base, mode=mode, timeout=timeout, max_reasks=max_reasks)


def context_tokens_for(model: StructuredModel, override: int | None = None) -> int:
    if override:
        return override
    if model.name == EMBEDDED_NAME:
        return 16000
    from memscribe.model.llm import context_tokens

    return context_tokens(model.name)
