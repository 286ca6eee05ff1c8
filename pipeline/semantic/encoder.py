"""Text vectors from a static token-embedding table (mean of the content words' token rows)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from memscribe.semantic.calibration import STATIC_CALIBRATION, Calibration, content_text

Vector = npt.NDArray[np.float32]

#: Texts whose vectors are kept (stored memories are compared with many candidates).
CACHE_SIZE = 16384


@dataclass
class StaticEncoder:
    """Mean of the token vectors of a text's content words (:func:`content_text`), unit length;
    a zero vector when no token is known. Vectors are memoised per text (LRU, CACHE_SIZE)."""

    name: str
    table: npt.NDArray[np.float32]
    token_ids: Callable[[list[str]], list[list[int]]]
    calibration: Calibration = STATIC_CALIBRATION
    _cache: OrderedDict[str, Vector] = field(default_factory=OrderedDict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def dim(self) -> int:
        return int(self.table.shape[1])

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """One unit row per text (``len(texts)`` × :attr:`dim`), batched; cached texts are reused."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
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
                out[missing[text]] = row
                self._cache[text] = row
                if len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
        return out

    def _embed(self, texts: list[str]) -> npt.NDArray[np.float32]:
        rows = np.zeros((len(texts), self.dim), dtype=np.float32)
        top = self.table.shape[0] - 1
        for i, ids in enumerate(self.token_ids(texts)):
            if ids:
                rows[i] = self.table[np.clip(np.asarray(ids, dtype=np.int64), 0, top)].mean(axis=0)
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        norms[norms == 0.0] = 1.0
        rows /= norms
        return rows

    def cosine(self, a: str, b: str) -> float:
        """Cosine of the two texts' vectors (-1..1; 0 when either has no known token)."""
        va, vb = self.encode([a, b])
        return float(np.dot(va, vb))


__all__ = ["CACHE_SIZE", "StaticEncoder", "Vector"]
