"""The index's read path: is it current, and the lexical search itself — light on purpose.

``memscribe search`` pays for what it asks, not for the pipeline: this module imports SQLite
and the text-similarity helpers only (no pydantic, no memory kinds). :func:`is_current` says
whether the index answers for the files as they are now without a refresh: every memory
folder's mtime is what the last refresh recorded and trusted, the change log has not grown
since, and no periodic full verify is due (four ``lstat`` calls, one of the log, one meta
query: nothing that grows with the root). :func:`search_current` answers a search from such an
index and returns None otherwise — the caller then opens the index the ordinary way
(:func:`memscribe.index.db.open_index`, which refreshes it), and the next call is light again.

The lexical search (:func:`scored_candidates`, :func:`ranked`) is the one
:meth:`memscribe.index.db.MemoryIndex.search` runs too (it adds the semantic half), so both
paths return the same hits. The number of active entries (which query words are too common to
select candidates by) is kept in the meta table by the refresh, not counted per query.

Every name this module touches under the root is ``lstat``\\ ed first, and anything that is a
link (or of the wrong type, or a hard-linked database file) makes it answer None: the full path
then refuses the root as :mod:`memscribe.store.confine` does. Nothing is written.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sqlite3
import stat
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memscribe.index.sql import (
    CHANGES_FILE,
    INDEX_DIR,
    REFLEXIO_DIR,
    SCHEMA_VERSION,
    VERIFY_EVERY_S,
    fts_words,
    index_path,
    is_expired,
    porter_guess,
)
from memscribe.textsim import content_tokens, token_relevance

if TYPE_CHECKING:
    from memscribe.schemas.memory import MemoryKind

#: BM25 candidates re-scored per query (shortlists and search).
FTS_CANDIDATES = 48
#: A query word found in more than this share of the scope's entries is too common to
#: select candidates by (it still counts in the score of the candidates found otherwise).
COMMON_WORD_SHARE = 0.01
#: At most this many (the rarest) query words select candidates.
SELECT_WORDS = 4
#: The namespace of entries without one (:data:`memscribe.namespace.DEFAULT_NAMESPACE`).
DEFAULT_NAMESPACE = "default"
#: What a memory folder's name in the refresh state may look like (the state is read from the
#: database: a name of any other shape is not stat'ed).
_MEMORY_DIR = re.compile(rf"^{re.escape(REFLEXIO_DIR)}(/\.archive)?/[a-z]+$")
_DB_SUFFIXES = ("", "-wal", "-shm", "-journal")
#: A CTE read once (SQLite 3.35+); an older SQLite expands it in both places it is read: each
#: is then the query it stands for (the same rowids, the match run twice).
_MATERIALIZED = "MATERIALIZED " if sqlite3.sqlite_version_info >= (3, 35, 0) else ""
_ABSENT = -1


@dataclass(frozen=True)
class SearchHit:
    """A search result: relevance in 0..1 and where the memory lives."""

    id: str
    kind: MemoryKind
    namespace: str
    path: str
    relevance: float
    text: str


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None


def _safe_layout(root: Path) -> bool:
    """The folders and database files a search opens are real folders / single-linked files."""
    for rel in (REFLEXIO_DIR, INDEX_DIR):
        st = _lstat(root / rel)
        if st is None or not stat.S_ISDIR(st.st_mode):
            return False
    for suffix in _DB_SUFFIXES:
        st = _lstat(root / f"{INDEX_DIR}/memscribe.sqlite3{suffix}")
        if st is None:
            if suffix == "":
                return False
            continue
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            return False
    return True


def active_total(conn: sqlite3.Connection) -> int:
    """Active entries in the index: as the last refresh counted them (counted here otherwise)."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'active'").fetchone()
    if row is not None:
        return int(row[0])
    return int(conn.execute("SELECT count(*) FROM files WHERE ok = 1 AND archived = 0").fetchone()[0])


