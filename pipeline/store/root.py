"""A memory root on disk: listing entries, known ids, and the writers' lock."""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from memscribe.errors import StoreError, UnsafeRootError
from memscribe.schemas.memory import MemoryEntry
from memscribe.store.atomic import store_error
from memscribe.store.confine import (
    JOURNAL_DIR,
    LOCK_FILE,
    check_root_layout,
    open_nofollow,
    read_text_nofollow,
)
from memscribe.store.files import ARCHIVE_DIR, KIND_DIRS, REFLEXIO_DIR, parse_memory_file

_POLL_S = 0.05


class MemoryRoot:
    """The memory root (workspace) holding ``.reflexio/``.

    Attributes:
        path: the root directory.
        problems: files that failed to parse during the last :meth:`entries` /
            :meth:`archived_entries` / :meth:`taken_ids` call, as StoreErrors naming the path.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.problems: list[StoreError] = []

    def _scan(self, base: str) -> list[MemoryEntry]:
        found: list[MemoryEntry] = []
        for kind_dir in sorted(KIND_DIRS.values()):
            directory = self.path / base / kind_dir
            if not directory.is_dir() or directory.is_symlink():
                continue
            for file in sorted(directory.iterdir()):
                # Dot files are temp files of writers in flight (see atomic.write_new_file).
                if file.name.startswith(".") or file.suffix != ".md" or not file.is_file():
                    continue
                rel = file.relative_to(self.path).as_posix()
                try:
                    text = read_text_nofollow(file)
                except UnsafeRootError as exc:  # a planted link: never read through it
                    self.problems.append(StoreError(f"{rel}: skipped: {exc}", path=rel))
                    continue
                except (OSError, UnicodeDecodeError) as exc:
                    self.problems.append(StoreError(f"{rel}: unreadable: {exc}", path=rel))
                    continue
                try:
                    found.append(parse_memory_file(text, rel))
                except StoreError as exc:
                    self.problems.append(exc)
        return sorted(found, key=lambda entry: entry.path)

    def entries(self) -> list[MemoryEntry]:
        """Active profiles and playbooks, sorted by path; unparseable files go to ``problems``."""
        self.problems = []
        return self._scan(REFLEXIO_DIR)

    def archived_entries(self) -> list[MemoryEntry]:
        """Archived (superseded or expired) entries, sorted by path."""
        self.problems = []
        return self._scan(ARCHIVE_DIR)

    def taken_ids(self) -> set[str]:
        """Every id in use, active or archived: new ids must avoid all of them."""
        self.problems = []
        active = self._scan(REFLEXIO_DIR)
        archived = self._scan(ARCHIVE_DIR)
        return {entry.id for entry in active} | {entry.id for entry in archived}

    def half_archived(self) -> list[MemoryEntry]:
        """Active entries whose id is also archived: an archive step interrupted by a crash.

        The archived copy is complete (it is written before the original is removed),
        so removing the active file finishes the interrupted step. A previous version of an
        entry updated in place (:mod:`memscribe.store.update`) shares the active entry's id by
        design and never counts.
        """
        archived = self.archived_ids()
        return [entry for entry in self._scan(REFLEXIO_DIR) if entry.id in archived]

    def archived_ids(self) -> set[str]:
        """Ids of the archived (superseded, expired, forgotten) entries: not the previous
        versions of entries updated in place, whose newer version is active by design."""
        from memscribe.store.update import is_previous_version

        return {
            entry.id
            for entry in self.archived_entries()
            if not is_previous_version(read_text_nofollow(self.path / entry.path), entry.path)
        }

    def pending_journals(self) -> list[Path]:
        """Journal files of applies that started but never finished (see store.transaction)."""
        directory = self.path / JOURNAL_DIR
        if not directory.is_dir() or directory.is_symlink():
            return []
        return sorted(
            p
            for p in directory.glob("*.json")
            if not p.name.endswith(".done.json") and not p.name.startswith(".")
        )

    @contextlib.contextmanager
    def lock(self, timeout: float = 0.0) -> Iterator[None]:
        """Hold the exclusive writers' lock on this root.

        ``.reflexio/.lock`` is locked through filelock's descriptor lock (``flock(2)`` on POSIX,
        ``LockFileEx`` on byte 0 on Windows): the kernel drops the lock when the holder exits or
        crashes, so a stale lock file (left by a dead process) never blocks anyone. While held,
        the file names the holder (pid, host, time, command) after its first byte — the byte
        Windows locks, which no other process can read — for the error message a contender sees,
        when that note can be written: a full disk leaves none, or a cut one, and the contender
        is told what is left ("locked by pid N", or "locked by another process").
        The file itself is never deleted (deleting a lock file lets two processes lock two
        different files).

        Args:
            timeout: seconds to wait for a busy lock; 0 fails at once.

        The root's layout is checked first (:func:`~memscribe.store.confine.check_root_layout`)
        and the lock file is opened with ``O_NOFOLLOW`` and without ``O_TRUNC``: a planted link
        or hard link is refused before anything is written (it is only emptied through the
        checked descriptor).

        Raises:
            StoreError: "memory root is locked by pid N" when busy past ``timeout``,
                or the lock file cannot be created.
            UnsafeRootError: a special folder or the lock file is a link.
        """
        from filelock import unlock_descriptor  # ~40 ms of imports: only for commands that write

        lock_path = self.path / LOCK_FILE
        check_root_layout(self.path)
        try:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            check_root_layout(self.path)  # .reflexio may have been swapped for a link meanwhile
            fd = open_nofollow(lock_path, os.O_RDWR | os.O_CREAT, 0o644, rel=LOCK_FILE)
        except OSError as exc:
            raise store_error(exc, lock_path, "lock") from exc
        try:
            self._acquire(fd, lock_path, timeout)
            try:
                # The note only tells a waiting process who holds the lock: a disk too full to
                # take it is no reason to stop here (the operation's own writes report it).
                with contextlib.suppress(OSError):
                    _write_holder(fd)
                yield
            finally:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, 0)
                unlock_descriptor(fd)
        finally:
            os.close(fd)

    @staticmethod
    def _acquire(fd: int, lock_path: Path, timeout: float) -> None:
        from filelock import lock_descriptor

        deadline = time.monotonic() + timeout
        while True:
            try:
                if lock_descriptor(fd, blocking=False):
                    return
            except OSError as exc:
                raise store_error(exc, lock_path, "lock") from exc
            if time.monotonic() >= deadline:
                raise StoreError(_busy_message(lock_path), path=str(lock_path))
            time.sleep(_POLL_S)


#: Where the holder's note starts: byte 0 is the one Windows locks (unreadable to others).
_NOTE_OFFSET = 1
_NOTE_LIMIT = 4096


def _command() -> str:
    """The holder's command for a contender's message: the program and its leading words
    (``memscribe extract x.jsonl``), up to the first option (an option's value may be a secret)."""
    words = [os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "python"]
    for arg in sys.argv[1:4]:
        if arg.startswith("-"):
            break
        words.append(arg)
    return " ".join(words)[:120].replace("\n", " ").replace("\r", " ")


def _write_holder(fd: int) -> None:
    """Replace the lock file's note with this process's (pid, host, time, command)."""
    note = f"\npid={os.getpid()} host={socket.gethostname()} time={time.time():.0f} cmd={_command()}\n"
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    view = memoryview(note.encode("utf-8", "replace"))
    while view:
        view = view[os.write(fd, view) :]


def _read_note(lock_path: Path) -> dict[str, str]:
    fd = open_nofollow(lock_path, os.O_RDONLY, rel=LOCK_FILE)
    try:
        os.lseek(fd, _NOTE_OFFSET, os.SEEK_SET)
        text = os.read(fd, _NOTE_LIMIT).decode("utf-8", "replace")
    finally:
        os.close(fd)
    head, _, command = text.strip().partition(" cmd=")
    info = dict(part.split("=", 1) for part in head.split() if "=" in part)
    if command.strip():
        info["cmd"] = command.strip()
    return info


def _busy_message(lock_path: Path) -> str:
    try:
        info = _read_note(lock_path)
    except (OSError, ValueError, StoreError):
        info = {}
    if "pid" in info:
        host = f" on {info['host']}" if "host" in info else ""
        command = f" ({info['cmd']})" if "cmd" in info else ""
        return f"memory root is locked by pid {info['pid']}{host}{command} ({lock_path})"
    return f"memory root is locked by another process ({lock_path})"
