"""The file store's transaction: apply a validated Plan to a memory root (the only writer of
memory files), and roll an interrupted one forward.

Order of work, all under the root's lock (``MemoryRoot.lock``):

1. **Validate everything first.** Paths stay inside ``.reflexio/profiles|playbooks`` (or the
   archive), new files do not exist, each new text parses back to the op's id/kind/slug,
   ids are fresh, archive sources exist and carry the op's id, no two ops share a path.
   Any problem raises :class:`StoreError` before a single byte is written; the one exception
   is an expiry or forget archive another writer did first (its file gone, its id in the
   archive only): dropped, and named in :attr:`ApplyResult.done_elsewhere`. Validation costs
   what the plan touches, not the root: ids in use are looked up in the index (or, without
   one, among the memory folders' file names) and confirmed by parsing those files only.
2. **Journal.** The plan JSON is written to ``.reflexio/.journal/<UTC stamp>-<shortid>.json``.
3. **Write new files** (atomic, never overwrite), then **stage updates in place**: each
   updated memory's current version archived and its new text in a temp file beside it
   (:mod:`memscribe.store.update`); a refused write here rolls the plan back. Then each staged
   text is renamed over its memory file (the only replacement of a memory file: after its
   previous version is durable in the archive).
4. **Archive superseded files**: the original text plus ``superseded_by`` (when set),
   ``superseded_at`` and ``archive_reason`` frontmatter lines is written to
   ``.reflexio/.archive/<kind dir>/<file>`` (``<stem>-2.md``, ``-3``… if that name is
   taken), and only then is the original unlinked.
5. **Close the journal**: renamed to ``<same name>.done.json``.

A refused step says what it left (:mod:`memscribe.store.failures`, and ``StoreError.changed``):
before any memory file was replaced or removed (the new files, the staging, the rename of the
first staged text) the plan is rolled back, journal included, and the error says nothing
changed; after one, or when the disk refuses a removal of that roll-back, the journal stays
open and the error says the next run completes the plan; a refused close of the journal says
every change is made.

Nothing is destroyed before its replacement is durable, so a crash at any point loses no
data. The worst case is an entry both active and archived (``MemoryRoot.half_archived``)
and a journal without ``.done`` (``MemoryRoot.pending_journals``) naming the plan that was
interrupted; :func:`finish_interrupted` completes such archive steps.

**Journals are data, not commands.** A memory root may come from a cloned repository, so an
open journal may be planted. Before anything is replayed, every pending journal is checked
whole (:func:`_check_journal`): a regular single-linked file named as the writer names it, a
strict Plan (unknown keys refused), every path in the shapes memscribe writes
(:func:`memscribe.store.confine.check_op_shape`) and confined to the root's own memory folders
(no link on the way), each new text parsing back to its op's id, kind and slug. Anything else
raises :class:`~memscribe.errors.UnsafeRootError` (exit 7) before a byte is written; the journal
is left in place, never replayed, never deleted. Binding journals with a keyed digest was
weighed and not used: a key kept under the root can be planted next to the journal by the same
hand, and a key kept outside the root would itself be a file outside it. Confinement is what
makes replay harmless: a journal that passes can only do what memscribe's own apply does —
create new memory files in the kind folders, archive existing ones and update one in place
after archiving its current version — which is no more than
whoever planted it could do by writing those files directly.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.errors import StoreError, UnsafeRootError
from memscribe.schemas.plan import ArchiveOp, Plan, UpdateOp, WriteOp
from memscribe.store import update
from memscribe.store.atomic import (
    fsync_dir,
    remove_leftover_temps,
    store_error,
    write_new_file,
    write_new_file_free,
)
from memscribe.store.changes import MEMORY_DIRS, recorded
from memscribe.store.checks import (
    _check_archive,
    _check_rel_path,
    _check_shape,
    _check_text,
    _check_update,
    _check_write,
    _fail,
)
from memscribe.store.confine import (
    JOURNAL_DIR,
    read_text_nofollow,
)
from memscribe.store.failures import close_journal, cut_short, publish_staged, rolled_back
from memscribe.store.files import (
    KIND_DIRS,
    REFLEXIO_DIR,
    parse_memory_file,
    utc_stamp,
    with_archive_metadata,
)
from memscribe.store.ids import kind_of_id
from memscribe.store.lookup import ids_from_index, ids_from_names
from memscribe.store.root import MemoryRoot

#: A journal's name as :func:`_open_journal` makes it.
_JOURNAL_NAME = re.compile(r"^\d{8}T\d{6}Z-[0-9a-f]{8}\.json$")
#: A journal larger than this is not one memscribe wrote (plans are screened to far less).
MAX_JOURNAL_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class ApplyResult:
    """What :func:`apply_plan` did, as paths relative to the root.

    Attributes:
        written: new memory files, in plan order.
        archived: archive files written (the superseded originals are gone from the
            active folders), in plan order.
        journal: the closed journal file, or None for an empty plan.
    """

    written: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    journal: str | None = None
    #: memory files updated in place (their previous versions archived), in plan order
    updated: list[str] = field(default_factory=list)
    #: ids of the plan's archive ops another writer did first (not applied here, see
    #: :func:`_without_archives_done`): a caller reports only what it did
    done_elsewhere: list[str] = field(default_factory=list)


@dataclass
class _Checked:
    writes: list[WriteOp]
    archives: list[tuple[ArchiveOp, str]]  # op and the original text read while validating
    updates: list[tuple[UpdateOp, str]] = field(default_factory=list)  # op and the text it replaces


def _split_checked(plan: Plan) -> tuple[list[WriteOp], list[ArchiveOp]]:
    """The plan's writes and archives, each operation's shape checked and no path targeted twice
    (what a plan must be before it is checked against a root, alone or in a group)."""
    for op in plan.operations:
        _check_shape(op)
    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    archive_ops = [op for op in plan.operations if isinstance(op, ArchiveOp)]
    seen_paths: set[str] = set()
    for path in [op.path for op in plan.operations] + [op.archive_path for op in archive_ops]:
        if path in seen_paths:
            raise _fail("two operations target this path", path)
        seen_paths.add(path)
    return writes, archive_ops


def _without_archives_done(plan: Plan, root: MemoryRoot) -> tuple[Plan, list[str]]:
    """``plan`` less the archive ops (expiry, forget: no ``superseded_by``) another writer did
    since the plan was read (the active file is gone and its id is in the archive only), and
    their ids. Two sweeps read their page of expired entries before taking the lock; the second
    one's moves are done already, not an invalid plan (a file gone without a trace in the
    archive still is)."""
    gone = [
        op
        for op in plan.operations
        if isinstance(op, ArchiveOp)
        and op.superseded_by is None
        and kind_of_id(op.id) == op.kind
        and not os.path.lexists(root.path / op.path)
    ]
    if not gone:
        return plan, []
    for op in gone:
        _check_shape(op)
    ids = {op.id for op in gone}
    indexed = ids_from_index(root.path, ids)
    where = indexed if indexed is not None else ids_from_names(root.path, ids)
    done = {i for i in ids if where.get(i) == {True}}
    if not done:
        return plan, []
    dropped = {id(op) for op in gone if op.id in done}
    kept = [op for op in plan.operations if id(op) not in dropped]
    return plan.model_copy(update={"operations": kept}), [op.id for op in gone if op.id in done]


def _validate(plan: Plan, root: MemoryRoot) -> _Checked:
    """Check the plan against exactly the paths and ids it touches (never a scan of the root).

    Ids in use come from the index when the root has one (refreshed, each hit confirmed by
    parsing its file), else from the memory folders' file names (ids are their suffix).
    """
    writes, archive_ops = _split_checked(plan)
    wanted = {op.id for op in writes} | {op.superseded_by for op in archive_ops if op.superseded_by}
    wanted = {i for i in wanted if kind_of_id(i) is not None}
    where: dict[str, set[bool]] = {}
    if wanted:
        indexed = ids_from_index(root.path, wanted)
        where = indexed if indexed is not None else ids_from_names(root.path, wanted)
    taken = set(where)
    active = {i for i, places in where.items() if False in places}
    new_ids: set[str] = set()
    for op in writes:
        if op.id in new_ids:
            raise _fail(f"id {op.id} is written twice", op.path)
        _check_write(root.path, op, taken)
        new_ids.add(op.id)
    archived_ids: set[str] = set()
    archives: list[tuple[ArchiveOp, str]] = []
    for old in archive_ops:
        if old.id in archived_ids:
            raise _fail(f"id {old.id} is archived twice", old.path)
        archived_ids.add(old.id)
        archives.append((old, _check_archive(root.path, old, active, new_ids)))
    updates = [(op, _check_update(root.path, op)) for op in plan.operations if isinstance(op, UpdateOp)]
    return _Checked(writes=writes, archives=archives, updates=updates)


def _archive_copy(root: Path, op: ArchiveOp, text: str, stamp: str, *, sync_dir: bool = True) -> str:
    """Write the archived copy under a free name (its bytes fsynced; its folder too unless
    ``sync_dir`` is False: a commit group syncs each folder once). Returns the copy's path."""
    extra = [("superseded_by", op.superseded_by)] if op.superseded_by else []
    extra += [("superseded_at", stamp), ("archive_reason", op.reason or "unspecified")]
    archived_text = with_archive_metadata(text, op.path, extra)
    written = write_new_file_free(root / op.archive_path, archived_text, sync_dir=sync_dir)
    return written.relative_to(root).as_posix()


