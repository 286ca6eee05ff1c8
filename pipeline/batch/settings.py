"""The model a batch unit calls, as picklable settings rather than a closure.

A worker process (or a remote node) builds its own client from these; the driver never ships a
live client. Any zero-argument callable returning a model also works as a factory where it is
picklable (a class, a module-level function).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from memscribe.model.base import StructuredModel

ModelFactory = Callable[[], StructuredModel]


@dataclass(frozen=True)
class ModelSettings:
    """``memscribe batch``'s model options; calling it builds the model (:func:`make_model`)."""

    name: str | None = None
    api_base: str | None = None
    mode: str = "json_schema"
    timeout: float = 120.0

    def __call__(self) -> StructuredModel:
        from memscribe.model.factory import make_model

        return make_model(self.name, api_base=self.api_base, mode=self.mode, timeout=self.timeout)


class ModelTwins:
    """A run's models, one per unit: the factory's first model is kept aside, and each call
    returns its ``twin()`` (its settings and client, its own usage) where the model has one, else
    a model built by the factory.

    A model per transcript keeps each plan's usage its own; building each from the settings
    repeated the provider and credential checks of the first (~0.2 ms each, 200 per run of 200
    transcripts). One object per run (the engine's): what a run's models are built from cannot
    change within it, and the next run builds its own.
    """

    def __init__(self, factory: ModelFactory) -> None:
        self._factory = factory
        self._lock = threading.Lock()
        self._first: StructuredModel | None = None

    def __call__(self) -> StructuredModel:
        with self._lock:
            first = self._first
            if first is None:
                first = self._first = self._factory()
                if not callable(getattr(first, "twin", None)):
                    return first  # no twin: this one is handed out, the next ones built as it was
        twin = getattr(first, "twin", None)
        if not callable(twin):
            return self._factory()
        made: StructuredModel = twin()
        return made
