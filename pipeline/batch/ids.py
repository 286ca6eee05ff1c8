"""The ids in use, as an immutable set of frozen parts that later versions share.

The board hands each unit the ids in use (committed, or written by an earlier plan) to draw fresh
ids from and to check its plan against; a frozenset of them was copied whole on every commit and
for every unit reading with earlier plans pending: a cost that grew with the memory already
written (issue 17). Here a version adds a part (its new ids) to the parts of the one before; the
committed versions merge parts of like size (a binary counter: each id copied O(log n) times), so
a membership test asks O(log n) parts.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from itertools import chain


class Ids(Collection[str]):
    """An immutable set of ids (disjoint frozen parts)."""

    __slots__ = ("_len", "_parts")

    def __init__(self, ids: Iterable[str] = ()) -> None:
        first = frozenset(ids)
        self._parts: tuple[frozenset[str], ...] = (first,) if first else ()
        self._len = len(first)

    @classmethod
    def _of(cls, parts: tuple[frozenset[str], ...]) -> Ids:
        made = cls.__new__(cls)
        made._parts, made._len = parts, sum(map(len, parts))
        return made

    def _new(self, ids: Iterable[str]) -> frozenset[str]:
        return frozenset(i for i in ids if i not in self)

    def plus(self, ids: Iterable[str]) -> Ids:
        """These ids and ``ids`` (one more part: for a version read and dropped)."""
        new = self._new(ids)
        return self._of((*self._parts, new)) if new else self

    def grown(self, ids: Iterable[str]) -> Ids:
        """:meth:`plus`, parts of like size merged (for the version the next ones grow from)."""
        new = self._new(ids)
        if not new:
            return self
        parts = [*self._parts, new]
        while len(parts) > 1 and len(parts[-2]) <= 2 * len(parts[-1]):
            last = parts.pop()
            parts[-1] = parts[-1] | last
        return self._of(tuple(parts))

    def __or__(self, ids: Iterable[str]) -> Ids:
        return self.plus(ids)

    def __contains__(self, item: object) -> bool:
        return any(item in part for part in self._parts)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        return chain.from_iterable(self._parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ids):
            other = frozenset(other)
        return frozenset(self) == other if isinstance(other, frozenset | set) else NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self))

    def __repr__(self) -> str:
        return f"Ids({sorted(self)!r})"


__all__ = ["Ids"]
