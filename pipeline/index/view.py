"""The index as the store's view of one namespace (:class:`memscribe.store.base.StoreView`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator

from memscribe.index.db import MemoryIndex
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.store.base import Hit


class IndexView:
    """A :class:`~memscribe.relatedness.MemoryView` (and StoreView) answered by the SQLite index,
    scoped to one namespace (None: every namespace)."""

    def __init__(self, index: MemoryIndex, namespace: str | None, default: str = "default") -> None:
        self.index = index
        self.namespace = namespace
        self.default = default

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        return self.index.shortlist(kind, slug, text, namespace=self.namespace, default=self.default)

    def get(self, memory_id: str) -> MemoryEntry | None:
        for found in self.index.lookup(memory_id):
            if not found.archived:
                return found.entry
        return None

    def entries(self, kind: MemoryKind | None = None) -> list[MemoryEntry]:
        return self.index.entries(namespace=self.namespace, default=self.default, kind=kind)

    def taken_ids(self) -> Collection[str]:
        """Every id in use in the root (all namespaces, active or archived), asked one id at a
        time (a point look-up each; nothing is loaded): valid while the view is open."""
        return TakenIds(self.index)

    def top_slugs(self, text: str, limit: int) -> list[tuple[str, str]]:
        """The ``limit`` stored (kind, slug) pairs most related to ``text``, best first (a
        namespace of at most ``limit`` topics: all of them); see :mod:`memscribe.index.topics`."""
        return self.index.top_slugs(text, namespace=self.namespace, default=self.default, limit=limit)

    def size(self, cap: int) -> int:
        """How many entries :meth:`entries` would return, counted up to ``cap``."""
        return self.index.size(namespace=self.namespace, default=self.default, cap=cap)

    def search(
        self,
        query: str,
        *,
        kind: MemoryKind | None = None,
        limit: int = 5,
        min_relevance: float = 0.3,
        today: dt.date | None = None,
    ) -> list[Hit]:
        hits = self.index.search(
            query,
            namespace=self.namespace,
            default=self.default,
            kind=kind,
            limit=limit,
            min_relevance=min_relevance,
            today=today,
        )
        return [Hit(h.id, h.kind, h.namespace, h.path, h.relevance, h.text) for h in hits]


class TakenIds(Collection[str]):
    """The ids in use in an index's root: membership is a point look-up; iterating (or ``len``)
    loads them all."""

    def __init__(self, index: MemoryIndex) -> None:
        self.index = index

    def __contains__(self, memory_id: object) -> bool:
        return isinstance(memory_id, str) and self.index.is_taken(memory_id)

    def __iter__(self) -> Iterator[str]:
        return iter(self.index.taken_ids())

    def __len__(self) -> int:
        return len(self.index.taken_ids())
