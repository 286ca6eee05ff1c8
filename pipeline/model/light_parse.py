"""Two more pieces of per-call work memscribe's calls do not need, left out (the rules all hooks
follow are in :mod:`memscribe.model.light_calls`; installed by its ``install``):

- the SDK builds the answer of a chat completion into a ``ChatCompletion`` object
  (``construct_type``: every field of every nested model looked up, typed and copied, ~0.5-1 ms
  a call), which litellm's chat path turns straight back into a dict
  (``model_dump(exclude_unset=True)``) and reads nothing else of. For memscribe's calls on that
  path (``OpenAIChatCompletion.make_sync_openai_chat_completion_request``) an answer whose
  every value has exactly the type its field declares (strings, integers, booleans, literals,
  nested models and lists of them, ``None`` where the field is optional; anything under a key
  the model does not declare) is handed over as that dict, built from the JSON directly: the
  same keys, values and order as the object's dump. Any other answer (a float, a tool call, log
  probabilities, an alias, typed extras) is built into the object as before;
- litellm builds a per-call price entry from the ~160 custom-pricing parameters a call may set
  (``per_call_model_info``: each looked up in the call's keyword arguments, ~0.1 ms); a call
  that sets none of them gets None. For memscribe's calls that set none (none given with a
  value), None is answered without the walk.

Feature-checked like the others: a version without these functions runs unchanged.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import types
import typing
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from memscribe.model import light_calls

#: Set while litellm's chat path asks the SDK for a chat completion (the answer's one reader is
#: litellm's ``model_dump_provider_response``).
_CHAT_PATH: ContextVar[bool] = ContextVar("memscribe_chat_path", default=False)
_UNION_TYPES = (typing.Union, types.UnionType)


def install() -> list[str]:
    """Put these hooks in place (once); returns the names of those installed."""
    installed: list[str] = []
    if _pricing_walk_skipped():
        installed.append("litellm.main.per_call_model_info")
    if _answers_dumped_directly():
        installed.append("openai.BaseClient._process_response_data")
    return installed


def _pricing_walk_skipped() -> bool:
    """``per_call_model_info(model, provider, kwargs, mode)`` answers None without its walk for
    memscribe's calls that give none of its pricing parameters a value (its answer then)."""
    try:
        fields = frozenset(
            importlib.import_module("litellm.types.utils").CustomPricingLiteLLMParams.model_fields
        )
    except (ImportError, AttributeError):
        return False
    if not fields:
        return False

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def per_call_model_info(model: Any, custom_llm_provider: Any, kwargs: Any, mode: Any) -> Any:
            if light_calls._OURS.get() and type(kwargs) is dict:
                if all(kwargs[name] is None for name in fields.intersection(kwargs)):
                    return None
            return original(model, custom_llm_provider, kwargs, mode)

        return per_call_model_info

    return light_calls._replace_function("litellm.main", "per_call_model_info", wrap)


class DumpedAnswer:
    """A chat completion's answer as its object's ``model_dump(exclude_unset=True)`` would give
    it (what litellm's chat path reads of it: ``model_dump``)."""

    __slots__ = ("_dumped",)

    def __init__(self, dumped: dict[str, Any]) -> None:
        self._dumped = dumped

    def model_dump(self, **_: Any) -> dict[str, Any]:
        copied: dict[str, Any] = _copied(self._dumped)
        return copied


def _copied(value: Any) -> Any:
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def _answers_dumped_directly() -> bool:
    try:
        client = importlib.import_module("openai._base_client").BaseClient
        chat_completion = importlib.import_module("openai.types.chat").ChatCompletion
        chat = importlib.import_module("litellm.llms.openai.openai").OpenAIChatCompletion
    except (ImportError, AttributeError):
        return False
    if _layout(chat_completion) is None:
        return False

    def on_chat_path(original: Callable[..., Any]) -> Callable[..., Any]:
        def make_request(self: Any, *args: Any, **kwargs: Any) -> Any:
            if not light_calls._OURS.get():
                return original(self, *args, **kwargs)
            with _marked():
                return original(self, *args, **kwargs)

        return make_request

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def process_response_data(self: Any, *, data: Any, cast_to: Any, response: Any) -> Any:
            if (
                _CHAT_PATH.get()
                and cast_to is chat_completion
                and type(data) is dict
                and not getattr(self, "_strict_response_validation", True)
            ):
                dumped = dump(chat_completion, data)
                if dumped is not None:
                    return DumpedAnswer(dumped)
            return original(self, data=data, cast_to=cast_to, response=response)

        return process_response_data

    return light_calls._replace_method(
        chat, "make_sync_openai_chat_completion_request", on_chat_path
    ) and light_calls._replace_method(client, "_process_response_data", wrap)


