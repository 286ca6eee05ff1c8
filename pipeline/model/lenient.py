"""Per-item validation of list answers: one bad candidate never costs the others, nor a re-ask.

A detection is lists of candidates. Validated as one object, a single item with a bad field fails
the whole answer: the model is asked again (three times the cost on a slow local model, often the
same failure) and the valid items beside it are lost. :func:`lenient` gives the response model a
twin that validates each list item on its own and drops the invalid ones, recording ``(field,
reason)`` in the list opened by :func:`collecting`. An item that leaves out a list field (``evidence_turns``)
has an empty one: a missing list says nothing more than an empty one, and the stages that read it
decide (verify locates a profile's evidence or skips it). The twin's JSON schema is the original's, byte
for byte (same name, same fields, same docs): what the model is shown does not change. Re-asks are
left for what no item-level drop can fix: an answer that is not the JSON object asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError, ValidationInfo, create_model, field_validator

T = TypeVar("T", bound=BaseModel)

_DROPPED: ContextVar[list[tuple[str, str]] | None] = ContextVar("memscribe_dropped_items", default=None)


def item_model(annotation: Any) -> type[BaseModel] | None:
    """``X`` for an annotation ``list[X]`` where X is a pydantic model, else None."""
    args: tuple[Any, ...] = tuple(getattr(annotation, "__args__", ()))
    if getattr(annotation, "__origin__", None) is list and len(args) == 1:
        item = args[0]
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item
    return None


def first_error(err: ValidationError, *, index: int | None = None) -> str:
    """``"<location>: <message>"`` of the first error; ``index`` replaces the location's first
    step (an item validated alone is ``[0]`` of a one-item list)."""
    first = err.errors()[0]
    loc = list(first.get("loc", ()))
    if index is not None:
        loc[:1] = [index]
    where = ".".join(str(p) for p in loc) or "item"
    return f"{where}: {first.get('msg', 'invalid')}"


@contextmanager
def collecting() -> Iterator[list[tuple[str, str]]]:
    """Items dropped by :func:`lenient` models validated inside the block, in this context."""
    dropped: list[tuple[str, str]] = []
    token = _DROPPED.set(dropped)
    try:
        yield dropped
    finally:
        _DROPPED.reset(token)


def _list_fields(item: type[BaseModel]) -> frozenset[str]:
    """The fields of ``item`` that hold a list."""
    return frozenset(
        n for n, f in item.model_fields.items() if getattr(f.annotation, "__origin__", None) is list
    )


def _drop_invalid(
    value: Any, handler: Callable[[Any], Any], info: ValidationInfo, lists: frozenset[str] = frozenset()
) -> Any:
    if not isinstance(value, list):
        return handler(value)
    kept: list[Any] = []
    dropped = _DROPPED.get()
    for index, item in enumerate(value):
        if isinstance(item, dict) and lists:
            item = {**{name: [] for name in lists if name not in item}, **item}
        try:
            kept.extend(handler([item]))
        except ValidationError as err:
            if dropped is not None:
                dropped.append((str(info.field_name), first_error(err, index=index)))
    return kept


_TWINS: dict[type[BaseModel], type[BaseModel]] = {}


def lenient(response_model: type[T]) -> type[T]:
    """``response_model`` with per-item validation of its list-of-model fields (itself if none);
    built once per model."""
    twin = _TWINS.get(response_model)
    if twin is None:
        twin = _TWINS[response_model] = _twin(response_model)
    return twin  # type: ignore[return-value]


def _twin(response_model: type[T]) -> type[T]:
    items = {
        n: item
        for n, f in response_model.model_fields.items()
        if (item := item_model(f.annotation)) is not None
    }
    if not items:
        return response_model
    validators: dict[str, Any] = {}
    for name, item in items.items():
        lists = _list_fields(item)

        def per_item(
            value: Any, handler: Callable[[Any], Any], info: ValidationInfo, lists: frozenset[str] = lists
        ) -> Any:
            return _drop_invalid(value, handler, info, lists)

        validators[f"_memscribe_per_item_{name}"] = field_validator(name, mode="wrap")(per_item)
    twin: type[T] = create_model(
        response_model.__name__,
        __base__=response_model,
        __doc__=response_model.__doc__,
        __module__=response_model.__module__,
        __validators__=validators,
    )
    return twin
