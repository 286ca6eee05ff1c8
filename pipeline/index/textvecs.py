"""The offline encoder's vectors of stored entry texts, kept in the index between runs.

Each active entry's vector is stored when the entry is indexed (:func:`index_texts`, inside the
refresh that reads its file, with the semantic model enabled): a shortlist then scores its
entries with stored vectors (:mod:`memscribe.index.pool`) and encodes its own text only. Before,
every text a shortlist met without a stored vector (search hits outside the warmed pools) was
encoded per query — most of a shortlist's cost at 100k entries. Vectors live in table
``textvecs``, keyed by the encoder's identity and the SHA-1 of the exact text, as the encoder
computes them (float64): the scores are the same, bit for bit. The identity is the encoder's
name and a digest of its vector for a fixed probe text: other weights or another tokenizer under
the same name never reuse a vector. An entry indexed without a vector (the model switched off
then) gets one from the first shortlist that meets it (:func:`vectors_for`, best effort, never
waiting on a lock) or from ``memscribe index`` (:func:`warm`, which also drops the vectors of
texts no active entry has). The table is created on first use.
"""

from __future__ import annotations

import hashlib
import sqlite3
from array import array
from collections.abc import Sequence
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
    conn: sqlite3.Connection, encoder: StaticEncoder, texts: Sequence[str], known: set[str] | None = None
) -> list[str]:
    """Hand the stored vectors of ``texts`` to ``encoder``'s memo; returns the texts that had
    none (to :func:`keep` once scored).

    ``known``: texts an earlier call looked up or kept (the caller's, updated here with those
    found): one the memo still holds is not looked up again (the dedup shortlists of one run
    share most of their pool)."""
    model = identity(encoder)
    by_sha = {
        _sha(t): t for t in dict.fromkeys(texts) if known is None or t not in known or not encoder.has(t)
    }
    found = _stored(conn, model, encoder.dim, list(by_sha))
    encoder.remember([(by_sha[sha], vec) for sha, vec in found.items()])
    if known is not None:
        known.update(by_sha[sha] for sha in found)
    return [text for sha, text in by_sha.items() if sha not in found]


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
                vec = array("d")
                vec.frombytes(bytes(blob))
                if len(vec) == dim:
                    found[str(sha)] = tuple(vec)
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


def index_texts(conn: sqlite3.Connection, encoder: StaticEncoder, texts: Sequence[str]) -> int:
    """Store the vectors of ``texts`` (entries just indexed) that have none, inside the caller's
    write transaction (the refresh's), _CHUNK texts at a time; returns how many were encoded."""
    conn.execute(_TABLE)
    model = identity(encoder)
    unique = list(dict.fromkeys(texts))
    encoded = 0
    for start in range(0, len(unique), _CHUNK):
        by_sha = {_sha(t): t for t in unique[start : start + _CHUNK]}
        known = {
            str(r[0])
            for r in conn.execute(
                f"SELECT sha FROM textvecs WHERE model = ? AND sha IN ({', '.join('?' * len(by_sha))})",
                (model, *by_sha),
            )
        }
        missing = [(sha, t) for sha, t in by_sha.items() if sha not in known]
        if not missing:
            continue
        vectors = encoder.encode([t for _, t in missing])
        conn.executemany(
            "INSERT OR REPLACE INTO textvecs(model, sha, vec) VALUES (?, ?, ?)",
            [(model, sha, array("d", v).tobytes()) for (sha, _), v in zip(missing, vectors, strict=True)],
        )
        encoded += len(missing)
    return encoded


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
    texts = [str(r[0]) for r in conn.execute("SELECT DISTINCT text FROM files WHERE ok = 1 AND archived = 0")]
    try:
        with conn:
            encoded = index_texts(conn, encoder, texts)
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


__all__ = ["identity", "index_texts", "keep", "lookup", "prepare", "vectors_for", "warm"]