def is_current(conn: sqlite3.Connection, root: Path, *, verify_every_s: float = VERIFY_EVERY_S) -> bool:
    """Whether the index answers for the files as they are now, with no refresh to do."""
    meta = dict(
        conn.execute(
            "SELECT key, value FROM meta WHERE key IN ('schema', 'dirs', 'changes_offset', 'verified_at')"
        ).fetchall()
    )
    if meta.get("schema") != SCHEMA_VERSION:
        return False
    try:
        state = json.loads(meta.get("dirs") or "{}")
        offset = int(meta.get("changes_offset") or 0)
        verified = float(meta.get("verified_at") or 0)
    except ValueError:
        return False
    if not state or time.time() - verified > verify_every_s:
        return False
    for rel, recorded in state.items():
        if not isinstance(rel, str) or not _MEMORY_DIR.match(rel):
            return False
        if not isinstance(recorded, list) or len(recorded) != 2 or recorded[1] is not True:
            return False  # not trusted when recorded (racy, or a scan found it changing)
        st = _lstat(root / rel)
        if st is not None and not stat.S_ISDIR(st.st_mode):
            return False
        if (_ABSENT if st is None else st.st_mtime_ns) != recorded[0]:
            return False
    st = _lstat(root / CHANGES_FILE)
    if st is not None and (not stat.S_ISREG(st.st_mode) or st.st_nlink != 1):
        return False
    return (0 if st is None else st.st_size) == offset


def scope_sql(namespace: str | None, default: str) -> tuple[str, list[str]]:
    """The SQL condition (on ``files f``) and parameters of a namespace scope (None: all)."""
    if namespace is None:
        return "", []
    if namespace == default:
        return " AND f.namespace IN ('', ?)", [namespace]
    return " AND f.namespace = ?", [namespace]


#: Document frequencies a :class:`~memscribe.index.db.MemoryIndex` remembers between refreshes.
DF_CACHE_SIZE = 1 << 16


def selective_words(
    conn: sqlite3.Connection, words: Sequence[str], total: int, df_cache: dict[str, int] | None = None
) -> list[str]:
    """The query words that pick candidates: the rarest SELECT_WORDS, common ones dropped.

    A word found in more than COMMON_WORD_SHARE of the ``total`` active entries selects nothing
    useful (it still counts in the score of candidates found otherwise). Candidates come from
    the rarest words, so a query costs what its rare words cost, not the root.
    ``df_cache``: document frequencies already looked up (term → entries), kept by the caller
    for one generation of the index (emptied by each refresh): a look-up in ``fts_vocab`` counts
    the term's entries, so a common word costs in proportion to the root.
    """
    if len(words) <= 1:
        return list(words)
    limit = max(50, int(total * COMMON_WORD_SHARE))
    freq: list[tuple[int, int, str]] = []
    for order, word in enumerate(words):
        term = porter_guess(word)
        df = None if df_cache is None else df_cache.get(term)
        if df is None:
            row = conn.execute("SELECT doc FROM fts_vocab WHERE term = ?", (term,)).fetchone()
            df = int(row[0]) if row else 0
            if df_cache is not None:
                if len(df_cache) >= DF_CACHE_SIZE:
                    df_cache.clear()
                df_cache[term] = df
        freq.append((df, order, word))
    freq.sort()
    kept = [w for df, _, w in freq if 0 < df <= limit] or [w for df, _, w in freq if df > 0][:1]
    return kept[:SELECT_WORDS]


def _match_query(
    conn: sqlite3.Connection, text: str, total: int, df_cache: dict[str, int] | None
) -> str | None:
    """The full-text MATCH expression of ``text``'s selective words (OR), or None: none."""
    words = selective_words(conn, fts_words(text), total, df_cache)
    if not words:
        return None
    return " OR ".join(f'"{w}"' for w in words)