@contextlib.contextmanager
def _marked() -> Iterator[None]:
    token = _CHAT_PATH.set(True)
    try:
        yield
    finally:
        _CHAT_PATH.reset(token)


# -- the dump, for values of exactly their declared types -----------------------------------------

#: A field's declared type, as this module reads it: ("plain", type), ("literal", values),
#: ("model", class), ("list", inner), ("optional", inner); None: not read here.
Kind = tuple[str, Any] | None


@functools.cache
def _layout(model: type) -> tuple[tuple[str, Kind], ...] | None:
    """The model's fields in declaration order and their kinds; None where the SDK's object
    would not dump its JSON as given (an alias, typed extra fields, not a complete pydantic model)."""
    fields = getattr(model, "model_fields", None)
    if not isinstance(fields, dict) or not callable(getattr(model, "model_rebuild", None)):
        return None
    if not getattr(model, "__pydantic_complete__", False):  # built on first use: its types resolved
        with contextlib.suppress(Exception):
            getattr(model, "model_rebuild")(raise_errors=False)  # noqa: B009 (a type, not a BaseModel, to mypy)
        if not getattr(model, "__pydantic_complete__", False):
            return None
    if "__pydantic_extra__" in getattr(model, "__annotations__", {}):
        return None  # extras of a declared type are built into it
    if (getattr(model, "model_config", None) or {}).get("extra") != "allow":
        return None
    layout = []
    for name, field in fields.items():
        if field.alias not in (None, name):
            return None
        layout.append((name, _kind(field.annotation)))
    return tuple(layout)


def _kind(annotation: Any) -> Kind:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation in (str, int, bool):
        return ("plain", annotation)
    if origin is typing.Literal:
        return ("literal", args) if all(type(a) is str for a in args) else None
    if origin in _UNION_TYPES:
        rest = [a for a in args if a is not type(None)]
        return ("optional", _kind(rest[0])) if len(rest) == 1 and len(args) == 2 else None
    if origin is list and len(args) == 1:
        return ("list", _kind(args[0]))
    if isinstance(annotation, type) and hasattr(annotation, "model_fields"):
        return ("model", annotation)  # its own layout read when a value comes
    return None


def dump(model: type, data: dict[str, Any]) -> dict[str, Any] | None:
    """What ``construct_type(type_=model, value=data).model_dump(exclude_unset=True)`` gives,
    or None where a value is not exactly of its field's declared type."""
    layout = _layout(model)
    if layout is None:
        return None
    out: dict[str, Any] = {}
    for name, kind in layout:
        if name in data:
            value = _value(kind, data[name])
            if value is _UNREAD:
                return None
            out[name] = value
    if len(out) < len(data):
        for key, value in data.items():
            if key not in out:
                out[key] = _copied(value)
    return out


_UNREAD = object()


def _value(kind: Kind, value: Any) -> Any:
    if kind is None:
        return _UNREAD
    what, arg = kind
    if what == "optional":
        return None if value is None else _value(arg, value)
    if what == "plain":
        return value if type(value) is arg else _UNREAD
    if what == "literal":
        return value if type(value) is str and value in arg else _UNREAD
    if what == "list":
        if type(value) is not list:
            return _UNREAD
        items = [_value(arg, item) for item in value]
        return _UNREAD if any(item is _UNREAD for item in items) else items
    if what == "model" and type(value) is dict:
        found = dump(arg, value)
        return _UNREAD if found is None else found
    return _UNREAD
