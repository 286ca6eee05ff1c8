"""The model client: the one module that makes calls through litellm, instructor and tenacity
(``model/light_calls`` leaves out the per-call work of theirs memscribe does not use, and prices
calls from their tokens). Beside it, imported only through it: ``model/failures`` (which errors
are retried, the line each failure says), ``model/answers`` (the text and JSON of an answer, the
valid items kept), ``model/providers`` (provider, credentials, context size, embeddings) and
``model/call_route`` (where calls go: here or a helper process).

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

import copy
import functools
import logging
import marshal
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from memscribe.errors import ModelError
from memscribe.masking import mask_url_credentials
from memscribe.model.base import Message
from memscribe.model.lenient import collecting, lenient
from memscribe.model.light_calls import call_cost, complete_call_types, install, memscribe_call
from memscribe.schemas.plan import Usage

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import instructor  # noqa: E402
import litellm  # noqa: E402
from instructor.core.exceptions import IncompleteOutputException, InstructorRetryException  # noqa: E402
from tenacity import (  # noqa: E402
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    stop_after_delay,
    wait_exponential_jitter,
)

from memscribe.model.answers import _answer_text, _finish_reason, _json_object, _salvage  # noqa: E402
from memscribe.model.call_route import _route, _warm_imports, calls_in_helper  # noqa: E402
from memscribe.model.failures import (  # noqa: E402
    _is_client_error,
    _model_error,
    _names_format,
    _PromptedFailure,
    _short,
    is_transient,
)
from memscribe.model.providers import (  # noqa: E402
    _OLLAMA_PROVIDERS,
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_TIMEOUT_S,
    LOCAL_TIMEOUT_S,
    _check_configuration,
    _provider,
    context_tokens,
    context_tokens_of,
    embed,
    is_loopback,
)

#: What other modules import from here (the transport, failures and providers live beside it).
__all__ = [
    "DEFAULT_CONTEXT_TOKENS",
    "DEFAULT_TIMEOUT_S",
    "ENV_MAX_CALLS",
    "LOCAL_TIMEOUT_S",
    "MODES",
    "LiteLLMModel",
    "calls_in_helper",
    "context_tokens",
    "context_tokens_of",
    "embed",
    "is_loopback",
    "is_transient",
]

T = TypeVar("T", bound=BaseModel)

# instructor logs every failed attempt at ERROR with the provider's full message; memscribe
# reports failures itself (plan ``skipped``, one line on stderr), so keep stderr clean.
logging.getLogger("instructor").addHandler(logging.NullHandler())
logging.getLogger("instructor").propagate = False
litellm.suppress_debug_info = True  # no "Provider List" banners on stdout: it may carry JSON
# Per-call overhead (the batch job makes hundreds of calls): no message copies kept for logging
# callbacks (none are configured; prompts may hold private text anyway).
litellm.turn_off_message_logging = True
# Token counts never download a tokenizer (no network in CI or behind a firewall): models without
# a bundled one are counted with tiktoken's bundled vocabulary.
litellm.disable_hf_tokenizer_download = True

#: instructor output modes by name, JSON-schema first: it works with OpenAI-compatible local
#: servers (llama.cpp, vLLM) as well as hosted providers.
MODES: dict[str, instructor.Mode] = {
    "json_schema": instructor.Mode.JSON_SCHEMA,
    "json": instructor.Mode.JSON,
    "tools": instructor.Mode.TOOLS,
    "md_json": instructor.Mode.MD_JSON,
}

#: The mode a server accepted, per API base, for the rest of the process (one notice per base).
_NEGOTIATED: dict[str, str] = {}
#: Fallback order when a server refuses the response format.
_FALLBACK = {"json_schema": "json", "tools": "json", "json": "md_json"}
logger = logging.getLogger("memscribe.model")
ENV_MAX_CALLS = "MEMSCRIBE_MAX_CALLS"


def _env_max_calls() -> int | None:
    """``MEMSCRIBE_MAX_CALLS`` as a positive integer; unset or empty: no budget."""
    raw = os.environ.get(ENV_MAX_CALLS, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{ENV_MAX_CALLS}={raw!r} is not a whole number") from None
    if value < 0:
        raise ValueError(f"{ENV_MAX_CALLS} must be 0 or more, got {value}")
    return value


class LiteLLMModel:
    """Any litellm model string: ``openai/…``, ``anthropic/…``, ``ollama/…``, a local server."""

    #: Each call costs a round trip and repeats its instructions: the dedup stage asks all of a
    #: run's candidates in one call (:mod:`memscribe.stages.dedup_batch`).
    batches_dedup = True

    def __init__(
        self,
        name: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        mode: str = "json_schema",
        timeout: float | None = None,
        max_reasks: int = 2,
        max_attempts: int = 4,
        retry_budget_s: float = 120.0,
        backoff_initial_s: float = 1.0,
        temperature: float | None = 0.0,
        completion: Callable[..., Any] | None = None,
        max_calls: int | None = None,
        context_tokens: int | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        self.name = name
        self.api_base = api_base
        self.api_key = api_key
        #: Unset: :data:`LOCAL_TIMEOUT_S` for a loopback ``api_base``, else :data:`DEFAULT_TIMEOUT_S`.
        self.timeout = timeout or (LOCAL_TIMEOUT_S if is_loopback(api_base) else DEFAULT_TIMEOUT_S)
        self.max_reasks = max_reasks
        self.max_attempts = max_attempts
        self.retry_budget_s = retry_budget_s
        self.backoff_initial_s = backoff_initial_s
        self.temperature = temperature
        #: Model calls allowed to this object (re-asks and retries count); None: no budget.
        self.max_calls = max_calls if max_calls is not None else _env_max_calls()
        self.usage = Usage()
        self._asked_mode = mode
        self.mode = _NEGOTIATED.get(api_base or name, mode)
        #: Items of list answers that failed validation and were dropped: (list field, reason).
        self._invalid: list[tuple[str, str]] = []
        if completion is None:  # an injected completion (tests) brings its own transport
            self.api_key = api_key or _check_configuration(name, api_base)
        self._injected = completion
        self._completion = completion or _route()
        self.provider = _provider(name, api_base)
        #: The context window windows are cut for (and, on Ollama, asked for as ``num_ctx``).
        self.context_tokens = context_tokens or context_tokens_of(
            name, api_base=api_base, provider=self.provider, ask_server=completion is None
        )
        _warm_imports()
        install()  # litellm's pricing and idle logging, instructor's repeated walk: left out
        complete_call_types()  # here, not in each of the first concurrent calls
        self._client = instructor.from_litellm(self._call_with_retries, mode=MODES[self.mode])

    def bound_requests(self, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        """Send this model's requests (each attempt: a completion) through ``wrap(transport)``:
        the batch job holds a call slot only while a request is in flight."""
        self._completion = wrap(self._completion)

    def twin(self) -> LiteLLMModel:
        """A model as building this one again with the same arguments gives — its own usage,
        dropped items and call budget; the mode and call route of now — without repeating the
        provider and credential checks, look-ups that cannot change within a run (the batch job
        makes one model per transcript: :class:`memscribe.batch.settings.ModelTwins`)."""
        other = copy.copy(self)
        other.usage = Usage()
        other._invalid = []
        other.mode = _NEGOTIATED.get(self.api_base or self.name, self._asked_mode)
        other._completion = self._injected or _route()
        other._client = instructor.from_litellm(other._call_with_retries, mode=MODES[other.mode])
        return other

    def _check_budget(self, task: str) -> None:
        if self.max_calls is not None and self.usage.llm_calls >= self.max_calls:
            raise ModelError(
                f"{task}: model-call budget of {self.max_calls} reached (--max-calls / {ENV_MAX_CALLS}); "
                "not called",
                stage=task,
                attempts=0,
            )

    def count_tokens(self, text: str) -> int | None:
        """Tokens of ``text`` by litellm's tokenizer for this model (tiktoken where it has none
        bundled); None when litellm cannot count (the caller estimates)."""
        try:
            return int(litellm.token_counter(model=self.name, text=text))
        except Exception:
            return None

    def drain_invalid(self) -> list[tuple[str, str]]:
        """Items dropped from the last answers as invalid: ``(field, reason)``; cleared on read."""
        dropped, self._invalid = self._invalid, []
        return dropped

    def _fall_back(self, exc: BaseException) -> bool:
        """Switch to the next output mode when the server refused the response format."""
        nxt = _FALLBACK.get(self.mode)
        if nxt is None or not _names_format(exc):
            return False
        print(  # one line, once per API base: the user should know which mode is in use
            f"memscribe: note: {mask_url_credentials(self.api_base or self.name)} refused --mode {self.mode} "
            f"({_short(exc, 120)}); using --mode {nxt}",
            file=sys.stderr,
        )
        self.mode = nxt
        _NEGOTIATED[self.api_base or self.name] = nxt
        self._client = instructor.from_litellm(self._call_with_retries, mode=MODES[nxt])
        return True

    # -- transport ---------------------------------------------------------------------------
    def _call_with_retries(self, **kwargs: Any) -> Any:
        """One logical completion: transient errors retried with backoff, usage accounted."""
        # ``max_retries`` is instructor's re-ask count on the way in; the SDK's own retry count
        # (openai's default is 2) is forced to 0 here so tenacity's budget is the whole budget.
        kwargs["max_retries"] = 0
        debug = logger.isEnabledFor(logging.DEBUG)
        if debug:
            logger.debug("request to %s: %s", self.name, _redacted(_request_text(kwargs)))
        started = time.monotonic()
        try:  # the first attempt: tenacity's per-attempt machinery only once it failed
            with memscribe_call():
                response = self._completion(**kwargs)
        except BaseException as exc:
            if not is_transient(exc):
                raise
            response = self._retried(kwargs, exc, time.monotonic() - started)
        if debug:
            logger.debug("answer from %s: %s", self.name, _redacted(_answer_text(response) or repr(response)))
        self._account(response)
        return response

    def _retried(self, kwargs: dict[str, Any], failure: BaseException, spent_s: float) -> Any:
        """The attempts after a first one that failed with ``failure`` after ``spent_s``: tenacity
        sees that failure as its first attempt (its budget less the time spent on it), so the
        stops and backoff are those of one tenacity loop over every attempt."""
        retrying = Retrying(
            retry=retry_if_exception(is_transient),
            stop=stop_after_attempt(self.max_attempts) | stop_after_delay(self.retry_budget_s - spent_s),
            wait=wait_exponential_jitter(multiplier=self.backoff_initial_s, max=30.0),
            reraise=True,
        )
        pending: BaseException | None = failure
        for attempt in retrying:
            with attempt, memscribe_call():
                if pending is not None:
                    first, pending = pending, None
                    raise first
                response = self._completion(**kwargs)
        return response

    def _account(self, response: Any) -> None:
        self.usage.llm_calls += 1
        usage = getattr(response, "usage", None)
        if usage is not None:
            self.usage.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            self.usage.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
        cost = call_cost(response, self.name)
        if cost is not None:
            self.usage.cost_usd = (self.usage.cost_usd or 0.0) + cost

    def _request_kwargs(self, messages: list[Message]) -> dict[str, Any]:
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
        if self.provider in _OLLAMA_PROVIDERS:
            kwargs["num_ctx"] = self.context_tokens  # else Ollama cuts the prompt at its default
        return kwargs

    # -- the StructuredModel protocol ------------------------------------------------------------
    def generate(
        self, *, task: str, messages: list[Message], response_model: type[T], request: BaseModel
    ) -> T:
        kwargs = self._request_kwargs(messages)
        self._check_budget(task)
        while True:
            try:
                # memscribe's call from here (instructor's per-call work it does not use, left out)
                with collecting() as dropped, memscribe_call():  # invalid items dropped one by one
                    if self.mode == "json_schema" and getattr(response_model, "format_in_prompt", False):
                        result = self._prompted(task, kwargs, response_model)
                    else:
                        result = self._client.chat.completions.create(
                            response_model=_schema_model(lenient(response_model)),
                            max_retries=self.max_reasks,
                            **kwargs,
                        )
                self._invalid.extend(dropped)
                break
            except InstructorRetryException as exc:
                if self._fall_back(exc.__cause__ or exc):
                    continue
                salvaged = _salvage(exc, response_model, self._invalid)
                if salvaged is not None:
                    return salvaged
                raise _model_error(task, exc) from exc
            except IncompleteOutputException as exc:
                salvaged = _salvage(exc, response_model, self._invalid)
                if salvaged is not None:
                    return salvaged
                raise ModelError(
                    f"{task}: the model's answer was cut off (output token limit); "
                    "raise the server's max tokens or use a larger context",
                    stage=task,
                    attempts=1,
                ) from exc
            except Exception as exc:
                if self._fall_back(exc):
                    continue
                if not _is_client_error(exc):
                    raise  # a bug of ours: let it surface
                raise _model_error(task, exc) from exc
        if not isinstance(result, response_model):
            raise ModelError(f"{task}: unexpected model output type", stage=task, attempts=1)
        return result

    def _prompted(self, task: str, kwargs: dict[str, Any], response_model: type[T]) -> T:
        """An answer whose shape the prompt states (``format_in_prompt``): the server is asked for
        a JSON object, no schema is sent, and the answer is validated here, item by item
        (:func:`lenient`). Invalid output is asked again, as instructor would, ``max_reasks``
        attempts in all; the valid items of a last invalid answer are kept (:func:`_salvage`)."""
        messages = list(kwargs["messages"])
        attempts = self.max_reasks + 1  # as instructor counts: the first try and max_reasks re-asks
        for attempt in range(1, attempts + 1):
            if attempt > 1:
                self._check_budget(task)
            response = self._call_with_retries(
                **{**kwargs, "messages": messages, "response_format": {"type": "json_object"}}
            )
            # the validating twin is built on a model's first use (a few ms of pydantic schema
            # work): after its first request has left, not on the way to it
            model = lenient(response_model)
            text = _answer_text(response) or ""
            data = _json_object(text)
            try:
                if data is None:
                    raise ValueError(f"the answer is not a JSON object: {text[:80]!r}")
                return model.model_validate(data)
            except (ValidationError, ValueError) as exc:
                cut_off = _finish_reason(response) == "length"  # asking again would cut it off again
                if cut_off or attempt == attempts:
                    failure = _PromptedFailure(exc, response, attempt)
                    salvaged = _salvage(failure, response_model, self._invalid)
                    if salvaged is not None:
                        return salvaged
                    if cut_off:
                        raise ModelError(
                            f"{task}: the model's answer was cut off (output token limit); "
                            "raise the server's max tokens or use a larger context",
                            stage=task,
                            attempts=attempt,
                        ) from exc
                    raise _model_error(task, failure) from exc
                messages = [
                    *messages,
                    {"role": "assistant", "content": text},
                    {
                        "role": "user",
                        "content": f"Correct your JSON ONLY RESPONSE, based on the following errors:\n{_short(exc)}",
                    },
                ]
        raise AssertionError("unreachable")  # pragma: no cover


@functools.cache
def _schema_model(response_model: type[T]) -> type[T]:
    """instructor's response-schema wrapper of ``response_model``, built once, its JSON schema too.

    instructor wraps the model (``create_model``) and pydantic regenerates its JSON schema on
    every call unless the model already is a wrapper; the request sent is the same.
    """
    from instructor.v2.core.function_calls import response_schema

    wrapper = response_schema(response_model)
    frozen = marshal.dumps(wrapper.model_json_schema())  # JSON's types only: loads in half json's time
    generate = wrapper.model_json_schema

    def model_json_schema(cls: type[BaseModel], *args: Any, **kwargs: Any) -> dict[str, Any]:
        if args or kwargs:
            return generate(*args, **kwargs)
        schema: dict[str, Any] = marshal.loads(frozen)  # a fresh copy, keys in order: callers may edit it
        return schema

    type.__setattr__(wrapper, "model_json_schema", classmethod(model_json_schema))
    return wrapper


def _request_text(kwargs: dict[str, Any]) -> str:
    messages = kwargs.get("messages") or []
    parts = [f"[{m.get('role')}] {m.get('content')}" for m in messages if isinstance(m, dict)]
    return "\n".join(parts)


def _redacted(text: str) -> str:
    """``text`` with secrets masked: a prompt or an answer logged at debug level."""
    from memscribe.stages.redact import redact_text

    return redact_text(mask_url_credentials(text))[0]
