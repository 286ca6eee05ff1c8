"""The change log: which memory files memscribe's own writer changed, for the index refresh.

Every memory file is created, archived or removed by :mod:`memscribe.store.transaction`, under the
root's writers' lock, and always through a temp file + link/rename or an unlink, so each
change also changes its **directory's** mtime. The index refresh
(:meth:`memscribe.index.db.MemoryIndex.refresh`) uses that to skip the four memory folders
whose mtime did not move, and to read only the files this log names for the folders whose
mtime moved because of memscribe.

One line of JSON per successful apply, appended with a single ``write(2)`` (``O_APPEND``)::

    {"d": {".reflexio/profiles": [before_ns, after_ns, stamped]}, "p": [".reflexio/profiles/x-1.md", …]}

``before_ns`` is the folder's mtime when the apply started (under the lock), ``after_ns`` its
mtime when it finished. The writer sets ``after_ns`` itself (``utime``) to the current time
with random nanoseconds — a **stamp** that no kernel-set mtime will equal — so a later change
by anything else is seen as a different mtime even within one clock tick. ``stamped`` is false
where the file system rounded the stamp (then the refresh trusts that value only as long as
an ordinary mtime). A refresh trusts a folder's log only when the entries chain exactly from
the mtime it last saw to the mtime it sees now; anything else (an edit by hand, a crashed
apply, a lost or truncated log) breaks the chain and that folder is scanned in full.

The log is written only where the index folder exists (no index: the next open reads
everything anyway). It is derived data like the index: deleting it costs one full scan.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.errors import StoreError
from memscribe.store.confine import CHANGES_FILE, open_nofollow
from memscribe.store.files import ARCHIVE_DIR, KIND_DIRS, REFLEXIO_DIR

#: The four folders that hold memory files (active and archived, per kind).
MEMORY_DIRS: tuple[str, ...] = tuple(
    f"{base}/{kind_dir}" for base in (REFLEXIO_DIR, ARCHIVE_DIR) for kind_dir in sorted(KIND_DIRS.values())
)
ABSENT = -1


def dir_mtime(root: Path, rel: str) -> int:
    """``st_mtime_ns`` of the folder ``rel`` under ``root``, or ABSENT when it is not there."""
    try:
        st = os.stat(root / rel)
    except OSError:
        return ABSENT
    return st.st_mtime_ns if os.path.isdir(root / rel) else ABSENT


def memory_dir_of(rel_path: str) -> str | None:
    """The memory folder holding the file ``rel_path`` (relative to the root), or None."""
    parent = rel_path.rpartition("/")[0]
    return parent if parent in MEMORY_DIRS else None


def _stamp(directory: Path) -> tuple[int, bool]:
    """Set the folder's mtime to now with random nanoseconds; (mtime after, stamp kept)."""
    wanted = (time.time_ns() // 1000) * 1000 + 1 + secrets.randbelow(998)
    try:
        st = os.stat(directory)
        os.utime(directory, ns=(st.st_atime_ns, wanted))
        after = os.stat(directory).st_mtime_ns
    except OSError:
        return ABSENT, False
    return after, after == wanted


@contextlib.contextmanager
def recorded(root: Path) -> Iterator[list[str]]:
    """Log the memory files changed inside the ``with`` block (the caller holds the lock).

    Yields a list the caller appends the changed paths (relative to ``root``) to. Nothing is
    logged when the block raises (the next refresh then scans the folders whose mtime moved).
    """
    root = Path(root)
    before = {d: dir_mtime(root, d) for d in MEMORY_DIRS}
    changed: list[str] = []
    yield changed
    log = root / CHANGES_FILE
    if not changed or not log.parent.is_dir() or log.parent.is_symlink():
        return
    dirs: dict[str, list[object]] = {}
    for rel in MEMORY_DIRS:
        if not any(memory_dir_of(p) == rel for p in changed):
            continue
        after, stamped = _stamp(root / rel)
        if after == ABSENT:
            return
        dirs[rel] = [before[rel], after, stamped]
    line = json.dumps({"d": dirs, "p": sorted(set(changed))}, separators=(",", ":")) + "\n"
    # Never through a link: a planted changes.log -> ~/.bashrc is left alone (the log is derived
    # data; a missing line only costs the next refresh a scan).
    with contextlib.suppress(OSError, StoreError):
        fd = open_nofollow(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644, rel=CHANGES_FILE)
        try:
            os.write(fd, line.encode("utf-8"))
        finally:
            os.close(fd)


@dataclass
class ChangeLog:
    """What a refresh read from the log: per folder, the (before, after, stamped) links in
    order and the paths named; ``broken`` when the log could not be read as written."""

    links: dict[str, list[tuple[int, int, bool]]] = field(default_factory=dict)
    paths: dict[str, set[str]] = field(default_factory=dict)
    offset: int = 0
    size: int = 0
    broken: bool = False


def read_changes(root: Path, offset: int) -> ChangeLog:
    """The complete lines of the log from byte ``offset`` on (a shorter log: broken)."""
    out = ChangeLog(offset=offset)
    try:
        fd = open_nofollow(Path(root) / CHANGES_FILE, os.O_RDONLY, rel=CHANGES_FILE)
        with os.fdopen(fd, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size < offset:
                out.broken, out.offset = True, 0
                return out
            fh.seek(offset)
            data = fh.read()
    except FileNotFoundError:
        out.broken = offset > 0
        out.offset = 0
        return out
    except (OSError, StoreError):
        out.broken = True
        return out
    complete = data[: data.rfind(b"\n") + 1]
    out.offset = offset + len(complete)
    out.size = size
    for raw in complete.splitlines():
        try:
            entry = json.loads(raw)
            dirs = entry["d"]
            paths = [str(p) for p in entry["p"]]
            for rel, (before, after, stamped) in dirs.items():
                out.links.setdefault(str(rel), []).append((int(before), int(after), bool(stamped)))
        except (ValueError, KeyError, TypeError, AttributeError):
            out.broken = True
            continue
        for p in paths:
            where = memory_dir_of(p)
            if where is not None:
                out.paths.setdefault(where, set()).add(p)
    return out


def truncate_changes(root: Path) -> None:
    """Empty the log (a concurrent append lost here only costs the next refresh a scan).

    Truncated through a descriptor opened with ``O_NOFOLLOW``: never a link's target.
    """
    with contextlib.suppress(OSError, StoreError):
        fd = open_nofollow(Path(root) / CHANGES_FILE, os.O_WRONLY, rel=CHANGES_FILE)
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)
