"""The one module that calls litellm, instructor and tenacity (``model/light_calls`` leaves out
the per-call work of theirs memscribe does not use, and prices calls from their tokens).

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
import copy
import functools
import importlib
import json
import logging
import marshal
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from memscribe.errors import ModelError
from memscribe.masking import mask_url_credentials
from memscribe.model import warm_call
from memscribe.model.base import Message
from memscribe.model.lenient import collecting, first_error, item_model, lenient
from memscribe.model.light_calls import call_cost, complete_call_types, install, memscribe_call
from memscribe.schemas.plan import Usage

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import instructor  # noqa: E402
import litellm  # noqa: E402
from instructor.core.exceptions import (  # noqa: E402
    IncompleteOutputException,
    InstructorError,
    InstructorRetryException,
)
from litellm import exceptions as llm_errors  # noqa: E402
from tenacity import (  # noqa: E402
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    stop_after_delay,
    wait_exponential_jitter,
)

if TYPE_CHECKING:
    from memscribe.model.call_process import CallProcess

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

#: A model neither litellm nor its server can size: assume this many tokens (said once).
DEFAULT_CONTEXT_TOKENS = 8192
#: The most context asked of an Ollama server (``num_ctx`` sizes its KV cache: memory).
OLLAMA_MAX_CONTEXT = 32768
#: Per-request timeouts: a hosted model, and a loopback server (a CPU model may take minutes).
DEFAULT_TIMEOUT_S = 120.0
LOCAL_TIMEOUT_S = 600.0
_OLLAMA_PROVIDERS = ("ollama", "ollama_chat")
_OLLAMA_DEFAULT_BASE = "http://localhost:11434"
#: Models already told about (an unknown context size is said once per process).
_SIZED: dict[str, int] = {}

#: Words in a provider's error that say the request's *response format* was refused: no retry can
#: fix that, but another output mode can (llama-cpp-python rejects ``json_schema`` this way).
_FORMAT_REFUSAL = ("response_format", "json_schema", "response format", "grammar")
#: Words in a 5xx body that say the request itself is wrong (deterministic: never retried).
_DETERMINISTIC_5XX = (*_FORMAT_REFUSAL, "validation error", "unprocessable", "invalid request")
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
        model = lenient(response_model)
        messages = list(kwargs["messages"])
        attempts = self.max_reasks + 1  # as instructor counts: the first try and max_reasks re-asks
        for attempt in range(1, attempts + 1):
            if attempt > 1:
                self._check_budget(task)
            response = self._call_with_retries(
                **{**kwargs, "messages": messages, "response_format": {"type": "json_object"}}
            )
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


class _PromptedFailure(ValueError):
    """The last invalid answer of :meth:`LiteLLMModel._prompted`, shaped as instructor's failure
    (``last_completion``, ``n_attempts``) for :func:`_salvage` and :func:`_model_error`."""

    def __init__(self, cause: BaseException, last_completion: Any, n_attempts: int) -> None:
        super().__init__(str(cause))
        self.__cause__ = cause
        self.last_completion = last_completion
        self.n_attempts = n_attempts


def _finish_reason(completion: Any) -> str | None:
    try:
        return str(completion.choices[0].finish_reason or "") or None
    except (AttributeError, IndexError, TypeError):
        return None


#: Where calls go when no completion is injected: a helper process while
#: :func:`calls_in_helper` is on, else ``litellm.completion`` here.
_HELPERS: list[Callable[..., Any]] = []


def _route() -> Callable[..., Any]:
    return _HELPERS[-1] if _HELPERS else litellm.completion


def _marked_completion(**kwargs: Any) -> Any:
    """``litellm.completion`` as memscribe's call (what the helper process runs)."""
    with memscribe_call():
        return litellm.completion(**kwargs)


@contextlib.contextmanager
def calls_in_helper(workers: int) -> Iterator[CallProcess | None]:
    """Models built inside make their calls in a forked helper process
    (:mod:`memscribe.model.call_process`), up to ``workers`` at once: the client stack's per-call
    CPU runs beside the caller's, not under its interpreter lock. Yields the helper (its
    ``cpu_s`` is set once the block ends), or None where a fork is unsafe
    (:func:`~memscribe.model.call_process.supported`): the calls are then made here."""
    from memscribe.model.call_process import CallProcess, supported

    if not supported():
        yield None
        return
    # its first-call work done as it starts, not by the whole first wave at once
    helper = CallProcess(
        _marked_completion, workers, warm=functools.partial(warm_call.through, _marked_completion)
    )
    _HELPERS.append(helper)
    try:
        yield helper
    finally:
        _HELPERS.remove(helper)
        helper.close()


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
    frozen = marshal.dumps(wrapper.model_json_schema())  # JSON's types only: loads in half json's time
    generate = wrapper.model_json_schema

    def model_json_schema(cls: type[BaseModel], *args: Any, **kwargs: Any) -> dict[str, Any]:
        if args or kwargs:
            return generate(*args, **kwargs)
        schema: dict[str, Any] = marshal.loads(frozen)  # a fresh copy, keys in order: callers may edit it
        return schema

    type.__setattr__(wrapper, "model_json_schema", classmethod(model_json_schema))
    return wrapper


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


