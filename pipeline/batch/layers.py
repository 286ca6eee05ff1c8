"""What a unit reads of the batch board (:mod:`memscribe.batch.board`): the memory as layers.

The committed memory as of the board's last merge (``base``, sorted by path), the commits since
and the earlier plans still pending (``deltas``, applied in order): a reader that keeps what it
read by object (:class:`memscribe.batch.classes.Numbering`) reads only the deltas again, and
the merged list is built only when someone asks for it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import isqrt

from memscribe.batch.ids import Ids
from memscribe.batch.view import Delta, merged_view
from memscribe.schemas.memory import MemoryEntry

#: The fewest commits a board keeps as deltas before it merges them (:func:`rebase_after`).
REBASE_MIN = 16


#: A candidate an earlier plan may write: (kind, slug, similarity text).
Candidate = tuple[str, str, str]


@dataclass(frozen=True)
class Peek:
    """What :meth:`Board.peek` found: the entries known (the committed ``base`` with the earlier
    plans' ``deltas``; merged when :attr:`entries` is first read), the earlier ranks still
    planning (their candidates, None while detecting) and the board's change counter."""

    base: tuple[MemoryEntry, ...]
    #: The paths of ``base`` (None: not sorted by path, or a path twice).
    paths: Sequence[str] | None
    deltas: tuple[Delta, ...]
    unknown: dict[int, tuple[Candidate, ...] | None]
    tick: int
    progress: float

    @cached_property
    def entries(self) -> tuple[MemoryEntry, ...]:
        return merged_view(self.base, self.paths, self.deltas)


@dataclass(frozen=True)
class ViewBase:
    """What a plan was made against: committed ``version`` plus the net effect of earlier
    pending plans (ids they add, ids they archive)."""

    version: int
    added_ids: frozenset[str] = frozenset()
    removed_ids: frozenset[str] = frozenset()
    #: (namespace, default namespace) the plan reads (None: every namespace): earlier plans of
    #: other namespaces may be missing from the view, and their writes cannot change this plan.
    scope: tuple[str, str] | None = None

    def in_scope(self, entry: MemoryEntry) -> bool:
        return self.scope is None or (entry.namespace or self.scope[1]) == self.scope[0]


def rebase_after(size: int) -> int:
    """How many commits a board keeps as deltas over a committed memory of ``size`` entries
    before it merges them: a merge costs the memory's size, each delta kept a little on every
    read, so about the square root of the size (at least REBASE_MIN)."""
    return max(REBASE_MIN, isqrt(4 * size))


def touched(
    entries: Sequence[MemoryEntry],
    paths: Sequence[str],
    overlay: Mapping[str, MemoryEntry | None],
    deltas: Sequence[Delta],
) -> tuple[list[MemoryEntry], list[MemoryEntry]]:
    """The entries of ``entries`` (sorted by path, no path twice; ``paths`` theirs) with
    ``overlay`` over them (what a path holds now; None: nothing) at the paths ``deltas``
    touch, and the entries at those paths once the deltas are applied in order (as
    :func:`merged_in_order` does); every other entry is the same in both."""
    touched = {p: None for d in deltas for p in d.removed_paths}
    touched.update((e.path, None) for d in deltas for e in d.added)
    at_path: dict[str, MemoryEntry] = {}
    for path in touched:
        if path in overlay:
            now = overlay[path]
            if now is not None:
                at_path[path] = now
            continue
        at = bisect_left(paths, path)
        if at < len(paths) and paths[at] == path:
            at_path[path] = entries[at]
    before = list(at_path.values())
    for delta in deltas:
        for path in delta.removed_paths:
            at_path.pop(path, None)
        for entry in delta.added:
            at_path[entry.path] = entry
    return before, list(at_path.values())


class Committed(tuple[MemoryEntry, ...]):
    """The committed memory a board reads (sorted by path): a tuple of its entries that owns
    their id index (:meth:`id_index`), built on first use, once per object (a board's committed
    memory changes only when it merges, :func:`rebase_after`), and gone with it."""

    def id_index(self) -> Mapping[str, list[int]]:
        """The positions of each id."""
        index: dict[str, list[int]] | None = self.__dict__.get("_index")
        if index is None:  # two threads may both build it: the same index either way
            index = self.__dict__["_index"] = _positions(self)
        return index

    def __reduce__(self) -> tuple[type[Committed], tuple[tuple[MemoryEntry, ...]]]:
        return Committed, (tuple(self),)  # the entries only, not the index


def _positions(entries: Sequence[MemoryEntry]) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for at, entry in enumerate(entries):
        index.setdefault(entry.id, []).append(at)
    return index


def id_index(base: tuple[MemoryEntry, ...]) -> Mapping[str, list[int]]:
    """The positions in ``base`` of each id: the board's committed memory's own index
    (:class:`Committed`: one pass per object), else built now."""
    return base.id_index() if isinstance(base, Committed) else _positions(base)


def with_id(
    base: tuple[MemoryEntry, ...],
    final: Mapping[str, MemoryEntry | None],
    memory_id: str,
) -> list[MemoryEntry]:
    """The entries holding ``memory_id`` in ``base`` (sorted by path, no path twice) with the
    paths ``final`` (:func:`memscribe.batch.view.final_paths`) touches replaced: by the id
    index, not a walk over every entry."""
    found = [base[at] for at in id_index(base).get(memory_id, ()) if base[at].path not in final]
    found.extend(e for e in final.values() if e is not None and e.id == memory_id)
    return found


class LayeredSnapshot:
    """:class:`Snapshot` of the memory as layers: its entries merged when first read."""

    __slots__ = ("layers", "taken_ids")

    def __init__(self, layers: Peek, taken_ids: Ids) -> None:
        self.layers, self.taken_ids = layers, taken_ids

    @property
    def entries(self) -> tuple[MemoryEntry, ...]:
        return self.layers.entries


__all__ = [
    "REBASE_MIN",
    "Candidate",
    "Committed",
    "LayeredSnapshot",
    "Peek",
    "ViewBase",
    "id_index",
    "rebase_after",
    "touched",
    "with_id",
]
