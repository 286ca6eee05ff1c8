"""The relatedness scores of one text with many, vectorised: the batch job's pairwise scoring.

Each unit of a batch run scores its candidates against the whole memory it will commit into (and
against the candidates of the earlier units still planning), so a run scores on the order of
``transcripts × memories`` pairs. :func:`memscribe.relatedness.scores` takes each pair's cosine
as a pure-Python dot product of two 256-float vectors; here the vectors of the texts seen are
kept as rows of one float64 matrix, and the cosines of a text with many come from one
elementwise product and a running sum along each row (``cumsum``: the same additions, in the
same order, as Python's ``sum`` over the products up to Python 3.11, so the same bits).
Calibration, the lexical score and the blend stay the relatedness module's, so the scores are
exactly :func:`~memscribe.relatedness.scores`' (``tests/unit/test_batch_scoring.py``).

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
from memscribe.semantic.calibration import calibrate
from memscribe.textsim import content_tokens, token_similarity

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

#: Pairs scored the pure way before numpy is imported (~0.1 s CPU: about what that many pairs
#: cost the pure way, so a small run never pays more than twice its scoring).
IMPORT_AFTER_PAIRS = 8000
#: Fewer texts than this are scored the pure way (a call's fixed cost outweighs the vector ops).
MIN_BATCH = 8
#: Rows kept (the encoder's own memo holds as many texts); past it the matrix starts again.
MAX_ROWS = 16384
#: Python's ``sum`` of floats adds in order up to 3.11; from 3.12 it compensates (other bits).
SEQUENTIAL_SUM = sys.version_info < (3, 12)


class VectorRows:
    """The unit vectors of the texts seen, one row each of a growing float64 matrix."""

    def __init__(self, encoder: StaticEncoder, np: Any) -> None:
        self.encoder = encoder
        self._np = np
        self._rows: dict[str, int] = {}
        self._matrix = np.empty((256, encoder.dim), dtype=np.float64)
        self._lock = threading.Lock()
        self._tokens: dict[str, frozenset[str]] = {}

    def _indices(self, texts: Sequence[str]) -> tuple[Any, list[int]]:
        """(matrix, row of each text), encoding the texts not seen yet. Rows once written never
        change: a fuller or restarted matrix is a new array, and a reader keeps the one it got."""
        with self._lock:
            if len(self._rows) + len(texts) > MAX_ROWS:
                self._rows = {}
                self._matrix = self._np.empty_like(self._matrix)
            missing = [t for t in dict.fromkeys(texts) if t not in self._rows]
            if missing:
                needed = len(self._rows) + len(missing)
                if needed > len(self._matrix):
                    grown = self._np.empty((max(needed, 2 * len(self._matrix)), self.encoder.dim))
                    grown[: len(self._rows)] = self._matrix[: len(self._rows)]
                    self._matrix = grown
                for text, vector in zip(missing, self.encoder.encode(missing), strict=True):
                    self._matrix[len(self._rows)] = vector
                    self._rows[text] = len(self._rows)
            return self._matrix, [self._rows[t] for t in texts]

    def cosines(self, text: str, others: Sequence[str]) -> list[float]:
        """The encoder's :meth:`~memscribe.semantic.encoder.StaticEncoder.cosines`, bit for bit."""
        matrix, rows = self._indices([text, *others])
        products = matrix[rows[1:]] * matrix[rows[0]]
        # in order along each row, as ``sum`` adds; + 0.0: ``sum`` starts from 0.0 (never -0.0)
        totals = self._np.cumsum(products, axis=1)[:, -1] + 0.0
        found: list[float] = totals.tolist()
        return found

    def tokens(self, text: str) -> frozenset[str]:
        """The text's content tokens (:func:`~memscribe.textsim.content_tokens`), kept."""
        found = self._tokens.get(text)
        if found is None:
            found = self._tokens[text] = frozenset(content_tokens(text))
        return found

    def scores(self, text: str, others: Sequence[str]) -> list[float]:
        """:func:`memscribe.relatedness.scores`, the same values: the cosines of :meth:`cosines`,
        calibrated and blended by the relatedness module; most pairs have nothing in common (no
        shared token: a lexical 0.0; a cosine at the calibration's floor: a semantic 0.0)."""
        calibration = self.encoder.calibration
        cosines = self.cosines(text, others)
        if len(self._tokens) > MAX_ROWS:
            self._tokens = {}
        mine = self.tokens(text)
        found: list[float] = []
        for other, cosine in zip(others, cosines, strict=True):
            theirs = self.tokens(other)
            lexical = 0.0 if mine.isdisjoint(theirs) else token_similarity(mine, theirs)
            if cosine <= calibration.floor:  # calibrate's first case: 0.0
                found.append(relatedness.blend(lexical, 0.0) if lexical else 0.0)
            else:
                found.append(relatedness.blend(lexical, calibrate(cosine, calibration)))
        return found


_state: dict[str, Any] = {"pairs": 0}
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
        if _state["pairs"] < IMPORT_AFTER_PAIRS or _state.get("no_numpy"):
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
    """Count ``pairs`` a run is about to score (its units times the memory they compare with):
    a run large enough imports numpy at once rather than after IMPORT_AFTER_PAIRS."""
    with _state_lock:
        _state["pairs"] += max(0, pairs)


def reset() -> None:
    """Forget the rows and the pairs counted (tests)."""
    with _state_lock:
        _state.clear()
        _state["pairs"] = 0


__all__ = ["IMPORT_AFTER_PAIRS", "MAX_ROWS", "MIN_BATCH", "VectorRows", "expect", "reset", "scores"]
