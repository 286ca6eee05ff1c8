"""The SQLite side of the index: schema, connection, and the row each memory file becomes.

Files are the truth; this database is derived (see :mod:`memscribe.index.db`). Text is indexed
normalized, with CJK runs split into character bigrams (:func:`fts_text`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import os
import re
import sqlite3
from pathlib import Path

from memscribe.sqlite_busy import is_busy, retry_busy
from memscribe.textsim import CJK_CHARS, STOPWORDS, content_tokens, normalize

# Light on purpose: ``memscribe search`` reads the index through this module and
# :mod:`memscribe.index.query` without loading the memory kinds or pydantic (``row_for``, the
# writer's side, imports them when first called).

#: The memory root's own folder (:data:`memscribe.kinds.layout.REFLEXIO_DIR`; a test checks).
REFLEXIO_DIR = ".reflexio"
INDEX_DIR = f"{REFLEXIO_DIR}/.index"
#: The change log of :mod:`memscribe.store.changes` (:data:`memscribe.store.confine.CHANGES_FILE`).
CHANGES_FILE = f"{INDEX_DIR}/changes.log"
#: A folder whose mtime is this recent (ns) when stat'ed may still change within the same
#: clock tick (or the file system's timestamp granularity): it is scanned again next time.
RACY_NS = 2_000_000_000
#: Every file is stat'ed at least this often (seconds), to catch edits in place by other tools.
VERIFY_EVERY_S = 3600
INDEX_FILE = f"{INDEX_DIR}/memscribe.sqlite3"
SCHEMA_VERSION = "7"
#: Bytes of the index file SQLite reads through a memory mapping (address space, not memory),
#: once a connection has answered many queries (:func:`memscribe.index.pool.count_answer`).
MMAP_SIZE = 256 << 20
#: Han runs are indexed and queried as character bigrams (what the index holds: a change here is
#: a new schema).
_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
#: One character that is a word of its own as a query word (``猫``, ``밥``, ``ア``): the scripts
#: :mod:`memscribe.textsim` reads without spaces (one definition, as the MCP tools' check).
_ONE_CHAR_WORD = re.compile(f"[{CJK_CHARS}]")

#: What schema 7 added to schema 6 (:func:`_upgrade`).
_FILES_PICK = "CREATE INDEX files_pick ON files(rowid, archived, ok, kind, namespace, slug)"
_FILEVECS = "CREATE TABLE filevecs (file INTEGER PRIMARY KEY, model TEXT NOT NULL, sha TEXT NOT NULL, vec BLOB NOT NULL)"
#: The schema an index is upgraded from in place (:func:`_upgrade`); any other is rebuilt.
PREVIOUS_SCHEMA = "6"

_SCHEMA = (
    """
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
-- What a shortlist's full-text match asks of each matched row (scope and topic: a few thousand
-- rows at 100k entries), read from this narrow index rather than from the wide rows (``INDEXED BY``
-- in memscribe.index.query.topic_candidates).
"""
    + _FILES_PICK
    + """;
CREATE VIRTUAL TABLE fts USING fts5(text, content='files', content_rowid='rowid',
    tokenize='porter unicode61');
