"""More per-call work of litellm, the SDK and httpx that memscribe's calls do not use, left out
(the first hooks, and the rules they all follow, are in :mod:`memscribe.model.light_calls`).

- litellm's ``Logging.post_call`` serialises the parsed answer to JSON, formats it into a debug
  line that is not emitted and redacts the logging record, for callbacks that read the record:
  skipped for memscribe's calls while nobody reads it (no litellm callback, no ``logger_fn``, no
  debug logging; the answer handed over as a parsed dict, the chat path);
- httpx parses the absolute request URL the SDK hands it (a string) on every call: for
  memscribe's calls the parsed ``URL`` (immutable) is kept per string;
- httpx merges the request's headers (the SDK's ~14, the same on every call to a client) into
  the client's, normalising each one, on every call: for memscribe's calls the merged headers
  are kept per client headers and request headers (plain text pairs), a copy handed out;
- litellm validates the call's "supplemental" provider parameters (of memscribe's, the timeout)
  into a parameters model on every call: for memscribe's calls the valid answer is kept per set
  of plain values (strings, numbers, booleans, None) and handed out again;
- litellm builds a new provider configuration object (``ProviderConfigManager
  .get_provider_chat_config``, after model-name tests) several times per call: for memscribe's
  calls an object with no state of its own (an empty ``__dict__``) is kept per model, provider
  and base model while litellm's model map is unchanged, and handed out again while it still
  holds no state (litellm itself hands out shared ones: ``litellm.openaiOSeriesConfig``).

Every hook is feature-checked (a version without the method runs unchanged) and changes neither a
request's bytes nor an answer. Installed by :func:`memscribe.model.light_calls.install`.
"""

from __future__ import annotations

import functools
import importlib
import logging
from collections.abc import Callable
from typing import Any

from memscribe.model import light_calls


def install() -> list[str]:
    """Put these hooks in place (once); returns the names of those installed."""
    installed: list[str] = []
    if _post_call_unrecorded():
        installed.append("litellm.Logging.post_call")
    if _urls_parsed_once():
        installed.append("httpx.BaseClient._merge_url")
    if _headers_merged_once():
        installed.append("httpx.BaseClient._merge_headers")
    if _supplemental_params_once():
        installed.append("litellm.main._supplemental_provider_params")
    if _provider_configs_kept():
        installed.append("litellm.ProviderConfigManager.get_provider_chat_config")
    from memscribe.model import light_parse

    installed.extend(light_parse.install())
    return installed


def _post_call_unrecorded() -> bool:
    """``Logging.post_call`` records the provider's answer for the readers of litellm's logging
    record (``json.dumps`` of the parsed answer, a debug line formatted whether or not it is
    emitted, the record redacted): skipped for memscribe's calls whose answer comes as a parsed
    dict while no callback (global or per call), ``logger_fn`` or debug logging reads it."""
    try:
        owner = importlib.import_module("litellm.litellm_core_utils.litellm_logging").Logging
        debug_logger = importlib.import_module("litellm").verbose_logger
    except (ImportError, AttributeError):
        return False
    if not isinstance(debug_logger, logging.Logger):
        return False
    per_call = tuple(
        f"dynamic_{kind}_callbacks"
        for kind in ("input", "success", "async_success", "failure", "async_failure")
    )

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def post_call(self: Any, original_response: Any, *args: Any, **kwargs: Any) -> Any:
            if (
                light_calls._OURS.get()
                and isinstance(original_response, dict)
                and not light_calls._callbacks_configured()
                and not getattr(self, "logger_fn", None)
                and not getattr(self, "litellm_request_debug", False)
                and not any(getattr(self, name, None) for name in per_call)
                and not debug_logger.isEnabledFor(logging.DEBUG)
            ):
                return None
            return original(self, original_response, *args, **kwargs)

        return post_call

    return light_calls._replace_method(owner, "post_call", wrap)


def _urls_parsed_once() -> bool:
    """httpx's ``Client._merge_url`` parses the request URL on every call (the SDK hands it a
    string, already merged with the client's base URL): for memscribe's calls an absolute URL
    string's parsed ``URL`` is kept and handed out again (a ``URL`` is immutable: changing one
    makes a new one). A relative URL, or one that is not a string, is merged as before."""
    try:
        owner = importlib.import_module("httpx._client").BaseClient
        url_type = importlib.import_module("httpx").URL
    except (ImportError, AttributeError):
        return False
    #: absolute URL string → its parsed URL; a few endpoints at most.
    parsed: dict[str, Any] = {}

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def merge_url(self: Any, url: Any) -> Any:
            if not (light_calls._OURS.get() and type(url) is str):
                return original(self, url)
            known = parsed.get(url)
            if known is not None:
                return known
            merged = original(self, url)
            if type(merged) is url_type and url_type(url).is_absolute_url:  # not the base's
                if len(parsed) >= 64:
                    parsed.clear()
                parsed[url] = merged
            return merged

        return merge_url

    return light_calls._replace_method(owner, "_merge_url", wrap)


