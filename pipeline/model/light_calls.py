"""Per-call work of litellm and instructor that memscribe never asked for, left out; prices
looked up once per model.

Measured on a loopback server (``bench/model_call.py``), a call cost ~15 ms of client CPU, most
of it work whose result nobody reads:

- litellm prices every response (model-map lookups, generalisation rules, a zero-cost
  diagnostic for a model it has no price for) and hands each call to a logging thread that
  builds a full logging payload, though no callback is configured. memscribe sums the tokens
  itself and prices them from the model's per-token prices, looked up once
  (:func:`call_cost`); litellm's own pricing and success logging are skipped for memscribe's
  calls while no litellm callback is configured (a configured one gets both, as before);
- litellm copies the request's parameters for its logging record, walking every nested dict (the
  whole response schema) to drop keys named like a credential: skipped for memscribe's calls
  under the same condition (the record then holds the parameters as sent; memscribe's carry no
  credential: the key travels apart, as ``api_key``);
- litellm times each provider request and reports the timing to its service loggers from a
  fresh asyncio event loop per call (``ServiceLogging.service_success_hook``), though no service
  callback is configured: skipped for memscribe's calls under the same condition;
- before each call litellm asks its model map about the model, to choose between the chat and
  the Responses API (``responses_api_bridge_check``); for a model the map lacks (a local model, a
  fine-tune) it tries every generalisation rule and fails, and for an Ollama model it builds a
  lower-cased copy of the whole map (~5 ms per call) and asks the server (``/api/show``) about a
  model the map lacks. The answer cannot change while the map does not: for memscribe's calls it
  is looked up once per model, provider and map;
- instructor walks the response model for asynchronous validators five times per call;
  memscribe's response models are fixed classes, so each class is walked once per process
  (the walk's answer for a class cannot change: a failing class is walked, and fails, again);
- instructor totals each call's token usage over its attempts (field by field, with deep
  copies for the answer and its hooks); memscribe counts tokens itself from each response and
  reads neither total: not kept for memscribe's calls (``LiteLLMModel.generate`` marks them);
- litellm lists its ~190 provider names twice per call (the enum's Python-level iteration and
  ``value``): for memscribe's calls the members are iterated as kept once, ``value`` read in C;
- the SDK parses the request path and merges it into the client's base URL on every call: for
  memscribe's calls the merged URL is kept per base URL and path;
- litellm tokenises an Ollama call's prompt and answer for counts it throws away when the server
  sent its own (``model/light_counts``);
- more of the same, installed with these: ``model/light_hooks``.

Every hook is feature-checked: a litellm or instructor version without the method named here
runs unchanged (slower, same answers). Nothing here changes a request's bytes.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import importlib
import operator
import weakref
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

_OURS: ContextVar[bool] = ContextVar("memscribe_model_call", default=False)
#: litellm's callback lists: any entry means someone wants litellm's logging (and its cost).
_CALLBACK_LISTS = (
    "callbacks",
    "success_callback",
    "_async_success_callback",
    "input_callback",
    "_async_input_callback",
    "failure_callback",
    "_async_failure_callback",
    "service_callback",
)
#: Where instructor's async-validator walk is looked up: the defining module, and the modules
#: that import the function by name at import time (the others look it up on each call).
_WALK_HOMES = ("instructor.v2.validation.async_validators", "instructor.v2.core.patch")
_WALK_NAME = "reject_async_validators"
_MARK = "__memscribe_light__"
#: Where instructor totals a call's token usage over its attempts (both functions looked up there).
_USAGE_HOME = "instructor.v2.core.retry"
#: litellm's filter of the parameters it copies into its logging record (looked up at each call).
_LOG_FILTER_HOME = "litellm.utils"
_LOG_FILTER = "remove_sensitive_keys_from_dict"
#: Where litellm's chat-or-Responses choice looks the model up (imported by name there).
_BRIDGE_HOME = "litellm.responses.bridge_check"
_BRIDGE_LOOKUP = "get_model_info_helper"
#: litellm's enum of provider names, listed (iterated) twice per call.
_PROVIDERS_HOME = "litellm.types.utils"
_PROVIDERS = "LlmProviders"


@contextlib.contextmanager
def memscribe_call() -> Iterator[None]:
    """Marks the client calls made inside as memscribe's (the skipped work applies to them only).

    While no litellm callback is configured, the call is also marked as litellm marks its own
    nested calls (``is_internal_call``): litellm then hands no success-logging job to its logging
    thread — a job that would only run the skipped success handler, after copying the context.
    """
    token = _OURS.set(True)
    internal = _internal_flag() if not _callbacks_configured() else None
    quiet = internal.set(True) if internal is not None else None
    try:
        yield
    finally:
        if internal is not None and quiet is not None:
            internal.reset(quiet)
        _OURS.reset(token)


@functools.cache
def _internal_flag() -> ContextVar[bool] | None:
    """litellm's "nested call, no success logging of its own" flag (None in a version without it)."""
    try:
        module = importlib.import_module("litellm._internal_context")
    except ImportError:
        return None
    flag = getattr(module, "is_internal_call", None)
    return flag if isinstance(flag, ContextVar) else None


