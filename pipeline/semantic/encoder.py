"""Text vectors from a static token-embedding table (mean of the content words' token rows).

Pure Python (no numpy): a memory text has ten-odd tokens and an extract compares a few dozen
texts, so unpacking those rows (:class:`~memscribe.semantic.table.RowTable`) and averaging them in
floats costs less than importing numpy would (~0.2 s CPU per process). Vectors are unit length,
in double precision, memoised per text.
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

from memscribe.semantic.calibration import STATIC_CALIBRATION, Calibration, content_text

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
                if len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
        return out

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
                if len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)

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


__all__ = ["CACHE_SIZE", "Rows", "StaticEncoder", "Vector", "dot"]
