"""The memory a batch run commits into, as the driver knows it: scanned once, then kept exact.

:class:`MemView` scans the memory folders (re-parsing only files not seen before);
:class:`MemoryState` holds the result and a log of every change since, versioned: a commit
updates it from the plan's own writes and archives (exact: the root lock is held, nobody else
writes), and a commit group asks it to :meth:`~MemoryState.sync` first, which costs four
``stat`` calls unless another process wrote since (then the folders are scanned again). What
changed between two versions is read from the log, so checking a plan against the memory at
commit costs what changed since it was planned, not the size of the memory.
"""

from __future__ import annotations

import contextlib
import os
import threading
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from memscribe.batch.ids import Ids
from memscribe.errors import MemscribeError
from memscribe.kinds.parse import parse_written
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Plan, UpdateOp, WriteOp
from memscribe.store.files import ARCHIVE_DIR, KIND_DIRS, REFLEXIO_DIR, parse_memory_file

_DIRS = tuple(f"{base}/{kind}" for base in (REFLEXIO_DIR, ARCHIVE_DIR) for kind in sorted(KIND_DIRS.values()))


@dataclass(frozen=True)
class Snapshot:
    """The memory a plan is computed against."""

    entries: tuple[MemoryEntry, ...]
    taken_ids: frozenset[str] | Ids  # Ids: the board's, sharing the committed ids

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(e.id for e in self.entries)


@dataclass(frozen=True)
class Delta:
    """A change to the active memory: entries added, active paths (and their ids) removed."""

    added: tuple[MemoryEntry, ...] = ()
    removed_paths: tuple[str, ...] = ()
    removed_ids: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.added or self.removed_paths)


#: The deltas of the plans asked last, by plan object (kept: its id stays its own). A unit
#: publishes its plan's delta to the board and the commit records the same plan's; each parsed
#: every written text again. Plans are never changed in place (a changed plan is a copy).
_DELTAS: OrderedDict[int, tuple[Plan, Delta]] = OrderedDict()
_DELTAS_SIZE = 1024
_DELTAS_LOCK = threading.Lock()


def delta_of(plan: Plan) -> Delta:
    """What applying ``plan`` does to the active memory (its writes parse back to ``op.text``).

    An update in place replaces the entry at its path with the new version (same id, same
    path): the path is removed and the new entry added, so a log of deltas reads it as that
    id changed (:meth:`MemoryState.since`), not as gone. Computed once per plan object (the
    last ``_DELTAS_SIZE``)."""
    key = id(plan)
    with _DELTAS_LOCK:
        hit = _DELTAS.get(key)
        if hit is not None and hit[0] is plan:
            return hit[1]
    delta = _delta_of(plan)
    with _DELTAS_LOCK:
        _DELTAS[key] = (plan, delta)
        if len(_DELTAS) > _DELTAS_SIZE:
            _DELTAS.popitem(last=False)
    return delta


def _delta_of(plan: Plan) -> Delta:
    writes = [op for op in plan.operations if isinstance(op, WriteOp | UpdateOp)]
    archives = [op for op in plan.operations if isinstance(op, ArchiveOp)]
    updates = [op for op in writes if isinstance(op, UpdateOp)]
    return Delta(
        added=tuple(parse_written(op.text, op.path) for op in writes),
        removed_paths=tuple(op.path for op in archives) + tuple(op.path for op in updates),
        removed_ids=frozenset(op.id for op in archives) | {op.id for op in updates},
    )


def after_plan(snapshot: Snapshot, plan: Plan) -> Snapshot:
    """``snapshot`` once ``plan`` is applied: what :meth:`MemView.snapshot` would then find."""
    delta = delta_of(plan)
    if not delta:
        return snapshot
    gone = set(delta.removed_paths)
    kept = [e for e in snapshot.entries if e.path not in gone]
    return Snapshot(
        entries=tuple(sorted(kept + list(delta.added), key=lambda e: e.path)),
        taken_ids=snapshot.taken_ids | {e.id for e in delta.added},
    )


