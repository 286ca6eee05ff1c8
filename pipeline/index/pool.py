"""A shortlist's scores from the vectors stored in the index: the same scores, computed in bulk.

A shortlist against a large root scores a few hundred entries: the SEMANTIC_POOL entries of its
kind and scope indexed last (:mod:`memscribe.index.db`) and the ones BM25 and the slugs find. The
relatedness score of each (:func:`memscribe.relatedness.scores`) is the larger of a lexical and a
semantic score, the semantic one the calibrated cosine of the offline encoder's two vectors
(:mod:`memscribe.semantic`). Here those scores are computed from the entries' vectors stored by
the index (:mod:`memscribe.index.textvecs`, written when an entry is indexed), never by encoding
the entries' texts again, and the semantic pool of a scope (its rows, their vectors) is read once
per generation of the index (:class:`PoolCache`), not once per shortlist. The lexical score is
:func:`~memscribe.textsim.token_similarity` of the query's tokens and each entry's, as the index
stores them (the ``tokens`` column, :func:`token_set`): no entry text is tokenized again.

**The same scores.** The stored vectors are the encoder's own floats (float64), and a score is
the encoder's: ``calibrate(dot(q, v))``. With numpy, every cosine of a pool comes from one
matrix-vector product, whose sums are ordered otherwise than :func:`~memscribe.semantic.encoder.dot`'s,
so a cosine may differ from it in the last bits (at most ``dim`` units in the last place of a
cosine of unit vectors, far below COSINE_SLACK). A calibrated score is rounded (4 places) and
:func:`~memscribe.semantic.calibration.calibrate` is monotone, so a cosine whose neighbours at
± COSINE_SLACK calibrate to one value has that value; the few that do not (a cosine at a rounding
edge) are computed again with ``dot`` itself. The scores are therefore the same bit for bit, and
so are the shortlists (:func:`memscribe.relatedness.select` decides on them unchanged).

numpy costs a tenth of a second to import: a process whose index has answered NUMPY_AFTER
shortlists (a batch job, a benchmark) imports it; one that asks a few (an ``extract``) scores in
pure Python, unless numpy is imported already.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

from memscribe.index import textvecs
from memscribe.index.sql import MMAP_SIZE
from memscribe.relatedness import Pooled, blend
from memscribe.semantic.calibration import LEXICAL_RELATED, Calibration, calibrate
from memscribe.semantic.encoder import COSINE_SLACK as COSINE_SLACK
from memscribe.semantic.encoder import Vector, calibrated_cosines, dot
from memscribe.textsim import content_tokens, token_similarity

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

#: Shortlists an index answers in pure Python before it imports numpy (if installed).
NUMPY_AFTER = 32
#: Texts a ``known`` set of :func:`merged_scores` remembers (then emptied).
KNOWN_TEXTS = 1 << 16
# COSINE_SLACK (the encoder's, imported above; batch.scoring reads it here) also bounds how far a
# cosine computed by numpy may be from ``dot``'s, with a wide margin (about ``dim`` × 2⁻⁵³).


@dataclass
class PoolCache:
    """The semantic pool of one kind and scope, read once per version of the index: its rows
    (rowid, id, slug, text, created, tokens; by rowid), as :class:`Pooled` entries, and their
    stored vectors (``packed``: :func:`memscribe.index.textvecs.pool_vectors`' bytes, ``dim``
    float64 each). ``version``: SQLite's ``data_version`` when read (another connection's write
    changes it)."""

    rowids: list[int]
    entries: list[Pooled]
    rows: list[tuple[Any, ...]]
    packed: bytes
    version: int
    dim: int = 0
    positions: dict[int, int] = field(init=False)
    #: The entries' similarity tokens (:func:`token_set`), by position.
    token_sets: list[frozenset[str]] = field(default_factory=list)
    _matrix: Any = field(default=None, repr=False)
    _vectors: list[Vector] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.positions = {rowid: i for i, rowid in enumerate(self.rowids)}

    @property
    def vectors(self) -> list[Vector]:
        """The vectors as tuples (decoded once, when first scored in Python)."""
        if self._vectors is None:
            self._vectors = textvecs.unpack(self.packed, self.dim)
        return self._vectors

    def matrix(self, np: Any, dim: int) -> Any:
        """The vectors as one float64 matrix over the stored bytes (no copy, built once)."""
        if self._matrix is None:
            self._matrix = np.frombuffer(self.packed, dtype=np.float64).reshape(-1, dim)
        return self._matrix

    def bulk(self) -> Sequence[Vector]:
        """The vectors as numpy scores them: decoded where a cosine needs checking, if at all."""
        return self._vectors if self._vectors is not None else PackedVectors(self.packed, self.dim)


class PackedVectors(Sequence[Vector]):
    """Vectors packed end to end (``dim`` float64 each), each decoded when asked for."""

    def __init__(self, packed: bytes, dim: int) -> None:
        self._packed, self._dim = packed, dim

    def __len__(self) -> int:
        return len(self._packed) // (8 * self._dim) if self._dim else 0

    @overload
    def __getitem__(self, index: int) -> Vector: ...

    @overload
    def __getitem__(self, index: slice) -> list[Vector]: ...

    def __getitem__(self, index: int | slice) -> Vector | list[Vector]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        i = range(len(self))[index]  # IndexError beyond the end, as a list
        size = 8 * self._dim
        return textvecs.unpack(self._packed[i * size : (i + 1) * size], self._dim)[0]


def count_answer(conn: sqlite3.Connection, answered: int, location: object) -> int:
    """``answered`` + 1, the shortlists an index has answered; at NUMPY_AFTER the index file
    (``location``; None: an in-memory index) is read through a memory mapping from then on (MMAP_SIZE bytes of it): a
    shortlist against a large root reads thousands of rows scattered over the file, which a
    mapping serves without a read() and a copy each, but a process that asks a few (an
    ``extract``) faults in more pages through it than it reads without."""
    answered += 1
    if answered == NUMPY_AFTER and location is not None:
        conn.execute(f"PRAGMA mmap_size = {MMAP_SIZE}")
    return answered


def numpy_module(answered: int) -> Any:
    """numpy when it is imported already or the index has answered NUMPY_AFTER shortlists (and
    it is installed); None otherwise."""
    module = sys.modules.get("numpy")
    if module is not None or answered < NUMPY_AFTER:
        return module
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def semantic_scores(
    encoder: StaticEncoder,
    query: Vector,
    vectors: Sequence[Vector],
    *,
    np: Any = None,
    matrix: Any = None,
) -> list[float]:
    """``calibrate(dot(query, v))`` for each of ``vectors`` (the encoder's calibration), bit for
    bit; with numpy (``np``, and ``matrix``: the vectors as rows, else built here) in bulk, else
    by :func:`~memscribe.semantic.encoder.calibrated_cosines` (the C library's sums, checked the
    same way)."""
    calibration = encoder.calibration
    if np is None or not vectors:
        return calibrated_cosines(query, vectors, calibration)
    if matrix is None:
        matrix = np.array(vectors, dtype=np.float64)
    cosines = matrix @ np.asarray(query, dtype=np.float64)
    out, unsure = _calibrated(np, cosines, calibration)
    for i in unsure:  # calibrate's own answers at cosine ± COSINE_SLACK, else the exact sum's
        cosine = float(cosines[i])
        low = calibrate(cosine - COSINE_SLACK, calibration)
        if low == calibrate(cosine + COSINE_SLACK, calibration):
            out[i] = low
        else:  # at a rounding edge: the exact sum decides
            out[i] = calibrate(dot(query, vectors[i]), calibration)
    return out


def _calibrated(np: Any, cosines: Any, calibration: Calibration) -> tuple[list[float], list[int]]:
    """``calibrate(c - COSINE_SLACK)`` for each cosine ``c`` where it equals ``calibrate(c +
    COSINE_SLACK)``, computed in bulk, and the positions where that is not sure (left to
    :func:`calibrate`).

    Both ends are below the floor (0.0), or on one side of ``related`` with their values
    (calibrate's operations, in its order: IEEE doubles alike) scaled by 10⁴ at least 10⁻⁶ from
    a half and rounding to one integer ``k``: ``round(value, 4)`` is then the double nearest
    ``k / 10⁴``, which is ``k / 10000.0`` (one correctly rounded division)."""
    floor, related = calibration.floor, calibration.related
    low, high = cosines - COSINE_SLACK, cosines + COSINE_SLACK

    def scaled(x: Any) -> Any:
        linear = LEXICAL_RELATED * (x - floor) / (related - floor)
        share = (np.minimum(x, 1.0) - related) / (1.0 - related)
        return np.where(x <= related, linear, LEXICAL_RELATED + (1.0 - LEXICAL_RELATED) * share) * 10000.0

    scaled_low, scaled_high = scaled(low), scaled(high)
    k = np.rint(scaled_low)
    zero = high <= floor
    sure = (
        (low > floor)
        & ((low <= related) == (high <= related))
        & (k == np.rint(scaled_high))
        & (np.abs(scaled_low - k) < 0.5 - 1e-6)
        & (np.abs(scaled_high - k) < 0.5 - 1e-6)
    )
    values: list[float] = np.where(zero, 0.0, k / 10000.0).tolist()
    return values, np.flatnonzero(~(sure | zero)).tolist()


def token_set(tokens: object) -> frozenset[str]:
    """The similarity tokens of an entry as the index stores them (the ``tokens`` column: the
    sorted :func:`~memscribe.textsim.content_tokens` of its text, space-separated; a token never
    holds a space), as a set: equal to ``content_tokens(text)``, without tokenizing the text."""
    return frozenset(str(tokens or "").split())


def lexical_scores(wanted: frozenset[str], token_sets: Sequence[frozenset[str]]) -> list[float]:
    """:func:`memscribe.textsim.similarity` of a text whose tokens are ``wanted`` with each entry
    of ``token_sets`` (:func:`token_set`): :func:`~memscribe.textsim.token_similarity` itself,
    0.0 without calling it where no token is shared (what it returns then)."""
    return [0.0 if wanted.isdisjoint(t) else token_similarity(wanted, t) for t in token_sets]


def load_pool(
    conn: sqlite3.Connection,
    encoder: StaticEncoder | None,
    where: str,
    base: Sequence[object],
    size: int,
    version: int,
) -> PoolCache:
    """The last ``size`` entries indexed under ``where`` (on ``files f``), with their vectors
    (none without an encoder: a broken install scores them lexically; read with the rows, by
    rowid: :func:`memscribe.index.textvecs.pool_vectors`) and token sets."""
    found = conn.execute(
        "SELECT f.rowid, f.id, f.slug, f.text, f.created, f.tokens, v.model, v.sha, v.vec FROM files f "
        f"LEFT JOIN filevecs v ON v.file = f.rowid WHERE 1{where} ORDER BY f.rowid DESC LIMIT ?",
        (*base, size),
    ).fetchall()
    found.sort(key=lambda r: int(r[0]))
    rows = [r[:6] for r in found]
    entries = [Pooled(str(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]
    packed = (
        b"" if encoder is None else textvecs.pool_vectors(conn, encoder, [(str(r[3]), *r[6:]) for r in found])
    )
    token_sets = [token_set(r[5]) for r in rows]
    dim = 0 if encoder is None else encoder.dim
    return PoolCache([int(r[0]) for r in rows], entries, rows, packed, version, dim, token_sets=token_sets)


def merged_scores(
    conn: sqlite3.Connection,
    text: str,
    encoder: StaticEncoder | None,
    cache: PoolCache,
    extra: dict[int, Pooled],
    extra_tokens: dict[int, frozenset[str]],
    *,
    np: Any = None,
    known: set[str] | None = None,
) -> tuple[list[Pooled], list[float]]:
    """The entries of the pool ``cache`` and ``extra`` (by rowid: the other candidates of a
    shortlist, ``extra_tokens`` their :func:`token_set`), by rowid, and their relatedness
    scores with ``text`` (:func:`memscribe.relatedness.scores`): the pool's in bulk, the
    others' from their stored vectors; lexical scores from the stored token sets.

    ``known``: the caller's texts whose stored vectors were handed to the encoder's memo
    (:func:`memscribe.index.textvecs.prepare`): a text the memo still holds is not read again
    (most of a shortlist's other candidates, found by its topic, were another's too)."""
    wanted = frozenset(content_tokens(text))
    lexical = lexical_scores(wanted, [extra_tokens[r] for r in extra])
    pool_lexical = lexical_scores(wanted, cache.token_sets)
    if encoder is None:
        scored = dict(zip(extra, lexical, strict=True))
        scored.update(zip(cache.rowids, pool_lexical, strict=True))
    else:
        query = encoder.encode([text])[0]
        texts = [p.text for p in extra.values()]
        if known is not None and len(known) > KNOWN_TEXTS:
            known.clear()
        missing = textvecs.prepare(conn, encoder, texts, known, rowids=list(extra))
        vectors = encoder.encode(texts)  # the stored vectors (now in its memo), else its own
        textvecs.keep(conn, encoder, missing)
        meanings = semantic_scores(encoder, query, vectors)
        scored = {r: blend(lex, m) for r, lex, m in zip(extra, lexical, meanings, strict=True)}
        if np is None:
            pool_meanings = semantic_scores(encoder, query, cache.vectors)
        else:
            matrix = cache.matrix(np, encoder.dim)
            pool_meanings = semantic_scores(encoder, query, cache.bulk(), np=np, matrix=matrix)
        scored.update(
            (r, blend(lex, m)) for r, lex, m in zip(cache.rowids, pool_lexical, pool_meanings, strict=True)
        )
    order = sorted(scored)
    entries = [extra[r] if r in extra else cache.entries[cache.positions[r]] for r in order]
    return entries, [scored[r] for r in order]


__all__ = [
    "COSINE_SLACK",
    "NUMPY_AFTER",
    "PoolCache",
    "count_answer",
    "lexical_scores",
    "numpy_module",
    "semantic_scores",
    "token_set",
]
