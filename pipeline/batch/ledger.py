"""The batch ledger: per transcript, what has been processed (``.reflexio/.ledger/ledger.sqlite3``).

One SQLite table, keyed by the transcript's absolute path and indexed by content hash, holds
the content hash and size of the bytes processed, the last source line / entry id reached, and
the file's size and mtime when it was read. A re-run compares each file with its row:

* same size and mtime as recorded (and the mtime was settled when recorded) → ``unchanged``
  without reading the file: a run over N transcripts of which K changed reads K files and
  looks up N rows by key (plus the directory listing), a single-session call one row;
* same hash → ``unchanged``: nothing is read further, no model call, no write;
* longer, and the recorded bytes are its prefix → ``appended``: only the turns after the
  recorded line are new (the unit gives the model some preceding turns as context);
* anything else → ``changed``: the whole transcript is processed again (dedup drops what is
  already stored).

Exactly-once with the journal: before a plan is applied the row gets a ``pending`` part (the
next record, the ids the plan writes and archives, the texts it updates); after the apply it is
replaced by the next record. A commit refused with its journal left open keeps the pending part.
:func:`resolve_pending` (run under the root lock, after open journals were rolled forward: at
the start of a run, and before a run's next commit) keeps the next record when the plan's
changes are on disk and drops it otherwise; rows
with a pending part are found through a partial index, not by reading every row.

The per-transcript JSON files of earlier versions (``.ledger/<hash>.json``) are imported on
first use, in one transaction, then removed (a kill in between imports them again, harmlessly:
rows already present win).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memscribe.errors import StoreError
from memscribe.sqlite_busy import OPEN_TIMEOUT, retry_busy
from memscribe.store.files import REFLEXIO_DIR

LEDGER_DIR = f"{REFLEXIO_DIR}/.ledger"
DB_NAME = "ledger.sqlite3"
#: A file modified less than this before it was read may change again within one mtime tick
#: unnoticed ("racy git"): its mtime is not recorded, so the next run hashes it.
SETTLED_NS = 2_000_000_000
_CHUNK = 500

Change = Literal["new", "unchanged", "appended", "changed"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS transcripts (
    path TEXT PRIMARY KEY,
    sha256 TEXT,
    size INTEGER,
    mtime_ns INTEGER,
    record TEXT,
    pending TEXT
);
CREATE INDEX IF NOT EXISTS transcripts_sha256 ON transcripts(sha256);
CREATE INDEX IF NOT EXISTS transcripts_pending ON transcripts(path) WHERE pending IS NOT NULL;
"""


class LedgerRecord(BaseModel):
    """What has been processed of one transcript."""

    model_config = ConfigDict(extra="forbid")

    path: str = Field(description="Absolute path of the transcript.")
    sha256: str
    size: int
    last_line: int = Field(description="Source line of the last turn processed (0: none).")
    last_entry_id: str | None = None
    turns: int = 0
    format: str = ""
    namespace: str | None = None
    processed_at: str = ""
    written: list[str] = Field(default_factory=list, description="Ids written from it, all runs.")


class Pending(BaseModel):
    model_config = ConfigDict(extra="forbid")

    next: LedgerRecord
    write_ids: list[str]
    #: The ids the plan archives, and the path and sha256 of each text it updates in place: a
    #: plan that only merges or archives writes no id, and is settled from these (review RV2 F1).
    archive_ids: list[str] = Field(default_factory=list)
    updates: dict[str, str] = Field(default_factory=dict)


class LedgerFile(BaseModel):
    """One transcript's row: its record and, during a commit, the pending next record."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    record: LedgerRecord | None = None
    pending: Pending | None = None


@dataclass(frozen=True)
class Classified:
    change: Change
    sha256: str
    size: int
    since_line: int  # turns at or before this source line were processed already
    base: LedgerRecord | None


@dataclass(frozen=True)
class FileStat:
    """A transcript's size and mtime, and whether the mtime is settled enough to trust."""

    size: int
    mtime_ns: int
    settled: bool

    @classmethod
    def of(cls, path: Path) -> FileStat | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_size, st.st_mtime_ns, time.time_ns() - st.st_mtime_ns >= SETTLED_NS)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def classify(data: bytes, record: LedgerRecord | None) -> Classified:
    digest = sha256_hex(data)
    if record is None:
        return Classified("new", digest, len(data), 0, None)
    if record.sha256 == digest:
        return Classified("unchanged", digest, len(data), record.last_line, record)
    if len(data) > record.size and sha256_hex(data[: record.size]) == record.sha256:
        return Classified("appended", digest, len(data), record.last_line, record)
    return Classified("changed", digest, len(data), 0, record)