class MemView:
    """The memory root's entries and ids: from the root's index (brought up to date first, at a
    cost proportional to what changed since it was last refreshed), else by parsing the files
    (re-parsing only files not seen before: memory files are never rewritten in place, an
    update in place renames a new file over the old one, so a file's (path, inode, size, mtime)
    names its content).

    Args:
        persist: whether the index may be created (and its refresh written) under the root; a
            dry run passes False and then reads an index only where one exists.
    """

    def __init__(self, root: Path, *, persist: bool = True) -> None:
        self.root = Path(root)
        self.persist = persist
        self._cache: dict[str, tuple[tuple[int, int, int], MemoryEntry | None]] = {}
        #: Builds the index of a root that has none and no memory yet, beside the run (:meth:`snapshot`).
        self._builder: threading.Thread | None = None

    def stamps(self) -> tuple[int, ...]:
        """The memory folders' mtimes: every create, archive or removal changes one of them."""
        found = []
        for rel in _DIRS:
            try:
                found.append(os.stat(self.root / rel).st_mtime_ns)
            except OSError:
                found.append(-1)
        return tuple(found)

    def _scan(self, base: str) -> list[MemoryEntry]:
        found: list[MemoryEntry] = []
        for kind_dir in sorted(KIND_DIRS.values()):
            directory = self.root / base / kind_dir
            try:
                listing = list(os.scandir(directory))
            except OSError:
                continue
            for item in listing:
                if item.name.startswith(".") or not item.name.endswith(".md") or not item.is_file():
                    continue
                rel = f"{base}/{kind_dir}/{item.name}"
                st = item.stat()
                key = (st.st_ino, st.st_size, st.st_mtime_ns)
                cached = self._cache.get(rel)
                if cached is None or cached[0] != key:
                    try:
                        entry: MemoryEntry | None = parse_memory_file(
                            Path(item.path).read_text(encoding="utf-8"), rel
                        )
                    except (OSError, UnicodeDecodeError, MemscribeError):
                        entry = None
                    cached = (key, entry)
                    self._cache[rel] = cached
                if cached[1] is not None:
                    found.append(cached[1])
        return sorted(found, key=lambda e: e.path)

    def _empty_without_index(self) -> bool:
        """Whether the root has no index file yet and no memory file (active or archived)."""
        from memscribe.index.db import index_path

        if not (self.root / REFLEXIO_DIR).is_dir() or os.path.lexists(index_path(self.root)):
            return False
        return not self._scan(REFLEXIO_DIR) and not self._scan(ARCHIVE_DIR)

    def _build_index(self) -> None:
        """Create (and refresh) the root's index; a failure leaves the root as it was (the next
        reader builds it, or reads the files)."""
        with contextlib.suppress(Exception):  # never a traceback from this thread
            self._from_index()

    def join(self) -> None:
        """Wait for the index built beside the run, if one is being built."""
        builder, self._builder = self._builder, None
        if builder is not None:
            builder.join()

    def _from_index(self) -> Snapshot | None:
        """The snapshot as the root's index has it (None: no usable index here)."""
        import sqlite3

        from memscribe.index.db import index_path, open_index

        if not (self.root / REFLEXIO_DIR).is_dir():
            return None
        if not self.persist and not index_path(self.root).is_file():
            return None
        try:
            with open_index(self.root) as index:
                if index.location is None:  # the file could not be opened: read the files
                    return None
                active = index.entries()
                taken = index.taken_ids()
        except (MemscribeError, sqlite3.Error):
            return None
        return Snapshot(entries=tuple(active), taken_ids=frozenset(taken))

    def snapshot(self) -> Snapshot:
        """The active entries and the taken ids (active or archived) of the root.

        A root with no index yet and no memory file (a first run) has nothing to index: its
        (empty) snapshot is the files', and its index is built beside the run (:meth:`join`)
        rather than before it: creating the SQLite file is a few fsyncs (0.2-0.4 s on a busy
        disk, ~20 ms of CPU) that the first model calls would otherwise wait for.
        """
        self.join()
        if self.persist and self._empty_without_index():
            self._builder = threading.Thread(target=self._build_index, daemon=True, name="memscribe-index")
            self._builder.start()
            return Snapshot(entries=(), taken_ids=frozenset())
        indexed = self._from_index()
        if indexed is not None:
            return indexed
        active = self._scan(REFLEXIO_DIR)
        archived = self._scan(ARCHIVE_DIR)
        return Snapshot(
            entries=tuple(active), taken_ids=frozenset(e.id for e in active) | {e.id for e in archived}
        )