@functools.cache
def install() -> tuple[str, ...]:
    """Put the hooks in place, once per process; returns the names of those installed."""
    installed: list[str] = []
    logging_class = _litellm_class("litellm.litellm_core_utils.litellm_logging", "Logging")
    if logging_class is not None:
        for method, skipped_value in (("response_cost_calculator", None), ("success_handler", None)):
            if _gate(logging_class, method, skipped_value):
                installed.append(f"litellm.Logging.{method}")
    if _unfiltered_log_params():
        installed.append(f"{_LOG_FILTER_HOME}.{_LOG_FILTER}")
    service_class = _litellm_class("litellm._service_logger", "ServiceLogging")
    if service_class is not None and _gate(service_class, "service_success_hook", None):
        installed.append("litellm.ServiceLogging.service_success_hook")
    if _bridge_lookup_once():
        installed.append(f"{_BRIDGE_HOME}.{_BRIDGE_LOOKUP}")
    if _walk_once():
        installed.append(f"instructor.{_WALK_NAME}")
    installed.extend(f"{_USAGE_HOME}.{name}" for name in _usage_untotalled())
    if _cookieless_responses():
        installed.append("httpx.Cookies.extract_cookies")
    if _providers_listed_fast():
        installed.append(f"{_PROVIDERS_HOME}.{_PROVIDERS}")
    if _urls_merged_once():
        installed.append("openai.BaseClient._prepare_url")
    from memscribe.model import light_hooks
    from memscribe.model.light_counts import discarded_counts_skipped

    if discarded_counts_skipped():
        installed.append("litellm.OllamaChatConfig.transform_response")
    installed.extend(light_hooks.install())
    return tuple(installed)


def _urls_merged_once() -> bool:
    """The SDK parses the request's path and merges it into the client's base URL on every call
    (``BaseClient._prepare_url``, ~0.15 ms): for memscribe's calls the merged URL (an immutable
    ``URL``) is kept per base URL object and path, and handed out again while the client's base
    URL is that same object (setting ``base_url`` makes a new one)."""
    try:
        owner = importlib.import_module("openai._base_client").BaseClient
    except (ImportError, AttributeError):
        return False
    #: (id of the base URL object, path) → (that object, the merged URL); a few clients at most.
    merged: dict[tuple[int, str], tuple[Any, Any]] = {}

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def prepare_url(self: Any, url: Any) -> Any:
            if not (_OURS.get() and type(url) is str):
                return original(self, url)
            base = self.base_url
            known = merged.get((id(base), url))
            if known is not None and known[0] is base:
                return known[1]
            found = original(self, url)
            if len(merged) >= 64:
                merged.clear()
            merged[(id(base), url)] = (base, found)
            return found

        return prepare_url

    return _replace_method(owner, "_prepare_url", wrap)


def _providers_listed_fast() -> bool:
    """litellm lists its provider names (``[p.value for p in LlmProviders]``, ~190 members) twice
    per call to ask whether the call's provider is one: the enum's iteration and its ``value``
    property are Python code (~0.15 ms a list). For memscribe's calls the class iterates over its
    members as kept once (the same members, in order, while their number is unchanged), and
    ``value`` is read by a C-level getter of the member's ``_value_`` (what ``Enum.value``
    returns). The class, its members and ``isinstance`` are unchanged: only its metaclass is a
    subclass of ``EnumType`` (with the one method) and ``value`` a plain property."""
    try:
        providers = getattr(importlib.import_module(_PROVIDERS_HOME), _PROVIDERS)
    except (ImportError, AttributeError):
        return False
    meta = type(providers)
    if getattr(meta, _MARK, False):
        return True
    if not isinstance(providers, enum.EnumMeta) or "value" in providers.__members__:
        return False
    members: tuple[Any, ...] = tuple(providers)
    if any(member._value_ is not member.value for member in members):
        return False
    iterate: Callable[[Any], Iterator[Any]] = meta.__iter__

    class Listed(meta):  # type: ignore[misc,valid-type]
        def __iter__(cls) -> Iterator[Any]:
            if _OURS.get() and len(cls._member_names_) == len(members) and cls is providers:
                return iter(members)
            return iterate(cls)

    setattr(Listed, _MARK, True)
    try:
        providers.__class__ = Listed
    except TypeError:
        return False
    type.__setattr__(providers, "value", property(operator.attrgetter("_value_")))
    return True


