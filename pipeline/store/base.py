"""The memory-store boundary: what the application layer needs from wherever memory lives.

:class:`MemoryStore` is the interface; :class:`memscribe.store.filestore.FileMemoryStore` (plain
markdown files under ``.reflexio/`` and ``memory/``, a SQLite index beside them) is today's
implementation. Everything about the layout, the transaction (journal, publish, archive,
roll-forward), the full-text index, the change log and the ledger location lives behind it:
stages receive a :class:`StoreView` (or any :class:`~memscribe.relatedness.MemoryView`) and
return a Plan; only :meth:`MemoryStore.apply` writes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from memscribe.relatedness import MemoryView
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import Plan
from memscribe.schemas.snapshot import SnapshotBlock, StoredSnapshot


@dataclass(frozen=True)
class Hit:
    """A search result: relevance in 0..1 and where the memory lives."""

    id: str
    kind: MemoryKind
    namespace: str
    path: str
    relevance: float
    text: str


@dataclass(frozen=True)
class Applied:
    """What :meth:`MemoryStore.apply` did: paths relative to the root, the closed journal, and
    the snapshot block as appended (renumbered if another writer took its number)."""

    written: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    journal: str | None = None
    snapshot: SnapshotBlock | None = None
    #: memory files updated in place (id and file kept, previous version archived)
    updated: list[str] = field(default_factory=list)
    #: ids of archive ops another writer did first (expiry, forget): not done by this apply
    done_elsewhere: list[str] = field(default_factory=list)


class StoreView(MemoryView, Protocol):
    """A :class:`~memscribe.relatedness.MemoryView` of one namespace, plus what the
    application layer asks of the whole store while planning: ids in use and search."""

    def taken_ids(self) -> Collection[str]:
        """Ids in use in the whole store (active or archived); asked per id, valid while the
        view is open."""
        ...

    def search(
        self,
        query: str,
        *,
        kind: MemoryKind | None = None,
        limit: int = 5,
        min_relevance: float = 0.3,
        today: dt.date | None = None,
    ) -> list[Hit]: ...


class MemoryStore(Protocol):
    """A memory root, whatever holds it."""

    @property
    def location(self) -> Path: ...

    def has_memory(self) -> bool:
        """Whether the store holds any memory yet (a view of an empty one finds nothing)."""
        ...

    def recover(self) -> list[str]:
        """Finish what a crashed writer left (roll interrupted plans forward); cheap when clean."""
        ...

    def lock(self, timeout: float = 5.0) -> AbstractContextManager[None]:
        """The writers' lock (exclusive, released when the holder dies)."""
        ...

    def view(
        self,
        namespace: str | None,
        default: str,
        *,
        persist: bool = True,
        embedding_model: str | None = "",
    ) -> AbstractContextManager[StoreView]:
        """A view scoped to ``namespace`` (None: every namespace). ``persist=False`` leaves
        nothing behind under the root (dry runs); ``embedding_model`` blends semantic
        similarity into shortlists and search ("" none, None the configured one)."""
        ...

    def entries(self, *, archived: bool = False) -> list[MemoryEntry]:
        """Every active (or archived) entry, sorted by path (small roots, reports, tests)."""
        ...

    def taken_ids(self) -> set[str]:
        """Every id in use, active or archived: new ids must avoid all of them."""
        ...

    def expiring(
        self, today: dt.date, *, after: str | None = None, limit: int | None = None
    ) -> list[MemoryEntry]:
        """Active entries whose kind expires them on ``today`` (the sweep's input), by path:
        those after the path ``after``, at most ``limit`` (None: all)."""
        ...

    def snapshots(
        self, *, day: str | None = None, unreadable: list[tuple[str, str]] | None = None
    ) -> list[StoredSnapshot]:
        """Task snapshots stored (one day's when given). With ``unreadable``, a daily file that
        cannot be read whole is read as far as it can be or skipped, and its path and what happened
        are added there for the caller to report."""
        ...

    def apply(
        self, plan: Plan, *, now: dt.datetime | None = None, replay: bool = False, locked: bool = False
    ) -> Applied:
        """Apply ``plan`` — its operations, then its snapshot — all or nothing per part.

        ``replay``: the plan may have been applied before (a stored plan applied again): a
        snapshot block already stored is not appended twice. ``locked``: the caller holds
        :meth:`lock` already (the batch commit).
        """
        ...
