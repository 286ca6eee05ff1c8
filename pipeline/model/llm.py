"""The one module that imports litellm, instructor and tenacity.

Retries live here and only here:
- tenacity retries *transient transport* errors (429, 5xx, timeouts, connection errors) with
  exponential backoff, bounded by attempts and a total time budget;
- instructor re-asks the model on *invalid output* (JSON or schema validation), bounded by
  ``max_reasks``;
- the SDK's own hidden retries are turned off (``num_retries=0``, ``max_retries=0``) so the budget
  above is the whole budget.
Anything still failing becomes a :class:`~memscribe.errors.ModelError` for the caller to report.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import logging
import os
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from memscribe.errors import ModelError
from memscribe.model.base import Message
from memscribe.schemas.plan import Usage

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import instructor  # noqa: E402
import litellm  # noqa: E402
from instructor.core.exceptions import InstructorRetryException  # noqa: E402
from litellm import exceptions as llm_errors  # noqa: E402
from tenacity import (  # noqa: E402
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    stop_after_delay,
    wait_exponential_jitter,
)

T = TypeVar("T", bound=BaseModel)

# instructor logs every failed attempt at ERROR with the provider's full message; memscribe
# reports failures itself (plan ``skipped``, one line on stderr), so keep stderr clean.
logging.getLogger("instructor").addHandler(logging.NullHandler())
logging.getLogger("instructor").propagate = False
litellm.suppress_debug_info = True  # no "Provider List" banners on stdout: it may carry JSON
# Per-call overhead (the batch job makes hundreds of calls): no message copies kept for logging
# callbacks (none are configured; prompts may hold private text anyway).
litellm.turn_off_message_logging = True

#: Transport errors worth retrying. Everything else (auth, bad request, not found) fails fast.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    llm_errors.RateLimitError,
    llm_errors.Timeout,
    llm_errors.APIConnectionError,
    llm_errors.InternalServerError,
    llm_errors.ServiceUnavailableError,
    llm_errors.BadGatewayError,
)

#: instructor output modes by name, JSON-schema first: it works with OpenAI-compatible local
#: servers (llama.cpp, vLLM) as well as hosted providers.
MODES: dict[str, instructor.Mode] = {
    "json_schema": instructor.Mode.JSON_SCHEMA,
    "json": instructor.Mode.JSON,
    "tools": instructor.Mode.TOOLS,
    "md_json": instructor.Mode.MD_JSON,
}

DEFAULT_CONTEXT_TOKENS = 8192


class LiteLLMModel:
    """Any litellm model string: ``openai/…``, ``anthropic/…``, ``ollama/…``, a local server."""

    def __init__(
        self,
        name: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        mode: str = "json_schema",
        timeout: float = 120.0,
        max_reasks: int = 2,
        max_attempts: int = 4,
        retry_budget_s: float = 120.0,
        backoff_initial_s: float = 1.0,
        temperature: float | None = 0.0,
        completion: Callable[..., Any] | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        self.name = name
        self.api_base = api_base
        self.api_key = api_key
        self.timeout = timeout
        self.max_reasks = max_reasks
        self.max_attempts = max_attempts
        self.retry_budget_s = retry_budget_s
        self.backoff_initial_s = backoff_initial_s
        self.temperature = temperature
        self.usage = Usage()
        if completion is None:  # an injected completion (tests) brings its own transport
            self.api_key = api_key or _check_configuration(name, api_base)
        self._completion = completion or litellm.completion
        _warm_imports()
        self._client = instructor.from_litellm(self._call_with_retries, mode=MODES[mode])

    # -- transport ---------------------------------------------------------------------------
    def _call_with_retries(self, **kwargs: Any) -> Any:
        """One logical completion: transient errors retried with backoff, usage accounted."""
        # ``max_retries`` is instructor's re-ask count on the way in; the SDK's own retry count
        # (openai's default is 2) is forced to 0 here so tenacity's budget is the whole budget.
        kwargs["max_retries"] = 0
        retrying = Retrying(
            retry=retry_if_exception(_is_transient),
            stop=stop_after_attempt(self.max_attempts) | stop_after_delay(self.retry_budget_s),
            wait=wait_exponential_jitter(multiplier=self.backoff_initial_s, max=30.0),
            reraise=True,
        )
        for attempt in retrying:
            with attempt:
                response = self._completion(**kwargs)
        self._account(response)
        return response

    def _account(self, response: Any) -> None:
        self.usage.llm_calls += 1
        usage = getattr(response, "usage", None)
        if usage is not None:
            self.usage.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            self.usage.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
        cost = _response_cost(response, self.name)
        if cost is not None:
            self.usage.cost_usd = (self.usage.cost_usd or 0.0) + cost

    # -- the StructuredModel protocol ------------------------------------------------------------
    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": messages,
            "timeout": self.timeout,
            "num_retries": 0,
        }
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self.api_key:
            kwargs["api_key"] = self.api_key
        try:
            result = self._client.chat.completions.create(
                response_model=_schema_model(response_model), max_retries=self.max_reasks, **kwargs
            )
        except InstructorRetryException as exc:
            cause = exc.__cause__ or exc
            attempts = int(getattr(exc, "n_attempts", 0) or 0)
            if isinstance(cause, TRANSIENT_ERRORS):
                msg = f"{task}: model unavailable after retries: {type(cause).__name__}"
            elif isinstance(cause, ValidationError | ValueError):  # JSON and schema errors
                msg = f"{task}: invalid model output after {attempts} attempt(s)"
            else:
                msg = f"{task}: model call failed: {type(cause).__name__}: {_short(cause)}"
            raise ModelError(msg, stage=task, attempts=attempts) from exc
        except TRANSIENT_ERRORS as exc:
            raise ModelError(
                f"{task}: model unavailable after retries: {type(exc).__name__}", stage=task, attempts=1
            ) from exc
        except (llm_errors.APIError, llm_errors.AuthenticationError, llm_errors.BadRequestError) as exc:
            raise ModelError(
                f"{task}: model call failed: {type(exc).__name__}: {_short(exc)}", stage=task, attempts=1
            ) from exc
        if not isinstance(result, response_model):
            raise ModelError(f"{task}: unexpected model output type", stage=task, attempts=1)
        return result


@functools.cache
def _warm_imports() -> None:
    """Import now what litellm and instructor import lazily on the first call, once, in one thread
    (the batch job's first calls would otherwise all wait on the same import locks)."""
    for module in (
        "litellm.litellm_core_utils.prompt_templates.common_utils",
        "litellm.proxy.openai_files_endpoints.common_utils",
        "instructor.v2.providers.openai",
        "httpcore",
    ):
        with contextlib.suppress(ImportError):
            importlib.import_module(module)


@functools.cache
def _schema_model(response_model: type[T]) -> type[T]:
    """instructor's response-schema wrapper of ``response_model``, built once, its JSON schema too.

    instructor wraps the model (``create_model``) and pydantic regenerates its JSON schema on
    every call unless the model already is a wrapper; the request sent is the same.
    """
    from instructor.v2.core.function_calls import response_schema

    wrapper = response_schema(response_model)
    frozen = json.dumps(wrapper.model_json_schema())
    generate = wrapper.model_json_schema

    def model_json_schema(cls: type[BaseModel], *args: Any, **kwargs: Any) -> dict[str, Any]:
        if args or kwargs:
            return generate(*args, **kwargs)
        schema: dict[str, Any] = json.loads(frozen)  # a fresh copy: callers may edit it
        return schema

    type.__setattr__(wrapper, "model_json_schema", classmethod(model_json_schema))
    return wrapper


#: Models litellm has no price for (a local server, a fine-tune): asking again costs a
#: model-map lookup and an exception per call for the same answer.
_UNPRICED: set[str] = set()


def _response_cost(response: Any, model: str) -> float | None:
    """The call's cost in USD: litellm's own figure when it computed one, else ours (cached miss)."""
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict) and isinstance(hidden.get("response_cost"), int | float):
        return float(hidden["response_cost"])
    if model in _UNPRICED:
        return None
    try:
        return float(litellm.completion_cost(completion_response=response, model=model))
    except Exception:  # unknown model / local server: cost is simply not known
        _UNPRICED.add(model)
        return None