def scored_candidates(
    conn: sqlite3.Connection,
    text: str,
    where: str,
    params: Sequence[object],
    *,
    total: int,
    limit: int = FTS_CANDIDATES,
    df_cache: dict[str, int] | None = None,
) -> list[tuple[int, float]]:
    """BM25's best ``limit`` rowids for ``text`` under ``where`` (on ``files f``), with their
    BM25 values (lower is better), best first; ``df_cache``: see :func:`selective_words`.

    Rows of one BM25 value are taken by text, then path: which of them make the cut does not
    follow the rowids (the order a root was indexed in, by paths holding random ids)."""
    query = _match_query(conn, text, total, df_cache)
    if query is None:
        return []
    try:
        rows = conn.execute(
            "SELECT f.rowid, bm25(fts) AS b FROM fts JOIN files f ON f.rowid = fts.rowid "
            f"WHERE fts MATCH ?{where} ORDER BY b, f.text, f.path LIMIT ?",
            (query, *params, limit),
        ).fetchall()
    except sqlite3.OperationalError:
        return []
    return [(int(r[0]), float(r[1])) for r in rows]


def topic_sql(slug: str, names_topic: Callable[[str], bool]) -> tuple[str, list[object]]:
    """The condition (on ``files f``) and parameters of the entries on ``slug``'s topic: the
    same slug, a slug under it (``home`` / ``home-city``), or one above it (``home-city`` /
    ``home``), where the shorter one names a topic (``names_topic``: passed in, this module
    stays light), as :func:`memscribe.relatedness.same_topic` has it (``memory`` is not above
    ``memory-3f9a1c``, nor the topic of another ``memory``: no entry is on its topic)."""
    topic = slug.strip("-")
    prefixes = [topic[:i] for i in range(1, len(topic)) if topic[i] == "-" and names_topic(topic[:i])]
    terms: list[str] = []
    params: list[object] = []
    if names_topic(topic):
        terms += ["f.slug = ?", "(f.slug >= ? AND f.slug < ?)"]
        params += [topic, topic + "-", topic + "."]
    if prefixes:
        terms.append(f"f.slug IN ({', '.join('?' * len(prefixes))})")
        params += prefixes
    return "(" + (" OR ".join(terms) or "0") + ")", params


def topic_candidates(
    conn: sqlite3.Connection,
    text: str,
    where: str,
    params: Sequence[object],
    topic: str,
    topic_params: Sequence[object],
    *,
    total: int,
    limit: int = FTS_CANDIDATES,
    df_cache: dict[str, int] | None = None,
) -> list[int]:
    """BM25's best ``limit`` rowids under ``where``, then those under ``AND topic`` too (a
    condition on ``files f``, with ``topic_params``): the rowids (some twice) of two queries
    ``ORDER BY bm25 LIMIT``, from one full-text match. The matches are read once, in the order
    the match yields them, and each list is ranked from them as its own query ranks (BM25, ties
    in that order; not by text as in :func:`scored_candidates`: no row's text is read here):
    the same rowids as the two queries, for the cost of one. Each match's scope and topic are
    read from the narrow index ``files_pick`` (:mod:`memscribe.index.sql`), not from its row."""
    query = _match_query(conn, text, total, df_cache)
    if query is None:
        return []
    try:
        rows = conn.execute(
            f"WITH m AS {_MATERIALIZED}(SELECT f.rowid AS r, bm25(fts) AS b, "
            f"({topic}) AS t FROM fts JOIN files f INDEXED BY files_pick ON f.rowid = fts.rowid "
            f"WHERE fts MATCH ?{where}) "
            "SELECT r FROM (SELECT r FROM m ORDER BY b LIMIT ?) "
            "UNION ALL SELECT r FROM (SELECT r FROM m WHERE t ORDER BY b LIMIT ?)",
            (*topic_params, query, *params, limit, limit),
        ).fetchall()
    except sqlite3.OperationalError:
        return []
    return [int(r[0]) for r in rows]


def search_where(namespace: str | None, default: str, kind: str | None) -> tuple[str, list[object]]:
    """The condition and parameters of a search: active, readable, in scope, of ``kind``."""
    scope, params = scope_sql(namespace, default)
    where = f" AND f.archived = 0 AND f.ok = 1{scope}"
    base: list[object] = list(params)
    if kind is not None:
        where += " AND f.kind = ?"
        base.append(kind)
    return where, base


