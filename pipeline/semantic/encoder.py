"""Text vectors from a static token-embedding table (mean of the content words' token rows).

Pure Python (no numpy): a memory text has ten-odd tokens and an extract compares a few dozen
texts, so unpacking those rows (:class:`~memscribe.semantic.table.RowTable`) and averaging them in
floats costs less than importing numpy would (~0.2 s CPU per process). Vectors are unit length,
in double precision, memoised per text. Calibrated cosines of one text with many
(:func:`calibrated_cosines`) come from the C library's distance sums, checked against rounding.
"""

from __future__ import annotations

import math
import operator
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Protocol

from memscribe.semantic.calibration import STATIC_CALIBRATION, Calibration, calibrate, content_text

Vector = tuple[float, ...]

#: Texts whose vectors are kept (stored memories are compared with many candidates).
CACHE_SIZE = 16384


class Rows(Protocol):
    """A token table: ``rows`` × ``dim`` floats, one row per token id."""

    rows: int
    dim: int

    def row(self, index: int) -> tuple[float, ...]: ...


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    """The dot product of two vectors (the cosine of two unit vectors)."""
    total: float = sum(map(operator.mul, a, b))
    return total


#: How far :func:`calibrated_cosines`' cosine may be from :func:`dot`'s (an error bound, with a
#: margin of 10^4 over it: see there).
COSINE_SLACK = 1e-9


def calibrated_cosines(
    query: Vector,
    vectors: Sequence[Vector],
    calibration: Calibration,
    norms: Sequence[float] | None = None,
) -> list[float]:
    """``calibrate(dot(query, v), calibration)`` for each of ``vectors``, the same values, about
    three times faster in pure Python: the cosine from distances the C library sums
    (``a·b = (|a|² + |b|² - |a-b|²) / 2``: :func:`math.dist`, :func:`math.hypot`), not a Python
    sum of 256 products, and :func:`dot` itself only where that cosine's calibrated score might
    round otherwise than the exact one's.

    calibrate is monotone (and rounds to 4 places), so where the cosines ``c ± COSINE_SLACK``
    calibrate to one value, every cosine between, the exact one among them, has it. The error of
    ``c`` against ``dot``: ``dot`` sums 256 products in order, off the real dot product by at most
    255 units in the last place of ``|a||b|`` (|a|² + |b|² ≤ 4 here: ≤ 1.2e-13); ``dist`` and
    ``hypot`` are within a unit or two in the last place, the squares, sum and halving add a few
    more, on values ≤ 8: ~1e-14. COSINE_SLACK is 10^4 times their sum; vectors off unit length
    (|a|² + |b|² > 4: another encoder's) and a cosine at an edge are :func:`dot`'s.

    ``norms``: ``squared_norm(v)`` of each of ``vectors``, where the caller keeps them."""
    query_norm = squared_norm(query)
    if norms is None:
        norms = [squared_norm(v) for v in vectors]
    dist, slack, floor = math.dist, COSINE_SLACK, calibration.floor
    found: list[float] = []
    for vector, norm in zip(vectors, norms, strict=True):
        both = query_norm + norm
        cosine = (both - dist(query, vector) ** 2) / 2
        if cosine + slack <= floor and both <= 4.0:  # the usual case: both ends calibrate to 0
            found.append(0.0)
            continue
        low = calibrate(cosine - slack, calibration)
        if both <= 4.0 and low == calibrate(cosine + slack, calibration):
            found.append(low)
        else:  # at a rounding edge (or not unit vectors): the exact sum decides
            found.append(calibrate(dot(query, vector), calibration))
    return found


def squared_norm(vector: Vector) -> float:
    """``|v|²``, from the C library's sum (:func:`math.hypot`, within a unit or two in the last
    place)."""
    return math.hypot(*vector) ** 2