def _archive_one(root: Path, op: ArchiveOp, text: str, stamp: str) -> str:
    """Write the archived copy under a free name, then remove the original. Returns the copy's path."""
    rel = _archive_copy(root, op, text, stamp)
    source = root / op.path
    try:
        source.unlink()
    except OSError as exc:
        raise store_error(exc, source, "remove archived original") from exc
    fsync_dir(source.parent)
    return rel


def _open_journal(root: Path, plan: Plan, now: dt.datetime) -> Path:
    stamp = utc_stamp(now).replace("-", "").replace(":", "")
    journal = root / JOURNAL_DIR / f"{stamp}-{secrets.token_hex(4)}.json"
    write_new_file(journal, plan.model_dump_json(indent=2) + "\n")
    return journal


def apply_plan(
    plan: Plan, root: Path, *, now: dt.datetime | None = None, lock_timeout: float = 5.0
) -> ApplyResult:
    """Write a plan's new memory files and archive the ones it supersedes.

    Args:
        plan: the validated plan (its WriteOps carry the whole file text).
        root: the memory root (the folder that holds ``.reflexio/``).
        now: the archive/journal timestamp; defaults to the current UTC time.
        lock_timeout: seconds to wait for another writer's lock on the root.

    Returns:
        The paths written and archived, relative to ``root``, and the journal.

    Raises:
        StoreError: the plan is invalid (nothing written), the root is locked, or the
            disk refused a write (its message says whether anything changed: see
            :func:`apply_locked`).
    """
    if not plan.operations:
        return ApplyResult()
    memory_root = MemoryRoot(root)
    with memory_root.lock(timeout=lock_timeout):
        return apply_locked(plan, memory_root, now=now)


