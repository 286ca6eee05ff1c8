"""Crash-safe creation of new files that never replaces an existing one.

``write_new_file`` writes a temp file in the target's directory, fsyncs it, then renames it to
the target name with ``renameat2(RENAME_NOREPLACE)`` (Linux), or else hard-links it there and
removes the temp name. Both fail with EEXIST instead of replacing, so the no-overwrite check
and the publish are one atomic step (a check-then-rename would race with another writer).
Readers see either no file or the whole file; a kill between the link and the unlink leaves
the temp name as a second link, which :func:`remove_leftover_temps` clears at recovery.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import re
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

from memscribe.errors import StoreError

# link(2) errors that mean "this file system has no hard links", not "you may not write".
_NO_HARDLINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}


def store_error(exc: OSError, path: Path | str, action: str) -> StoreError:
    """One clear StoreError for an OSError while ``action``-ing ``path``."""
    code = exc.errno
    if isinstance(exc, FileExistsError) or code == errno.EEXIST:
        reason = "file already exists (memory files are never overwritten)"
    elif isinstance(exc, PermissionError) or code in (errno.EACCES, errno.EPERM):
        reason = "permission denied"
    elif code == errno.EROFS:
        reason = "read-only file system"
    elif code in (errno.ENOSPC, errno.EDQUOT):
        reason = "no space left on device"
    else:
        reason = exc.strerror or str(exc)
    return StoreError(f"cannot {action} {path}: {reason}", path=str(path), errno=code)


def fsync_dir(directory: Path) -> None:
    """fsync a directory so a new or removed entry in it survives a crash (best effort)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems refuse fsync on directories
            os.fsync(fd)
    finally:
        os.close(fd)


#: The name :func:`_write_temp` gives a temp file (``tempfile.mkstemp``'s 8 random characters).
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


def remove_leftover_temps(directory: Path) -> list[str]:
    """Remove the temp files a killed writer left in ``directory`` (caller holds the root lock).

    A kill between publishing a file (its hard link) and removing the temp name leaves the temp
    as a second link to the published file, which readers refuse (a file with other hard links
    may be a link to something outside the root); a kill before publishing leaves a temp nobody
    will use. Only regular files named as :func:`_write_temp` names them are removed (the name
    only: never a link's target). Returns the names removed.
    """
    try:
        listing = list(os.scandir(directory))
    except OSError:
        return []
    removed = []
    for item in listing:
        if _TEMP_NAME.match(item.name) and item.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(item.path)
                removed.append(item.name)
    if removed:
        fsync_dir(directory)
    return removed


def _make_dirs(directory: Path) -> None:
    missing = []
    probe = directory
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    for new_dir in reversed(missing):
        with contextlib.suppress(FileExistsError):
            new_dir.mkdir()
        fsync_dir(new_dir.parent)


def _load_renameat2() -> Callable[..., int] | None:
    """libc's ``renameat2`` (Linux, glibc 2.28+), or None where there is none."""
    if sys.platform != "linux":
        return None
    try:
        func = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    func.restype = ctypes.c_int
    found: Callable[..., int] = func
    return found


#: ``renameat2(..., RENAME_NOREPLACE)``: one atomic step that never replaces, and leaves no
#: second name behind at any instant (a link + unlink does, between the two calls).
_renameat2 = _load_renameat2()
_AT_FDCWD = -100
_RENAME_NOREPLACE = 1
# renameat2 errors that mean "not supported here": fall back to link + unlink.
_NO_RENAMEAT2 = {errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP}


def _rename_noreplace(tmp: str, path: Path) -> bool:
    """Rename ``tmp`` to ``path`` unless ``path`` exists (FileExistsError); False: unsupported."""
    if _renameat2 is None:
        return False
    done = _renameat2(_AT_FDCWD, os.fsencode(tmp), _AT_FDCWD, os.fsencode(path), _RENAME_NOREPLACE)
    if done == 0:
        return True
    code = ctypes.get_errno()
    if code in _NO_RENAMEAT2:
        return False
    raise OSError(code, os.strerror(code), str(path))


