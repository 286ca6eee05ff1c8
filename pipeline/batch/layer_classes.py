"""A shortlist's classes over the board's layers, in Python, updated by what a wake-up changed.

A unit's dedup read (:mod:`memscribe.batch.speculate`) asks, on every wake-up, how the memory
it commits into ranks against one candidate: how many entries are related, the last related
score that makes the shortlist, the same for the fallback matches (its blockers), and at the end
the shortlist itself. Where numpy is not in use, that meant building the merged list of the
memory (:func:`~memscribe.batch.view.merged_in_order`) and classifying every entry of it again
on every wake-up, though between two wake-ups only the deltas over the committed memory differ.

Here the committed memory (the board's ``base``, sorted by path, no path twice) is classified
once per shortlist and version: each entry's class (related, near, neither) by path, and the
related and near scores best first. A read of :class:`~memscribe.batch.classes.Layered` then
costs its deltas: the paths they touch leave the committed classes, the entries they leave at
those paths are classified (each entry object once per shortlist, by the caller), and the
counts, the ``n``-th best scores and the pick come from the best of the committed classes not
touched plus those. The pick hands :func:`~memscribe.relatedness.best_of` the entries it may
list, in path order (the merged list's), so the items and their order are the ones of
classifying the merged list whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice, takewhile
from typing import NamedTuple

from memscribe.batch.classes import Layered
from memscribe.batch.view import final_paths
from memscribe.relatedness import FALLBACK_SCORE, FALLBACK_SIZE, best_of
from memscribe.schemas.memory import MemoryEntry

#: (entry, score, qualifies) of each entry asked, in order.
Classify = Callable[[Sequence[MemoryEntry]], list[tuple[MemoryEntry, float, bool]]]
Classed = tuple[MemoryEntry, float, bool]


class _Committed(NamedTuple):
    """One committed memory's classes for one shortlist, kind and scope."""

    base: tuple[MemoryEntry, ...]
    scope: tuple[str, str] | None
    by_path: dict[str, Classed]
    #: (score capped at 1, path), best first: the related entries, the near ones (not related,
    #: at FALLBACK_SCORE or above).
    related: list[tuple[float, str]]
    near: list[tuple[float, str]]


class _Read(NamedTuple):
    """One read of the layers: the committed classes, the paths the deltas touch among them,
    and the classes of what the deltas leave there (of the kind, in the scope)."""

    committed: _Committed
    gone: frozenset[str]
    related: list[Classed]
    near: list[Classed]
    #: How many of the paths gone were related, near.
    gone_related: int
    gone_near: int


def _in_scope(entry: MemoryEntry, scope: tuple[str, str] | None) -> bool:
    return scope is None or (entry.namespace or scope[1]) == scope[0]


def _capped(found: Classed) -> float:
    return min(1.0, found[1])


class LayerClasses:
    """The classes of the entries of ``kind`` for one shortlist (``classify``: its scorer)."""

    def __init__(self, kind: str, classify: Classify) -> None:
        self.kind, self._classify = kind, classify
        self._committed: _Committed | None = None
        self._last: tuple[Layered, _Read] | None = None

    def _read(self, layers: Layered) -> _Read:
        last = self._last
        if last is not None and last[0] is layers:
            return last[1]
        kind, scope = self.kind, layers.scope
        committed = self._committed
        if committed is None or committed.base is not layers.base or committed.scope != scope:
            pool = [e for e in layers.base if e.kind == kind and _in_scope(e, scope)]
            found = self._classify(pool)
            related = sorted(((_capped(c), c[0].path) for c in found if c[2]), reverse=True)
            near = sorted(
                ((_capped(c), c[0].path) for c in found if not c[2] and c[1] >= FALLBACK_SCORE), reverse=True
            )
            committed = self._committed = _Committed(
                layers.base, scope, {c[0].path: c for c in found}, related, near
            )
        final = final_paths(layers.deltas)
        by_path = committed.by_path
        gone = frozenset(path for path in final if path in by_path)
        left = [e for e in final.values() if e is not None and e.kind == kind and _in_scope(e, scope)]
        classed = self._classify(left) if left else []
        read = _Read(
            committed,
            gone,
            [c for c in classed if c[2]],
            [c for c in classed if not c[2] and c[1] >= FALLBACK_SCORE],
            sum(1 for path in gone if by_path[path][2]),
            sum(1 for path in gone if not by_path[path][2] and by_path[path][1] >= FALLBACK_SCORE),
        )
        self._last = (layers, read)
        return read

    @staticmethod
    def _count_and_nth(
        committed: list[tuple[float, str]],
        gone: frozenset[str],
        gone_count: int,
        added: list[Classed],
        n: int,
    ) -> tuple[int, float, Iterator[tuple[float, str]]]:
        """How many of one class, its ``n``-th best capped score (0.0 where fewer), and the
        committed ones not gone at or above it (all of them where fewer), best first: a walk of
        the ``n`` best and the paths gone, not of the class."""
        kept = (item for item in committed if item[1] not in gone) if gone else iter(committed)
        count = len(committed) - gone_count + len(added)
        if count < n:
            return count, 0.0, kept
        best = [value for value, _ in islice(kept, n)]
        best = sorted(best + [_capped(c) for c in added], reverse=True)
        nth = best[n - 1]
        again = (item for item in committed if item[1] not in gone) if gone else iter(committed)
        return count, nth, takewhile(lambda item: item[0] >= nth, again)

    def tops(self, layers: Layered, size: int) -> tuple[int, float, int, float]:
        """(how many related, the ``size``-th related score, how many near, the
        FALLBACK_SIZE-th near score), scores capped at 1 (0.0 where there are fewer)."""
        read = self._read(layers)
        n_related, last_related, _ = self._count_and_nth(
            read.committed.related, read.gone, read.gone_related, read.related, size
        )
        n_near, last_near, _ = self._count_and_nth(
            read.committed.near, read.gone, read.gone_near, read.near, FALLBACK_SIZE
        )
        return n_related, last_related, n_near, last_near

    def best(self, layers: Layered, size: int) -> list[tuple[float, MemoryEntry]]:
        """:func:`~memscribe.relatedness.best_of` over the merged memory's entries of the kind:
        only those of the chosen class at or above its ``size``-th score are handed to it, in
        path order."""
        read = self._read(layers)
        committed = read.committed
        n_related, _, kept = self._count_and_nth(
            committed.related, read.gone, read.gone_related, read.related, size
        )
        added = read.related
        if not n_related:
            _, _, kept = self._count_and_nth(
                committed.near, read.gone, read.gone_near, read.near, min(size, FALLBACK_SIZE)
            )
            added = read.near
        self._last = None  # a pick is a read's last use of it: not kept while the unit waits
        by_path = committed.by_path
        items = [by_path[path] for _, path in kept] + added
        items.sort(key=_path)
        return best_of(items, size)


def _path(found: Classed) -> str:
    return found[0].path


__all__ = ["LayerClasses"]