@dataclass
class StaticEncoder:
    """Mean of the token vectors of a text's content words (:func:`content_text`), unit length;
    a zero vector when no token is known. Vectors are memoised per text (LRU, CACHE_SIZE)."""

    name: str
    table: Rows
    token_ids: Callable[[list[str]], list[list[int]]]
    calibration: Calibration = STATIC_CALIBRATION
    _cache: OrderedDict[str, Vector] = field(default_factory=OrderedDict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    #: ``squared_norm`` of cached vectors :meth:`calibrated` was given, by text: dropped with the
    #: text's vector (LRU eviction, :meth:`remember`), so it never outgrows the cache.
    _norms: dict[str, float] = field(default_factory=dict, repr=False)

    @property
    def dim(self) -> int:
        return int(self.table.dim)

    def encode(self, texts: Sequence[str]) -> list[Vector]:
        """One unit vector per text (:attr:`dim` floats), batched; cached texts are reused."""
        out: list[Vector] = [()] * len(texts)
        missing: dict[str, list[int]] = {}
        with self._lock:
            for i, text in enumerate(texts):
                hit = self._cache.get(text)
                if hit is None:
                    missing.setdefault(text, []).append(i)
                else:
                    self._cache.move_to_end(text)
                    out[i] = hit
        if not missing:
            return out
        fresh = list(missing)
        rows = self._embed([content_text(t) for t in fresh])
        with self._lock:
            for text, row in zip(fresh, rows, strict=True):
                for i in missing[text]:
                    out[i] = row
                self._cache[text] = row
                self._evict()
        return out

    def _evict(self) -> None:
        """Drop the least recently used texts past CACHE_SIZE, with their norms (under the lock)."""
        while len(self._cache) > CACHE_SIZE:
            text, _ = self._cache.popitem(last=False)
            self._norms.pop(text, None)

    def has(self, text: str) -> bool:
        """Whether the memo holds ``text``'s vector now (:meth:`encode` would not compute it)."""
        with self._lock:
            return text in self._cache

    def remember(self, pairs: Sequence[tuple[str, Vector]]) -> None:
        """Put vectors this encoder computed earlier (stored by the index:
        :mod:`memscribe.index.textvecs`) in its memo, so :meth:`encode` returns them as its own."""
        with self._lock:
            for text, row in pairs:
                self._cache[text] = row
                self._cache.move_to_end(text)
                self._norms.pop(text, None)  # the norm of the vector it replaces, if any
                self._evict()

    def _embed(self, texts: list[str]) -> list[Vector]:
        zero = (0.0,) * self.dim
        vectors: list[Vector] = []
        for ids in self.token_ids(texts):
            if not ids:
                vectors.append(zero)
                continue
            # The mean's direction is the sum's: dividing by the count would cancel out below.
            total = list(map(sum, zip(*map(self.table.row, ids), strict=True)))
            norm = math.sqrt(dot(total, total))
            vectors.append(tuple(map(operator.truediv, total, repeat(norm))) if norm > 0.0 else zero)
        return vectors

    def cosine(self, a: str, b: str) -> float:
        """Cosine of the two texts' vectors (-1..1; 0 when either has no known token)."""
        va, vb = self.encode([a, b])
        return dot(va, vb)

    def cosines(self, text: str, others: Sequence[str]) -> list[float]:
        """Cosine of ``text``'s vector with each of ``others``' (one batch)."""
        rows = self.encode([text, *others])
        return [dot(rows[0], row) for row in rows[1:]]

    def calibrated(self, text: str, others: Sequence[str]) -> list[float]:
        """``calibrate(c, self.calibration)`` of each of :meth:`cosines` ``(text, others)``, the
        same values (:func:`calibrated_cosines`)."""
        rows = self.encode([text, *others])
        norms: list[float] = []
        with self._lock:
            known, cache = self._norms, self._cache
            for other, row in zip(others, rows[1:], strict=True):
                norm = known.get(other)
                if norm is None or cache.get(other) is not row:
                    norm = squared_norm(row)
                    if cache.get(other) is row:  # kept only while its vector is
                        known[other] = norm
                norms.append(norm)
        return calibrated_cosines(rows[0], rows[1:], self.calibration, norms)


__all__ = [
    "CACHE_SIZE",
    "COSINE_SLACK",
    "Rows",
    "StaticEncoder",
    "Vector",
    "calibrated_cosines",
    "dot",
    "squared_norm",
]
