"""The model a batch unit calls, as picklable settings rather than a closure.

A worker process (or a remote node) builds its own client from these; the driver never ships a
live client. Any zero-argument callable returning a model also works as a factory where it is
picklable (a class, a module-level function).
"""

from __future__ import annotations

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