def apply_locked(plan: Plan, memory_root: MemoryRoot, *, now: dt.datetime | None = None) -> ApplyResult:
    """:func:`apply_plan` for a caller that already holds ``memory_root.lock`` (the batch job).

    A refused write (disk full, read-only, permission) while the new files are written or the
    updates staged, or a refused rename of the first staged text over its memory file, rolls
    this plan back (its new files, version copies, staged texts and journal are removed) and the
    error says nothing changed; a later refusal, or a removal of the roll-back refused, leaves
    the journal open and the error says the next run completes the plan
    (:mod:`memscribe.store.failures`). A crash
    (SIGKILL) leaves the journal open; :func:`recover_interrupted` rolls it forward.
    """
    plan, done_elsewhere = _without_archives_done(plan, memory_root)
    if not plan.operations:
        return ApplyResult(done_elsewhere=done_elsewhere)
    moment = now or dt.datetime.now(dt.UTC)
    checked = _validate(plan, memory_root)
    journal = _open_journal(memory_root.path, plan, moment)
    written: list[str] = []
    archived: list[str] = []
    staged: list[update.Staged] = []
    stamp = utc_stamp(moment)
    # The change log names every file touched, for the index refresh (memscribe.store.changes).
    with recorded(memory_root.path) as changed:
        try:
            for op in checked.writes:
                write_new_file(memory_root.path / op.path, op.text)
                written.append(op.path)
            for up, text in checked.updates:  # previous versions archived, new texts staged
                update.stage(memory_root.path, up, text, stamp, into=staged)
        except StoreError as exc:
            raise rolled_back(memory_root.path, exc, written, journal, staged) from exc
        publish_staged(memory_root.path, staged, [text for _, text in checked.updates], written, journal)
        try:
            for old, text in checked.archives:
                archived.append(_archive_one(memory_root.path, old, text, stamp))
        except StoreError as exc:
            raise cut_short(memory_root.path, exc, journal) from exc
        updated = [one.op.path for one in staged]
        copies = [one.copy for one in staged]
        changed.extend([*written, *updated, *copies, *archived, *(old.path for old, _ in checked.archives)])
    done = close_journal(journal)
    return ApplyResult(
        written=written,
        archived=archived,
        journal=done.relative_to(memory_root.path).as_posix(),
        updated=updated,
        done_elsewhere=done_elsewhere,
    )