def _publish(tmp: str, path: Path) -> None:
    """Give ``tmp`` the name ``path`` without ever replacing an existing ``path``."""
    if _rename_noreplace(tmp, path):
        return
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in _NO_HARDLINKS:
            raise
        # No hard links here: reserve the name with O_EXCL, then replace our own placeholder.
        # A crash in between leaves an empty file, which readers report as a problem.
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        try:
            os.replace(tmp, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(path)  # our own empty placeholder
            raise
        return
    os.unlink(tmp)


def _write_temp(directory: Path, name: str, text: str | bytes) -> str:
    """Write ``text`` (str: as UTF-8) to a fresh temp file beside its target, fsynced; returns
    the temp path."""
    tmp, fd = _write_unsynced(directory, name, text)
    try:
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    os.chmod(tmp, 0o644)
    return tmp


def write_new_file(path: Path, text: str, *, sync_dir: bool = True) -> None:
    """Create ``path`` with ``text`` (UTF-8) atomically; missing parent dirs are created.

    ``sync_dir=False``: the file's bytes are fsynced but its directory is not; the caller
    fsyncs each directory once after a batch of files (:mod:`memscribe.store.group`).

    Raises:
        StoreError: the file exists (it is left untouched), or the write failed
            (permissions, read-only file system, disk full); no temp file is left behind.
    """
    path = Path(path)
    directory = path.parent
    tmp: str | None = None
    try:
        _make_dirs(directory)
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "File exists", str(path))
        tmp = _write_temp(directory, path.name, text)
        _publish(tmp, path)
        tmp = None
        if sync_dir:
            fsync_dir(directory)
    except OSError as exc:
        raise store_error(exc, path, "write") from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_new_file_free(path: Path, text: str, *, sync_dir: bool = True, limit: int = 1000) -> Path:
    """:func:`write_new_file` at ``path``, or at ``<stem>-2<suffix>``, ``-3``… where that name is
    taken (archive copies: an earlier copy is never replaced). Returns the path written.

    Raises:
        StoreError: the write failed, or no free name up to ``-<limit>``.
    """
    path = Path(path)
    for n in range(1, limit + 1):
        target = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
        try:
            write_new_file(target, text, sync_dir=sync_dir)
        except StoreError as exc:
            if exc.fields.get("errno") == errno.EEXIST:
                continue
            raise
        return target
    raise StoreError(f"no free name for {path}", path=str(path))


#: Files fsynced together at most (each holds a descriptor open until then).
BATCH_FILES = 256


def write_new_files(files: Sequence[tuple[Path, str]], *, published: Callable[[int], None]) -> None:
    """Create each file as :func:`write_new_file` does (atomically, never replacing one), their
    bytes fsynced together: every temp file is written, then all are fsynced at once (in
    threads: the disk takes concurrent fsyncs as one flush, ~8x faster than one after the other
    here), then each is published in order and ``published(i)`` told. No file is published before
    its bytes are durable, as with :func:`write_new_file`; directories are not fsynced (the caller
    fsyncs each once, :mod:`memscribe.store.group`).

    Raises:
        StoreError: a file exists (it is left untouched) or a write failed; the files published
            before it stay (``published`` told of each), no temp file is left behind.
    """
    for start in range(0, len(files), BATCH_FILES):
        _write_batch(files[start : start + BATCH_FILES], functools.partial(_shifted, published, start))


def _shifted(published: Callable[[int], None], start: int, index: int) -> None:
    published(start + index)


