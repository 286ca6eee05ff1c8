"""A function of a module replaced by one that counts its calls (a test of how much work a
scan does: comparisons, look-ups), answering as the function does."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest


class Calls:
    """How many calls the counted function has had (:func:`counting`), and the first argument of
    each (``firsts``: which text or name it was asked about)."""

    def __init__(self) -> None:
        self.n = 0
        self.firsts: list[Any] = []


def counting(monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str) -> Calls:
    """``module.name`` counted from now on (until ``monkeypatch`` is undone)."""
    calls = Calls()
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.n += 1
        calls.firsts.append(args[0] if args else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls
