"""The derived SQLite index of a memory root: dedup shortlists, search, lineage, stats.

The files are the truth. The index lives in ``.reflexio/.index/memscribe.sqlite3`` and can
be deleted at any time: the next command rebuilds it (``memscribe index --rebuild`` does it
on purpose). A schema-version mismatch or a corrupt database is rebuilt the same way.

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

**Full text.** An FTS5 table (``porter unicode61`` tokenizer, BM25 ranking) over the active
entries' text — profile bodies, and playbooks' ``When``/``What`` (the search anchor; ``Why``
is reference only). BM25 finds candidates; the scores reported (0..1) come from
:mod:`memscribe.textsim` on those candidates, so a shortlist from the index gives the same
scores and thresholds as the list-based shortlist in :mod:`memscribe.stages.dedup`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import heapq
import json
import operator
import os
import re
import sqlite3
import stat
import sys
import time
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memscribe.errors import StoreError
from memscribe.index.embed import EmbeddingModel, unit
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.stages.dedup import SHORTLIST_SCORE, SHORTLIST_SIZE, entry_text, same_topic
from memscribe.store.changes import (
    ABSENT,
    MEMORY_DIRS,
    ChangeLog,
    dir_mtime,
    read_changes,
    truncate_changes,
)
from memscribe.store.files import (
    ARCHIVE_DIR,
    REFLEXIO_DIR,
    parse_memory_file,
    parse_playbook_sections,
    split_frontmatter,
)
from memscribe.textsim import STOPWORDS, content_tokens, normalize

INDEX_DIR = f"{REFLEXIO_DIR}/.index"
INDEX_FILE = f"{INDEX_DIR}/memscribe.sqlite3"
SCHEMA_VERSION = "4"
#: A folder whose mtime is this recent (ns) when stat'ed may still change within the same
#: clock tick (or the file system's timestamp granularity): it is scanned again next time.
RACY_NS = 2_000_000_000
#: Every file is stat'ed at least this often (seconds), to catch edits in place by other tools.
VERIFY_EVERY_S = 3600
#: The change log is emptied once a refresh has read this many bytes of it.
CHANGES_LOG_MAX = 1 << 20
#: Cosine similarity at or below this counts as unrelated (embedding models rarely go lower).
SEMANTIC_FLOOR = 0.5
#: Weight of the semantic score in the blend (it can only raise a lexical score, never lower it).
SEMANTIC_WEIGHT = 0.6
#: Same CJK range as :mod:`memscribe.textsim`: runs are indexed and queried as character bigrams.
_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
#: BM25 candidates re-scored per query (shortlists and search).
FTS_CANDIDATES = 48
#: A query word found in more than this share of the scope's entries is too common to
#: select candidates by (it still counts in the score of the candidates found otherwise).
COMMON_WORD_SHARE = 0.01
#: At most this many (the rarest) query words select candidates.
SELECT_WORDS = 4

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
    rowid INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    mtime_ns INTEGER NOT NULL,
    size INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    archived INTEGER NOT NULL,
    ok INTEGER NOT NULL,
    error TEXT,
    id TEXT, kind TEXT, namespace TEXT, slug TEXT, created TEXT, ttl TEXT, expires TEXT,
    supersedes TEXT, superseded_by TEXT, superseded_at TEXT, archive_reason TEXT,
    body TEXT, text TEXT, norm TEXT, tokens TEXT
);
CREATE INDEX files_id ON files(id);
CREATE INDEX files_slug ON files(slug, kind, archived, namespace, id);
CREATE INDEX files_norm ON files(norm);
CREATE INDEX files_bad ON files(path) WHERE ok = 0;
CREATE VIRTUAL TABLE fts USING fts5(text, content='files', content_rowid='rowid',
    tokenize='porter unicode61');
CREATE VIRTUAL TABLE fts_vocab USING fts5vocab(fts, 'row');
CREATE TABLE vectors (
    model TEXT NOT NULL, id TEXT NOT NULL, sha TEXT NOT NULL, vec BLOB NOT NULL,
    PRIMARY KEY (model, id, sha)
);
"""