def _is_transient(exc: BaseException) -> bool:
    """Worth another attempt: rate limits, 5xx, timeouts, connection errors — except the
    provider SDK's "missing credentials", which litellm surfaces as a 500 and no retry fixes."""
    if not isinstance(exc, TRANSIENT_ERRORS):
        return False
    text = str(exc).casefold()
    return "missing credentials" not in text and "api_key" not in text


#: A stand-in key for OpenAI-compatible local servers (llama.cpp, vLLM) that need none: the
#: SDK refuses to send a request without one.
LOCAL_SERVER_KEY = "no-key-required"


def _check_configuration(name: str, api_base: str | None) -> str | None:
    """Fail fast, before any transcript is read, on what no retry can fix.

    Returns the api key to pass (``None``: litellm reads the provider's variable itself).

    Raises:
        ValueError: litellm cannot tell the provider from ``name``, or the provider's
            credential variable is unset and no ``api_base`` points at a local server.
    """
    try:
        litellm.get_llm_provider(model=name, api_base=api_base)
    except Exception:
        raise ValueError(
            f"unknown model {name!r}: use a litellm model string with its provider, "
            "e.g. openai/gpt-4.1-mini, anthropic/claude-sonnet-4-5, ollama/llama3.1"
        ) from None
    try:
        env = litellm.validate_environment(model=name, api_base=api_base)
    except Exception:  # providers litellm cannot check: let the first call tell
        return None
    missing = [k for k in env.get("missing_keys") or [] if k.endswith(("_KEY", "_TOKEN", "_SECRET"))]
    provider_key = f"{litellm.get_llm_provider(model=name, api_base=api_base)[1].upper()}_API_KEY"
    if provider_key in os.environ and not os.environ[provider_key].strip():
        missing.append(provider_key)  # set but empty: the SDK would fail on every call
    if not missing:
        return None
    if api_base:
        return LOCAL_SERVER_KEY
    raise ValueError(
        f"model {name}: set {' or '.join(missing)} in the environment (or --api-base for a local server)"
    )


def context_tokens(model: str) -> int:
    """The model's input window from litellm's bundled map, or a conservative default."""
    try:
        info = litellm.get_model_info(model)
    except Exception:
        return DEFAULT_CONTEXT_TOKENS
    value = info.get("max_input_tokens") or info.get("max_tokens")
    return int(value) if value else DEFAULT_CONTEXT_TOKENS


def embed(texts: list[str], *, model: str) -> list[list[float]]:
    """Embedding vectors of ``texts`` (in order) from a litellm embedding model, one request.

    Raises:
        ModelError: the request failed or the answer is not one vector per text.
    """
    if not texts:
        return []
    try:
        response = litellm.embedding(model=model, input=list(texts))
        data = sorted(response.data, key=lambda d: int(d["index"] if isinstance(d, dict) else d.index))
        vectors = [[float(x) for x in (d["embedding"] if isinstance(d, dict) else d.embedding)] for d in data]
    except Exception as exc:
        raise ModelError(f"embedding with {model} failed: {_short(exc)}", stage="embed", attempts=1) from exc
    if len(vectors) != len(texts):
        raise ModelError(
            f"embedding with {model}: {len(vectors)} vectors for {len(texts)} texts",
            stage="embed",
            attempts=1,
        )
    return vectors


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:200]
