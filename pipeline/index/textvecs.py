"""The offline encoder's vectors of stored entry texts, kept in the index between runs.

Each active entry's vector is stored when the entry is indexed (:func:`index_texts`, inside the
refresh that reads its file, with the semantic model enabled): a shortlist then scores its
entries with stored vectors (:mod:`memscribe.index.pool`) and encodes its own text only. Before,
every text a shortlist met without a stored vector (search hits outside the warmed pools) was
encoded per query — most of a shortlist's cost at 100k entries. An indexed entry's vector lives
in table ``filevecs`` by its ``files`` rowid, with the encoder's identity and the SHA-1 of the
exact text (both checked when read), as the encoder computes it (float64): the scores are the
same, bit for bit. A shortlist's semantic pool, the last entries indexed, is then one range of
rows read with the entries themselves (:func:`pool_vectors`), not hundreds of look-ups by digest
scattered over a table whose rows each spill onto an overflow page. Vectors computed on demand
(an entry indexed with the model switched off) live in table ``textvecs``, keyed by the
identity and the text's SHA-1 (created on first use). The identity is the encoder's name and a
digest of its vector for a fixed probe text: other weights or another tokenizer under the same
name never reuse a vector. An entry indexed without a vector (the model switched off then) gets
one from the first shortlist that meets it (:func:`vectors_for`, by text, best effort, never
waiting on a lock) or from ``memscribe index`` (:func:`warm`: by rowid; it also drops the
vectors by text of texts no active entry has).
"""

from __future__ import annotations

import hashlib
import sqlite3
import struct
from array import array
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder, Vector

_TABLE = (
    "CREATE TABLE IF NOT EXISTS textvecs (model TEXT NOT NULL, sha TEXT NOT NULL, vec BLOB NOT NULL, "
    "PRIMARY KEY (model, sha)) WITHOUT ROWID"
)
#: Any fixed text: its vector tells one encoder (weights and tokenizer) from another.
_PROBE = "memscribe text vector probe: user prefers dark mode, lives in Lisbon, writes Rust"
#: Texts looked up per statement (well under SQLite's limit on bound parameters).
_CHUNK = 500

_identities: dict[int, tuple[StaticEncoder, str]] = {}


def identity(encoder: StaticEncoder) -> str:
    """``<name>#<digest of the probe's vector>`` (computed once per encoder object)."""
    known = _identities.get(id(encoder))
    if known is not None and known[0] is encoder:
        return known[1]
    probe = encoder.encode([_PROBE])[0]
    digest = hashlib.sha1(array("d", probe).tobytes()).hexdigest()[:16]
    if len(_identities) >= 4:  # one encoder per process, but tests reload it: keep a few
        _identities.clear()
    _identities[id(encoder)] = (encoder, f"{encoder.name}#{digest}")
    return _identities[id(encoder)][1]