CREATE VIRTUAL TABLE fts_vocab USING fts5vocab(fts, 'row');
-- The similarity tokens (memscribe.textsim, the ``tokens`` column) of each active entry, one row
-- per token: which entries share a word with a text, without reading every entry.
CREATE TABLE terms (term TEXT NOT NULL, file INTEGER NOT NULL, PRIMARY KEY (term, file)) WITHOUT ROWID;
-- The words of each active entry's slug (split on "-", ASCII lower case): the entries whose slug
-- holds a topic word, by a look-up (see slug_parts).
CREATE TABLE slugwords (word TEXT NOT NULL, file INTEGER NOT NULL, PRIMARY KEY (word, file)) WITHOUT ROWID;
-- The offline encoder's vector of each active entry (memscribe.index.textvecs), by its ``files``
-- rowid: a scope's last-indexed entries (a shortlist's semantic pool) are read in one range of rows.
-- ``model`` and ``sha`` (the encoder's identity, the SHA-1 of the text) are checked when read.
"""
    + _FILEVECS
    + """;
CREATE TABLE vectors (
    model TEXT NOT NULL, id TEXT NOT NULL, sha TEXT NOT NULL, vec BLOB NOT NULL,
    PRIMARY KEY (model, id, sha)
);
"""
)

COLUMNS = (
    "path, mtime_ns, size, sha256, archived, ok, error, id, kind, namespace, slug, created, ttl, "
    "expires, supersedes, superseded_by, superseded_at, archive_reason, body, text, norm, tokens"
)


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


def fts_words(text: str) -> list[str]:
    """Query words for FTS5 (quoted, so no query syntax can leak in), stopwords dropped; CJK
    runs become bigrams, as in :func:`fts_text`."""
    words: list[str] = []
    for raw in fts_text(text).replace('"', " ").split():
        for word in "".join(ch if ch.isalnum() else " " for ch in raw).split():
            if word not in STOPWORDS and (len(word) > 1 or _ONE_CHAR_WORD.match(word)) and word not in words:
                words.append(word)
    return words


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def slug_parts(slug: str) -> set[str]:
    """The ``slugwords`` rows of a slug: its ``-``-separated parts, ASCII letters lower-cased
    (as SQLite's ``LIKE`` compares): ``word`` is one of them exactly when the slug is ``word``
    or matches ``word-%``, ``%-word`` or ``%-word-%``."""
    return {part for part in slug.translate(_ASCII_LOWER).split("-") if part}


def norm_key(text: str) -> str:
    return hashlib.sha1(normalize(text).encode("utf-8")).hexdigest()


def porter_guess(word: str) -> str:
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


def row_for(rel: str, data: bytes, mtime: int, size: int, sha: str, archived: bool) -> tuple[object, ...]:
    """The ``files`` row of one file (parse problems become an ``ok = 0`` row)."""
    from memscribe.errors import StoreError
    from memscribe.kinds.frontmatter import split_frontmatter
    from memscribe.kinds.parse import parse_written
    from memscribe.relatedness import entry_text

    try:
        text = data.decode("utf-8")
        meta, _ = split_frontmatter(text, rel)
        entry = parse_written(text, rel)
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
        norm_key(searchable),
        " ".join(sorted(content_tokens(searchable))),
    )


def connect(location: Path | None) -> sqlite3.Connection:
    """A connection to the index file (WAL) or an in-memory index; closed again if set-up fails
    (a file that is not a database fails at the first statement, not at ``connect``)."""
    conn = sqlite3.connect(":memory:" if location is None else str(location), timeout=10.0)
    try:
        conn.execute("PRAGMA busy_timeout = 10000")
        if location is not None:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn


def init_schema(conn: sqlite3.Connection) -> None:
    with conn:
        conn.executescript(_SCHEMA)
        conn.execute("INSERT INTO meta(key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))


def open_file(location: Path) -> sqlite3.Connection:
    """The index file, rebuilt empty when its schema is unknown or it is not a database at all
    (one of :data:`PREVIOUS_SCHEMA` is upgraded in place instead, :func:`_upgrade`).

    Other processes may open, create or rebuild the same file at the same moment: "locked" is
    waited out (:func:`retry_busy`), never taken for "not a database", and a new index is built
    under a private name and linked into place only where none exists yet, so processes opening
    a fresh root never delete or replace the file one of them has just created. (Two processes
    that both find an old schema may still rebuild over each other: derived data, rebuilt again.)
    """
    return retry_busy(lambda: _open_file_once(location))


def _open_file_once(location: Path) -> sqlite3.Connection:
    if os.path.lexists(location):
        conn = _open_valid(location)
        if conn is not None:
            return conn
        # Unknown schema, or not a database at all: it is derived data, start over.
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{location}{suffix}")
    _create(location)
    conn = _open_valid(location)
    if conn is None:  # replaced again in between: wait, then start over
        raise sqlite3.OperationalError("database is locked (the index is being rebuilt)")
    return conn


def _open_valid(location: Path) -> sqlite3.Connection | None:
    """A connection to ``location`` when it is an index of this schema; None when it is not
    (not a database, another schema); "locked" raised, to be waited out."""
    try:
        conn = connect(location)
    except sqlite3.DatabaseError as exc:  # connect() closed it
        if is_busy(exc):
            raise
        return None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.DatabaseError as exc:
        conn.close()
        if is_busy(exc):
            raise
        return None
    if row is not None and str(row[0]) in (SCHEMA_VERSION, PREVIOUS_SCHEMA):
        try:
            if str(row[0]) == SCHEMA_VERSION or _upgrade(conn):
                return conn
        except BaseException:
            conn.close()
            raise
    conn.close()
    return None


def _upgrade(conn: sqlite3.Connection) -> bool:
    """Bring an index of :data:`PREVIOUS_SCHEMA` to :data:`SCHEMA_VERSION` in place, in one
    transaction (either schema 6 intact or schema 7 complete): the ``files_pick`` index, and the
    ``filevecs`` table filled with the vectors schema 6 kept by text (``textvecs``) for each
    active entry (moved, not copied), the entries without one encoded (none without the
    semantic model: a fresh index has none then either). Whether it did; False on any error
    (the caller rebuilds), "locked" raised, to be waited out (:func:`retry_busy`)."""
    from memscribe import semantic
    from memscribe.index import textvecs

    try:
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None or str(row[0]) != PREVIOUS_SCHEMA:  # another process was first
                return row is not None and str(row[0]) == SCHEMA_VERSION
            conn.execute(_FILES_PICK)
            conn.execute(_FILEVECS)
            encoder = semantic.default_encoder() if semantic.enabled() else None
            if encoder is not None:
                active = conn.execute(
                    "SELECT rowid, text FROM files WHERE ok = 1 AND archived = 0 ORDER BY rowid"
                )
                textvecs.index_texts(conn, encoder, [(int(r), str(t)) for r, t in active])
                conn.execute("DELETE FROM textvecs WHERE (model, sha) IN (SELECT model, sha FROM filevecs)")
            conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION,))
    except sqlite3.Error as exc:
        if is_busy(exc):
            raise
        return False
    except Exception:  # e.g. a broken encoder: rebuilt as before
        return False
    return True


def _create(location: Path) -> None:
    """A fresh, empty index at ``location``, unless another process put one there first."""
    private = location.with_name(f".{location.name}.{os.getpid()}.{os.urandom(4).hex()}.new")
    try:
        conn = sqlite3.connect(str(private))
        try:
            init_schema(conn)
        finally:
            conn.close()
        try:
            os.link(private, location)  # atomic, and fails where a file already is
        except FileExistsError:
            pass  # another process created it: that one is used
        except OSError:  # a file system without hard links: the last creator's file is used
            os.replace(private, location)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(private)
