"""The relatedness scores of one text with many, vectorised: the batch job's pairwise scoring.

Each unit of a batch run scores its candidates against the whole memory it will commit into (and
against the candidates of the earlier units still planning), so a run scores on the order of
``transcripts × memories`` pairs. :func:`memscribe.relatedness.scores` takes each pair's cosine
as a pure-Python dot product of two 256-float vectors; here the vectors of the texts seen are
kept as rows of one float64 matrix, and the semantic scores of a text with many come from one
matrix-vector product, calibrated the way the index scores its pool
(:func:`memscribe.index.pool.semantic_scores`: a cosine at a rounding edge of its calibrated
score is computed again with the encoder's own ``dot``), so they are the encoder's bit for bit,
on any Python. Only the pairs with a content token in common (found by the rows holding each
token) get a lexical score to blend (:func:`~memscribe.relatedness.blend`): the scores are
exactly :func:`~memscribe.relatedness.scores`' (``tests/unit/test_batch_scoring.py`` compares
them).

numpy is imported only once the run's pairs make up for it (:data:`IMPORT_AFTER_PAIRS`); before
that, and without numpy or an encoder, :func:`scores` is :func:`~memscribe.relatedness.scores`
itself.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from memscribe import relatedness, semantic
from memscribe.semantic.calibration import LEXICAL_RELATED, Calibration, calibrate
from memscribe.semantic.encoder import dot
from memscribe.textsim import content_tokens, token_similarity

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

#: Pairs scored the pure way before numpy is imported. Its import costs ~0.075 s CPU, what ~12k
#: pairs save scored here (~2 us a pair against ~8 us, encoding apart; ~5 us since
#: :func:`~memscribe.relatedness.scores` skips the blend of pairs with no token in common); a run
#: of 200 transcripts (~20k pairs) breaks even (bench/batch.py), so numpy waits for more than that.
IMPORT_AFTER_PAIRS = 30000
#: Fewer texts than this are scored the pure way (a call's fixed cost outweighs the vector ops).
MIN_BATCH = 8
#: Rows kept (the encoder's own memo holds as many texts); past it the matrix starts again.
MAX_ROWS = 16384


class _Table:
    """One generation of rows: a text's row, its vector in ``matrix``, its tokens, and the rows
    holding each token. Rows are only added; a restart is a new table (readers keep theirs)."""

    def __init__(self, np: Any, dim: int) -> None:
        self.matrix = np.empty((256, dim), dtype=np.float64)
        self.rows: dict[str, int] = {}
        self.tokens: list[frozenset[str]] = []
        self.by_token: dict[str, list[int]] = {}


class VectorRows:
    """The unit vectors and content tokens of the texts seen, one row each of a growing table."""

    def __init__(self, encoder: StaticEncoder, np: Any) -> None:
        self.encoder = encoder
        self._np = np
        self._table = _Table(np, encoder.dim)
        self._lock = threading.Lock()

    def _add(self, texts: Sequence[str]) -> _Table:
        """The table holding every text of ``texts`` (the caller holds the lock)."""
        table = self._table
        if len(table.rows) + len(texts) > MAX_ROWS:
            table = self._table = _Table(self._np, self.encoder.dim)
        if all(map(table.rows.__contains__, texts)):  # the usual case: every text seen
            return table
        missing = [t for t in dict.fromkeys(texts) if t not in table.rows]
        needed = len(table.rows) + len(missing)
        if needed > len(table.matrix):  # a new, larger matrix: a reader keeps the one it got
            grown = self._np.empty((max(needed, 2 * len(table.matrix)), self.encoder.dim))
            grown[: len(table.rows)] = table.matrix[: len(table.rows)]
            table.matrix = grown
        for text, vector in zip(missing, self.encoder.encode(missing), strict=True):
            row = len(table.rows)
            table.matrix[row] = vector
            tokens = frozenset(content_tokens(text))
            table.tokens.append(tokens)
            for token in tokens:
                table.by_token.setdefault(token, []).append(row)
            table.rows[text] = row
        return table

    def scores(self, text: str, others: Sequence[str]) -> list[float]:
        """:func:`memscribe.relatedness.scores`, the same values: the semantic scores of the rows
        in bulk (:func:`semantic_scores`), and only the pairs with a content token in common
        (found by the rows holding each token) get a lexical score to blend."""
        with self._lock:
            table = self._add([text, *others])
            matrix, rows = table.matrix, list(map(table.rows.__getitem__, others))
            mine = table.rows[text]
            tokens = table.tokens
            sharing = {r for token in tokens[mine] for r in table.by_token.get(token, ())}
        np = self._np
        picked = np.take(matrix, np.array(rows, dtype=np.intp), axis=0)
        # No token in common: blend(0.0, m) for m a calibrated score (>= 0, rounded) is m itself.
        found = semantic_scores(np, self.encoder, matrix[mine], picked)
        if sharing:
            shared = np.isin(np.array(rows, dtype=np.intp), np.fromiter(sharing, dtype=np.intp))
            ours = tokens[mine]
            for position in np.flatnonzero(shared).tolist():
                lexical = token_similarity(ours, tokens[rows[position]])
                found[position] = relatedness.blend(lexical, found[position])
        return found


#: Margin around a rounding boundary (on the calibrated scale) inside which a score is computed
#: again: far wider than the float error of the bound test itself.
EDGE_MARGIN = 1e-9
#: Added to that reach on the scale of 1e4 (the last bits of ``rint(v * 1e4) / 1e4``, which is
#: Python's ``round(v, 4)`` away from a half): a score this close to a half is computed again.
HALF_MARGIN = 1e-6


def semantic_scores(np: Any, encoder: StaticEncoder, query: Any, vectors: Any) -> list[float]:
    """``calibrate(dot(query, v))`` for each row ``v`` of ``vectors`` (:func:`semantic_array`)."""
    found: list[float] = semantic_array(np, encoder, query, vectors).tolist()
    return found


def semantic_array(np: Any, encoder: StaticEncoder, query: Any, vectors: Any) -> Any:
    """``calibrate(dot(query, v))`` for each row ``v`` of ``vectors`` (float64 rows of the
    encoder's vectors), bit for bit, as a float64 array, the way the index scores its pool
    (:func:`memscribe.index.pool.semantic_scores`): the cosines from one matrix-vector product
    (its sums ordered otherwise than ``dot``'s: within ``COSINE_SLACK`` of them), and a cosine
    whose calibrated score may round otherwise within ± COSINE_SLACK computed again with ``dot``
    itself. The test is made on the whole array: calibrate, elementwise, once (as a linear
    interpolation); calibrate is linear on each side of ``related`` with a slope of at most
    :func:`_steepest`, so a cosine moved by COSINE_SLACK moves its score by at most that times
    COSINE_SLACK, and a score at least twice that (and EDGE_MARGIN) away from every rounding
    boundary of the 4 places rounds as the exact one does (there ``rint`` is Python's ``round``
    too); only the few elsewhere, or at calibrate's ``floor`` (its branch), cost a Python
    ``dot``. The scores stay an array (a shortlist stores them as one)."""
    from memscribe.index import pool

    calibration = encoder.calibration
    slack = pool.COSINE_SLACK
    cosines = _cosines(np, vectors, query)
    # calibrate, 1e4 times (its float operations' last bits apart: far inside ``reach``)
    floor, related = calibration.floor, calibration.related
    scaled = np.interp(cosines, (floor, related, 1.0), (0.0, 1e4 * LEXICAL_RELATED, 1e4))
    # within ``reach`` (scaled) of a half, a score may round otherwise than the exact one
    reach = 2e4 * (_steepest(calibration) * slack + EDGE_MARGIN) + HALF_MARGIN
    edge = np.abs(scaled - np.floor(scaled) - 0.5) <= reach
    edge |= np.abs(cosines - floor) <= slack + EDGE_MARGIN  # where calibrate's branch changes
    found = np.rint(scaled) / 1e4
    edges = np.flatnonzero(edge).tolist()
    if edges:
        exact = query.tolist()
        for position in edges:
            found[position] = calibrate(dot(exact, vectors[position].tolist()), calibration)
    return found


def _cosines(np: Any, vectors: Any, query: Any) -> Any:
    """Each row of ``vectors`` dot ``query``. Not ``@``: a matrix-vector product in BLAS threads
    waits for a second core a busy machine may not have (10-50x slower there); ``vecdot``
    (numpy 2) sums each row in this thread, about twice as fast as einsum's loop (numpy 1)."""
    vecdot = getattr(np, "vecdot", None)
    if vecdot is not None:
        return vecdot(vectors, query)
    return np.einsum("ij,j->i", vectors, query)


def _steepest(calibration: Calibration) -> float:
    """The largest slope of :func:`~memscribe.semantic.calibration.calibrate` (before rounding):
    ``LEXICAL_RELATED`` over ``floor`` to ``related``, the rest up to 1 over ``related`` to 1."""
    floor, related = calibration.floor, calibration.related
    return max(LEXICAL_RELATED / (related - floor), (1.0 - LEXICAL_RELATED) / (1.0 - related))


_state: dict[str, Any] = {"pairs": 0, "expected": 0}
_state_lock = threading.Lock()


def _rows() -> VectorRows | None:
    """The vector rows of the current encoder, or None: the pure way for now (or for good)."""
    encoder = semantic.default_encoder()
    if encoder is None:
        return None
    with _state_lock:
        rows: VectorRows | None = _state.get("rows")
        if rows is not None and rows.encoder is encoder:
            return rows
        if max(_state["pairs"], _state["expected"]) < IMPORT_AFTER_PAIRS or _state.get("no_numpy"):
            return None
        try:
            import numpy
        except ImportError:
            _state["no_numpy"] = True
            return None
        rows = _state["rows"] = VectorRows(encoder, numpy)
        return rows


def scores(text: str, others: Sequence[str]) -> list[float]:
    """:func:`memscribe.relatedness.scores` of ``text`` with each of ``others``, the same values."""
    rows = _rows() if len(others) >= MIN_BATCH else None
    if rows is None:
        with _state_lock:
            _state["pairs"] += len(others)
        return relatedness.scores(text, others)
    return rows.scores(text, others)


class Encoded(NamedTuple):
    """Rows 0 to ``size`` of texts' vectors (the encoder's, float64) and content tokens, by
    number, and the numbers holding each token, in increasing order
    (:meth:`memscribe.batch.classes.Numbering.encoded`)."""

    vectors: Any
    tokens: list[frozenset[str]]
    by_token: dict[str, list[int]]
    size: int


def fill(
    scorer: Callable[[str, Sequence[str]], list[float]],
    text: str,
    encoded: Callable[[StaticEncoder], Encoded],
    out: Any,
    start: int,
    stop: int,
) -> int:
    """:func:`scores` of ``text`` with the texts numbered ``start`` to ``stop``, written to
    ``out[start:stop]`` from the rows ``encoded`` gives (no look-up per text: a matrix slice,
    and the token index for the pairs to blend); returns ``stop``, or ``start`` where ``scorer``
    is not :func:`scores` or its vectorised scoring is off (the caller then scores the pure way)."""
    rows = _rows() if scorer is scores and start < stop else None
    if rows is None:
        return start
    np, encoder = rows._np, rows.encoder
    found = encoded(encoder)
    stop = min(stop, found.size)
    if stop <= start:
        return start
    query = np.array(encoder.encode([text])[0], dtype=np.float64)
    values = semantic_array(np, encoder, query, found.vectors[start:stop])
    ours = frozenset(content_tokens(text))
    sharing: set[int] = set()
    for token in ours:
        holders = found.by_token.get(token)
        if holders:
            sharing.update(holders[bisect_left(holders, start) : bisect_left(holders, stop)])
    tokens = found.tokens
    for number in sharing:  # a Python float in (numpy's own ``round`` is not Python's)
        values[number - start] = relatedness.blend(
            token_similarity(ours, tokens[number]), float(values[number - start])
        )
    out[start:stop] = values
    return stop


def array_module() -> Any | None:
    """numpy, once the vectorised scoring is on (None before that, or without numpy)."""
    rows = _rows()
    return rows._np if rows is not None else None


def expect(pairs: int) -> None:
    """``pairs``: what a run is about to score (its units times the memory they compare with). A
    run forecast at IMPORT_AFTER_PAIRS or more imports numpy at once; a smaller one only once
    the pairs it scored reach it (the forecast and the count are not added up)."""
    with _state_lock:
        _state["expected"] = max(_state["expected"], pairs)


def reset() -> None:
    """Forget the rows and the pairs counted (tests)."""
    with _state_lock:
        _state.clear()
        _state["pairs"] = 0
        _state["expected"] = 0


__all__ = [
    "IMPORT_AFTER_PAIRS",
    "MAX_ROWS",
    "MIN_BATCH",
    "VectorRows",
    "array_module",
    "Encoded",
    "expect",
    "fill",
    "reset",
    "scores",
]