def _answer_text(completion: Any) -> str | None:
    """The raw text of a chat completion: tool-call arguments, else the message content."""
    try:
        message = completion.choices[0].message
    except (AttributeError, IndexError, TypeError):
        return None
    calls = getattr(message, "tool_calls", None) or []
    if calls:
        args = getattr(getattr(calls[0], "function", None), "arguments", None)
        if isinstance(args, str):
            return args
    content = getattr(message, "content", None)
    return content if isinstance(content, str) else None


def _json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in ``text`` (code fences and chatter around it ignored)."""
    start = text.find("{")
    while start != -1:
        try:
            value, _ = json.JSONDecoder().raw_decode(text[start:])
        except ValueError:
            start = text.find("{", start + 1)
            continue
        return value if isinstance(value, dict) else None
    return None


def _salvage(exc: BaseException, response_model: type[T], invalid: list[tuple[str, str]]) -> T | None:
    """Keep the valid items of a list answer whose other items failed validation.

    Only for answers made of lists of objects (a detection): each item is validated on its own,
    the invalid ones are recorded in ``invalid`` with their first error, and the rest is
    returned. Anything else (unparseable JSON, a bad top level) gives ``None``.
    """
    list_fields = {
        name: item_model(field.annotation)
        for name, field in response_model.model_fields.items()
        if item_model(field.annotation) is not None
    }
    if not list_fields or len(list_fields) != len(response_model.model_fields):
        return None
    text = _answer_text(getattr(exc, "last_completion", None))
    data = _json_object(text) if text else None
    if data is None:
        return None
    kept: dict[str, list[Any]] = {}
    dropped: list[tuple[str, str]] = []
    for name, model in list_fields.items():
        raw = data.get(name, [])
        if not isinstance(raw, list):
            return None
        kept[name] = []
        for item in raw:
            try:
                kept[name].append(model.model_validate(item))  # type: ignore[union-attr]
            except ValidationError as err:
                dropped.append((name, first_error(err)))
    try:
        result = response_model.model_validate(kept)
    except ValidationError:
        return None
    invalid.extend(dropped)
    return result


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
    return context_tokens_of(model, ask_server=False)


def context_tokens_of(
    model: str, *, api_base: str | None = None, provider: str | None = None, ask_server: bool = True
) -> int:
    """The model's input window: litellm's bundled map, else (Ollama, ``ask_server``) the server's
    ``/api/show`` (capped at :data:`OLLAMA_MAX_CONTEXT`), else :data:`DEFAULT_CONTEXT_TOKENS`, said
    once on stderr."""
    if model in _SIZED:
        return _SIZED[model]
    value: int | None = None
    if (provider or _provider(model, api_base)) in _OLLAMA_PROVIDERS:
        if ask_server:
            found = _ollama_context(model, api_base)
            value = min(found, OLLAMA_MAX_CONTEXT) if found else None
    else:
        try:
            info = litellm.get_model_info(model)
            value = int(info.get("max_input_tokens") or info.get("max_tokens") or 0) or None
        except Exception:
            value = None
    if value is None:
        value = DEFAULT_CONTEXT_TOKENS
        if ask_server:
            print(
                f"memscribe: note: context size of {model} unknown; assuming {value} tokens "
                "(set --context-tokens)",
                file=sys.stderr,
            )
    _SIZED[model] = value
    return value


def _ollama_context(model: str, api_base: str | None) -> int | None:
    """The model's trained context length from an Ollama server's ``/api/show``."""
    import httpx

    name = model.split("/", 1)[1] if "/" in model else model
    base = (api_base or os.environ.get("OLLAMA_API_BASE") or _OLLAMA_DEFAULT_BASE).rstrip("/")
    try:
        shown = httpx.post(f"{base}/api/show", json={"model": name}, timeout=5.0).json()
    except Exception:
        return None
    info = shown.get("model_info") if isinstance(shown, dict) else None
    if not isinstance(info, dict):
        return None
    lengths = [int(v) for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int)]
    return max(lengths) if lengths else None


def _provider(model: str, api_base: str | None) -> str | None:
    try:
        return str(litellm.get_llm_provider(model=model, api_base=api_base)[1])
    except Exception:
        return None


def is_loopback(api_base: str | None) -> bool:
    """An ``api_base`` on this machine (a local server: localhost, 127.x, ::1)."""
    if not api_base:
        return False
    from urllib.parse import urlsplit

    host = (urlsplit(api_base if "//" in api_base else f"http://{api_base}").hostname or "").lower()
    return host in {"localhost", "::1", "0.0.0.0"} or host.startswith("127.")


def _request_text(kwargs: dict[str, Any]) -> str:
    messages = kwargs.get("messages") or []
    parts = [f"[{m.get('role')}] {m.get('content')}" for m in messages if isinstance(m, dict)]
    return "\n".join(parts)


def _redacted(text: str) -> str:
    """``text`` with secrets masked: a prompt or an answer logged at debug level."""
    from memscribe.stages.redact import redact_text

    return redact_text(mask_url_credentials(text))[0]


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


def _short(exc: BaseException, limit: int = 300) -> str:
    """The error's message on one line, cut at a word boundary (never mid-number)."""
    text = " ".join(str(exc).split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > limit // 2 else limit] + " …"
