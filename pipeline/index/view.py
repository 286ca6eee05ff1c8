"""The index as the store's view of one namespace (:class:`memscribe.store.base.StoreView`)."""

from __future__ import annotations

import datetime as dt

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

    def taken_ids(self) -> set[str]:
        """Every id in use in the root (all namespaces, active or archived)."""
        return self.index.taken_ids()

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
