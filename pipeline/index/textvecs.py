"""The offline encoder's vectors of stored entry texts, kept in the index between runs.

A shortlist with the offline semantic model (:mod:`memscribe.semantic`) scores the SEMANTIC_POOL
entries of its scope indexed last (:mod:`memscribe.index.db`): encoding their ~512 texts was most
of what an extract against a large root cost beyond an empty one, and every run encoded the same
texts again. Here each text's vector is stored once (table ``textvecs``, keyed by the encoder's
identity and the SHA-1 of the exact text) and handed to the encoder's memo before scoring, so the
scores are computed by the same code on the same vectors, bit for bit (float64, as the encoder
computes them). The identity is the encoder's name and a digest of its vector for a fixed probe
text: other weights or another tokenizer under the same name never reuse a vector.

Vectors are written where they are computed: by the shortlist that needed them (texts written
since the last run; never waiting on a lock, a cache may skip a write) and by ``memscribe index``
(:func:`warm`: each kind's pool in every namespace, the vectors of other texts dropped). The
table is created on first use: an index without it is simply cold.
"""

from __future__ import annotations

import hashlib
import sqlite3
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

_TABLE = (
    "CREATE TABLE IF NOT EXISTS textvecs (model TEXT NOT NULL, sha TEXT NOT NULL, vec BLOB NOT NULL, "
    "PRIMARY KEY (model, sha)) WITHOUT ROWID"
)
#: Any fixed text: its vector tells one encoder (weights and tokenizer) from another.
_PROBE = "memscribe text vector probe: user prefers dark mode, lives in Lisbon, writes Rust"
#: Texts looked up per statement (well under SQLite's limit on bound parameters).
_CHUNK = 500
#: Namespaces whose pools :func:`warm` fills, the most recently written first (others are
#: filled by their first shortlists).
WARM_NAMESPACES = 16

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
    shas = list(by_sha)
    found: dict[str, tuple[float, ...]] = {}
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
                if len(vec) == encoder.dim:
                    found[str(sha)] = tuple(vec)
    except sqlite3.OperationalError:  # no table yet (a cold index), or busy: nothing stored
        found = {}
    encoder.remember([(by_sha[sha], vec) for sha, vec in found.items()])
    if known is not None:
        known.update(by_sha[sha] for sha in found)
    return [text for sha, text in by_sha.items() if sha not in found]


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


def warm(conn: sqlite3.Connection, encoder: StaticEncoder, pool: int) -> int:
    """Store the vectors of every kind's last ``pool`` active entries in each namespace (the
    WARM_NAMESPACES written last), which hold every scope's semantic pool, and drop the rest;
    returns how many texts were encoded."""
    model = identity(encoder)
    spaces = [
        str(r[0])
        for r in conn.execute(
            "SELECT namespace FROM files WHERE ok = 1 AND archived = 0 GROUP BY namespace "
            "ORDER BY max(rowid) DESC LIMIT ?",
            (WARM_NAMESPACES,),
        )
    ]
    kinds = [str(r[0]) for r in conn.execute("SELECT DISTINCT kind FROM files WHERE ok = 1 AND archived = 0")]
    texts: dict[str, None] = {}
    for kind in kinds:
        for space in spaces:
            rows = conn.execute(
                "SELECT text FROM files WHERE ok = 1 AND archived = 0 AND kind = ? AND namespace = ? "
                "ORDER BY rowid DESC LIMIT ?",
                (kind, space, pool),
            )
            texts.update((str(r[0]), None) for r in rows)
    missing = prepare(conn, encoder, list(texts))
    keep(conn, encoder, missing)
    wanted = {_sha(t) for t in texts}
    try:
        with conn:
            conn.execute(_TABLE)
            stale = [
                (str(m), str(s))
                for m, s in conn.execute("SELECT model, sha FROM textvecs")
                if m != model or s not in wanted
            ]
            conn.executemany("DELETE FROM textvecs WHERE model = ? AND sha = ?", stale)
    except sqlite3.Error:
        pass
    return len(missing)


__all__ = ["WARM_NAMESPACES", "identity", "keep", "prepare", "warm"]