def _headers_merged_once() -> bool:
    """httpx's ``Client._merge_headers(headers)`` (a copy of the client's headers, updated with
    the request's, each normalised and encoded): for memscribe's calls whose request headers are
    a list of ``(str, str)`` pairs (as the SDK hands them), the merged ``Headers`` is kept per the
    client's headers (their content, not the object: they may be changed in place) and the pairs,
    and a copy handed out (the request adds its own headers to it)."""
    try:
        owner = importlib.import_module("httpx._client").BaseClient
        headers_type = importlib.import_module("httpx").Headers
    except (ImportError, AttributeError):
        return False
    if not isinstance(getattr(headers_type(), "_list", None), list):
        return False
    merged: dict[tuple[Any, ...], Any] = {}

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def merge_headers(self: Any, headers: Any = None) -> Any:
            own: Any = getattr(self, "_headers", None)
            if not (light_calls._OURS.get() and type(headers) is list and type(own) is headers_type):
                return original(self, headers)
            if not all(type(pair) is tuple and len(pair) == 2 for pair in headers):
                return original(self, headers)
            given = tuple(headers)
            if not all(type(key) is str and type(value) is str for key, value in given):
                return original(self, headers)
            key = (tuple(own._list), given)
            known = merged.get(key)
            if known is None:
                known = original(self, headers)
                if type(known) is not headers_type:
                    return known
                if len(merged) >= 64:
                    merged.clear()
                merged[key] = known
            return headers_type(known)  # a copy: its own list of the same (immutable) entries

        return merge_headers

    return light_calls._replace_method(owner, "_merge_headers", wrap)


#: Values a kept answer may be keyed on: immutable, compared by value.
_PLAIN = (str, int, float, bool, type(None))


def _supplemental_params_once() -> bool:
    """litellm's ``_supplemental_provider_params(kwargs, model)`` validates the call's keyword
    arguments named in ``SUPPLEMENTAL_KWARGS_KEYS`` into a parameters model (read, never changed,
    by the provider look-up): for memscribe's calls a valid answer is kept per the plain values
    given (an invalid one raises each time, as before; other values are validated each time)."""
    try:
        main = importlib.import_module("litellm.main")
        keys = main.SUPPLEMENTAL_KWARGS_KEYS
    except (ImportError, AttributeError):
        return False
    if not isinstance(keys, frozenset):
        return False
    answers: dict[tuple[tuple[str, str, Any], ...], Any] = {}

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def supplemental(kwargs: Any, model: Any) -> Any:
            if not (light_calls._OURS.get() and isinstance(kwargs, dict)):
                return original(kwargs, model)
            given = tuple(sorted((k, type(v).__name__, v) for k, v in kwargs.items() if k in keys))
            if not all(type(v) in _PLAIN for _, _, v in given):
                return original(kwargs, model)
            known = answers.get(given)
            if known is None:
                known = original(kwargs, model)
                if not getattr(known, "dropped_keys", True):  # valid as given: nothing dropped
                    if len(answers) >= 64:
                        answers.clear()
                    answers[given] = known
            return known

        return supplemental

    return light_calls._replace_function("litellm.main", "_supplemental_provider_params", wrap)


def _provider_configs_kept() -> bool:
    """``ProviderConfigManager.get_provider_chat_config(model, provider, base_model=None)`` kept
    for memscribe's calls (see the module's docstring)."""
    try:
        owner = importlib.import_module("litellm.utils").ProviderConfigManager
    except (ImportError, AttributeError):
        return False
    found = owner.__dict__.get("get_provider_chat_config")
    if not isinstance(found, staticmethod):
        return False
    if getattr(found.__func__, light_calls._MARK, False):
        return True
    original: Callable[..., Any] = found.__func__
    litellm = importlib.import_module("litellm")
    #: (the arguments as given, their types: a str-valued enum member is not its str) → config.
    kept: dict[tuple[Any, ...], Any] = {}
    #: The model map's identity and size when ``kept`` was filled.
    kept_for: list[tuple[int, int]] = [(0, -1)]

    @functools.wraps(original)
    def get_provider_chat_config(*args: Any, **kwargs: Any) -> Any:
        if not light_calls._OURS.get():
            return original(*args, **kwargs)
        given = args + tuple(kwargs.values())
        if not all(part is None or isinstance(part, str) for part in given):
            return original(*args, **kwargs)
        key = (args, tuple(kwargs), given, tuple(map(type, given)))
        table = litellm.model_cost
        now = (id(table), len(table))
        if kept_for[0] != now:
            kept.clear()
            kept_for[0] = now
        config = kept.get(key)
        if config is not None and not vars(config):
            return config
        config = original(*args, **kwargs)
        if config is not None and hasattr(config, "__dict__") and not vars(config):
            if len(kept) >= 64:
                kept.clear()
            kept[key] = config
        return config

    setattr(get_provider_chat_config, light_calls._MARK, True)
    type.__setattr__(owner, "get_provider_chat_config", staticmethod(get_provider_chat_config))
    return True
