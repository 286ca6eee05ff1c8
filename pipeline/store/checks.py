"""The writer's checks of one operation against a memory root (paths, texts, ids), shared by the
single-plan transaction (:mod:`memscribe.store.transaction`) and the group commit
(:mod:`memscribe.store.group`). Nothing here writes.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path, PurePosixPath

from memscribe.errors import StoreError, UnsafeRootError
from memscribe.kinds.parse import parse_written
from memscribe.schemas.plan import ArchiveOp, UpdateOp, WriteOp
from memscribe.store.confine import check_op_shape, check_path_text, confined, read_text_nofollow
from memscribe.store.files import KIND_DIRS, REFLEXIO_DIR, archive_path, parse_memory_file
from memscribe.store.ids import kind_of_id


def _fail(message: str, path: str) -> StoreError:
    return StoreError(f"invalid plan: {path}: {message}", path=path)


def _unsafe(message: str, path: str) -> UnsafeRootError:
    return UnsafeRootError(f"invalid plan: {path!r}: {message}", path=path)


def _check_rel_path(
    root: Path, rel: str, expected: tuple[str, ...], *, confined_dirs: set[tuple[str, ...]] | None = None
) -> Path:
    """``root / rel`` after checking ``rel`` is ``<expected dirs>/<name>.md`` with no tricks.

    ``confined_dirs``: the folders already found confined (no link on the way) under the same
    hold of the root lock (a group commit checks each folder once, not once per file; the
    files are written only after every check, so checking the folder again per file closes no
    window). A folder checked here is added to it."""
    problem = check_path_text(rel)
    if problem:
        raise _unsafe(f"path {problem}", rel)
    if not _plain(rel, expected):
        raise _unsafe(f"path must be {'/'.join(expected)}/<name>.md", rel)
    if confined_dirs is None:
        return confined(root, rel)
    if expected not in confined_dirs:
        confined(root, rel)
        confined_dirs.add(expected)
    return root / rel


def _plain(rel: str, expected: tuple[str, ...]) -> bool:
    """Whether ``rel`` is ``<expected dirs>/<name>.md``: relative, in its normal form (no empty,
    ``.`` or ``..`` part), no backslash, not a dot file."""
    head, _, name = rel.rpartition("/")
    if head == "/".join(expected):  # then rel is its own normal form: no need to ask pathlib
        return "\\" not in rel and name.endswith(".md") and not name.startswith(".")
    pure = PurePosixPath(rel)
    parts = pure.parts
    return not (
        "\\" in rel
        or pure.is_absolute()
        or parts[:-1] != expected
        or not parts[-1].endswith(".md")
        or parts[-1].startswith(".")
        or rel != pure.as_posix()
    )


def _check_shape(op: WriteOp | ArchiveOp | UpdateOp) -> None:
    problem = check_op_shape(op)
    if problem:
        raise _unsafe(problem, op.path)


def _check_write(root: Path, op: WriteOp, taken: set[str]) -> None:
    target = _check_rel_path(root, op.path, (REFLEXIO_DIR, KIND_DIRS[op.kind]))
    if os.path.lexists(target):
        raise _fail("file already exists (memory files are never overwritten)", op.path)
    if op.id in taken:
        raise _fail(f"id {op.id} is already in use", op.path)
    _check_text(op)


def _check_text(op: WriteOp | UpdateOp) -> None:
    """The op's text parses back to the op's own id, kind, slug, supersedes (a write's; an
    update keeps the entry's own) and namespace."""
    if kind_of_id(op.id) != op.kind:
        raise _fail(f"id {op.id!r} is not a {op.kind} id", op.path)
    try:
        entry = parse_written(op.text, op.path)
    except StoreError as exc:
        raise _fail(f"text does not parse: {exc}", op.path) from None
    mismatch = [
        name
        for name, ours, theirs in (
            ("id", entry.id, op.id),
            ("kind", entry.kind, op.kind),
            ("slug", entry.slug, op.slug),
            ("supersedes", list(entry.supersedes), op.supersedes if isinstance(op, WriteOp) else None),
            ("namespace", entry.namespace, op.namespace),
        )
        if ours != theirs and not (name == "supersedes" and theirs is None)
    ]
    if mismatch:
        raise _fail(f"text disagrees with the op on {', '.join(mismatch)}", op.path)


def _archive_source(root: Path, op: ArchiveOp, confined_dirs: set[tuple[str, ...]] | None = None) -> Path:
    """The file an archive op moves (its path and archive path checked, not yet read)."""
    source = _check_rel_path(root, op.path, (REFLEXIO_DIR, KIND_DIRS[op.kind]), confined_dirs=confined_dirs)
    _check_rel_path(
        root, op.archive_path, (REFLEXIO_DIR, ".archive", KIND_DIRS[op.kind]), confined_dirs=confined_dirs
    )
    if op.archive_path != archive_path(op.path):
        raise _fail(f"archive path must be {archive_path(op.path)}", op.path)
    return source


def _read_archived(source: Path, op: ArchiveOp) -> str:
    """The text of the file to archive, which must hold the entry the op names."""
    if not source.is_file() or source.is_symlink():
        raise _fail("file to archive does not exist", op.path)
    try:
        text = read_text_nofollow(source)
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(f"cannot read: {exc}", op.path) from None
    _check_archived_entry(text, op)
    return text


def _check_archived_entry(text: str, op: ArchiveOp) -> None:
    entry = parse_memory_file(text, op.path)
    if entry.id != op.id or entry.kind != op.kind:
        raise _fail(f"file holds {entry.kind} {entry.id}, the op names {op.kind} {op.id}", op.path)


def _check_archive(root: Path, op: ArchiveOp, active: Collection[str], new_ids: set[str]) -> str:
    text = _read_archived(_archive_source(root, op), op)
    if op.superseded_by is not None and op.superseded_by not in new_ids and op.superseded_by not in active:
        raise _fail(f"superseded_by {op.superseded_by} is neither written by this plan nor active", op.path)
    if op.superseded_by == op.id:
        raise _fail("an entry cannot supersede itself", op.path)
    return text


def _check_update(root: Path, op: UpdateOp, confined_dirs: set[tuple[str, ...]] | None = None) -> str:
    """An update in place: its file is in its kind's folder and holds the op's entry with the
    body the plan was made against (``previous_body``: a file edited since is never overwritten),
    and the new text parses back to the op's id, kind, slug and namespace. Returns the current
    text (the version archived)."""
    source = _check_rel_path(root, op.path, (REFLEXIO_DIR, KIND_DIRS[op.kind]), confined_dirs=confined_dirs)
    _check_rel_path(
        root, op.archive_path, (REFLEXIO_DIR, ".archive", KIND_DIRS[op.kind]), confined_dirs=confined_dirs
    )
    if op.archive_path != archive_path(op.path):
        raise _fail(f"archive path must be {archive_path(op.path)}", op.path)
    if not source.is_file() or source.is_symlink():
        raise _fail("file to update does not exist", op.path)
    try:
        text = read_text_nofollow(source)
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(f"cannot read: {exc}", op.path) from None
    entry = parse_memory_file(text, op.path)
    if entry.id != op.id or entry.kind != op.kind:
        raise _fail(f"file holds {entry.kind} {entry.id}, the op names {op.kind} {op.id}", op.path)
    if entry.body != op.previous_body.strip():
        raise _fail("file changed since the plan was made (not updated)", op.path)
    _check_text(op)
    return text
