"""The ranks a board still expects, as a set kept in order.

Every wake-up of a waiting unit asks the board for the lowest rank still expected and for the
earlier ranks still planning; a run expects every transcript's rank at its start, so a plain set
answered both by a walk over every rank not yet published: a cost per wake-up that grew with
the transcripts of the run (issue 17). Kept sorted, the lowest is the first and the earlier
ones a prefix found by bisection.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator


class Ranks:
    """A set of ranks, in increasing order."""

    def __init__(self) -> None:
        self._in: set[int] = set()
        self._order: list[int] = []

    def update(self, ranks: Iterable[int]) -> None:
        new = set(ranks) - self._in
        if new:
            self._in |= new
            self._order = sorted([*self._order, *new])

    def add(self, rank: int) -> None:
        if rank not in self._in:
            self._in.add(rank)
            insort(self._order, rank)

    def discard(self, rank: int) -> None:
        if rank in self._in:
            self._in.discard(rank)
            del self._order[bisect_left(self._order, rank)]

    def __contains__(self, rank: object) -> bool:
        return rank in self._in

    def __bool__(self) -> bool:
        return bool(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._order))

    def lowest(self) -> int | None:
        return self._order[0] if self._order else None

    def below(self, rank: int) -> list[int]:
        """The ranks before ``rank``, in order."""
        return self._order[: bisect_left(self._order, rank)]


__all__ = ["Ranks"]
