"""Counting the encoder's exact ``dot`` calls: the tests of the calibrated cosines' shortcuts
(the exact product only where a cosine could round to another score)."""

from __future__ import annotations

import pytest

from memscribe.semantic import encoder as encoder_module
from memscribe.semantic.encoder import dot


def counted_dot(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patches ``encoder.dot`` with a counting copy; the returned list's one item is the count."""
    calls = [0]

    def counted(a: tuple[float, ...], b: tuple[float, ...]) -> float:
        calls[0] += 1
        return dot(a, b)

    monkeypatch.setattr(encoder_module, "dot", counted)
    return calls