def _sha(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def prepare(
    conn: sqlite3.Connection,
    encoder: StaticEncoder,
    texts: Sequence[str],
    known: set[str] | None = None,
    rowids: Sequence[int] | None = None,
) -> list[str]:
    """Hand the stored vectors of ``texts`` to ``encoder``'s memo; returns the texts that had
    none (to :func:`keep` once scored).

    ``known``: texts an earlier call looked up or kept (the caller's, updated here with those
    found): one the memo still holds is not looked up again (the dedup shortlists of one run
    share most of their pool). ``rowids``: the indexed entries whose texts these are (one per
    text): their vectors are read by rowid (``filevecs``), the others' by text."""
    model = identity(encoder)
    by_sha = {
        _sha(t): t for t in dict.fromkeys(texts) if known is None or t not in known or not encoder.has(t)
    }
    files = [] if rowids is None else [(r, _sha(t)) for r, t in zip(rowids, texts, strict=True)]
    found = _by_rowid(conn, model, encoder.dim, [(r, sha) for r, sha in files if sha in by_sha])
    found.update(_stored(conn, model, encoder.dim, [sha for sha in by_sha if sha not in found]))
    encoder.remember([(by_sha[sha], vec) for sha, vec in found.items()])
    if known is not None:
        known.update(by_sha[sha] for sha in found)
    return [text for sha, text in by_sha.items() if sha not in found]


def _by_rowid(
    conn: sqlite3.Connection, model: str, dim: int, files: list[tuple[int, str]]
) -> dict[str, Vector]:
    """The vectors kept by rowid (``filevecs``) of ``files`` ((rowid, text digest)), by digest:
    those that are ``model``'s vector of that very text."""
    wanted = dict(files)
    found: dict[str, Vector] = {}
    for start in range(0, len(files), _CHUNK):
        chunk = [r for r, _ in files[start : start + _CHUNK]]
        rows = conn.execute(
            f"SELECT file, model, sha, vec FROM filevecs WHERE file IN ({', '.join('?' * len(chunk))})", chunk
        ).fetchall()
        for rowid, stored_model, sha, blob in rows:
            if (
                stored_model == model
                and sha == wanted.get(int(rowid))
                and (vec := _vector(blob, dim)) is not None
            ):
                found[str(sha)] = vec
    return found


def _vector(blob: object, dim: int) -> Vector | None:
    """A stored vector as it was written (float64), or None where ``blob`` holds no ``dim`` values."""
    if not isinstance(blob, bytes) or len(blob) != 8 * dim:
        return None
    values = array("d")
    values.frombytes(blob)
    return tuple(values)


def lookup(conn: sqlite3.Connection, encoder: StaticEncoder, texts: Sequence[str]) -> dict[str, Vector]:
    """The stored vectors of those of ``texts`` that have one (read as they were written)."""
    model = identity(encoder)
    by_sha = {_sha(t): t for t in dict.fromkeys(texts)}
    return {by_sha[sha]: vec for sha, vec in _stored(conn, model, encoder.dim, list(by_sha)).items()}


def _stored(conn: sqlite3.Connection, model: str, dim: int, shas: list[str]) -> dict[str, Vector]:
    """The stored vectors of ``model`` by text digest, for those of ``shas`` that have one of
    ``dim`` values (read as they were written); none when the table is missing or busy."""
    found: dict[str, Vector] = {}
    try:
        for start in range(0, len(shas), _CHUNK):
            chunk = shas[start : start + _CHUNK]
            rows = conn.execute(
                f"SELECT sha, vec FROM textvecs WHERE model = ? AND sha IN ({', '.join('?' * len(chunk))})",
                (model, *chunk),
            ).fetchall()
            for sha, blob in rows:
                if (vec := _vector(blob, dim)) is not None:
                    found[str(sha)] = vec
    except sqlite3.OperationalError:  # no table yet (a cold index), or busy: nothing stored
        return {}
    return found


def vectors_for(conn: sqlite3.Connection, encoder: StaticEncoder, texts: Sequence[str]) -> list[Vector]:
    """One vector per text: the stored one, else the encoder's (then stored, best effort:
    an index indexed before its vectors were, or with the semantic model switched off)."""
    found = lookup(conn, encoder, texts)
    missing = [t for t in dict.fromkeys(texts) if t not in found]
    if missing:
        fresh = encoder.encode(missing)
        found.update(zip(missing, fresh, strict=True))
        _store(conn, identity(encoder), list(zip(missing, fresh, strict=True)))
    return [found[t] for t in texts]


def index_texts(conn: sqlite3.Connection, encoder: StaticEncoder, files: Sequence[tuple[int, str]]) -> int:
    """Store the vectors of ``files`` ((rowid, text) of entries just indexed) by rowid, in
    ``filevecs`` (:func:`pool_vectors`, :func:`prepare`), inside the caller's write transaction
    (the refresh's), _CHUNK texts at a time: a text's vector kept by text (``textvecs``) is
    reused, the others are encoded; returns how many texts were encoded."""
    conn.execute(_TABLE)
    model = identity(encoder)
    encoded = 0
    for start in range(0, len(files), _CHUNK):
        chunk = files[start : start + _CHUNK]
        by_sha = {_sha(t): t for _, t in chunk}
        blobs = {
            str(sha): bytes(blob)
            for sha, blob in conn.execute(
                f"SELECT sha, vec FROM textvecs WHERE model = ? AND sha IN ({', '.join('?' * len(by_sha))})",
                (model, *by_sha),
            )
        }
        missing = [(sha, t) for sha, t in by_sha.items() if sha not in blobs]
        if missing:
            vectors = encoder.encode([t for _, t in missing])
            blobs.update((sha, array("d", v).tobytes()) for (sha, _), v in zip(missing, vectors, strict=True))
            encoded += len(missing)
        conn.executemany(
            "INSERT OR REPLACE INTO filevecs(file, model, sha, vec) VALUES (?, ?, ?, ?)",
            [(rowid, model, sha, blobs[sha]) for rowid, sha in ((r, _sha(t)) for r, t in chunk)],
        )
    return encoded


def pool_vectors(
    conn: sqlite3.Connection, encoder: StaticEncoder, rows: Sequence[tuple[str, object, object, object]]
) -> bytes:
    """One vector per row (text, and the ``filevecs`` columns model, sha, vec read with it, None
    where the entry has none), packed end to end as they are stored (``dim`` float64 each, native
    order: :func:`unpack`): the stored one where it is this encoder's vector of this text, else
    :func:`vectors_for`'s (stored by text; by rowid at the next ``memscribe index``). Nothing is
    decoded here: a caller that scores in bulk reads the bytes as they are (numpy), one that
    scores in Python decodes each vector once (:func:`unpack`)."""
    model, dim = identity(encoder), encoder.dim
    out: list[bytes | None] = []
    for text, stored_model, sha, blob in rows:
        vec = blob if isinstance(blob, bytes) and len(blob) == 8 * dim else None
        out.append(vec if vec is not None and stored_model == model and sha == _sha(text) else None)
    missing = [row[0] for row, vec in zip(rows, out, strict=True) if vec is None]
    if missing:
        found = iter(vectors_for(conn, encoder, missing))
        out = [array("d", next(found)).tobytes() if vec is None else vec for vec in out]
    return b"".join(vec for vec in out if vec is not None)


def unpack(packed: bytes, dim: int) -> list[Vector]:
    """The vectors of :func:`pool_vectors`' bytes, as :func:`_vector` reads each (the same floats)."""
    if not packed:
        return []
    row = _row_struct(dim)
    return [row.unpack_from(packed, offset) for offset in range(0, len(packed), row.size)]


@lru_cache(maxsize=4)
def _row_struct(dim: int) -> struct.Struct:
    """``dim`` float64 in native byte order, as ``array("d")`` writes them."""
    return struct.Struct(f"@{dim}d")


def keep(conn: sqlite3.Connection, encoder: StaticEncoder, texts: Sequence[str]) -> None:
    """Store the vectors of ``texts`` (the encoder's, from its memo once they are scored).
    Best effort and never waiting: a busy or read-only index keeps nothing."""
    if not texts:
        return
    _store(conn, identity(encoder), list(zip(texts, encoder.encode(list(texts)), strict=True)))


def _store(conn: sqlite3.Connection, model: str, pairs: list[tuple[str, tuple[float, ...]]]) -> None:
    if conn.in_transaction:  # inside a caller's transaction: never commit it from here
        return
    rows = [(model, _sha(text), array("d", vec).tobytes()) for text, vec in pairs]
    waited = conn.execute("PRAGMA busy_timeout").fetchone()[0]
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        with conn:
            conn.execute(_TABLE)
            conn.executemany("INSERT OR REPLACE INTO textvecs(model, sha, vec) VALUES (?, ?, ?)", rows)
    except sqlite3.Error:
        pass  # a cache: the next shortlist computes them again
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(waited)}")


