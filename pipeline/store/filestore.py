"""The file store: :class:`~memscribe.store.base.MemoryStore` over a directory.

Memory files under ``.reflexio/`` (:mod:`memscribe.kinds.layout`), task snapshots under
``memory/`` (:mod:`memscribe.snapshot.store`), the derived SQLite index in ``.reflexio/.index/``
(:mod:`memscribe.index`), the writer's journal and change log (:mod:`memscribe.store.transaction`,
:mod:`memscribe.store.changes`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Collection, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from memscribe import kinds
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import Plan
from memscribe.schemas.snapshot import StoredSnapshot
from memscribe.store.base import Applied, Hit, StoreView
from memscribe.store.root import MemoryRoot

if TYPE_CHECKING:
    from memscribe.schemas.requests import ShortlistItem


class EmptyView:
    """The view of a root that holds no memory yet (no ``.reflexio/``): nothing to shortlist,
    get, list or search, no id in use. Answered without an index, whose modules (SQLite, the
    index's scoring) a run into an empty root would otherwise load for nothing."""

    #: nothing to shortlist: dedup skips the look-ups (:func:`memscribe.stages.dedup.holds_nothing`)
    holds_nothing = True

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        return []

    def get(self, memory_id: str) -> MemoryEntry | None:
        return None

    def entries(self, kind: MemoryKind | None = None) -> list[MemoryEntry]:
        return []

    def taken_ids(self) -> Collection[str]:
        return frozenset()

    def search(
        self,
        query: str,
        *,
        kind: MemoryKind | None = None,
        limit: int = 5,
        min_relevance: float = 0.3,
        today: dt.date | None = None,
    ) -> list[Hit]:
        return []


class FileMemoryStore:
    """A memory root on disk (the folder holding ``.reflexio/``)."""

    def __init__(self, root: Path, *, lock_timeout: float = 5.0) -> None:
        self.root = Path(root)
        self.lock_timeout = lock_timeout

    @property
    def location(self) -> Path:
        return self.root

    def recover(self) -> list[str]:
        """Complete what an earlier writer left open, before this run writes anything.

        A refused step of that completion is the earlier write's, not this run's: its error keeps
        its message but carries no ``changed`` (review RV10 F1 of stop 49: an MCP write, an edit
        and an import read ``changed`` as their own write's outcome and reported a memory stored
        that was never written)."""
        from memscribe.errors import StoreError
        from memscribe.store.transaction import recover_interrupted

        try:
            return recover_interrupted(self.root, lock_timeout=self.lock_timeout)
        except StoreError as exc:
            if exc.changed is None:
                raise
            fields = {key: value for key, value in exc.fields.items() if key != "changed"}
            raise type(exc)(
                f"an earlier write left open could not be completed, so nothing of this one was written: {exc}",
                **fields,
            ) from exc

    def lock(self, timeout: float = 5.0) -> AbstractContextManager[None]:
        return MemoryRoot(self.root).lock(timeout=timeout)

    def has_memory(self) -> bool:
        """Whether the root holds a ``.reflexio/`` folder yet."""
        return (self.root / ".reflexio").is_dir()

    @contextlib.contextmanager
    def view(
        self,
        namespace: str | None,
        default: str,
        *,
        persist: bool = True,
        embedding_model: str | None = "",
    ) -> Iterator[StoreView]:
        from memscribe.index.embed import resolve_embedding_model

        embedder = resolve_embedding_model(embedding_model)
        if not self.has_memory():  # nothing to index (and a run that writes nothing leaves nothing)
            yield EmptyView()
            return
        from memscribe.index.db import index_path, open_index
        from memscribe.index.view import IndexView

        in_memory = not persist and not index_path(self.root).exists()
        with open_index(self.root, in_memory=in_memory, embedder=embedder) as index:
            yield IndexView(index, namespace, default)

    def entries(self, *, archived: bool = False) -> list[MemoryEntry]:
        root = MemoryRoot(self.root)
        return root.archived_entries() if archived else root.entries()

    def taken_ids(self) -> set[str]:
        return MemoryRoot(self.root).taken_ids()

    def expiring(
        self, today: dt.date, *, after: str | None = None, limit: int | None = None
    ) -> list[MemoryEntry]:
        """With an index, the candidates come from it (refreshed: cost proportional to what
        changed), a page at a time when ``limit`` is given; without one, the files are read
        directly."""
        from memscribe.index.db import index_path, open_index

        def expired(entries: list[MemoryEntry]) -> list[MemoryEntry]:
            return [e for e in entries if kinds.kind(e.kind).is_expired(e, today)]

        if index_path(self.root).is_file():
            with open_index(self.root, refresh=False) as index:
                if index.location is not None:
                    index.refresh()
                    found: list[MemoryEntry] = []
                    while True:  # pages of candidates until ``limit`` expire (or none is left)
                        page = index.expiring(today, after=after, limit=limit)
                        found += expired(page)
                        if limit is None or len(found) >= limit or len(page) < limit:
                            return found[:limit]
                        after = page[-1].path
        entries = [e for e in MemoryRoot(self.root).entries() if after is None or e.path > after]
        return expired(sorted(entries, key=lambda e: e.path))[:limit]

    def snapshots(
        self, *, day: str | None = None, unreadable: list[tuple[str, str]] | None = None
    ) -> list[StoredSnapshot]:
        from memscribe.snapshot.store import stored_snapshots

        return stored_snapshots(self.root, day=day, unreadable=unreadable)

    def apply(
        self, plan: Plan, *, now: dt.datetime | None = None, replay: bool = False, locked: bool = False
    ) -> Applied:
        from memscribe.snapshot.store import append_snapshot, append_snapshot_locked
        from memscribe.store.transaction import apply_locked, apply_plan

        if locked:
            done = apply_locked(plan, MemoryRoot(self.root), now=now)
        else:
            done = apply_plan(plan, self.root, now=now, lock_timeout=self.lock_timeout)
        block = plan.snapshot
        if block is not None:
            if locked:
                block = append_snapshot_locked(MemoryRoot(self.root), block, replay=replay)
            else:
                block = append_snapshot(self.root, block, lock_timeout=self.lock_timeout, replay=replay)
        return Applied(
            written=done.written,
            archived=done.archived,
            journal=done.journal,
            snapshot=block,
            updated=done.updated,
            done_elsewhere=done.done_elsewhere,
        )
