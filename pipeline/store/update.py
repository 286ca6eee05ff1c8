"""Update in place (:class:`~memscribe.schemas.plan.UpdateOp`): a stored memory rewritten with
its id and file kept, its previous version archived first.

The order of work, under the root's lock and after the plan's journal is written:

1. **Stage** (:func:`stage`): the previous version is written to the archive
   (``.reflexio/.archive/<kind dir>/<file>``, ``-2``, ``-3``… if taken) with ``updated_at`` and
   ``archive_reason`` lines, and the new text to a temp file beside the memory file (both
   fsynced). Both are new files: a refused write rolls the plan back by removing them
   (:func:`discard`), and the memory is untouched.
2. **Publish** (:func:`publish`): the temp file is renamed over the memory file (atomic, its
   folder fsynced). Readers see the old text or the new one, never a mix.

A kill before step 2 leaves the old file active and the journal open; the next run removes
the temp file and rolls the journal forward (:func:`roll_forward`: the version is archived once,
an identical copy already there is reused, then the new text published). After step 2 the
file holds the op's text and roll-forward does nothing.

A previous version's copy carries ``updated_at``, never ``superseded_by``: it is not a
half-finished archive step, so the active file holding the same id (the newer version) stays
(:meth:`memscribe.store.root.MemoryRoot.half_archived`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from memscribe.errors import StoreError
from memscribe.schemas.plan import UpdateOp
from memscribe.store.atomic import (
    fsync_dir,
    publish_replacement,
    stage_replacement,
    write_new_file_free,
)
from memscribe.store.confine import read_text_nofollow
from memscribe.store.files import parse_memory_file, split_frontmatter, utc_stamp, with_archive_metadata

#: The archive line that marks a previous version of an entry updated in place.
VERSION_KEY = "updated_at"


@dataclass
class Staged:
    """One update after :func:`stage`: the archived copy (relative path) and the temp file
    holding the new text (None once published)."""

    op: UpdateOp
    copy: str
    temp: str | None


def is_previous_version(text: str, path: str) -> bool:
    """Whether an archived file is a previous version of an entry updated in place."""
    try:
        meta, _ = split_frontmatter(text, path)
    except StoreError:
        return False
    return VERSION_KEY in meta


def _version_copy(root: Path, op: UpdateOp, current: str, stamp: str, *, sync_dir: bool) -> str:
    extra = [(VERSION_KEY, stamp), ("archive_reason", f"updated in place: {op.reason or 'unspecified'}")]
    written = write_new_file_free(
        root / op.archive_path, with_archive_metadata(current, op.path, extra), sync_dir=sync_dir
    )
    return written.relative_to(root).as_posix()


def stage(
    root: Path,
    op: UpdateOp,
    current: str,
    stamp: str,
    *,
    sync_dir: bool = True,
    into: list[Staged] | None = None,
) -> Staged:
    """Archive ``current`` (the file's text as validated) and stage the new text beside it.

    ``into``: the plan's staged updates; this one joins it as soon as its version copy is
    written, so the plan's roll-back removes that copy (and checks it did) if staging fails.

    Raises:
        StoreError: a write was refused; without ``into``, nothing of this op is left (as far as
            the disk allowed its removal).
    """
    copy = _version_copy(root, op, current, stamp, sync_dir=sync_dir)
    staged = Staged(op, copy, None)
    if into is not None:
        into.append(staged)
    try:
        staged.temp = stage_replacement(root / op.path, op.text)
    except StoreError:
        if into is None:
            with contextlib.suppress(OSError):
                (root / copy).unlink()
        raise
    return staged


def publish(root: Path, staged: Staged) -> None:
    """Rename the staged text over the memory file."""
    if staged.temp is not None:
        publish_replacement(staged.temp, root / staged.op.path)
        staged.temp = None


def discard(root: Path, staged: Staged) -> bool:
    """Undo :func:`stage` for a plan rolled back before anything was published. Returns
    whether both its files are gone (a refused removal leaves one: the plan's journal then
    stays open, review RV2 F2 of 51e3ba1f)."""
    gone = True
    for path in (staged.temp, str(root / staged.copy)):
        if path is not None:
            gone = remove_file(Path(path)) and gone
    if gone:
        staged.temp = None
    fsync_dir((root / staged.copy).parent)
    return gone


def remove_file(path: Path) -> bool:
    """Remove a file the plan created; whether it is gone (already gone counts)."""
    try:
        path.unlink()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def _archived_already(root: Path, op: UpdateOp, current: str) -> bool:
    """An archived previous version of ``op``'s entry holds ``current`` (a kill after stage)."""
    from memscribe.store.root import MemoryRoot

    entry = parse_memory_file(current, op.path)
    return any(
        old.id == op.id and old.body == entry.body and old.created == entry.created
        for old in MemoryRoot(root).archived_entries()
        if is_previous_version(read_text_nofollow(root / old.path), old.path)
    )


def roll_forward(root: Path, op: UpdateOp, moment: dt.datetime) -> None:
    """Finish an update an interrupted plan names (its journal checked): the file still holds
    the op's entry and not yet the new text → archive that version (once) and publish."""
    source = root / op.path
    if not source.is_file() or source.is_symlink():
        return  # gone since (archived, or removed by hand): nothing to update
    current = read_text_nofollow(source)
    if current == op.text:
        return  # published before the kill
    try:
        same = parse_memory_file(current, op.path).id == op.id
    except StoreError:
        same = False
    if not same:
        return  # not the file the journal meant: leave it
    if not _archived_already(root, op, current):
        _version_copy(root, op, current, utc_stamp(moment), sync_dir=True)
    publish(root, Staged(op, "", stage_replacement(source, op.text)))


__all__ = ["VERSION_KEY", "Staged", "discard", "is_previous_version", "publish", "roll_forward", "stage"]
