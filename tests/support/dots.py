"""Counting the encoder's exact ``dot`` and ``calibrate`` calls: the tests of the calibrated
cosines' shortcuts (the exact product only where a cosine could round to another score; no
calibration at all where both ends of a cosine are under the floor)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memscribe.semantic import encoder as encoder_module
from memscribe.semantic.calibration import calibrate
from memscribe.semantic.encoder import dot


def _counted(monkeypatch: pytest.MonkeyPatch, name: str, function: Callable[..., Any]) -> list[int]:
    calls = [0]

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return function(*args)

    monkeypatch.setattr(encoder_module, name, counted)
    return calls


def counted_dot(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patches ``encoder.dot`` with a counting copy; the returned list's one item is the count."""
    return _counted(monkeypatch, "dot", dot)


def counted_calibrate(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patches the encoder's ``calibrate`` with a counting copy; the list's one item is the count."""
    return _counted(monkeypatch, "calibrate", calibrate)