def _parse(record: str | None, pending: str | None) -> LedgerFile:
    """A row as a LedgerFile; an unreadable part is dropped (the transcript is then redone)."""
    try:
        rec = LedgerRecord.model_validate_json(record) if record else None
    except (ValidationError, ValueError):
        rec = None
    try:
        pend = Pending.model_validate_json(pending) if pending else None
    except (ValidationError, ValueError):
        pend = None
    return LedgerFile(record=rec, pending=pend)


class Ledger:
    """The ledger database of one memory root (one connection, safe to share between threads).

    Args:
        create: False opens an existing ledger only (a dry run writes nothing): where there is
            none, every transcript is ``new``.
    """

    def __init__(self, root: Path, *, create: bool = True) -> None:
        self.root = Path(root)
        self.directory = self.root / LEDGER_DIR
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
        if create or (self.directory / DB_NAME).is_file():
            self._open(create)

    def _open(self, create: bool) -> None:
        try:
            if create:
                self.directory.mkdir(parents=True, exist_ok=True)
            db = retry_busy(lambda: self._connect(create))
            self._db = db
            if create:
                self._migrate_json()
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the batch ledger: {exc}", path=str(self.directory)) from None

    def _connect(self, create: bool) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.directory / DB_NAME, timeout=OPEN_TIMEOUT, isolation_level=None, check_same_thread=False
        )
        try:
            # WAL + NORMAL: a commit survives the process being killed (not a power cut: the
            # memory files' own journal is fsynced; a lost ledger row only means a redo,
            # which dedup makes harmless).
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            if create:
                db.executescript(_SCHEMA)
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._db is None:
                self._open(create=True)
            db = self._db
            assert db is not None
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot write the batch ledger: {exc}", path=str(self.directory)) from None

    def _migrate_json(self) -> None:
        """Import the per-file JSON ledger of earlier versions (once), then remove its files."""
        old = [p for p in self.directory.glob("*.json") if not p.name.startswith(".")]
        if not old:
            return
        rows = []
        for path in old:
            try:
                file = LedgerFile.model_validate_json(path.read_bytes())
            except (OSError, ValidationError, ValueError):
                continue  # unreadable: that transcript is redone, as before
            target = file.record or (file.pending.next if file.pending else None)
            if target is None:
                continue
            rows.append(_row(target.path, file, None))
        with self._write() as db:
            db.executemany(
                "INSERT OR IGNORE INTO transcripts(path, sha256, size, mtime_ns, record, pending) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                rows,
            )
        for path in old:
            with contextlib.suppress(OSError):
                path.unlink()

    def load(self, transcript: Path | str) -> LedgerFile:
        """The row of ``transcript`` (empty when missing or unreadable: it is then redone)."""
        with self._lock:
            if self._db is None:
                return LedgerFile()
            row = self._db.execute(
                "SELECT record, pending FROM transcripts WHERE path = ?", (str(transcript),)
            ).fetchone()
        return LedgerFile() if row is None else _parse(row[0], row[1])

    def stats(self, transcripts: Sequence[Path | str]) -> dict[str, tuple[int | None, int | None]]:
        """(size, mtime_ns) recorded for each of ``transcripts`` that has a row (and no commit
        in flight).

        Point look-ups by key for a few transcripts (a hook's single-session call); one pass
        over the table's three small columns when asked for many (cheaper than many look-ups;
        rows not asked for are returned too, the caller looks up only its own).
        """
        found: dict[str, tuple[int | None, int | None]] = {}
        with self._lock:
            if self._db is None:
                return found
            if len(transcripts) > _CHUNK:
                query = "SELECT path, size, mtime_ns FROM transcripts WHERE pending IS NULL"
                return {path: (size, mtime) for path, size, mtime in self._db.execute(query)}
            keys = [str(t) for t in transcripts]
            for start in range(0, len(keys), _CHUNK):
                chunk = keys[start : start + _CHUNK]
                marks = ",".join("?" * len(chunk))
                for path, size, mtime in self._db.execute(
                    f"SELECT path, size, mtime_ns FROM transcripts WHERE path IN ({marks}) "
                    "AND pending IS NULL",
                    chunk,
                ):
                    found[path] = (size, mtime)
        return found

    def save(self, transcript: Path | str, ledger: LedgerFile, stat: FileStat | None = None) -> None:
        """Replace the row of ``transcript`` (one transaction)."""
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO transcripts(path, sha256, size, mtime_ns, record, pending) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                _row(str(transcript), ledger, stat),
            )

    def record_stat(self, transcript: Path | str, record: LedgerRecord, stat: FileStat) -> None:
        """Record the settled mtime of a transcript found to hold exactly ``record``'s bytes
        (so the next run needs only its ``stat``); nothing when the row moved on meanwhile."""
        if not stat.settled or stat.size != record.size:
            return
        with self._write() as db:
            db.execute(
                "UPDATE transcripts SET mtime_ns = ? WHERE path = ? AND sha256 = ? AND size = ? "
                "AND pending IS NULL",
                (stat.mtime_ns, str(transcript), record.sha256, record.size),
            )

    def save_many(self, rows: Iterable[tuple[Path | str, LedgerFile, FileStat | None]]) -> None:
        """Replace many rows in one transaction (an import, a benchmark's seed)."""
        with self._write() as db:
            db.executemany(
                "INSERT OR REPLACE INTO transcripts(path, sha256, size, mtime_ns, record, pending) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (_row(str(path), file, stat) for path, file, stat in rows),
            )

    def has_pending(self) -> bool:
        with self._lock:
            if self._db is None:
                return False
            return (
                self._db.execute("SELECT 1 FROM transcripts WHERE pending IS NOT NULL LIMIT 1").fetchone()
                is not None
            )

    def resolve_pending(
        self,
        taken_ids: Iterable[str],
        applied: Callable[[Pending], bool] | None = None,
        kept: list[str] | None = None,
    ) -> list[str]:
        """Settle rows whose commit a crash interrupted (caller holds the root lock, no journal
        is open): the next record is kept when one of the plan's new ids is in ``taken_ids`` or
        ``applied`` finds its archives or updates made.

        Returns the transcripts whose pending record was settled; ``kept`` (if given) gets the
        rows' keys whose next record was kept (the plan was made).
        """
        taken = set(taken_ids)
        settled: list[str] = []
        with self._write() as db:
            rows = db.execute(
                "SELECT path, record, pending FROM transcripts WHERE pending IS NOT NULL ORDER BY path"
            ).fetchall()
            for path, record, pending in rows:
                ledger = _parse(record, pending)
                if ledger.pending is None:
                    db.execute("UPDATE transcripts SET pending = NULL WHERE path = ?", (path,))
                    continue
                made = any(i in taken for i in ledger.pending.write_ids) or (
                    applied is not None and applied(ledger.pending)
                )
                row = _row(path, LedgerFile(record=ledger.pending.next if made else ledger.record), None)
                db.execute(
                    "UPDATE transcripts SET sha256 = ?, size = ?, mtime_ns = NULL, record = ?, pending = NULL "
                    "WHERE path = ?",
                    (row[1], row[2], row[4], path),
                )
                settled.append(ledger.pending.next.path)
                if made and kept is not None:
                    kept.append(path)
        return settled