def _cookieless_responses() -> bool:
    """The HTTP client files every response into its cookie jar, building two ``urllib``
    look-alike objects first, though an API answer sets no cookie: for memscribe's calls a
    response without a ``Set-Cookie`` header is not filed (the jar would add nothing from it)."""
    try:
        cookies = importlib.import_module("httpx").Cookies
    except (ImportError, AttributeError):
        return False

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def extract_cookies(self: Any, response: Any) -> None:
            if _OURS.get():
                headers = getattr(response, "headers", None)
                if headers is not None and "set-cookie" not in headers and "set-cookie2" not in headers:
                    return
            original(self, response)

        return extract_cookies

    return _replace_method(cookies, "extract_cookies", wrap)


def _litellm_class(module_name: str, name: str) -> type | None:
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = getattr(module, name, None)
    return found if isinstance(found, type) else None


def _callbacks_configured() -> bool:
    import litellm

    return any(getattr(litellm, name, None) for name in _CALLBACK_LISTS)


def _gate(owner: type, method: str, skipped_value: Any) -> bool:
    """Replace ``owner.method`` by one that returns ``skipped_value`` for memscribe's calls."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def gated(self: Any, *args: Any, **kwargs: Any) -> Any:
            if _OURS.get() and not _callbacks_configured():
                return skipped_value
            return original(self, *args, **kwargs)

        return gated

    return _replace_method(owner, method, wrap)


def _replace_method(
    owner: type, method: str, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> bool:
    """Replace the method ``method`` defined on ``owner`` by ``wrap(original)``, once (a marked
    replacement is kept); False where ``owner`` defines no callable of that name."""
    original = owner.__dict__.get(method)
    if getattr(original, _MARK, False):
        return True
    if not callable(original):
        return False
    replacement = functools.wraps(original)(wrap(original))
    setattr(replacement, _MARK, True)
    setattr(owner, method, replacement)
    return True


def _replace_function(
    home_name: str, name: str, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> bool:
    """Replace the function ``name`` of module ``home_name`` by ``wrap(original)``, once (a marked
    replacement is kept); False where the module or a callable of that name is missing."""
    try:
        home = importlib.import_module(home_name)
    except ImportError:
        return False
    original = getattr(home, name, None)
    if getattr(original, _MARK, False):
        return True
    if not callable(original):
        return False
    replacement = functools.wraps(original)(wrap(original))
    setattr(replacement, _MARK, True)
    setattr(home, name, replacement)
    return True


def _unfiltered_log_params() -> bool:
    """The logging record's copy of the parameters, unfiltered for memscribe's calls while no
    litellm callback is configured (nothing reads the record then)."""

    def wrap(walk: Callable[..., Any]) -> Callable[..., Any]:
        def filtered(params: Any) -> Any:
            if _OURS.get() and isinstance(params, dict) and not _callbacks_configured():
                return dict(params)
            return walk(params)

        return filtered

    return _replace_function(_LOG_FILTER_HOME, _LOG_FILTER, wrap)


def _bridge_lookup_once() -> bool:
    """The model-map look-up of litellm's chat-or-Responses choice, once per model and provider
    while the map is unchanged (same object, same size), for memscribe's calls: the answer (or the
    "not mapped" failure) is kept, a copy handed out each time (the choice edits its ``mode``)."""

    def wrap(lookup: Callable[..., Any]) -> Callable[..., Any]:
        #: (model, provider) → the answer, or the failure's message; for one state of the map.
        answers: dict[tuple[Any, Any], dict[str, Any] | str] = {}
        state: list[tuple[int, int]] = []

        def once(*args: Any, **kwargs: Any) -> Any:
            if args or set(kwargs) - {"model", "custom_llm_provider"} or not _OURS.get():
                return lookup(*args, **kwargs)
            import litellm

            table = litellm.model_cost
            now = (id(table), len(table))
            if state != [now]:
                answers.clear()
                state[:] = [now]
            key = (kwargs.get("model"), kwargs.get("custom_llm_provider"))
            known = answers.get(key)
            if known is None:
                try:
                    found = lookup(**kwargs)
                except Exception as exc:
                    answers[key] = str(exc)
                    raise
                if not isinstance(found, dict):
                    return found
                known = answers[key] = dict(found)
            if isinstance(known, str):
                raise LookupError(known)  # what the look-up raised, as litellm's choice catches it
            return dict(known)

        return once

    return _replace_function(_BRIDGE_HOME, _BRIDGE_LOOKUP, wrap)


def _usage_untotalled() -> list[str]:
    """instructor's token totals, not kept for memscribe's calls: per call it builds a usage
    object, adds each attempt's usage into it field by field (and writes the sums back into the
    response's), then hands the answer a deep copy (``_total_usage``). memscribe counts tokens
    from each response itself, before instructor sees it (``LiteLLMModel._account``), reads
    neither total and sets no instructor hook or token budget (the other readers of them)."""

    def untotalled(update: Callable[..., Any]) -> Callable[..., Any]:
        def gated(response: Any, total_usage: Any) -> Any:
            if _OURS.get():
                return response
            return update(response=response, total_usage=total_usage)

        return gated

    def unsnapshot(snapshot: Callable[..., Any]) -> Callable[..., Any]:
        def gated(total_usage: Any) -> Any:
            return None if _OURS.get() else snapshot(total_usage)  # None: no ``_total_usage`` set

        return gated

    return [
        name
        for name, wrap in (("update_total_usage", untotalled), ("_usage_snapshot", unsnapshot))
        if _replace_function(_USAGE_HOME, name, wrap)
    ]


def _walk_once() -> bool:
    """instructor's async-validator walk, done once per class that passes it."""
    try:
        home = importlib.import_module(_WALK_HOMES[0])
    except ImportError:
        return False
    original = getattr(home, _WALK_NAME, None)
    if not callable(original):
        return False
    if getattr(original, _MARK, False):
        return True
    walk: Callable[[Any], None] = original
    passed: weakref.WeakSet[Any] = weakref.WeakSet()

    @functools.wraps(walk)
    def once(response_model: Any) -> None:
        try:
            if response_model in passed:
                return
        except TypeError:  # not weakly referable (a typing construct): walk it every time
            walk(response_model)
            return
        walk(response_model)
        passed.add(response_model)

    setattr(once, _MARK, True)
    for name in _WALK_HOMES:
        with contextlib.suppress(ImportError):
            module = importlib.import_module(name)
            if getattr(module, _WALK_NAME, None) is original:
                setattr(module, _WALK_NAME, once)
    return True


