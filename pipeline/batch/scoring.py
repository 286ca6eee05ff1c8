"""The relatedness scores of one text with many, vectorised: the batch job's pairwise scoring.

Each unit of a batch run scores its candidates against the whole memory it will commit into (and
against the candidates of the earlier units still planning), so a run scores on the order of
``transcripts × memories`` pairs. :func:`memscribe.relatedness.scores` takes each pair's cosine
as a pure-Python dot product of two 256-float vectors; here the vectors of the texts seen are
kept as rows of one float64 matrix, and the cosines of a text with many come from one
elementwise product and a running sum along each row (``cumsum``: the same additions, in the
same order, as Python's ``sum`` over the products up to Python 3.11, so the same bits). They are
calibrated on the whole array (the same float operations as
:func:`~memscribe.semantic.calibration.calibrate`, then Python's ``round``), and only the pairs
with a content token in common (found by the rows holding each token) get a lexical score to
blend (:func:`~memscribe.relatedness.blend`): the scores are exactly
:func:`~memscribe.relatedness.scores`' (``tests/unit/test_batch_scoring.py`` compares them).

numpy is imported only once the run's pairs make up for it (:data:`IMPORT_AFTER_PAIRS`); before
that, without numpy or an encoder, or where ``sum`` is compensated (Python 3.12 and later),
:func:`scores` is :func:`~memscribe.relatedness.scores` itself.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memscribe import relatedness, semantic
from memscribe.semantic.calibration import LEXICAL_RELATED, Calibration
from memscribe.textsim import content_tokens, token_similarity

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

#: Pairs scored the pure way before numpy is imported. Its import costs ~0.075 s CPU, what ~12k
#: pairs save scored here (~2 us a pair against ~8 us, encoding apart); a run of 200 transcripts
#: (~20k pairs) breaks even (bench/batch.py), so numpy waits for more than that.
IMPORT_AFTER_PAIRS = 30000
#: Fewer texts than this are scored the pure way (a call's fixed cost outweighs the vector ops).
MIN_BATCH = 8
#: Rows kept (the encoder's own memo holds as many texts); past it the matrix starts again.
MAX_ROWS = 16384
#: Python's ``sum`` of floats adds in order up to 3.11; from 3.12 it compensates (other bits).
SEQUENTIAL_SUM = sys.version_info < (3, 12)


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
        self._scratch = threading.local()

    def _add(self, texts: Sequence[str]) -> _Table:
        """The table holding every text of ``texts`` (the caller holds the lock)."""
        table = self._table
        if len(table.rows) + len(texts) > MAX_ROWS:
            table = self._table = _Table(self._np, self.encoder.dim)
        missing = [t for t in dict.fromkeys(texts) if t not in table.rows]
        if not missing:
            return table
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

    def _cosines(self, matrix: Any, mine: int, rows: list[int]) -> Any:
        """The cosines of row ``mine`` with each of ``rows``: in order along each row, as ``sum``
        adds (+ 0.0: ``sum`` starts from 0.0, never ends on -0.0). Worked in a scratch array
        of the thread's (a fresh 1.6 MB array per call cost more in page faults than the sums)."""
        np = self._np
        scratch = getattr(self._scratch, "array", None)
        if scratch is None or len(scratch) < len(rows) or scratch.shape[1] != matrix.shape[1]:
            size = max(len(rows), 2 * (0 if scratch is None else len(scratch)), 64)
            scratch = self._scratch.array = np.empty((size, matrix.shape[1]))
        work = scratch[: len(rows)]
        np.take(matrix, np.array(rows, dtype=np.intp), axis=0, out=work)
        np.multiply(work, matrix[mine], out=work)
        np.cumsum(work, axis=1, out=work)
        return work[:, -1] + 0.0

    def cosines(self, text: str, others: Sequence[str]) -> list[float]:
        """The encoder's :meth:`~memscribe.semantic.encoder.StaticEncoder.cosines`, bit for bit."""
        with self._lock:
            table = self._add([text, *others])
            matrix, rows = table.matrix, [table.rows[t] for t in others]
            mine = table.rows[text]
        found: list[float] = self._cosines(matrix, mine, rows).tolist()
        return found

    def scores(self, text: str, others: Sequence[str]) -> list[float]:
        """:func:`memscribe.relatedness.scores`, the same values. The cosines are calibrated
        here, on the whole array (:func:`~memscribe.semantic.calibration.calibrate`'s arithmetic,
        the same operations in the same order; its rounding stays Python's ``round``); only the
        pairs with a content token in common (found by the rows holding each token) have a
        lexical score to blend."""
        with self._lock:
            table = self._add([text, *others])
            matrix, rows = table.matrix, [table.rows[t] for t in others]
            mine = table.rows[text]
            tokens = table.tokens
            sharing = {r for token in tokens[mine] for r in table.by_token.get(token, ())}
        np = self._np
        meaning = _calibrated(np, self._cosines(matrix, mine, rows), self.encoder.calibration)
        # No token in common: blend(0.0, m) for m the rounded semantic score (>= 0) is m itself.
        found = [round(value, 4) for value in meaning.tolist()]
        if sharing:
            shared = np.isin(np.array(rows, dtype=np.intp), np.fromiter(sharing, dtype=np.intp))
            ours = tokens[mine]
            for position in np.flatnonzero(shared).tolist():
                lexical = token_similarity(ours, tokens[rows[position]])
                found[position] = relatedness.blend(lexical, found[position])
        return found


def _calibrated(np: Any, cosines: Any, calibration: Calibration) -> Any:
    """:func:`~memscribe.semantic.calibration.calibrate` of each cosine before its ``round``: the
    same float operations, in the same order, elementwise."""
    floor, related = calibration.floor, calibration.related
    below = LEXICAL_RELATED * (cosines - floor) / (related - floor)
    share = (np.minimum(cosines, 1.0) - related) / (1.0 - related)
    above = LEXICAL_RELATED + (1.0 - LEXICAL_RELATED) * share
    return np.where(cosines <= floor, 0.0, np.where(cosines <= related, below, above))


_state: dict[str, Any] = {"pairs": 0, "expected": 0}
_state_lock = threading.Lock()


def _rows() -> VectorRows | None:
    """The vector rows of the current encoder, or None: the pure way for now (or for good)."""
    encoder = semantic.default_encoder()
    if encoder is None or not SEQUENTIAL_SUM:
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


__all__ = ["IMPORT_AFTER_PAIRS", "MAX_ROWS", "MIN_BATCH", "VectorRows", "expect", "reset", "scores"]