def _check_journal(root: Path, journal: Path) -> Plan:
    """The plan in an open journal, after checking it is data memscribe could have written.

    Raises:
        UnsafeRootError: anything else (see the module docstring); the journal is left in place.
    """
    rel = journal.relative_to(root).as_posix() if journal.is_relative_to(root) else str(journal)

    def refuse(why: str) -> UnsafeRootError:
        return UnsafeRootError(
            f"unsafe journal {rel}: {why}; not replayed and left in place (check it, then remove it)",
            path=rel,
        )

    if not _JOURNAL_NAME.match(journal.name):
        raise refuse("not a journal name memscribe writes")
    try:
        plan = Plan.model_validate_json(read_text_nofollow(journal, limit=MAX_JOURNAL_BYTES))
    except UnsafeRootError as exc:
        raise refuse(exc.message.removeprefix("unsafe memory root: ")) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise refuse(f"not a plan ({type(exc).__name__})") from None
    try:
        for op in plan.operations:
            _check_shape(op)
            _check_rel_path(root, op.path, (REFLEXIO_DIR, KIND_DIRS[op.kind]))
            if isinstance(op, WriteOp | UpdateOp):
                _check_text(op)
            if isinstance(op, ArchiveOp | UpdateOp):
                _check_rel_path(root, op.archive_path, (REFLEXIO_DIR, ".archive", KIND_DIRS[op.kind]))
                if kind_of_id(op.id) != op.kind:
                    raise _fail(f"id {op.id!r} is not a {op.kind} id", op.path)
    except StoreError as exc:
        raise refuse(exc.message) from None
    return plan


def _roll_forward(root: Path, journal: Path, plan: Plan) -> None:
    """Finish the plan in an open journal (checked by :func:`_check_journal`): the writes and
    archives a crash cut short."""
    moment = dt.datetime.now(dt.UTC)
    for op in plan.operations:
        if isinstance(op, WriteOp) and not os.path.lexists(root / op.path):
            write_new_file(root / op.path, op.text)
    for op in plan.operations:
        if isinstance(op, UpdateOp):
            update.roll_forward(root, op, moment)
    archived_ids = MemoryRoot(root).archived_ids()
    for op in plan.operations:
        if not isinstance(op, ArchiveOp):
            continue
        source = root / op.path
        if not source.is_file() or source.is_symlink():
            continue  # archived before the crash (a link is never followed)
        text = read_text_nofollow(source)
        try:
            same = parse_memory_file(text, op.path).id == op.id
        except StoreError:
            same = False
        if not same:
            continue  # not the file the journal meant: leave it
        if op.id in archived_ids:  # copy written, original not yet removed
            source.unlink()
            fsync_dir(source.parent)
            continue
        _archive_one(root, op, text, utc_stamp(moment))
    close_journal(journal)


def recover_interrupted(root: Path, *, lock_timeout: float = 5.0, locked: bool = False) -> list[str]:
    """Roll forward every plan a crash interrupted (open journals), under the root's lock.

    Cheap when there is nothing to do (one directory listing, no lock). Run automatically at
    the start of ``extract``, ``apply`` and ``batch``. Returns the journals completed.

    Every pending journal is checked before any is replayed (:func:`_check_journal`).
    ``locked``: the caller holds the lock already (a batch run before its next commit).

    Raises:
        UnsafeRootError: a journal is not one memscribe wrote (nothing replayed or removed).
    """
    memory_root = MemoryRoot(root)
    if not memory_root.pending_journals():
        return []
    done: list[str] = []
    with contextlib.nullcontext() if locked else memory_root.lock(timeout=lock_timeout):
        for folder in (JOURNAL_DIR, *MEMORY_DIRS):  # a writer killed between link and unlink
            remove_leftover_temps(memory_root.path / folder)
        pending = [(j, _check_journal(memory_root.path, j)) for j in memory_root.pending_journals()]
        for journal, plan in pending:
            _roll_forward(memory_root.path, journal, plan)
            done.append(journal.relative_to(memory_root.path).as_posix())
        finish_interrupted(root, _locked=True)
    return done


def finish_interrupted(root: Path, *, lock_timeout: float = 5.0, _locked: bool = False) -> list[str]:
    """Finish archive steps a crash interrupted: remove active files already archived.

    Only a file whose archived copy has the same id is removed, so no content is lost.
    Returns the removed paths.
    """
    memory_root = MemoryRoot(root)
    removed: list[str] = []
    with contextlib.nullcontext() if _locked else memory_root.lock(timeout=lock_timeout):
        for entry in memory_root.half_archived():
            target = memory_root.path / entry.path
            try:
                target.unlink()
            except OSError as exc:
                raise store_error(exc, target, "remove archived original") from exc
            fsync_dir(target.parent)
            removed.append(entry.path)
    return removed


__all__ = ["ApplyResult", "apply_locked", "apply_plan", "finish_interrupted", "recover_interrupted"]
