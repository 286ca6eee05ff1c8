"""The batch engine seam: what a unit takes and returns, and what an engine must do.

A unit (:func:`memscribe.batch.task.run_unit`) takes a :class:`UnitInput` — the transcript's
path (workers read it from the shared file system), its ledger record and the run's settings —
and returns a :class:`UnitOutput`; both are plain picklable data, so any executor can ship
them. Errors come back as data (a message; whether the file was not a transcript), never as
exception objects. An :class:`Engine` runs units and hands results back in any order; the
driver (:mod:`memscribe.batch.runner`) commits them in path order, keeps the ledger and holds
the lock. An engine also bounds the model calls in flight across all its workers and serves
the units' memory views from a :class:`~memscribe.batch.board.Board`, which the driver moves
forward through :meth:`Engine.advance` / :meth:`Engine.withdraw`.

Light on purpose: a run with nothing to do (every transcript unchanged) imports no pipeline.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memscribe.batch import ledger
from memscribe.batch.board import ViewBase
from memscribe.batch.settings import ModelFactory
from memscribe.batch.view import Delta, Snapshot
from memscribe.errors import MemscribeError, UnknownFormatError

if TYPE_CHECKING:
    from memscribe.batch.unit import UnitResult


@dataclass(frozen=True)
class UnitConfig:
    """The run's settings a unit needs (picklable)."""

    root: Path
    context_tokens: int = 16000
    fmt: str | None = None
    skip_bad_lines: bool = False
    agent: str | None = None
    now: dt.datetime | None = None


@dataclass(frozen=True)
class UnitInput:
    """One transcript to plan."""

    rank: int  # position in the run's commit (path) order
    path: Path
    agent: str | None
    explicit: bool
    base: ledger.LedgerRecord | None  # the ledger's record when the run started
    config: UnitConfig


@dataclass(frozen=True)
class UnitOutput:
    """What a unit found: the classification, the plan (None: unchanged or failed), the view."""

    rank: int
    classified: ledger.Classified | None = None
    stat: ledger.FileStat | None = None
    unit: UnitResult | None = None
    namespace: str | None = None
    fmt: str = ""
    view: ViewBase | None = None  # what the plan was made against (None: never read memory)
    error: str | None = None
    not_a_transcript: bool = False

    @classmethod
    def crashed(cls, unit: UnitInput, exc: BaseException) -> UnitOutput:
        return cls(
            rank=unit.rank, error=error_message(exc), not_a_transcript=isinstance(exc, UnknownFormatError)
        )


def error_message(exc: BaseException) -> str:
    if isinstance(exc, MemscribeError):
        return str(exc)
    return f"internal error: {type(exc).__name__}: {exc}"


class Engine(ABC):
    """Runs units; results come back in any order. One run per engine object."""

    #: A short name for reports ("local", "ray").
    name = "engine"

    @abstractmethod
    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        """Start: the memory as committed so far, the model, the bound on model calls, and
        whether units plan against earlier pending plans too (:class:`Board`)."""

    @abstractmethod
    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        """Queue ``unit``; ``first``: ahead of the queue (a re-plan the commit waits for)."""

    @abstractmethod
    def results(self, timeout: float | None) -> list[UnitOutput]:
        """Results finished since the last call; waits up to ``timeout`` s for at least one."""

    # The board, as the driver moves it (see :class:`~memscribe.batch.board.Board`).
    @abstractmethod
    def expect(self, ranks: list[int]) -> None: ...

    @abstractmethod
    def withdraw(self, rank: int, *, again: bool) -> None: ...

    @abstractmethod
    def advance(self, version: int, delta: Delta, rank: int | None) -> None: ...

    @abstractmethod
    def close(self) -> None:
        """Stop starting units (a run that ran out of time does not wait for running ones)."""

    def map(self, units: Iterable[UnitInput]) -> Iterator[UnitOutput]:
        """Every unit's result, in completion order."""
        units = list(units)
        self.expect([u.rank for u in units])
        for unit in units:
            self.submit(unit)
        left = len(units)
        while left:
            for result in self.results(None):
                left -= 1
                yield result