def ranked(
    conn: sqlite3.Connection,
    query: str,
    rowids: Sequence[int],
    *,
    default: str,
    limit: int,
    min_relevance: float,
    today: dt.date,
    bm25: Mapping[int, float] | None = None,
    semantic: dict[int, float] | None = None,
    blend: Callable[[float, float | None], float] | None = None,
) -> list[SearchHit]:
    """The hits among ``rowids`` (best first): unexpired, scored by :func:`token_relevance` of
    the query's content words (raised by ``semantic`` scores through ``blend`` when given).

    Hits of one score are ordered by their ``bm25`` value (those BM25 did not find after,
    by ``semantic`` score), then by text and path: never by rowid, which follows the paths a
    root was indexed in, and so its random ids (issue 14: two roots holding the same memories
    listed them to an agent in another order). Without ``bm25``, in the order of ``rowids``."""
    if not rowids:
        return []
    rows = conn.execute(
        "SELECT rowid, id, kind, namespace, path, text, expires, tokens FROM files "
        f"WHERE rowid IN ({', '.join('?' * len(rowids))})",
        tuple(rowids),
    ).fetchall()
    rank = {rowid: i for i, rowid in enumerate(rowids)}
    hits: list[tuple[float, tuple[int, float, str, str], SearchHit]] = []
    wanted = content_tokens(query)
    for rowid, mem_id, k, ns, path, text, expires, tokens in rows:
        if is_expired(str(expires) if expires else None, today):
            continue
        score = token_relevance(wanted, set(str(tokens).split()))
        if semantic is not None and blend is not None:
            score = blend(score, semantic.get(int(rowid)))
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
        if bm25 is None:
            tie = (0, float(rank[int(rowid)]), "", "")
        elif int(rowid) in bm25:
            tie = (0, bm25[int(rowid)], hit.text, hit.path)
        else:
            tie = (1, -(semantic or {}).get(int(rowid), 0.0), hit.text, hit.path)
        hits.append((score, tie, hit))
    hits.sort(key=lambda h: (-h[0], h[1]))
    return [h[2] for h in hits[:limit]]


def search_current(
    root: Path,
    query: str,
    *,
    namespace: str | None,
    default: str = DEFAULT_NAMESPACE,
    kind: str | None = None,
    limit: int = 5,
    min_relevance: float = 0.3,
    today: dt.date | None = None,
) -> list[SearchHit] | None:
    """Lexical search of ``root``'s index when it is current (:func:`is_current`); None when it
    is not (or cannot be opened here): the caller then takes the full path. A relative ``root``
    is taken from the working directory (the index opens by file URI, which needs an absolute path)."""
    root = Path(root).absolute()
    if not _safe_layout(root):
        return None
    try:
        conn = sqlite3.connect(f"{index_path(root).as_uri()}?mode=ro", uri=True, timeout=10.0)
    except sqlite3.Error:
        return None
    try:
        if not is_current(conn, root):
            return None
        where, params = search_where(namespace, default, kind)
        found = scored_candidates(
            conn, query, where, params, total=active_total(conn), limit=max(FTS_CANDIDATES, limit * 4)
        )
        return ranked(
            conn,
            query,
            [rowid for rowid, _ in found],
            bm25=dict(found),
            default=default,
            limit=limit,
            min_relevance=min_relevance,
            today=today or dt.datetime.now(dt.UTC).date(),
        )
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def display_line(kind: str, text: str) -> str | None:
    """One line for a hit of a built-in kind (as that kind's ``display_line``; a test checks),
    None for any other kind (the caller asks :mod:`memscribe.kinds`)."""
    if kind == "profile":
        return " ".join(text.split())
    if kind == "playbook":
        when, _, what = text.partition("\nWhat:")
        when = when.removeprefix("When:").strip()
        line = f"When {when[:1].lower()}{when[1:]}: {what.strip()}" if when else what.strip()
        return " ".join(line.split())
    return None
