"""Incremental refresh of the index (:mod:`memscribe.index.db`).

**Incremental refresh, proportional to what changed.** Each file's ``(mtime_ns, size)`` is
kept, and so is the mtime of each of the four memory folders (``.reflexio/{profiles,playbooks}``
and the same under the archive). A refresh stats those four folders first:

* a folder whose mtime did not move is skipped without listing it (nothing was created,
  renamed or removed in it);
* a folder whose mtime moved only through memscribe's own writer is not listed either: the
  change log (:mod:`memscribe.store.changes`) names the files each apply touched, and its
  links chain the folder's mtime from the value this index saw to the value it sees now;
* any other folder (an edit by hand, a crashed apply, a lost log) is listed and every file in
  it stat'ed, as is every folder on the first refresh, with ``full=True`` (``memscribe index``),
  with ``rebuild=True`` and at least every VERIFY_EVERY_S.

Files whose stat changed are read; one whose SHA-256 is unchanged (``touch``) only updates its
stat, a changed one is re-parsed; rows of vanished files are dropped.

*Trade-off.* The skip relies on every change also changing its folder's mtime. memscribe never
rewrites a memory file in place (temp file + link/rename, or unlink), so its own changes always
do; a file rewritten **in place** by another tool (some editors) keeps its folder's mtime and is
seen at the next full verify (``memscribe index``, or within VERIFY_EVERY_S), not before. A folder
mtime set less than RACY_NS before the refresh stat'ed it is not trusted (a change within the
same clock tick would not move it), so that folder is scanned again next time.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memscribe.index.query import is_current
from memscribe.index.sql import COLUMNS, RACY_NS, VERIFY_EVERY_S, fts_text, row_for, slug_parts
from memscribe.kinds.layout import ARCHIVE_DIR
from memscribe.store.changes import (
    ABSENT,
    MEMORY_DIRS,
    ChangeLog,
    dir_mtime,
    read_changes,
    truncate_changes,
)

if TYPE_CHECKING:
    from memscribe.index.pool import PoolCache
    from memscribe.index.semantic import Vectors

#: The change log is emptied once a refresh has read this many bytes of it.
CHANGES_LOG_MAX = 1 << 20


@dataclass
class RefreshStats:
    """What one refresh did (counts of files) and how long it took."""

    files: int = 0
    read: int = 0
    added: int = 0
    updated: int = 0
    touched: int = 0
    removed: int = 0
    problems: int = 0
    scanned_dirs: int = 0
    seconds: float = 0.0
    rebuilt: bool = False
    problem_paths: list[str] = field(default_factory=list)


class Refresher:
    """The refresh half of :class:`memscribe.index.db.MemoryIndex` (files → rows)."""

    root: Path
    conn: sqlite3.Connection
    location: Path | None
    _vocab_total: int | None
    _df_cache: dict[str, int]
    _vectors: Vectors | None
    _pools: dict[tuple[object, ...], PoolCache]
    #: (rowid, text) of the active entries the refresh in progress indexed (their vectors to store).
    _new_texts: list[tuple[int, str]]

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def _walk(self) -> Iterator[tuple[str, int, int, bool]]:
        """(relative path, mtime_ns, size, archived) of every memory file on disk."""
        for rel_dir in MEMORY_DIRS:
            yield from self._walk_dir(rel_dir)

    def _walk_dir(self, rel_dir: str) -> Iterator[tuple[str, int, int, bool]]:
        archived = rel_dir.startswith(ARCHIVE_DIR)
        try:
            scan = os.scandir(self.root / rel_dir)
        except (FileNotFoundError, NotADirectoryError):
            return
        with scan:
            for item in scan:
                # Dot files are temp files of writers in flight (see store.atomic).
                if item.name.startswith(".") or not item.name.endswith(".md"):
                    continue
                try:
                    if not item.is_file():
                        continue
                    st = item.stat()
                except OSError:
                    continue
                yield f"{rel_dir}/{item.name}", st.st_mtime_ns, st.st_size, archived

    def refresh(self, *, rebuild: bool = False, full: bool = False) -> RefreshStats:
        """Bring the index up to date with the files (only changed files are read).

        The common path costs what changed, not the root: a memory folder whose mtime did not
        move is skipped, and one that moved only through memscribe's own writes (the change
        log, :mod:`memscribe.store.changes`) has only the logged files checked. Any other
        folder — or every folder with ``full``, with ``rebuild``, on the first refresh and at
        least every VERIFY_EVERY_S — has every file stat'ed (see the module docstring).

        Args:
            rebuild: forget everything and re-read every file.
            full: stat every file (catches files rewritten in place by other tools).
        """
        started = time.perf_counter()
        stats = RefreshStats(rebuilt=rebuild)
        self._new_texts = []
        if not rebuild and not full and self._nothing_to_do(stats):
            stats.seconds = time.perf_counter() - started
            return stats
        with self.conn:
            # One refresher at a time (readers are not blocked: WAL).
            self.conn.execute("BEGIN IMMEDIATE")
            if rebuild:
                self.conn.execute("DELETE FROM files")
                self.conn.execute("INSERT INTO fts(fts) VALUES ('delete-all')")
                self.conn.execute("DELETE FROM terms")
                self.conn.execute("DELETE FROM slugwords")
                self.conn.execute("DELETE FROM filevecs")
                self.conn.execute("DELETE FROM meta WHERE key IN ('dirs', 'verified_at')")
            state: dict[str, list[Any]] = json.loads(self.meta("dirs") or "{}")
            verified = float(self.meta("verified_at") or 0)
            full = full or rebuild or not state or time.time() - verified > VERIFY_EVERY_S
            wall = time.time_ns()
            now_dirs = {d: dir_mtime(self.root, d) for d in MEMORY_DIRS}  # before the log
            log = read_changes(self.root, int(self.meta("changes_offset") or 0))
            new_state: dict[str, list[Any]] = {}
            for rel_dir in MEMORY_DIRS:
                m_now = now_dirs[rel_dir]
                trusted: bool | None = None if full else _chain(state.get(rel_dir), log, rel_dir, m_now)
                if trusted is None:
                    stats.scanned_dirs += 1
                    self._scan_dir(rel_dir, stats)
                    # An mtime set within the clock's granularity may hide a later change.
                    trusted = m_now == ABSENT or wall - m_now > RACY_NS
                else:
                    self._check_paths(sorted(log.paths.get(rel_dir, ())), rel_dir, stats)
                new_state[rel_dir] = [m_now, trusted]
            self._set_meta("dirs", json.dumps(new_state, sort_keys=True))
            offset = log.offset
            if self.location is not None and offset > CHANGES_LOG_MAX:
                truncate_changes(self.root)
                offset = 0
            self._set_meta("changes_offset", str(offset))
            if full:
                self._set_meta("verified_at", f"{time.time():.3f}")
            self._set_meta("refreshed_at", dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
            files, active = self.conn.execute(
                "SELECT count(*), coalesce(sum(ok = 1 AND archived = 0), 0) FROM files"
            ).fetchone()
            stats.files = int(files)
            self._set_meta("files", str(stats.files))
            self._set_meta("active", str(int(active)))  # memscribe.index.query.active_total
            stats.problem_paths = [
                str(r[0]) for r in self.conn.execute("SELECT path FROM files WHERE ok = 0 ORDER BY path")
            ]
            stats.problems = len(stats.problem_paths)
            self._index_vectors()
        self._vocab_total = None
        self._pools = {}
        self._df_cache = {}
        self._vectors = None
        stats.seconds = time.perf_counter() - started
        return stats

    def _nothing_to_do(self, stats: RefreshStats) -> bool:
        """Whether the index is current (:func:`memscribe.index.query.is_current`): then the
        refresh writes nothing (no write transaction, no count of the rows)."""
        if self.location is None or not is_current(self.conn, self.root, verify_every_s=VERIFY_EVERY_S):
            return False
        files = self.meta("files")
        if files is None:
            return False
        stats.files = int(files)
        stats.problem_paths = [
            str(r[0]) for r in self.conn.execute("SELECT path FROM files WHERE ok = 0 ORDER BY path")
        ]
        stats.problems = len(stats.problem_paths)
        return True

    def _known(self, where: str, params: Sequence[object]) -> dict[str, tuple[int, int, int, str]]:
        return {
            str(path): (int(rowid), int(mtime), int(size), str(sha))
            for rowid, path, mtime, size, sha in self.conn.execute(
                f"SELECT rowid, path, mtime_ns, size, sha256 FROM files WHERE {where}", tuple(params)
            )
        }

    def _scan_dir(self, rel_dir: str, stats: RefreshStats) -> None:
        """Stat every file of one memory folder; read the changed ones, drop the vanished."""
        known = self._known("path > ? AND path < ?", (rel_dir + "/", rel_dir + "0"))
        seen: set[str] = set()
        for rel, mtime, size, archived in self._walk_dir(rel_dir):
            seen.add(rel)
            old = known.get(rel)
            if old is not None and old[1] == mtime and old[2] == size:
                continue
            self._read_one(rel, mtime, size, archived, old, stats)
        for rel in known.keys() - seen:
            self._delete_row(known[rel][0])
            stats.removed += 1

    def _check_paths(self, paths: Sequence[str], rel_dir: str, stats: RefreshStats) -> None:
        """Bring exactly ``paths`` (files of one memory folder the change log named) up to date."""
        archived = rel_dir.startswith(ARCHIVE_DIR)
        for rel in paths:
            row = self._known("path = ?", (rel,)).get(rel)
            name = rel.rpartition("/")[2]
            try:
                st = os.lstat(self.root / rel)
                present = stat.S_ISREG(st.st_mode) and name.endswith(".md") and not name.startswith(".")
            except OSError:
                present = False
            if not present:
                if row is not None:
                    self._delete_row(row[0])
                    stats.removed += 1
                continue
            if row is not None and row[1] == st.st_mtime_ns and row[2] == st.st_size:
                continue
            self._read_one(rel, st.st_mtime_ns, st.st_size, archived, row, stats)

    def _read_one(
        self,
        rel: str,
        mtime: int,
        size: int,
        archived: bool,
        old: tuple[int, int, int, str] | None,
        stats: RefreshStats,
    ) -> None:
        stats.read += 1
        try:
            data = (self.root / rel).read_bytes()
        except OSError:
            return  # vanished between scandir and read: the next refresh drops it
        sha = hashlib.sha256(data).hexdigest()
        if old is not None and old[3] == sha:
            self.conn.execute(
                "UPDATE files SET mtime_ns = ?, size = ? WHERE rowid = ?", (mtime, size, old[0])
            )
            stats.touched += 1
            return
        row = row_for(rel, data, mtime, size, sha, archived)
        if old is not None:
            self._delete_row(old[0])
            stats.updated += 1
        else:
            stats.added += 1
        cur = self.conn.execute(
            f"INSERT INTO files({COLUMNS}) VALUES ({', '.join('?' * 22)})",
            row,
        )
        if row[5] and not archived:  # ok and active: searchable
            assert cur.lastrowid is not None  # an INSERT into a rowid table
            self._new_texts.append((cur.lastrowid, str(row[19])))
            self.conn.execute(
                "INSERT INTO fts(rowid, text) VALUES (?, ?)", (cur.lastrowid, fts_text(str(row[19])))
            )
            self.conn.executemany(
                "INSERT INTO terms(term, file) VALUES (?, ?)",
                [(term, cur.lastrowid) for term in str(row[21]).split()],
            )
            self.conn.executemany(
                "INSERT INTO slugwords(word, file) VALUES (?, ?)",
                [(word, cur.lastrowid) for word in slug_parts(str(row[10]))],
            )

    def _index_vectors(self) -> None:
        """The offline encoder's vectors of the entries this refresh indexed, stored with them
        (:func:`memscribe.index.textvecs.index_texts`); nothing without the semantic model."""
        texts, self._new_texts = self._new_texts, []
        if not texts:
            return
        from memscribe import semantic
        from memscribe.index import textvecs

        encoder = semantic.default_encoder() if semantic.enabled() else None
        if encoder is not None:
            textvecs.index_texts(self.conn, encoder, texts)

    def _delete_row(self, rowid: int) -> None:
        found = self.conn.execute(
            "SELECT ok, archived, text, tokens, slug FROM files WHERE rowid = ?", (rowid,)
        ).fetchone()
        if found is None:
            return
        if found[0] and not found[1]:
            self.conn.execute(
                "INSERT INTO fts(fts, rowid, text) VALUES ('delete', ?, ?)", (rowid, fts_text(str(found[2])))
            )
            self.conn.executemany(
                "DELETE FROM terms WHERE term = ? AND file = ?", [(t, rowid) for t in str(found[3]).split()]
            )
            self.conn.executemany(
                "DELETE FROM slugwords WHERE word = ? AND file = ?",
                [(w, rowid) for w in slug_parts(str(found[4]))],
            )
        self.conn.execute("DELETE FROM filevecs WHERE file = ?", (rowid,))
        self.conn.execute("DELETE FROM files WHERE rowid = ?", (rowid,))

    def stale_files(self) -> int:
        """How many files changed on disk since the last refresh (stat only, nothing read)."""
        known = {
            str(p): (int(m), int(s))
            for p, m, s in self.conn.execute("SELECT path, mtime_ns, size FROM files")
        }
        changed = 0
        seen: set[str] = set()
        for rel, mtime, size, _ in self._walk():
            seen.add(rel)
            if known.get(rel) != (mtime, size):
                changed += 1
        return changed + len(known.keys() - seen)


def _chain(known: list[Any] | None, log: ChangeLog, rel_dir: str, m_now: int) -> bool | None:
    """Whether ``rel_dir`` can skip a full scan, and whether its mtime ``m_now`` can be trusted next time.

    None: scan it. Otherwise the folder is unchanged since the last refresh (``known`` is its
    trusted mtime then), or the change log's links for it chain exactly from that mtime to
    ``m_now`` — every change in between was memscribe's, and the log names its files.
    """
    if not known or not known[1]:
        return None
    links = log.links.get(rel_dir, [])
    reached: dict[int, bool] = {int(known[0]): True}
    current, current_trusted = int(known[0]), True
    for before, after, stamped in links:
        if not current_trusted or before != current:
            return None
        current, current_trusted = after, stamped
        reached[after] = stamped
    return reached.get(m_now)