_COLUMNS = (
    "path, mtime_ns, size, sha256, archived, ok, error, id, kind, namespace, slug, created, ttl, "
    "expires, supersedes, superseded_by, superseded_at, archive_reason, body, text, norm, tokens"
)


@dataclass(frozen=True)
class IndexedEntry:
    """One row of the index: an active or archived memory file."""

    entry: MemoryEntry
    archived: bool
    superseded_by: str | None = None
    superseded_at: str | None = None
    archive_reason: str | None = None


@dataclass(frozen=True)
class SearchHit:
    """A search result: relevance in 0..1 and where the memory lives."""

    id: str
    kind: MemoryKind
    namespace: str
    path: str
    relevance: float
    text: str


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


def index_path(root: Path) -> Path:
    return Path(root) / INDEX_FILE


def is_expired(expires: str | None, today: dt.date) -> bool:
    """``expires`` (an ISO date, ``never`` or None) is today or earlier."""
    if not expires or expires == "never":
        return False
    try:
        return dt.date.fromisoformat(expires) <= today
    except ValueError:
        return False


def _cjk_bigrams(match: re.Match[str]) -> str:
    run = match.group()
    grams = [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
    return " " + " ".join(grams) + " "


def fts_text(text: str) -> str:
    """The text FTS5 indexes: normalized, each CJK run split into overlapping character bigrams
    (the unicode61 tokenizer would keep a whole run — a sentence — as one token)."""
    return _CJK_RUN.sub(_cjk_bigrams, normalize(text))


def _fts_words(text: str) -> list[str]:
    """Query words for FTS5 (quoted, so no query syntax can leak in), stopwords dropped; CJK
    runs become bigrams, as in :func:`fts_text`."""
    words: list[str] = []
    for raw in fts_text(text).replace('"', " ").split():
        for word in "".join(ch if ch.isalnum() else " " for ch in raw).split():
            cjk = _CJK_RUN.fullmatch(word) is not None
            if word not in STOPWORDS and (len(word) > 1 or cjk) and word not in words:
                words.append(word)
    return words


def _norm_key(text: str) -> str:
    return hashlib.sha1(normalize(text).encode("utf-8")).hexdigest()


class MemoryIndex:
    """The SQLite index of one memory root. Use :func:`open_index`; close when done."""

    def __init__(
        self,
        root: Path,
        conn: sqlite3.Connection,
        location: Path | None,
        embedder: EmbeddingModel | None = None,
    ) -> None:
        self.root = Path(root)
        self.embedder = embedder
        self.conn = conn
        self.location = location  # None: an in-memory index (read-only root, dry runs)
        self._vocab_total: int | None = None
        # (rowid, kind, namespace, unit vector) of the active entries, loaded on first use.
        self._vectors: list[tuple[int, str, str, list[float]]] | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> MemoryIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # -- refresh ---------------------------------------------------------------------------

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
        with self.conn:
            # One refresher at a time (readers are not blocked: WAL).
            self.conn.execute("BEGIN IMMEDIATE")
            if rebuild:
                self.conn.execute("DELETE FROM files")
                self.conn.execute("INSERT INTO fts(fts) VALUES ('delete-all')")
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
            stats.files = int(self.conn.execute("SELECT count(*) FROM files").fetchone()[0])
            stats.problem_paths = [
                str(r[0]) for r in self.conn.execute("SELECT path FROM files WHERE ok = 0 ORDER BY path")
            ]
            stats.problems = len(stats.problem_paths)
        self._vocab_total = None
        self._vectors = None
        stats.seconds = time.perf_counter() - started
        return stats

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
        row = _row_for(rel, data, mtime, size, sha, archived)
        if old is not None:
            self._delete_row(old[0])
            stats.updated += 1
        else:
            stats.added += 1
        cur = self.conn.execute(
            f"INSERT INTO files({_COLUMNS}) VALUES ({', '.join('?' * 22)})",
            row,
        )
        if row[5] and not archived:  # ok and active: searchable
            self.conn.execute(
                "INSERT INTO fts(rowid, text) VALUES (?, ?)", (cur.lastrowid, fts_text(str(row[19])))
            )

    def _delete_row(self, rowid: int) -> None:
        found = self.conn.execute("SELECT ok, archived, text FROM files WHERE rowid = ?", (rowid,)).fetchone()
        if found is None:
            return
        if found[0] and not found[1]:
            self.conn.execute(
                "INSERT INTO fts(fts, rowid, text) VALUES ('delete', ?, ?)", (rowid, fts_text(str(found[2])))
            )
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

    # -- queries ---------------------------------------------------------------------------

    @staticmethod
    def _scope(namespace: str | None, default: str) -> tuple[str, list[str]]:
        if namespace is None:
            return "", []
        if namespace == default:
            return " AND f.namespace IN ('', ?)", [namespace]
        return " AND f.namespace = ?", [namespace]

    def _entry_from_row(self, row: Sequence[object]) -> IndexedEntry:
        (path, kind, mem_id, ns, slug, created, ttl, expires, sup, body, archived, by, at, why) = row
        entry = MemoryEntry(
            kind=kind,  # type: ignore[arg-type]
            id=str(mem_id),
            path=str(path),
            slug=str(slug),
            created=str(created),
            ttl=ttl or None,  # type: ignore[arg-type]
            expires=str(expires) if expires else None,
            supersedes=tuple(str(sup).split()) if sup else (),
            body=str(body),
            namespace=str(ns) or None,
        )
        return IndexedEntry(
            entry=entry,
            archived=bool(archived),
            superseded_by=str(by) if by else None,
            superseded_at=str(at) if at else None,
            archive_reason=str(why) if why else None,
        )

    _ENTRY_COLS = (
        "f.path, f.kind, f.id, f.namespace, f.slug, f.created, f.ttl, f.expires, f.supersedes, f.body, "
        "f.archived, f.superseded_by, f.superseded_at, f.archive_reason"
    )

    def lookup(self, memory_id: str) -> list[IndexedEntry]:
        """Every file holding ``memory_id``: the active one first, then archived copies."""
        rows = self.conn.execute(
            f"SELECT {self._ENTRY_COLS} FROM files f WHERE f.ok = 1 AND f.id = ? ORDER BY f.archived, f.path",
            (memory_id,),
        ).fetchall()
        return [self._entry_from_row(r) for r in rows]

    def superseding(self, memory_id: str) -> list[IndexedEntry]:
        """Entries (active or archived) whose ``supersedes`` lists ``memory_id``."""
        rows = self.conn.execute(
            f"SELECT {self._ENTRY_COLS} FROM files f WHERE f.ok = 1 AND "
            "(' ' || f.supersedes || ' ') LIKE ? ORDER BY f.archived, f.path",
            (f"% {memory_id} %",),
        ).fetchall()
        return [self._entry_from_row(r) for r in rows]

    def entries(
        self,
        *,
        archived: bool = False,
        namespace: str | None = None,
        default: str = "default",
        kind: MemoryKind | None = None,
    ) -> list[MemoryEntry]:
        """Parsed entries (active by default), sorted by path, optionally scoped."""
        where, params = self._scope(namespace, default)
        if kind is not None:
            where += " AND f.kind = ?"
            params.append(kind)
        rows = self.conn.execute(
            f"SELECT {self._ENTRY_COLS} FROM files f WHERE f.ok = 1 AND f.archived = ?{where} ORDER BY f.path",
            (int(archived), *params),
        ).fetchall()
        return [self._entry_from_row(r).entry for r in rows]

    def expiring(self, today: dt.date) -> list[MemoryEntry]:
        """Active profiles whose ``expires`` date is ``today`` or earlier (all namespaces)."""
        rows = self.conn.execute(
            f"SELECT {self._ENTRY_COLS} FROM files f WHERE f.ok = 1 AND f.archived = 0 "
            "AND f.kind = 'profile' AND f.expires IS NOT NULL AND f.expires <= ? ORDER BY f.path",
            (today.isoformat(),),
        ).fetchall()
        return [self._entry_from_row(r).entry for r in rows]

    def taken_ids(self) -> set[str]:
        return {str(r[0]) for r in self.conn.execute("SELECT DISTINCT id FROM files WHERE ok = 1")}

    def _selective_words(self, words: Sequence[str]) -> list[str]:
        """The query words that pick candidates: the rarest SELECT_WORDS, common ones dropped.

        A word found in more than COMMON_WORD_SHARE of the active entries selects nothing
        useful (it still counts in the score of candidates found otherwise). Candidates come
        from the rarest words, so a query costs what its rare words cost, not the root.
        """
        if len(words) <= 1:
            return list(words)
        if self._vocab_total is None:
            self._vocab_total = int(
                self.conn.execute("SELECT count(*) FROM files WHERE ok = 1 AND archived = 0").fetchone()[0]
            )
        limit = max(50, int(self._vocab_total * COMMON_WORD_SHARE))
        freq: list[tuple[int, int, str]] = []
        for order, word in enumerate(words):
            row = self.conn.execute(
                "SELECT doc FROM fts_vocab WHERE term = ?", (_porter_guess(word),)
            ).fetchone()
            freq.append((int(row[0]) if row else 0, order, word))
        freq.sort()
        kept = [w for df, _, w in freq if 0 < df <= limit] or [w for df, _, w in freq if df > 0][:1]
        return kept[:SELECT_WORDS]

    def _fts_candidates(
        self, text: str, where: str, params: Sequence[object], limit: int = FTS_CANDIDATES
    ) -> list[int]:
        words = self._selective_words(_fts_words(text))
        if not words:
            return []
        query = " OR ".join(f'"{w}"' for w in words)
        try:
            rows = self.conn.execute(
                "SELECT f.rowid FROM fts JOIN files f ON f.rowid = fts.rowid "
                f"WHERE fts MATCH ?{where} ORDER BY bm25(fts) LIMIT ?",
                (query, *params, limit),
            ).fetchall()
        except sqlite3.OperationalError:
            return []
        return [int(r[0]) for r in rows]

    # -- semantic similarity (optional) ---------------------------------------------------

    def _disable_embeddings(self, exc: Exception) -> None:
        name = self.embedder.name if self.embedder else "?"
        sys.stderr.write(f"memscribe: embedding model {name} unavailable, lexical search only: {exc}\n")
        self.embedder = None
        self._vectors = None

    def _load_vectors(self) -> list[tuple[int, str, str, list[float]]]:
        """Embed the active entries that have no vector for this model and text yet, then load all."""
        if self.embedder is None:
            return []
        if self._vectors is not None:
            return self._vectors
        model = self.embedder.name
        missing = self.conn.execute(
            "SELECT DISTINCT f.id, f.norm, f.text FROM files f LEFT JOIN vectors v "
            "ON v.model = ? AND v.id = f.id AND v.sha = f.norm "
            "WHERE f.ok = 1 AND f.archived = 0 AND v.id IS NULL",
            (model,),
        ).fetchall()
        step = max(1, self.embedder.batch)
        try:
            for start in range(0, len(missing), step):
                chunk = missing[start : start + step]
                vectors = self.embedder.embed([str(r[2]) for r in chunk])
                if len(vectors) != len(chunk):
                    raise ValueError(f"{len(vectors)} vectors for {len(chunk)} texts")
                with self.conn:
                    self.conn.executemany(
                        "INSERT OR REPLACE INTO vectors(model, id, sha, vec) VALUES (?, ?, ?, ?)",
                        [
                            (model, str(r[0]), str(r[1]), array("f", unit(v)).tobytes())
                            for r, v in zip(chunk, vectors, strict=True)
                        ],
                    )
        except Exception as exc:  # noqa: BLE001 - any model failure: fall back to lexical
            self._disable_embeddings(exc)
            return []
        if missing:
            with self.conn:  # drop vectors of texts no active entry has any more
                self.conn.execute(
                    "DELETE FROM vectors WHERE model = ? AND NOT EXISTS (SELECT 1 FROM files f "
                    "WHERE f.id = vectors.id AND f.norm = vectors.sha AND f.ok = 1 AND f.archived = 0)",
                    (model,),
                )
        loaded: list[tuple[int, str, str, list[float]]] = []
        for rowid, kind, ns, blob in self.conn.execute(
            "SELECT f.rowid, f.kind, f.namespace, v.vec FROM files f JOIN vectors v "
            "ON v.model = ? AND v.id = f.id AND v.sha = f.norm WHERE f.ok = 1 AND f.archived = 0",
            (model,),
        ):
            vec = array("f")
            vec.frombytes(blob)
            loaded.append((int(rowid), str(kind), str(ns), vec.tolist()))
        self._vectors = loaded
        return loaded

    def _semantic(
        self,
        text: str,
        *,
        kind: MemoryKind | None,
        namespace: str | None,
        default: str,
        limit: int,
    ) -> tuple[list[int], dict[int, float]]:
        """(best ``limit`` rowids, semantic score 0..1 per scoped rowid) for ``text``; empty
        without an embedding model. Brute force over the scope's vectors."""
        vectors = self._load_vectors()
        if not vectors or self.embedder is None:
            return [], {}
        try:
            found = self.embedder.embed([text])
            query = unit([float(x) for x in found[0]])
        except Exception as exc:  # noqa: BLE001 - any model failure: fall back to lexical
            self._disable_embeddings(exc)
            return [], {}
        names = None if namespace is None else ({"", namespace} if namespace == default else {namespace})
        scores: dict[int, float] = {}
        for rowid, k, ns, vec in vectors:
            if (kind is not None and k != kind) or (names is not None and ns not in names):
                continue
            cosine = sum(map(operator.mul, query, vec))
            if cosine > SEMANTIC_FLOOR:
                scores[rowid] = min(1.0, (cosine - SEMANTIC_FLOOR) / (1.0 - SEMANTIC_FLOOR))
        best = heapq.nlargest(limit, scores, key=lambda r: scores[r])
        return best, scores

    def shortlist(
        self,
        kind: MemoryKind,
        slug: str,
        text: str,
        *,
        namespace: str | None,
        default: str = "default",
        size: int = SHORTLIST_SIZE,
    ) -> list[ShortlistItem]:
        """Top ``size`` active entries of ``kind`` in ``namespace`` similar to ``text``.

        Same rule as :func:`memscribe.stages.dedup.shortlist`: an entry qualifies with a
        similarity of at least SHORTLIST_SCORE or the same topic slug; scores are 0..1.
        Candidates: BM25 over the text, the same-topic slugs, and exact restatements.
        """
        scope, params = self._scope(namespace, default)
        where = f" AND f.archived = 0 AND f.ok = 1 AND f.kind = ?{scope}"
        base: list[object] = [kind, *params]
        rowids = set(self._fts_candidates(text, where, base))
        topic = slug.strip("-")
        prefixes = [topic[:i] for i in range(1, len(topic)) if topic[i] == "-"]
        slug_sql = "(f.slug = ? OR (f.slug >= ? AND f.slug < ?)"
        slug_params: list[object] = [topic, topic + "-", topic + "."]
        if prefixes:
            slug_sql += f" OR f.slug IN ({', '.join('?' * len(prefixes))})"
            slug_params += prefixes
        slug_sql += ")"
        # Same-topic entries always qualify, however low their score: the best-matching ones
        # by BM25, plus a few more (index order) — never every entry of a crowded topic.
        rowids.update(self._fts_candidates(text, f" AND {slug_sql}{where}", [*slug_params, *base]))
        rows = self.conn.execute(
            f"SELECT f.rowid FROM files f INDEXED BY files_slug WHERE {slug_sql}{where} LIMIT ?",
            (*slug_params, *base, size),
        ).fetchall()
        rows += self.conn.execute(
            f"SELECT f.rowid FROM files f WHERE f.norm = ?{where}", (_norm_key(text), *base)
        ).fetchall()
        rowids.update(int(r[0]) for r in rows)
        best, semantic = self._semantic(text, kind=kind, namespace=namespace, default=default, limit=size * 4)
        rowids.update(best)
        if not rowids:
            return []
        found = self.conn.execute(
            "SELECT rowid, id, slug, text, created, tokens FROM files "
            f"WHERE rowid IN ({', '.join('?' * len(rowids))})",
            tuple(rowids),
        ).fetchall()
        wanted = content_tokens(text)
        scored: list[ShortlistItem] = []
        for rowid, mem_id, entry_slug, entry_txt, created, tokens in found:
            score = blend(_similarity_sets(wanted, set(str(tokens).split())), semantic.get(int(rowid)))
            if score >= SHORTLIST_SCORE or same_topic(slug, str(entry_slug)):
                scored.append(
                    ShortlistItem(
                        id=str(mem_id),
                        slug=str(entry_slug),
                        text=str(entry_txt),
                        created=str(created),
                        score=min(1.0, score),
                    )
                )
        scored.sort(key=lambda s: (-s.score, s.id))
        return scored[:size]

    def search(
        self,
        query: str,
        *,
        namespace: str | None,
        default: str = "default",
        kind: MemoryKind | None = None,
        limit: int = 5,
        min_relevance: float = 0.3,
        today: dt.date | None = None,
    ) -> list[SearchHit]:
        """Active, unexpired entries ranked by relevance to ``query`` (0..1, see :func:`relevance`)."""
        today = today or dt.datetime.now(dt.UTC).date()
        scope, params = self._scope(namespace, default)
        where = f" AND f.archived = 0 AND f.ok = 1{scope}"
        base: list[object] = list(params)
        if kind is not None:
            where += " AND f.kind = ?"
            base.append(kind)
        rowids = self._fts_candidates(query, where, base, limit=max(FTS_CANDIDATES, limit * 4))
        best, semantic = self._semantic(
            query, kind=kind, namespace=namespace, default=default, limit=max(FTS_CANDIDATES, limit * 4)
        )
        rowids += [r for r in best if r not in set(rowids)]
        if not rowids:
            return []
        rows = self.conn.execute(
            "SELECT rowid, id, kind, namespace, path, text, expires, tokens FROM files "
            f"WHERE rowid IN ({', '.join('?' * len(rowids))})",
            tuple(rowids),
        ).fetchall()
        rank = {rowid: i for i, rowid in enumerate(rowids)}
        hits: list[tuple[float, int, SearchHit]] = []
        wanted = content_tokens(query)
        for rowid, mem_id, k, ns, path, text, expires, tokens in rows:
            if is_expired(str(expires) if expires else None, today):
                continue
            score = blend(_relevance_sets(wanted, set(str(tokens).split())), semantic.get(int(rowid)))
            if score < min_relevance:
                continue
            hit = SearchHit(
                id=str(mem_id),
                kind=k,
                namespace=str(ns) or default,
                path=str(path),
                relevance=score,
                text=str(text),
            )
            hits.append((score, rank[int(rowid)], hit))
        hits.sort(key=lambda h: (-h[0], h[1]))
        return [h[2] for h in hits[:limit]]

    def counts(self, *, default: str, today: dt.date) -> dict[str, object]:
        """Counts per kind and namespace (active), expired, archived, unreadable files."""
        per: dict[str, dict[str, int]] = {}
        expired = 0
        for kind, ns, expires in self.conn.execute(
            "SELECT kind, namespace, expires FROM files WHERE ok = 1 AND archived = 0"
        ):
            name = str(ns) or default
            per.setdefault(name, {"profile": 0, "playbook": 0})[str(kind)] += 1
            if is_expired(str(expires) if expires else None, today):
                expired += 1
        archived = int(
            self.conn.execute("SELECT count(*) FROM files WHERE ok = 1 AND archived = 1").fetchone()[0]
        )
        problems = int(self.conn.execute("SELECT count(*) FROM files WHERE ok = 0").fetchone()[0])
        return {
            "namespaces": dict(sorted(per.items())),
            "active": sum(sum(v.values()) for v in per.values()),
            "expired": expired,
            "archived": archived,
            "unreadable": problems,
        }


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


def _porter_guess(word: str) -> str:
    """The porter stem FTS5 stored for ``word`` (asked of SQLite itself, cached)."""
    return _stem_cache.get(word) or _stem(word)


_stem_cache: dict[str, str] = {}
_stem_conn: sqlite3.Connection | None = None


def _stem(word: str) -> str:
    global _stem_conn
    if _stem_conn is None:
        _stem_conn = sqlite3.connect(":memory:", check_same_thread=False)
        _stem_conn.execute("CREATE VIRTUAL TABLE s USING fts5(t, tokenize='porter unicode61')")
        _stem_conn.execute("CREATE VIRTUAL TABLE sv USING fts5vocab(s, 'row')")
    with _stem_conn:
        _stem_conn.execute("DELETE FROM s")
        _stem_conn.execute("INSERT INTO s(t) VALUES (?)", (word,))
        row = _stem_conn.execute("SELECT term FROM sv LIMIT 1").fetchone()
    stem = str(row[0]) if row else word
    if len(_stem_cache) < 50_000:
        _stem_cache[word] = stem
    return stem


def blend(lexical: float, semantic: float | None) -> float:
    """The lexical score, raised (never lowered) by a semantic score when there is one:
    ``max(lexical, (1 - w)·lexical + w·semantic)`` with w = SEMANTIC_WEIGHT."""
    if semantic is None:
        return lexical
    return round(max(lexical, (1.0 - SEMANTIC_WEIGHT) * lexical + SEMANTIC_WEIGHT * semantic), 4)


def _similarity_sets(ta: set[str], tb: set[str]) -> float:
    """:func:`memscribe.textsim.similarity` on token sets already computed (same formula)."""
    if not ta or not tb:
        return 0.0
    inter = len(ta & tb)
    return round(0.5 * inter / len(ta | tb) + 0.5 * inter / min(len(ta), len(tb)), 4)


def relevance(query: str, text: str) -> float:
    """How relevant ``text`` is to ``query``, 0..1.

    0.85 × the share of the query's content words (stemmed, stopwords removed) that the text
    contains, plus 0.15 × the share of the text's content words that match the query (a
    focused memory beats a long one that mentions the words in passing).
    """
    return _relevance_sets(content_tokens(query), content_tokens(text))


def _relevance_sets(q: set[str], d: set[str]) -> float:
    if not q or not d:
        return 0.0
    inter = len(q & d)
    return round(0.85 * inter / len(q) + 0.15 * inter / len(d), 4)


def _row_for(rel: str, data: bytes, mtime: int, size: int, sha: str, archived: bool) -> tuple[object, ...]:
    """The ``files`` row of one file (parse problems become an ``ok = 0`` row)."""
    try:
        text = data.decode("utf-8")
        meta, _ = split_frontmatter(text, rel)
        entry = parse_memory_file(text, rel)
    except (UnicodeDecodeError, StoreError) as exc:
        error = str(exc) if isinstance(exc, StoreError) else f"{rel}: not UTF-8"
        return (rel, mtime, size, sha, int(archived), 0, error, *([None] * 15))
    searchable = entry_text(entry)
    return (
        rel,
        mtime,
        size,
        sha,
        int(archived),
        1,
        None,
        entry.id,
        entry.kind,
        entry.namespace or "",
        entry.slug,
        entry.created,
        entry.ttl,
        entry.expires,
        " ".join(entry.supersedes),
        meta.get("superseded_by") or None,
        meta.get("superseded_at") or None,
        meta.get("archive_reason") or None,
        entry.body,
        searchable,
        _norm_key(searchable),
        " ".join(sorted(content_tokens(searchable))),
    )


def _connect(location: Path | None) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:" if location is None else str(location), timeout=10.0)
    conn.execute("PRAGMA busy_timeout = 10000")
    if location is not None:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def _init(conn: sqlite3.Connection) -> None:
    with conn:
        conn.executescript(_SCHEMA)
        conn.execute("INSERT INTO meta(key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))


def _open_file(location: Path) -> sqlite3.Connection:
    conn = _connect(location)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row is not None and str(row[0]) == SCHEMA_VERSION:
        return conn
    # Unknown schema, or not a database at all: it is derived data, start over.
    conn.close()
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{location}{suffix}")
    conn = _connect(location)
    _init(conn)
    return conn


def open_index(
    root: Path,
    *,
    in_memory: bool = False,
    refresh: bool = True,
    embedder: EmbeddingModel | None = None,
) -> MemoryIndex:
    """Open (creating if needed) and refresh the index of ``root``.

    Args:
        in_memory: keep the index in memory only (nothing written under the root); also the
            fallback when the root's index file cannot be created (read-only root).
        refresh: bring it up to date with the files first (incremental).
        embedder: an embedding model: shortlists and search blend in semantic similarity
            (see :mod:`memscribe.index.embed`); None: lexical only.

    Raises:
        StoreError: SQLite itself is unusable (FTS5 missing).
    """
    root = Path(root)
    location: Path | None = None
    conn: sqlite3.Connection | None = None
    if not in_memory:
        location = index_path(root)
        try:
            location.parent.mkdir(parents=True, exist_ok=True)
            conn = _open_file(location)
        except (OSError, sqlite3.Error):
            location, conn = None, None
    if conn is None:
        try:
            conn = _connect(None)
            _init(conn)
        except sqlite3.Error as exc:  # pragma: no cover - an SQLite without FTS5
            raise StoreError(f"cannot build the memory index: {exc}", path=str(root)) from exc
    index = MemoryIndex(root, conn, location, embedder)
    if refresh:
        try:
            index.refresh()
        except sqlite3.Error as exc:
            index.close()
            raise StoreError(f"cannot refresh the memory index: {exc}", path=str(root)) from exc
    return index


class IndexView:
    """The index as a dedup :class:`~memscribe.stages.dedup.MemoryView`, scoped to one namespace."""

    def __init__(self, index: MemoryIndex, namespace: str | None, default: str = "default") -> None:
        self.index = index
        self.namespace = namespace
        self.default = default

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        return self.index.shortlist(kind, slug, text, namespace=self.namespace, default=self.default)

    def get(self, memory_id: str) -> MemoryEntry | None:
        for found in self.index.lookup(memory_id):
            if not found.archived:
                return found.entry
        return None


def playbook_line(body: str) -> str:
    """``When <when>: <what>`` — a playbook as one recall line."""
    sections = parse_playbook_sections(body)
    when, what = sections.get("when", "").strip(), sections.get("what", "").strip()
    return f"When {when[:1].lower()}{when[1:]}: {what}" if when else what