@dataclass(frozen=True)
class Changes:
    """What changed in the active memory since some version: entries added (by id), ids removed."""

    added: dict[str, MemoryEntry]
    removed: frozenset[str]


class MemoryState:
    """The committed memory of a run, with a versioned log of its changes (driver side)."""

    def __init__(self, view: MemView) -> None:
        self.view = view
        self._stamps = view.stamps()  # before the scan: a write during it shows at the next sync
        snapshot = view.snapshot()
        self._by_path = {e.path: e for e in snapshot.entries}
        self._taken = set(snapshot.taken_ids)
        self._log: list[Delta] = []
        #: Per logged delta: the entries it removed and the ids it made taken (to roll it back).
        self._undo: list[tuple[list[MemoryEntry], set[str]]] = []
        self._sorted: tuple[MemoryEntry, ...] | None = snapshot.entries
        self._by_id: dict[str, MemoryEntry] | None = None  # built when first asked
        self._one_file_per_id = True  # whether _by_id may be kept in step (_add_id)

    @property
    def version(self) -> int:
        return len(self._log)

    @property
    def taken_ids(self) -> set[str]:
        return self._taken

    def active(self, memory_id: str) -> MemoryEntry | None:
        """The active entry holding ``memory_id`` (None: none): for the plans that assumed an
        archive, or that archive or update an entry (which version did they see?)."""
        if self._by_id is None:
            self._by_id = {e.id: e for e in self._by_path.values()}
            self._one_file_per_id = len(self._by_id) == len(self._by_path)
        return self._by_id.get(memory_id)

    def is_taken(self, memory_id: str) -> bool:
        """Whether ``memory_id`` is in use (active or archived) as far as this run knows."""
        return memory_id in self._taken

    def active_path(self, memory_id: str) -> str | None:
        """The active file holding ``memory_id`` (None: not active)."""
        entry = self.active(memory_id)
        return entry.path if entry is not None else None

    def _record(self, delta: Delta) -> None:
        self._log.append(delta)
        removed: list[MemoryEntry] = []
        taken: set[str] = set()
        if delta:
            for path in delta.removed_paths:
                gone = self._by_path.pop(path, None)
                if gone is not None:
                    removed.append(gone)
                    self._drop_id(gone)
            for entry in delta.added:
                self._add_id(entry, self._by_path.get(entry.path))
                self._by_path[entry.path] = entry
                if entry.id not in self._taken:
                    taken.add(entry.id)
                    self._taken.add(entry.id)
            self._sorted = None
        self._undo.append((removed, taken))

    # The id index kept in step while every id is held by one file (then it is what a dict of
    # the entries by id holds, whatever the order); else it is built again when next asked.
    def _drop_id(self, gone: MemoryEntry) -> None:
        if self._by_id is not None and self._one_file_per_id and self._by_id.get(gone.id) is gone:
            del self._by_id[gone.id]
        else:
            self._by_id = None

    def _add_id(self, entry: MemoryEntry, replaced: MemoryEntry | None) -> None:
        if replaced is not None:
            self._drop_id(replaced)
        if self._by_id is not None and self._one_file_per_id and entry.id not in self._by_id:
            self._by_id[entry.id] = entry
        else:
            self._by_id = None

    def sync(self) -> Delta:
        """Catch up with writes by other processes (caller holds the root lock)."""
        stamps = self.view.stamps()
        if stamps == self._stamps:
            return Delta()
        self._stamps = stamps
        snapshot = self.view.snapshot()
        now = {e.path: e for e in snapshot.entries}
        gone = [p for p in self._by_path if p not in now or now[p] != self._by_path[p]]
        delta = Delta(
            added=tuple(e for p, e in now.items() if self._by_path.get(p) != e),
            removed_paths=tuple(gone),
            removed_ids=frozenset(self._by_path[p].id for p in gone),
        )
        self._record(delta)
        self._taken.update(snapshot.taken_ids)
        return delta

    def apply(self, plan: Plan, *, restamp: bool = True) -> Delta:
        """Record a plan just applied under the lock (its writes and archives, nothing else).

        ``restamp=False``: a plan of a group commit, recorded before the group is written (the
        caller calls :meth:`restamp` once the group is on disk, or :meth:`rollback`)."""
        delta = delta_of(plan)
        self._record(delta)
        if restamp:
            self.restamp()
        return delta

    def restamp(self) -> None:
        """The memory folders' mtimes as they are now (after this process wrote them)."""
        self._stamps = self.view.stamps()

    def rollback(self, version: int) -> None:
        """Forget the changes recorded after ``version`` (a group commit that did not happen)."""
        while len(self._log) > version:
            delta = self._log.pop()
            removed, taken = self._undo.pop()
            for entry in delta.added:
                self._by_path.pop(entry.path, None)
            for entry in removed:
                self._by_path[entry.path] = entry
            self._taken -= taken
            self._sorted = None
            self._by_id = None

    def since(self, version: int) -> Changes:
        """The net change of the active memory from ``version`` to now."""
        added: dict[str, MemoryEntry] = {}
        removed: set[str] = set()
        for delta in self._log[version:]:
            for memory_id in delta.removed_ids:
                if added.pop(memory_id, None) is None:
                    removed.add(memory_id)
            for entry in delta.added:
                added[entry.id] = entry
                removed.discard(entry.id)
        return Changes(added=added, removed=frozenset(removed))

    def entries(self) -> tuple[MemoryEntry, ...]:
        if self._sorted is None:
            self._sorted = tuple(sorted(self._by_path.values(), key=lambda e: e.path))
        return self._sorted

    def snapshot(self) -> Snapshot:
        return Snapshot(entries=self.entries(), taken_ids=frozenset(self._taken))


