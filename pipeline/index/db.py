"""The derived SQLite index of a memory root: dedup shortlists, search, lineage, stats.

The files are the truth. The index lives in ``.reflexio/.index/memscribe.sqlite3`` and can
be deleted at any time: the next command rebuilds it (``memscribe index --rebuild`` does it
on purpose). A corrupt database or another schema is rebuilt the same way (the previous: upgraded).

**Incremental refresh**, proportional to what changed: see :mod:`memscribe.index.refresh`.

**Full text.** An FTS5 table (``porter unicode61`` tokenizer, BM25 ranking) over the active
entries' text — profile bodies, and playbooks' ``When``/``What`` (the search anchor; ``Why``
is reference only). BM25 finds candidates; the scores reported (0..1) come from
:mod:`memscribe.textsim` on those candidates, and the relatedness rule is
:mod:`memscribe.relatedness`'s, so a shortlist from the index gives the same scores and
thresholds as :class:`memscribe.relatedness.ListView`.

The module is split by concern: :mod:`~memscribe.index.sql` (schema, rows),
:mod:`~memscribe.index.refresh` (files → rows), :mod:`~memscribe.index.semantic` (embeddings),
:mod:`~memscribe.index.textvecs` (the offline encoder's vectors of the entries, stored when
indexed) and :mod:`~memscribe.index.pool` (a shortlist's scores from them).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memscribe import kinds
from memscribe.errors import StoreError
from memscribe.index import pool as pool_scores
from memscribe.index import textvecs
from memscribe.index.embed import EmbeddingModel
from memscribe.index.query import (
    COMMON_WORD_SHARE,
    FTS_CANDIDATES,
    SELECT_WORDS,
    SearchHit,
    active_total,
    ranked,
    scope_sql,
    scored_candidates,
    search_where,
    topic_candidates,
    topic_sql,
)
from memscribe.index.refresh import CHANGES_LOG_MAX, Refresher, RefreshStats
from memscribe.index.semantic import SEMANTIC_FLOOR, SEMANTIC_WEIGHT, Semantic, Vectors, blend
from memscribe.index.sql import (
    INDEX_DIR,
    INDEX_FILE,
    RACY_NS,
    SCHEMA_VERSION,
    VERIFY_EVERY_S,
    connect,
    fts_text,
    index_path,
    init_schema,
    is_expired,
    norm_key,
    open_file,
)
from memscribe.index.topics import scope_size, top_slugs
from memscribe.kinds.playbook import playbook_line
from memscribe.relatedness import SHORTLIST_SIZE, Pooled, names_topic, select, topic_words
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.semantic import default_encoder
from memscribe.semantic import enabled as semantic_enabled
from memscribe.textsim import content_tokens, relevance, token_similarity

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

#: With the offline semantic model, a shortlist also scores this many entries of its kind and
#: scope, the last indexed (the others are reached through BM25 and the slugs).
SEMANTIC_POOL = 512


@dataclass(frozen=True)
class IndexedEntry:
    """One row of the index: an active or archived memory file."""

    entry: MemoryEntry
    archived: bool
    superseded_by: str | None = None
    superseded_at: str | None = None
    archive_reason: str | None = None


class MemoryIndex(Refresher, Semantic):
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
        # Document frequencies of query terms, for this generation of the index (see refresh).
        self._df_cache: dict[str, int] = {}
        # (rowid, kind, namespace, unit vector) of the active entries, loaded on first use.
        self._vectors: Vectors | None = None
        # Each scope's semantic pool with its vectors (_pool); shortlists answered (index.pool).
        self._pools: dict[tuple[object, ...], pool_scores.PoolCache] = {}
        self._answered = 0
        self._memo_texts: set[str] = set()  # texts whose stored vectors the encoder memo got

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

    # -- queries ---------------------------------------------------------------------------

    @staticmethod
    def _scope(namespace: str | None, default: str) -> tuple[str, list[str]]:
        return scope_sql(namespace, default)

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
        """Entries whose ``supersedes`` lists ``memory_id``: active first, then newest, slug, body, path."""
        rows = self.conn.execute(
            f"SELECT {self._ENTRY_COLS} FROM files f WHERE f.ok = 1 AND (' ' || f.supersedes || ' ') "
            "LIKE ? ORDER BY f.archived, f.created DESC, f.slug, f.body, f.path",
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

    def expiring(
        self, today: dt.date, *, after: str | None = None, limit: int | None = None
    ) -> list[MemoryEntry]:
        """Active profiles whose ``expires`` date is ``today`` or earlier (all namespaces), by
        path: those after the path ``after``, at most ``limit`` (a page of the sweep)."""
        rows = self.conn.execute(
            f"SELECT {self._ENTRY_COLS} FROM files f WHERE f.ok = 1 AND f.archived = 0 "
            "AND f.kind = 'profile' AND f.expires IS NOT NULL AND f.expires <= ? AND f.path > ? "
            "ORDER BY f.path LIMIT ?",
            (today.isoformat(), after or "", -1 if limit is None else limit),
        ).fetchall()
        return [self._entry_from_row(r).entry for r in rows]

    def taken_ids(self) -> set[str]:
        """Every id in use (all of them loaded: :meth:`is_taken` asks for one)."""
        return {str(r[0]) for r in self.conn.execute("SELECT DISTINCT id FROM files WHERE ok = 1")}

    def is_taken(self, memory_id: str) -> bool:
        """Whether any readable file (active or archived) holds ``memory_id`` (a point look-up)."""
        row = self.conn.execute(
            "SELECT 1 FROM files WHERE id = ? AND ok = 1 LIMIT 1", (memory_id,)
        ).fetchone()
        return row is not None

    def top_slugs(
        self, text: str, *, namespace: str | None, default: str = "default", limit: int
    ) -> list[tuple[str, str]]:
        """The ``limit`` stored topics most related to ``text`` (:mod:`memscribe.index.topics`)."""
        where, params = self._scope(namespace, default)
        return top_slugs(self.conn, text, where, params, limit=limit)

    def size(self, *, namespace: str | None, default: str = "default", cap: int) -> int:
        """Active entries in scope, counted up to ``cap``."""
        where, params = self._scope(namespace, default)
        return scope_size(self.conn, where, params, cap=cap)

    def _total(self) -> int:
        if self._vocab_total is None:
            self._vocab_total = active_total(self.conn)
        return self._vocab_total

    def _fts_candidates(
        self, text: str, where: str, params: Sequence[object], limit: int = FTS_CANDIDATES
    ) -> list[tuple[int, float]]:
        return scored_candidates(
            self.conn, text, where, params, total=self._total(), limit=limit, df_cache=self._df_cache
        )

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

        The relatedness rule (:func:`memscribe.relatedness.qualifies`, as for a list): an entry
        qualifies with a similarity of at least SHORTLIST_SCORE or the same topic slug; 0..1.
        Candidates: BM25 over the text, the same-topic slugs, and exact restatements.
        """
        if self._total() == 0:  # an empty index (a first run): nothing to look up
            return []
        scope, params = self._scope(namespace, default)
        where = f" AND f.archived = 0 AND f.ok = 1 AND f.kind = ?{scope}"
        base: list[object] = [kind, *params]
        slug_sql, slug_params = topic_sql(slug, names_topic)
        # BM25's best, and (same-topic entries always qualify, however low their score) the
        # best-matching same-topic ones, plus a few more (index order): never a crowded topic's all.
        found_by_text = topic_candidates(
            self.conn, text, where, base, slug_sql, slug_params, total=self._total(), df_cache=self._df_cache
        )
        rowids = set(found_by_text)
        rows = self.conn.execute(
            f"SELECT f.rowid FROM files f INDEXED BY files_slug WHERE {slug_sql}{where} LIMIT ?",
            (*slug_params, *base, size),
        ).fetchall()
        rows += self.conn.execute(
            f"SELECT f.rowid FROM files f WHERE f.norm = ?{where}", (norm_key(text), *base)
        ).fetchall()
        rowids.update(int(r[0]) for r in rows)
        rowids.update(self._related_candidates(slug, where, base, size))
        best, semantic = self._semantic(text, kind=kind, namespace=namespace, default=default, limit=size * 4)
        rowids.update(best)
        encoder = default_encoder() if semantic_enabled() else None
        cache = self._pool(where, base, encoder) if semantic_enabled() else None
        in_pool = cache.positions if cache is not None else {}
        others = sorted(r for r in rowids if r not in in_pool)
        found = (
            self.conn.execute(
                "SELECT rowid, id, slug, text, created, tokens FROM files "
                f"WHERE rowid IN ({', '.join('?' * len(others))})",
                tuple(others),
            ).fetchall()
            if others
            else []
        )
        self._answered = pool_scores.count_answer(self.conn, self._answered, self.location)
        if cache is None and not found:
            return []
        wanted = content_tokens(text)
        boost = {  # an external embedding model's score, where one is configured
            str(row[1]): blend(token_similarity(wanted, set(str(row[5]).split())), semantic[int(row[0])])
            for row in [*found, *(cache.rows if cache is not None else [])]
            if int(row[0]) in semantic
        }
        extra = {int(r[0]): Pooled(str(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in found}
        if cache is None:
            return select(slug, text, [extra[r] for r in others], boost=boost, size=size)
        # every score from stored vectors (the encoder's own: the same scores, see index.pool)
        tokens = {int(r[0]): pool_scores.token_set(r[5]) for r in found}
        np = pool_scores.numpy_module(self._answered)
        entries, values = pool_scores.merged_scores(
            self.conn, text, encoder, cache, extra, tokens, np=np, known=self._memo_texts
        )
        return select(slug, text, entries, boost=boost, size=size, scorer=lambda _t, _o: values)

    def _pool(self, where: str, base: list[object], encoder: StaticEncoder | None) -> pool_scores.PoolCache:
        """The SEMANTIC_POOL entries of a scope indexed last, with their vectors: read once,
        until the index changes (a refresh, or a write by another connection)."""
        version = int(self.conn.execute("PRAGMA data_version").fetchone()[0])
        key = (where, *base, encoder is None)
        cache = self._pools.get(key)
        if cache is None or cache.version != version:
            cache = pool_scores.load_pool(self.conn, encoder, where, base, SEMANTIC_POOL, version)
            self._pools[key] = cache
        return cache

    def warm_text_vectors(self) -> int:
        """Store the offline encoder's vectors of every scope's semantic pool
        (:func:`memscribe.index.textvecs.warm`); returns how many texts were encoded."""
        encoder = default_encoder() if semantic_enabled() else None
        return 0 if encoder is None else textvecs.warm(self.conn, encoder)

    def _related_candidates(self, slug: str, where: str, base: list[object], size: int) -> list[int]:
        """Rows the relatedness rule may take that BM25 and the topic prefix miss: slugs sharing
        a topic word (``home-city`` / ``home-glasgow``, or one facet: ``job`` / ``employer``).
        With the offline semantic model, the SEMANTIC_POOL entries of the scope indexed last are
        scored by meaning too (:meth:`_pool`)."""
        rowids: list[int] = []
        for word in sorted(topic_words(slug)):
            # The first rows (by rowid) whose slug is ``word``, ``word-*``, ``*-word`` or
            # ``*-word-*``: a look-up in the slug words, not a scan of every slug.
            rowids += [
                int(r[0])
                for r in self.conn.execute(
                    "SELECT f.rowid FROM slugwords s JOIN files f ON f.rowid = s.file "
                    f"WHERE s.word = ?{where} ORDER BY s.file LIMIT ?",
                    (word, *base, size * 4),
                )
            ]
        return rowids

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
        """Active, unexpired entries ranked by relevance to ``query`` (0..1, see :func:`relevance`);
        the lexical half is :mod:`memscribe.index.query`'s (the CLI's light path runs it alone)."""
        today = today or dt.datetime.now(dt.UTC).date()
        where, base = search_where(namespace, default, kind)
        size = max(FTS_CANDIDATES, limit * 4)
        bm25 = dict(self._fts_candidates(query, where, base, limit=size))  # rowid: BM25, best first
        best, semantic = self._semantic(query, kind=kind, namespace=namespace, default=default, limit=size)
        rowids = [*bm25, *(r for r in best if r not in bm25)]
        return ranked(
            self.conn,
            query,
            rowids,
            bm25=bm25,
            default=default,
            limit=limit,
            min_relevance=min_relevance,
            today=today,
            semantic=semantic,
            blend=blend,
        )

    def counts(self, *, default: str, today: dt.date) -> dict[str, object]:
        """Counts per kind and namespace (active), expired, archived, unreadable files."""
        per: dict[str, dict[str, int]] = {}
        expired = 0
        for kind, ns, expires in self.conn.execute(
            "SELECT kind, namespace, expires FROM files WHERE ok = 1 AND archived = 0"
        ):
            name = str(ns) or default
            per.setdefault(name, dict.fromkeys(kinds.names(), 0))[str(kind)] += 1
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

    def where_ids(self, ids: set[str]) -> list[tuple[str, str, bool]]:
        """(id, path, archived) of every readable file holding one of ``ids`` (rows as indexed)."""
        if not ids:
            return []
        rows = self.conn.execute(
            f"SELECT id, path, archived FROM files WHERE ok = 1 AND id IN ({', '.join('?' * len(ids))})",
            tuple(sorted(ids)),
        ).fetchall()
        return [(str(i), str(p), bool(a)) for i, p, a in rows]


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
        from memscribe.store.confine import check_root_layout

        check_root_layout(root)  # never open or create the index through a planted link
        location = index_path(root)
        try:
            location.parent.mkdir(parents=True, exist_ok=True)
            conn = open_file(location)
        except (OSError, sqlite3.Error):
            location, conn = None, None
    if conn is None:
        try:
            conn = connect(None)
            init_schema(conn)
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


__all__ = [
    "CHANGES_LOG_MAX",
    "COMMON_WORD_SHARE",
    "FTS_CANDIDATES",
    "INDEX_DIR",
    "INDEX_FILE",
    "RACY_NS",
    "SCHEMA_VERSION",
    "SELECT_WORDS",
    "SEMANTIC_FLOOR",
    "SEMANTIC_WEIGHT",
    "VERIFY_EVERY_S",
    "IndexedEntry",
    "MemoryIndex",
    "RefreshStats",
    "SearchHit",
    "blend",
    "fts_text",
    "index_path",
    "is_expired",
    "open_index",
    "playbook_line",
    "relevance",
]