def _write_batch(files: Sequence[tuple[Path, str]], published: Callable[[int], None]) -> None:
    temps: list[tuple[str, int]] = []  # (temp path, open descriptor), in order
    at = Path(files[0][0]) if files else Path()  # the file being written (for the error)
    try:
        try:
            for path, text in files:
                at = Path(path)
                _make_dirs(at.parent)
                if os.path.lexists(at):
                    raise FileExistsError(errno.EEXIST, "File exists", str(at))
                temps.append(_write_unsynced(at.parent, at.name, text))
            _fsync_all([fd for _, fd in temps])
        finally:
            for _, fd in temps:
                with contextlib.suppress(OSError):
                    os.close(fd)
        for index, (path, _) in enumerate(files):
            at = Path(path)
            tmp = temps[index][0]
            os.chmod(tmp, 0o644)
            _publish(tmp, at)
            temps[index] = ("", -1)
            published(index)
    except OSError as exc:
        raise store_error(exc, at, "write") from exc
    finally:
        for tmp, _ in temps:
            if tmp:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def _write_unsynced(directory: Path, name: str, text: str | bytes) -> tuple[str, int]:
    """A fresh temp file beside its target holding ``text`` (str: as UTF-8), not yet fsynced:
    (path, open fd)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        view = memoryview(text.encode("utf-8") if isinstance(text, str) else text)
        while view:
            view = view[os.write(fd, view) :]
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp, fd


#: Concurrent fsyncs of one batch of new files (threads: each waits in the kernel, GIL released).
FSYNC_THREADS = 8
_fsync_pool: list[ThreadPoolExecutor] = []
_fsync_pool_lock = threading.Lock()


def _fsync(fd: int) -> None:
    os.fsync(fd)  # looked up at each call (tests count the durable steps)


def _fsync_all(fds: Sequence[int]) -> None:
    """fsync every descriptor; they run concurrently when there are several. Raises the first
    error (in order) once all are done."""
    if len(fds) <= 1:
        for fd in fds:
            _fsync(fd)
        return
    with _fsync_pool_lock:
        if not _fsync_pool:
            _fsync_pool.append(ThreadPoolExecutor(FSYNC_THREADS, thread_name_prefix="memscribe-fsync"))
        pool = _fsync_pool[0]
    futures = [pool.submit(_fsync, fd) for fd in fds]
    wait(futures)
    for future in futures:
        future.result()


def replace_file(
    path: Path,
    text: str | bytes,
    *,
    unchanged: Callable[[], bool] | None = None,
    action: str = "write",
) -> None:
    """Replace ``path`` whole with ``text`` (str: as UTF-8; bytes: as they are), atomically
    (temp file + fsync + rename), for files that are rewritten by design (indexes, ledgers, state
    files, append-only logs rewritten with a suffix).

    Args:
        unchanged: called just before the rename; if it returns False the target changed since
            the caller read it, and the write is refused (never lose someone else's bytes).
        action: what the caller was doing, for the error message.

    Raises:
        StoreError: the write failed, or ``unchanged`` said the file moved on; no temp file is left.
    """
    path = Path(path)
    tmp: str | None = None
    try:
        _make_dirs(path.parent)
        tmp = _write_temp(path.parent, path.name, text)
        if unchanged is not None and not unchanged():
            raise StoreError(f"{path} changed while writing; try again", path=str(path))
        os.replace(tmp, path)
        tmp = None
        fsync_dir(path.parent)
    except OSError as exc:
        raise store_error(exc, path, action) from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def stage_replacement(path: Path, text: str) -> str:
    """The first half of a replacement: ``text`` in a fsynced temp file beside ``path`` (named as
    :func:`remove_leftover_temps` clears after a kill). Returns the temp file's path.

    Raises:
        StoreError: the write failed (disk full, read-only…); no temp file is left.
    """
    path = Path(path)
    try:
        return _write_temp(path.parent, path.name, text)
    except OSError as exc:
        raise store_error(exc, path, "write") from exc


def publish_replacement(tmp: str, path: Path) -> None:
    """The second half: rename the staged temp file over ``path`` (atomic), folder fsynced."""
    path = Path(path)
    try:
        os.replace(tmp, path)
    except OSError as exc:
        raise store_error(exc, path, "replace") from exc
    fsync_dir(path.parent)


def read_text_or_none(path: Path) -> str | None:
    """A file rewritten by design (daily snapshot log, group files): its text, or None if absent.

    Raises:
        StoreError: it exists but cannot be read as UTF-8 text.
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreError(f"cannot read {path}: {exc}", path=str(path)) from exc