def warm(conn: sqlite3.Connection, encoder: StaticEncoder) -> int:
    """Store the vectors of every active entry that has none (an index refreshed with the
    semantic model off, or before vectors were stored) and drop the vectors of texts no active
    entry has, or of another encoder; returns how many texts were encoded."""
    model = identity(encoder)
    files = [  # the active entries without this encoder's vector of their text by rowid
        (int(rowid), str(text))
        for rowid, text, stored_model, sha in conn.execute(
            "SELECT f.rowid, f.text, v.model, v.sha FROM files f LEFT JOIN filevecs v "
            "ON v.file = f.rowid WHERE f.ok = 1 AND f.archived = 0"
        )
        if stored_model != model or sha != _sha(str(text))
    ]
    texts = [str(r[0]) for r in conn.execute("SELECT DISTINCT text FROM files WHERE ok = 1 AND archived = 0")]
    try:
        with conn:
            encoded = index_texts(conn, encoder, files)
            wanted = {_sha(t) for t in texts}
            stale = [
                (str(m), str(s))
                for m, s in conn.execute("SELECT model, sha FROM textvecs")
                if m != model or s not in wanted
            ]
            conn.executemany("DELETE FROM textvecs WHERE model = ? AND sha = ?", stale)
    except sqlite3.Error:
        return 0
    return encoded


__all__ = [
    "identity",
    "index_texts",
    "keep",
    "lookup",
    "pool_vectors",
    "prepare",
    "unpack",
    "vectors_for",
    "warm",
]