def _row(
    path: str, ledger: LedgerFile, stat: FileStat | None
) -> tuple[str, str | None, int | None, int | None, str | None, str | None]:
    record = ledger.record
    mtime: int | None = None
    # The stat describes the recorded bytes only when it was taken before they were read, the
    # file has not been modified for a while, and no commit is in flight.
    if stat is not None and stat.settled and record is not None and ledger.pending is None:
        mtime = stat.mtime_ns if stat.size == record.size else None
    return (
        path,
        record.sha256 if record else None,
        record.size if record else None,
        mtime,
        record.model_dump_json() if record else None,
        _pending_json(ledger.pending) if ledger.pending else None,
    )


def _pending_json(pending: Pending) -> str:
    """The pending part as stored: an empty ``archive_ids`` / ``updates`` is left out, so a row
    whose plan only writes new ids has exactly the shape older installs read (their ``Pending``
    forbids unknown keys and would drop the whole part, redoing a transcript already written)."""
    empty = {name for name in ("archive_ids", "updates") if not getattr(pending, name)}
    return pending.model_dump_json(exclude=empty)


# Module-level helpers over a root (one short-lived connection each): tests and single calls.


def load(root: Path, transcript: Path) -> LedgerFile:
    with Ledger(root, create=False) as ledger:
        return ledger.load(transcript)


def save(root: Path, transcript: Path, ledger: LedgerFile) -> None:
    with Ledger(root) as db:
        db.save(transcript, ledger)


def resolve_pending(root: Path, taken_ids: set[str]) -> list[str]:
    with Ledger(root, create=False) as ledger:
        return ledger.resolve_pending(taken_ids)
