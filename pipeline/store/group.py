"""Group commit: several validated plans applied under one journal and one fsync batch.

The batch job commits consecutive ready plans (path order) under one acquisition of the root
lock; :class:`GroupWriter` makes that one transaction on disk, with the same result as applying
the plans one by one with :func:`memscribe.store.transaction.apply_locked` (same files, same
archive names, same texts), at a fraction of the fsyncs:

1. **Validate** each plan as it is :meth:`added <GroupWriter.add>`, against the disk *and* the
   plans added before it (a later plan may archive what an earlier one writes, and no id or
   path may be used twice). A plan that does not validate is refused alone (``StoreError``),
   with nothing written; the plans added before it still make a group.
2. **Journal** (:meth:`GroupWriter.commit`): one file holding every operation of the group, in
   plan order, as one Plan — the shape :func:`~memscribe.store.transaction.recover_interrupted`
   already checks and rolls forward (an older memscribe replays it too). Its bytes and its
   folder are fsynced: 2 fsyncs for the group.
3. **Write every new file**: all their bytes fsynced at once (concurrent fsyncs: one flush of
   the disk, not one per file), each published only then, then each folder fsynced once.
4. **Archive**: every archived copy written (bytes fsynced), each archive folder fsynced once,
   and only then every original unlinked, each active folder fsynced once — nothing is
   destroyed before its replacement is durable.
5. **Close the journal** (renamed ``.done.json``; its folder fsynced), one change-log line.

A refused write (disk full, read-only) while the new files are written or the updates staged,
or a refused rename of the first staged text over its memory file, rolls the whole group back
(its new files, staged texts, version copies and its journal) and the error says nothing
changed; a step refused after a memory file was replaced or removed, or a removal of that
roll-back refused, leaves the journal open and its error says the next run completes the group
(:mod:`memscribe.store.failures`). A kill at any step leaves either no
journal (nothing written that a reader sees as a memory), or an open journal that the next run
rolls forward — writes of the group's plans that are missing, archives not finished — to the
same files as an uninterrupted commit.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from memscribe.errors import StoreError
from memscribe.schemas.plan import ArchiveOp, Operation, Plan, UpdateOp, WriteOp
from memscribe.store import update
from memscribe.store.atomic import fsync_dir, store_error, write_new_files
from memscribe.store.changes import recorded
from memscribe.store.checks import (
    _archive_source,
    _check_archived_entry,
    _check_rel_path,
    _check_text,
    _check_update,
    _fail,
    _read_archived,
)
from memscribe.store.failures import close_journal, cut_short, publish_staged, rolled_back
from memscribe.store.files import (
    KIND_DIRS,
    REFLEXIO_DIR,
    utc_stamp,
)
from memscribe.store.ids import kind_of_id
from memscribe.store.lookup import ids_from_index, ids_from_names, parsed_id
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import ApplyResult, _archive_copy, _open_journal, _split_checked


@dataclass
class _Added:
    plan: Plan
    writes: list[WriteOp]
    archives: list[tuple[ArchiveOp, str]]  # op and the text archived (read, or an earlier write's)
    updates: list[tuple[UpdateOp, str]] = field(default_factory=list)  # op and the text it replaces
    written: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)


class KnownIds(Protocol):
    """The ids in use in the root as its one writer knows them under the lock (a batch run's
    :class:`~memscribe.batch.view.MemoryState`, synced under this hold of the lock)."""

    def is_taken(self, memory_id: str) -> bool:
        """Whether ``memory_id`` is in use (active or archived)."""
        ...

    def active_path(self, memory_id: str) -> str | None:
        """The active file holding ``memory_id`` (None: not active)."""
        ...


class GroupWriter:
    """One group commit on a locked memory root (see the module docstring).

    Args:
        memory_root: the root; the caller holds its lock from the first :meth:`add` to the end
            of :meth:`commit`.
        now: the archive and journal timestamp (default: the current UTC time).
        known: the ids in use as the caller knows them under this hold of the lock (its view
            of the root synced with the folders' mtimes after taking it, as the index refresh
            is): an id it does not know is not looked up on disk; one it knows is confirmed
            there as before (an active one by parsing its file, an archived one through the
            index). Default: every id is looked up on disk.
    """

    def __init__(
        self, memory_root: MemoryRoot, *, now: dt.datetime | None = None, known: KnownIds | None = None
    ) -> None:
        self.root = memory_root
        self._ids = known
        self.moment = now or dt.datetime.now(dt.UTC)
        self._added: list[_Added] = []
        self._taken: set[str] = set()  # ids written by the group so far
        self._archived: set[str] = set()  # ids the group archives so far
        self._written: dict[str, WriteOp] = {}  # active paths the group creates
        self._gone: set[str] = set()  # active paths the group archives
        self._updated: set[str] = set()  # active paths the group updates in place
        self._known: dict[str, set[bool]] = {}  # ids looked up on disk (False: active)
        self._confined: set[tuple[str, ...]] = set()  # folders found free of links (lock held)

    def __len__(self) -> int:
        return len(self._added)

    @property
    def plans(self) -> list[Plan]:
        return [a.plan for a in self._added]

    def look_up(self, plans: Sequence[Plan]) -> None:
        """Look up at once the ids the plans about to be added write or name (one index query
        for the group instead of one per plan; :meth:`add` looks up anything missed)."""
        ids: set[str] = set()
        for plan in plans:
            for op in plan.operations:
                if isinstance(op, WriteOp):
                    ids.add(op.id)
                elif isinstance(op, ArchiveOp) and op.superseded_by:
                    ids.add(op.superseded_by)
        self._lookup(ids)

    def _lookup(self, ids: set[str]) -> None:
        wanted = {i for i in ids if i not in self._known and kind_of_id(i) is not None}
        if self._ids is not None and wanted:
            for memory_id in list(wanted):
                if not self._ids.is_taken(memory_id):  # not in use: no file holds it
                    self._known[memory_id] = set()
                    wanted.discard(memory_id)
                    continue
                path = self._ids.active_path(memory_id)
                if path is not None and parsed_id(self.root.path, path) == memory_id:
                    self._known[memory_id] = {False}
                    wanted.discard(memory_id)
        if not wanted:
            return
        found = ids_from_index(self.root.path, wanted)
        found = found if found is not None else ids_from_names(self.root.path, wanted)
        for memory_id in wanted:
            self._known[memory_id] = found.get(memory_id, set())

    def _taken_id(self, memory_id: str) -> bool:
        return memory_id in self._taken or bool(self._known.get(memory_id))

    def _active(self, memory_id: str) -> bool:
        if memory_id in self._archived:
            return False
        return memory_id in self._taken or False in self._known.get(memory_id, set())

    def add(self, plan: Plan) -> None:
        """Validate ``plan`` after the plans added so far and add it to the group.

        Raises:
            StoreError: the plan is invalid (it is not added; the group is unchanged).
        """
        writes, archive_ops = _split_checked(plan)
        self._lookup({op.id for op in writes} | {op.superseded_by for op in archive_ops if op.superseded_by})
        new_ids: set[str] = set()
        for op in writes:
            if op.id in new_ids:
                raise _fail(f"id {op.id} is written twice", op.path)
            target = _check_rel_path(
                self.root.path, op.path, (REFLEXIO_DIR, KIND_DIRS[op.kind]), confined_dirs=self._confined
            )
            if op.path in self._written or os.path.lexists(target):
                raise _fail("file already exists (memory files are never overwritten)", op.path)
            if self._taken_id(op.id):
                raise _fail(f"id {op.id} is already in use", op.path)
            _check_text(op)
            new_ids.add(op.id)
        archives: list[tuple[ArchiveOp, str]] = []
        archived_ids: set[str] = set()
        for old in archive_ops:
            if old.id in archived_ids:
                raise _fail(f"id {old.id} is archived twice", old.path)
            archived_ids.add(old.id)
            archives.append((old, self._check_archive(old, new_ids)))
        updates: list[tuple[UpdateOp, str]] = []
        for up in (op for op in plan.operations if isinstance(op, UpdateOp)):
            if up.path in self._gone or up.path in self._written or up.path in self._updated:
                raise _fail("an earlier plan of the group changes this file (not updated)", up.path)
            updates.append((up, _check_update(self.root.path, up, self._confined)))
        self._added.append(_Added(plan, writes, archives, updates))
        self._updated |= {up.path for up, _ in updates}
        self._taken |= new_ids
        self._archived |= archived_ids
        self._written.update((op.path, op) for op in writes)
        self._gone |= {old.path for old in archive_ops}

    def _check_archive(self, op: ArchiveOp, new_ids: set[str]) -> str:
        root = self.root.path
        source = _archive_source(root, op, self._confined)
        if op.path in self._gone:
            raise _fail("file to archive does not exist", op.path)
        if op.path in self._updated:
            raise _fail("an earlier plan of the group updates this file (not archived)", op.path)
        earlier = self._written.get(op.path)
        if earlier is not None:
            text = earlier.text
            _check_archived_entry(text, op)
        else:
            text = _read_archived(source, op)
        if op.superseded_by is not None:
            self._lookup({op.superseded_by})
            if op.superseded_by not in new_ids and not self._active(op.superseded_by):
                raise _fail(
                    f"superseded_by {op.superseded_by} is neither written by this plan nor active", op.path
                )
        if op.superseded_by == op.id:
            raise _fail("an entry cannot supersede itself", op.path)
        return text

    def _journal_plan(self) -> Plan:
        """The group as one Plan (every operation, in plan order): what recovery replays."""
        first = self._added[0].plan
        operations: list[Operation] = [op for a in self._added for op in a.plan.operations]
        names = ", ".join(a.plan.transcript for a in self._added)
        return first.model_copy(
            update={
                "operations": operations,
                "skipped": [],
                "redactions": [],
                "bad_lines": [],
                "snapshot": None,
                "gate": f"group commit of {len(self._added)} plans: {names}"[:2000],
            }
        )

    def commit(self) -> list[ApplyResult]:
        """Apply the group (see the module docstring); one result per added plan, in order.

        Raises:
            StoreError: the disk refused a write. Before any memory file was replaced or
                removed the whole group is rolled back (nothing of it is left) and the error
                says "nothing changed"; later, the journal stays open, the next run rolls it
                forward, and the error says so (:mod:`memscribe.store.failures`).
        """
        active = [a for a in self._added if a.plan.operations]
        if not active:
            return [ApplyResult() for _ in self._added]
        root = self.root.path
        journal = _open_journal(root, self._journal_plan(), self.moment)
        written: list[str] = []
        with recorded(root) as changed:
            jobs = [(added, op) for added in active for op in added.writes]

            def published(index: int) -> None:
                added, op = jobs[index]
                written.append(op.path)
                added.written.append(op.path)

            stamp = utc_stamp(self.moment)
            staged: list[tuple[_Added, update.Staged]] = []
            stagings: list[update.Staged] = []  # every staged update, from its version copy on
            currents: list[str] = []  # the text each staged file holds, as validated
            try:
                write_new_files([(root / op.path, op.text) for _, op in jobs], published=published)
                for added in active:  # previous versions archived, new texts staged
                    for up, text in added.updates:
                        staged.append(
                            (added, update.stage(root, up, text, stamp, sync_dir=False, into=stagings))
                        )
                        currents.append(text)
                for folder in sorted({(root / p).parent for p in written + [s.copy for _, s in staged]}):
                    fsync_dir(folder)
            except StoreError as exc:
                raise rolled_back(root, exc, written, journal, stagings) from exc
            publish_staged(root, stagings, currents, written, journal)
            for added, one in staged:
                added.updated.append(one.op.path)
            try:
                copies = self._archive_all(active, stamp)
            except StoreError as exc:
                raise cut_short(root, exc, journal) from exc
            originals = [old.path for a in active for old, _ in a.archives]
            changed.extend([*written, *(s.op.path for _, s in staged), *(s.copy for _, s in staged)])
            changed.extend([*copies, *originals])
        done = close_journal(journal).relative_to(root).as_posix()
        return [
            ApplyResult(
                written=a.written,
                archived=a.archived,
                journal=done if a.plan.operations else None,
                updated=a.updated,
            )
            for a in self._added
        ]

    def _archive_all(self, active: list[_Added], stamp: str) -> list[str]:
        """Step 4: every archived copy written and its folder fsynced, then every original
        removed and its folder fsynced. Returns the copies' paths."""
        root = self.root.path
        copies: list[str] = []
        for added in active:
            for old, text in added.archives:
                rel = _archive_copy(root, old, text, stamp, sync_dir=False)
                copies.append(rel)
                added.archived.append(rel)
        for folder in sorted({(root / p).parent for p in copies}):
            fsync_dir(folder)
        originals = [old.path for a in active for old, _ in a.archives]
        for rel_path in originals:
            try:
                (root / rel_path).unlink()
            except OSError as exc:
                raise store_error(exc, root / rel_path, "remove archived original") from exc
        for folder in sorted({(root / p).parent for p in originals}):
            fsync_dir(folder)
        return copies


__all__ = ["GroupWriter"]
