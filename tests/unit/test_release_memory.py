"""``release_free_memory`` (issue 17): glibc's ``malloc_trim`` after the gate, and nothing at all
where the C library has none (musl, macOS) or cannot be opened."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from typing import Any

import pytest

from memscribe import run


@pytest.fixture(autouse=True)
def _fresh_lookup() -> Iterator[None]:
    run._malloc_trim.cache_clear()
    yield
    run._malloc_trim.cache_clear()


def test_no_c_library_is_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no such library")

    monkeypatch.setattr(ctypes, "CDLL", missing)
    run.release_free_memory()


def test_a_c_library_without_malloc_trim_is_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoTrim:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

    monkeypatch.setattr(ctypes, "CDLL", NoTrim)
    run.release_free_memory()


def test_malloc_trim_is_called_once_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    class Trims:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.malloc_trim = calls.append

    monkeypatch.setattr(ctypes, "CDLL", Trims)
    run.release_free_memory()
    run.release_free_memory()
    assert calls == [0, 0]