# -- response and parameter types completed once, before any thread needs them --------------

#: pydantic models that litellm and the provider SDK leave incomplete at import (forward
#: references) and complete on their first instantiation — on every thread that instantiates one
#: before the first completion finishes: 32 concurrent first calls each rebuilt the same ~60 ms of
#: schemas. Completed here once, in the thread that builds the model.
_CALL_TYPES = (
    ("litellm.types.router", ("GenericLiteLLMParams", "LiteLLM_Params")),
    ("litellm.types.utils", ("Usage", "Message", "Choices", "ModelResponse")),
    ("openai.types.completion_usage", ("PromptTokensDetails", "CompletionTokensDetails", "CompletionUsage")),
    ("openai.types.chat.chat_completion_message", ("ChatCompletionMessage",)),
    ("openai.types.chat.chat_completion", ("Choice", "ChatCompletion")),
)


@functools.cache
def complete_call_types() -> tuple[str, ...]:
    """Complete the per-call response and parameter types of litellm and the SDK, once per
    process; returns the names completed (a version without one of them skips it)."""
    from pydantic import BaseModel

    done: list[str] = []
    for module_name, names in _CALL_TYPES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in names:
            cls = getattr(module, name, None)
            if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
                continue
            if cls.__pydantic_complete__:
                continue
            with contextlib.suppress(Exception):  # left to complete itself on first use, as before
                if cls.model_rebuild(raise_errors=False):
                    done.append(f"{module_name}.{name}")
    return tuple(done)


# -- cost: per-token prices looked up once per model -------------------------------------------


@functools.cache
def prices(model: str) -> tuple[float, float, float | None] | None:
    """``(input, output, cached input)`` USD per token from litellm's bundled map; None when the
    model has no price there (a local server, a fine-tune)."""
    import litellm

    try:
        info = litellm.get_model_info(model)
    except Exception:
        return None
    prompt, completion = info.get("input_cost_per_token"), info.get("output_cost_per_token")
    if not isinstance(prompt, int | float) or not isinstance(completion, int | float):
        return None
    cached = info.get("cache_read_input_token_cost")
    return float(prompt), float(completion), float(cached) if isinstance(cached, int | float) else None


def call_cost(response: Any, model: str) -> float | None:
    """The call's cost in USD: litellm's figure when it computed one (its pricing not skipped),
    else the response's token counts at ``model``'s prices; None when neither is known."""
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict) and isinstance(hidden.get("response_cost"), int | float):
        return float(hidden["response_cost"])
    price = prices(model)
    usage = getattr(response, "usage", None)
    if price is None or usage is None:
        return None
    prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
    completion = int(getattr(usage, "completion_tokens", 0) or 0)
    details = getattr(usage, "prompt_tokens_details", None)
    cached = min(int(getattr(details, "cached_tokens", 0) or 0), prompt) if price[2] is not None else 0
    return (prompt - cached) * price[0] + cached * (price[2] or 0.0) + completion * price[1]