def merged(entries: Sequence[MemoryEntry], deltas: Sequence[Delta]) -> tuple[MemoryEntry, ...]:
    """``entries`` (sorted by path) with ``deltas`` applied in order, sorted by path."""
    if not any(deltas):
        return tuple(entries)
    by_path = {e.path: e for e in entries}
    for delta in deltas:
        for path in delta.removed_paths:
            by_path.pop(path, None)
        for entry in delta.added:
            by_path[entry.path] = entry
    return tuple(sorted(by_path.values(), key=lambda e: e.path))


def path_order(entries: Sequence[MemoryEntry]) -> list[str] | None:
    """The paths of ``entries`` when they are sorted by path with no path twice (what
    :func:`merged_in_order` needs), else None."""
    paths = [e.path for e in entries]
    return paths if all(a < b for a, b in zip(paths, paths[1:], strict=False)) else None


def final_paths(deltas: Sequence[Delta]) -> dict[str, MemoryEntry | None]:
    """What ``deltas`` applied in order make of each path they touch (None: removed)."""
    final: dict[str, MemoryEntry | None] = {}
    for delta in deltas:
        for path in delta.removed_paths:
            final[path] = None
        for entry in delta.added:
            final[entry.path] = entry
    return final


def merged_in_order(
    entries: Sequence[MemoryEntry], paths: Sequence[str], deltas: Sequence[Delta]
) -> tuple[tuple[MemoryEntry, ...], list[str]]:
    """:func:`merged` of ``entries`` (sorted by path, no path twice; ``paths`` theirs), and the
    paths of the result: what the deltas make of each path they touch (the last change of a
    path holds), put in its place (by bisection) between unchanged runs of ``entries`` copied
    whole, not each change inserted into the whole list in turn."""
    final = final_paths(deltas)
    found: list[MemoryEntry] = []
    where: list[str] = []
    done = 0
    for path in sorted(final):
        at = bisect_left(paths, path, done)
        found += entries[done:at]
        where += paths[done:at]
        done = at + 1 if at < len(paths) and paths[at] == path else at
        now = final[path]
        if now is not None:
            found.append(now)
            where.append(path)
    found += entries[done:]
    where += paths[done:]
    return tuple(found), where


def merged_view(
    entries: Sequence[MemoryEntry], paths: Sequence[str] | None, deltas: Sequence[Delta]
) -> tuple[MemoryEntry, ...]:
    """:func:`merged`, by :func:`merged_in_order` where ``paths`` (those of ``entries``, sorted,
    no path twice) are known."""
    if paths is None or not any(deltas):
        return merged(entries, deltas)
    return merged_in_order(entries, paths, deltas)[0]
