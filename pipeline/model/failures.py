"""How a failed model call is told: which client-stack errors are worth another attempt
(:func:`is_transient`), which refuse the response format, and the one line a
:class:`~memscribe.errors.ModelError` says for each (:func:`_model_error`). Part of
:mod:`memscribe.model.llm`, imported through it (litellm loads only with a model call)."""

from __future__ import annotations

import os
from typing import Any

from pydantic import ValidationError

from memscribe.errors import ModelError

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # before litellm loads: as in llm

from instructor.core.exceptions import InstructorError, InstructorRetryException  # noqa: E402
from litellm import exceptions as llm_errors  # noqa: E402

#: Transport errors worth retrying. Everything else (auth, bad request, not found) fails fast.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    llm_errors.RateLimitError,
    llm_errors.Timeout,
    llm_errors.APIConnectionError,
    llm_errors.InternalServerError,
    llm_errors.ServiceUnavailableError,
    llm_errors.BadGatewayError,
)

#: Words in a provider's error that say the request's *response format* was refused: no retry can
#: fix that, but another output mode can (llama-cpp-python rejects ``json_schema`` this way).
_FORMAT_REFUSAL = ("response_format", "json_schema", "response format", "grammar")
#: Words in a 5xx body that say the request itself is wrong (deterministic: never retried).
_DETERMINISTIC_5XX = (*_FORMAT_REFUSAL, "validation error", "unprocessable", "invalid request")


class _PromptedFailure(ValueError):
    """The last invalid answer of :meth:`LiteLLMModel._prompted`, shaped as instructor's failure
    (``last_completion``, ``n_attempts``) for :func:`_salvage` and :func:`_model_error`."""

    def __init__(self, cause: BaseException, last_completion: Any, n_attempts: int) -> None:
        super().__init__(str(cause))
        self.__cause__ = cause
        self.last_completion = last_completion
        self.n_attempts = n_attempts


def is_transient(exc: BaseException) -> bool:
    """Worth another attempt: rate limits, 5xx, timeouts, connection errors — except the
    provider SDK's "missing credentials", which litellm surfaces as a 500 and no retry fixes,
    and 5xx answers whose body says the request itself is wrong (a refused response format)."""
    if not isinstance(exc, TRANSIENT_ERRORS):
        return False
    text = str(exc).casefold()
    if "missing credentials" in text or "api_key" in text:
        return False
    return not any(word in text for word in _DETERMINISTIC_5XX)


def _names_format(exc: BaseException) -> bool:
    """A provider error that refuses the request's response format (not a transient failure)."""
    if isinstance(exc, llm_errors.Timeout | llm_errors.APIConnectionError | llm_errors.RateLimitError):
        return False
    if not _is_client_error(exc):  # litellm's errors subclass the SDK's (openai.APIError, …)
        return False
    text = str(exc).casefold()
    return any(word in text for word in _FORMAT_REFUSAL)


def _is_client_error(exc: BaseException) -> bool:
    """An error raised by the model client stack (litellm, the provider SDK, instructor, httpx)."""
    if isinstance(exc, InstructorError | llm_errors.OpenAIError | ValidationError):
        return True
    module = type(exc).__module__.split(".")[0]
    return module in {"litellm", "openai", "instructor", "httpx", "httpcore", "anthropic"}


_KIND_OF_FAILURE: tuple[tuple[type[BaseException], str], ...] = (
    (llm_errors.ContextWindowExceededError, "the prompt is over the model's context window"),
    (llm_errors.ContentPolicyViolationError, "the provider's content filter refused the request"),
    (llm_errors.AuthenticationError, "authentication failed (check the provider key)"),
    (llm_errors.PermissionDeniedError, "permission denied by the provider"),
    (llm_errors.NotFoundError, "model or endpoint not found"),
    (llm_errors.RateLimitError, "model unavailable after retries (rate limited)"),
    (
        llm_errors.Timeout,
        "model unavailable after retries (timed out; raise --timeout for a slow local model)",
    ),
    (
        llm_errors.APIConnectionError,
        "model unavailable after retries (cannot connect: is the server running?)",
    ),
)


def _model_error(task: str, exc: BaseException) -> ModelError:
    """One clear line for any client-stack failure, with the provider's own message."""
    attempts = int(getattr(exc, "n_attempts", 0) or 0) or 1
    cause = exc.__cause__ if isinstance(exc, InstructorRetryException) and exc.__cause__ else exc
    for kind, what in _KIND_OF_FAILURE:
        if isinstance(cause, kind):
            return ModelError(f"{task}: {what}: {_short(cause)}", stage=task, attempts=attempts)
    if isinstance(cause, TRANSIENT_ERRORS):
        msg = f"{task}: model unavailable after retries: {type(cause).__name__}: {_short(cause)}"
    elif isinstance(cause, ValidationError | ValueError):  # JSON and schema errors
        msg = f"{task}: invalid model output after {attempts} attempt(s): {_short(cause)}"
    else:
        msg = f"{task}: model call failed: {type(cause).__name__}: {_short(cause)}"
    return ModelError(msg, stage=task, attempts=attempts)


def _short(exc: BaseException, limit: int = 300) -> str:
    """The error's message on one line, cut at a word boundary (never mid-number)."""
    text = " ".join(str(exc).split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > limit // 2 else limit] + " …"
