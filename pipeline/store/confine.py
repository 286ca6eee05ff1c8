"""The memory root is a trust boundary: nothing memscribe does through it reaches a file outside.

A memory root lives in a project folder, so its contents may come from a cloned repository or
a manipulated agent. Three rules keep what is planted there from steering memscribe elsewhere:

* **No link is followed** under ``.reflexio/`` or ``memory/``. :func:`check_root_layout`
  refuses a root whose special folders (``.reflexio`` and its ``.journal``, ``.index``,
  ``.ledger``, ``.archive`` and kind folders, ``memory/`` and ``memory/groups``) or special
  files (the lock, the change log, the index and ledger databases) are symlinks; single files
  are opened with ``O_NOFOLLOW`` (:func:`open_nofollow`, :func:`read_text_nofollow`).
* **Paths come in the shapes memscribe writes** (:func:`check_op_shape`): a write op names
  ``.reflexio/<kind folder>/<slug>-<id suffix>.md`` for its own kind, slug and id; an archive
  op names such a file and its ``.reflexio/.archive/<kind folder>/`` twin. Nothing else — no
  ``..``, absolute path, control character or other folder — is accepted from a plan or a
  journal.
* **Journals are data**, checked whole before a byte is replayed
  (:mod:`memscribe.store.transaction`).

Every refusal is an :class:`~memscribe.errors.UnsafeRootError` (exit code 7): one line naming
the path, nothing touched.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path, PurePosixPath

from memscribe.errors import StoreError, UnsafeRootError
from memscribe.kinds.layout import ARCHIVE_DIR, KIND_DIRS, REFLEXIO_DIR, archive_path, memory_path
from memscribe.schemas.plan import ArchiveOp, UpdateOp, WriteOp

JOURNAL_DIR = f"{REFLEXIO_DIR}/.journal"
INDEX_DIR = f"{REFLEXIO_DIR}/.index"
LEDGER_DIR = f"{REFLEXIO_DIR}/.ledger"
LOCK_FILE = f"{REFLEXIO_DIR}/.lock"
CHANGES_FILE = f"{INDEX_DIR}/changes.log"
SNAPSHOT_DIR = "memory"

#: Folders that must be real folders (or absent), never links.
SPECIAL_DIRS: tuple[str, ...] = (
    REFLEXIO_DIR,
    JOURNAL_DIR,
    INDEX_DIR,
    LEDGER_DIR,
    ARCHIVE_DIR,
    *(f"{REFLEXIO_DIR}/{d}" for d in sorted(KIND_DIRS.values())),
    *(f"{ARCHIVE_DIR}/{d}" for d in sorted(KIND_DIRS.values())),
    SNAPSHOT_DIR,
    f"{SNAPSHOT_DIR}/groups",
)
_DB_SUFFIXES = ("", "-wal", "-shm", "-journal")
#: Files memscribe opens, writes or truncates in place: never links, never hard links.
SPECIAL_FILES: tuple[str, ...] = (
    LOCK_FILE,
    CHANGES_FILE,
    *(f"{INDEX_DIR}/memscribe.sqlite3{s}" for s in _DB_SUFFIXES),
    *(f"{LEDGER_DIR}/ledger.sqlite3{s}" for s in _DB_SUFFIXES),
    f"{SNAPSHOT_DIR}/flush-state.json",
)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
#: Windows opens in text mode (newline translation, ^Z as end of file) unless told otherwise.
_BINARY = getattr(os, "O_BINARY", 0)
#: Characters that never belong in a path memscribe writes (controls, bidi and zero-width marks).
_BAD_PATH_CHARS = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def _refuse(rel: str, why: str) -> UnsafeRootError:
    return UnsafeRootError(
        f"unsafe memory root: {rel} {why}; refusing to follow it (nothing was touched)", path=rel
    )


def check_root_layout(root: Path) -> None:
    """Refuse a root whose special folders or files are links (or folders that are not folders).

    Costs one ``lstat`` per name (no listing). The root folder itself may be a link: it is the
    user's choice of workspace, not something planted inside it.

    Raises:
        UnsafeRootError: a special folder or file is a symlink, a special folder is not a
            folder, or a special file is not a regular file or has other hard links.
    """
    root = Path(root)
    for rel in SPECIAL_DIRS:
        st = _lstat(root, rel)
        if st is None:
            continue
        if stat.S_ISLNK(st.st_mode):
            raise _refuse(rel, f"is a symlink (to {_target(root / rel)})")
        if not stat.S_ISDIR(st.st_mode):
            raise _refuse(rel, "is not a folder")
    for rel in SPECIAL_FILES:
        st = _lstat(root, rel)
        if st is not None:
            _check_file_stat(rel, st, root / rel)


def _lstat(root: Path, rel: str) -> os.stat_result | None:
    try:
        return os.lstat(root / rel)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise StoreError(f"cannot check {rel}: {exc.strerror or exc}", path=rel, errno=exc.errno) from None


def _target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def _check_file_stat(rel: str, st: os.stat_result, path: Path) -> None:
    if stat.S_ISLNK(st.st_mode):
        raise _refuse(rel, f"is a symlink (to {_target(path)})")
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(rel, "is not a regular file")
    if st.st_nlink > 1:
        raise _refuse(rel, f"has {st.st_nlink} hard links (one may be outside the root)")


def open_nofollow(path: Path, flags: int, mode: int = 0o644, *, rel: str | None = None) -> int:
    """``os.open`` that never follows a link at ``path`` and only opens a single-linked regular file.

    Never pass ``O_TRUNC``: truncate through the returned descriptor once it is checked.

    Raises:
        UnsafeRootError: ``path`` is a link, not a regular file, or has other hard links.
        OSError: any other failure (the caller words it).
    """
    name = rel or str(path)
    if flags & os.O_TRUNC:
        raise ValueError("open_nofollow: truncate through the checked descriptor, not O_TRUNC")
    try:
        fd = os.open(path, flags | _NOFOLLOW | _NONBLOCK | _BINARY, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _refuse(name, f"is a symlink (to {_target(Path(path))})") from None
        raise
    try:
        _check_file_stat(name, os.fstat(fd), Path(path))
        if _NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_text_nofollow(path: Path, *, limit: int | None = None) -> str:
    """A file's UTF-8 text, read without following a link (see :func:`open_nofollow`).

    Raises:
        UnsafeRootError: the file is a link / not a regular file / hard-linked, or over ``limit`` bytes.
        OSError, UnicodeDecodeError: it cannot be read as text.
    """
    fd = open_nofollow(Path(path), os.O_RDONLY)
    with os.fdopen(fd, "rb") as fh:
        data = fh.read() if limit is None else fh.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise _refuse(str(path), f"is over {limit} bytes")
    return data.decode("utf-8")


def check_path_text(rel: str) -> str | None:
    """Why ``rel`` cannot be a path memscribe writes (controls, bidi, ``..``, absolute…), or None."""
    if _BAD_PATH_CHARS.search(rel):
        return "contains a control, bidi or zero-width character"
    pure = PurePosixPath(rel)
    if "\\" in rel or pure.is_absolute() or rel != pure.as_posix() or ".." in pure.parts:
        return "is not a plain relative path"
    return None


def check_op_shape(op: WriteOp | ArchiveOp | UpdateOp) -> str | None:
    """Why an operation's paths are not in the shapes memscribe writes, or None when they are.

    A write names exactly ``memory_path(kind, slug, id)``; an archive names a ``<name>.md`` file
    directly in its kind's folder (a file named by hand may be archived; the store checks it
    holds the op's id) and exactly its ``archive_path``; so does an update in place.
    """
    paths = [op.path] if isinstance(op, WriteOp) else [op.path, op.archive_path]
    for rel in paths:
        problem = check_path_text(rel)
        if problem:
            return f"path {rel!r} {problem}"
    try:
        if isinstance(op, WriteOp):
            wanted = memory_path(op.kind, op.slug, op.id)
            if op.path != wanted:
                return f"path {op.path!r} must be {wanted}"
            return None
        parts = PurePosixPath(op.path).parts
        if len(parts) != 3 or parts[:2] != (REFLEXIO_DIR, KIND_DIRS[op.kind]):
            return f"path {op.path!r} is not in {REFLEXIO_DIR}/{KIND_DIRS[op.kind]}/"
        if not parts[2].endswith(".md") or parts[2].startswith("."):
            return f"path {op.path!r} is not a memory file name (<name>.md)"
        if op.archive_path != archive_path(op.path):
            return f"archive path must be {archive_path(op.path)}"
    except ValueError as exc:
        return str(exc)
    return None


def confined(root: Path, rel: str) -> Path:
    """``root / rel`` after checking no folder on the way is a link (the real parent is inside).

    Raises:
        UnsafeRootError: the real parent folder is not ``root``'s own (a link on the way).
    """
    target = Path(root) / rel
    real_parent = target.parent.resolve()
    wanted = Path(root).resolve().joinpath(*PurePosixPath(rel).parts[:-1])
    if real_parent != wanted:
        raise _refuse(rel, "escapes the memory root through a linked folder")
    return target


__all__ = [
    "CHANGES_FILE",
    "INDEX_DIR",
    "JOURNAL_DIR",
    "LEDGER_DIR",
    "LOCK_FILE",
    "SPECIAL_DIRS",
    "SPECIAL_FILES",
    "check_op_shape",
    "check_path_text",
    "check_root_layout",
    "confined",
    "open_nofollow",
    "read_text_nofollow",
]
