"""What a model answered: the text of a completion, the JSON object in it, and the valid items
of a list answer whose other items failed validation (:func:`_salvage`). Part of
:mod:`memscribe.model.llm`."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from memscribe.model.lenient import first_error, item_model

T = TypeVar("T", bound=BaseModel)


def _finish_reason(completion: Any) -> str | None:
    try:
        return str(completion.choices[0].finish_reason or "") or None
    except (AttributeError, IndexError, TypeError):
        return None


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
