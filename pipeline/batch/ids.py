"""The ids in use, as immutable versions that share one append-only table.

The board hands each unit the ids in use (committed, or written by an earlier plan) to draw fresh
ids from and to check its plan against; a frozenset of them was copied whole on every commit and
for every unit reading with earlier plans pending: a cost that grew with the memory already
written (issue 17). Parts shared between versions then cost a scan of every part per membership
test (~51k tests at 200 transcripts). Here the committed versions share one dict, id -> the
order it was first added in: a committed version is a prefix of that order (its length), so a
membership test is one dict look-up and a comparison; a version read and dropped (:meth:`plus`)
holds its few extra ids in a set beside the prefix it grew from.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from itertools import chain, islice
from typing import Any


class Ids(Collection[str]):
    """An immutable set of ids: a prefix of a shared insertion-ordered table, plus extra ids."""

    __slots__ = ("_extra", "_len", "_n", "_order")

    def __init__(self, ids: Iterable[str] = ()) -> None:
        self._order: dict[str, int] = {i: n for n, i in enumerate(dict.fromkeys(ids))}
        self._n = len(self._order)
        self._extra: frozenset[str] = frozenset()
        self._len = self._n

    def _of(self, order: dict[str, int], n: int, extra: frozenset[str]) -> Ids:
        made = Ids.__new__(Ids)
        made._order, made._n, made._extra, made._len = order, n, extra, n + len(extra)
        return made

    def plus(self, ids: Iterable[str]) -> Ids:
        """These ids and ``ids`` (extra ids beside the shared prefix: for a version read and dropped)."""
        new = frozenset(i for i in ids if i not in self)
        return self._of(self._order, self._n, self._extra | new) if new else self

    def grown(self, ids: Iterable[str]) -> Ids:
        """:meth:`plus`, the ids appended to the shared table (for the version the next ones
        grow from); a version that is not the table's latest (or holds extra ids) starts a table
        of its own."""
        new = [i for i in dict.fromkeys(ids) if i not in self]
        if not new:
            return self
        if self._extra or self._n != len(self._order):
            return Ids(chain(self, new))
        order = self._order
        for i in new:  # readers of shorter prefixes do not see these (their ``_n`` is smaller)
            order[i] = len(order)
        return self._of(order, len(order), frozenset())

    def __or__(self, ids: Iterable[str]) -> Ids:
        return self.plus(ids)

    def __contains__(self, item: object) -> bool:
        if item in self._extra:
            return True
        at = self._order.get(item)  # type: ignore[call-overload]
        return at is not None and at < self._n

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        # the prefix copied in one C call: the table may grow meanwhile (another thread)
        return chain(list(islice(self._order, self._n)), self._extra)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ids, (tuple(self),))  # only this version's ids, not the shared table

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ids):
            other = frozenset(other)
        return frozenset(self) == other if isinstance(other, frozenset | set) else NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self))

    def __repr__(self) -> str:
        return f"Ids({sorted(self)!r})"


__all__ = ["Ids"]
