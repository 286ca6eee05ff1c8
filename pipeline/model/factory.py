"""Choose the model from configuration. litellm is imported only when a real model is asked for."""

from __future__ import annotations

from memscribe.model.base import StructuredModel
from memscribe.model.embedded import EMBEDDED_NAME, EmbeddedModel

#: The commands' ``--timeout`` default: on a loopback ``--api-base`` it means "not chosen" and the
#: model layer's longer local timeout applies (any other value is used as given).
DEFAULT_TIMEOUT_S = 120.0


def make_model(
    name: str | None,
    *,
    api_base: str | None = None,
    mode: str = "json_schema",
    timeout: float | None = None,
    max_reasks: int = 2,
    context_tokens: int | None = None,
) -> StructuredModel:
    """``None``/``""``/``embedded`` → the embedded default; anything else is a litellm model string.

    ``timeout`` None (or the commands' default on a loopback server): 600 s for a local server,
    120 s otherwise. ``context_tokens`` overrides the model's context size (and Ollama's ``num_ctx``).
    """
    if not name or name == EMBEDDED_NAME:
        return EmbeddedModel()
    from memscribe.model.llm import LiteLLMModel, is_loopback

    if timeout == DEFAULT_TIMEOUT_S and is_loopback(api_base):
        timeout = None
    return LiteLLMModel(
        name,
        api_base=api_base,
        mode=mode,
        timeout=timeout,
        max_reasks=max_reasks,
        context_tokens=context_tokens,
    )


def context_tokens_for(model: StructuredModel, override: int | None = None) -> int:
    """The context windows are cut for: ``override``, else the model's own size.

    An override is handed to the model too, so a server that must be told (Ollama's ``num_ctx``)
    gets the same size the windows were cut for.
    """
    if model.name == EMBEDDED_NAME:
        return override or 16000
    if override:
        if hasattr(model, "context_tokens"):
            setattr(model, "context_tokens", override)  # noqa: B010 - not in the protocol
        return override
    sized = getattr(model, "context_tokens", None)
    if isinstance(sized, int) and sized > 0:
        return sized
    from memscribe.model.llm import context_tokens

    return context_tokens(model.name)
