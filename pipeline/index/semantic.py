"""Optional semantic similarity for the index: embeddings blended into lexical scores."""

from __future__ import annotations

import heapq
import operator
import sqlite3
import sys
from array import array
from typing import Any

from memscribe.index.embed import EmbeddingModel, unit
from memscribe.schemas.memory import MemoryKind

#: Cosine similarity at or below this counts as unrelated (embedding models rarely go lower).
SEMANTIC_FLOOR = 0.5
#: Weight of the semantic score in the blend (it can only raise a lexical score, never lower it).
SEMANTIC_WEIGHT = 0.6


class Vectors:
    """The active entries' vectors of one model, loaded once per index object: (rowid, kind,
    namespace) per entry and the vectors themselves — one float32 matrix with numpy (a query is
    one matrix-vector product), else a list of float lists (a pure-Python scan)."""

    def __init__(self, rows: list[tuple[int, str, str]], blobs: list[bytes]) -> None:
        self.rows = rows
        self.matrix: Any = None
        self.lists: list[list[float]] = []
        np: Any = None
        if blobs:  # nothing to scan (no embedding model): numpy is not imported
            try:
                import numpy as np
            except ImportError:  # the semantic extra is not installed: the pure-Python scan
                np = None
        if np is not None and blobs and len({len(b) for b in blobs}) == 1:
            self.matrix = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), -1)
        else:
            for blob in blobs:
                vec = array("f")
                vec.frombytes(blob)
                self.lists.append(vec.tolist())

    def __len__(self) -> int:
        return len(self.rows)

    def cosines(self, query: list[float]) -> list[tuple[int, float]]:
        """(position, cosine) of every vector above SEMANTIC_FLOOR (unit vectors: the dot product)."""
        if self.matrix is not None:
            import numpy as np

            values = self.matrix @ np.asarray(query, dtype=np.float32)
            above = np.nonzero(values > SEMANTIC_FLOOR)[0]
            return [(int(i), float(values[i])) for i in above]
        found = []
        for i, vec in enumerate(self.lists):
            cosine = sum(map(operator.mul, query, vec))
            if cosine > SEMANTIC_FLOOR:
                found.append((i, cosine))
        return found


class Semantic:
    """The embedding half of :class:`memscribe.index.db.MemoryIndex` (vectors per entry text)."""

    conn: sqlite3.Connection
    embedder: EmbeddingModel | None
    _vectors: Vectors | None

    def _disable_embeddings(self, exc: Exception) -> None:
        name = self.embedder.name if self.embedder else "?"
        sys.stderr.write(f"memscribe: embedding model {name} unavailable, lexical search only: {exc}\n")
        self.embedder = None
        self._vectors = None

    def _load_vectors(self) -> Vectors:
        """Embed the active entries that have no vector for this model and text yet, then load all."""
        if self.embedder is None:
            return Vectors([], [])
        if self._vectors is not None:
            return self._vectors
        model = self.embedder.name
        missing = self.conn.execute(
            "SELECT DISTINCT f.id, f.norm, f.text FROM files f LEFT JOIN vectors v "
            "ON v.model = ? AND v.id = f.id AND v.sha = f.norm "
            "WHERE f.ok = 1 AND f.archived = 0 AND v.id IS NULL",
            (model,),
        ).fetchall()
        step = max(1, self.embedder.batch)
        try:
            for start in range(0, len(missing), step):
                chunk = missing[start : start + step]
                vectors = self.embedder.embed([str(r[2]) for r in chunk])
                if len(vectors) != len(chunk):
                    raise ValueError(f"{len(vectors)} vectors for {len(chunk)} texts")
                with self.conn:
                    self.conn.executemany(
                        "INSERT OR REPLACE INTO vectors(model, id, sha, vec) VALUES (?, ?, ?, ?)",
                        [
                            (model, str(r[0]), str(r[1]), array("f", unit(v)).tobytes())
                            for r, v in zip(chunk, vectors, strict=True)
                        ],
                    )
        except Exception as exc:  # noqa: BLE001 - any model failure: fall back to lexical
            self._disable_embeddings(exc)
            return Vectors([], [])
        if missing:
            with self.conn:  # drop vectors of texts no active entry has any more
                self.conn.execute(
                    "DELETE FROM vectors WHERE model = ? AND NOT EXISTS (SELECT 1 FROM files f "
                    "WHERE f.id = vectors.id AND f.norm = vectors.sha AND f.ok = 1 AND f.archived = 0)",
                    (model,),
                )
        rows: list[tuple[int, str, str]] = []
        blobs: list[bytes] = []
        for rowid, kind, ns, blob in self.conn.execute(
            "SELECT f.rowid, f.kind, f.namespace, v.vec FROM files f JOIN vectors v "
            "ON v.model = ? AND v.id = f.id AND v.sha = f.norm WHERE f.ok = 1 AND f.archived = 0",
            (model,),
        ):
            rows.append((int(rowid), str(kind), str(ns)))
            blobs.append(bytes(blob))
        self._vectors = Vectors(rows, blobs)
        return self._vectors

    def _semantic(
        self,
        text: str,
        *,
        kind: MemoryKind | None,
        namespace: str | None,
        default: str,
        limit: int,
    ) -> tuple[list[int], dict[int, float]]:
        """(best ``limit`` rowids, semantic score 0..1 per scoped rowid) for ``text``; empty
        without an embedding model. Brute force over the scope's vectors."""
        vectors = self._load_vectors()
        if not vectors or self.embedder is None:
            return [], {}
        try:
            found = self.embedder.embed([text])
            query = unit([float(x) for x in found[0]])
        except Exception as exc:  # noqa: BLE001 - any model failure: fall back to lexical
            self._disable_embeddings(exc)
            return [], {}
        names = None if namespace is None else ({"", namespace} if namespace == default else {namespace})
        scores: dict[int, float] = {}
        for position, cosine in vectors.cosines(query):
            rowid, k, ns = vectors.rows[position]
            if (kind is not None and k != kind) or (names is not None and ns not in names):
                continue
            scores[rowid] = min(1.0, (cosine - SEMANTIC_FLOOR) / (1.0 - SEMANTIC_FLOOR))
        best = heapq.nlargest(limit, scores, key=lambda r: scores[r])
        return best, scores


def blend(lexical: float, semantic: float | None) -> float:
    """The lexical score, raised (never lowered) by a semantic score when there is one:
    ``max(lexical, (1 - w)·lexical + w·semantic)`` with w = SEMANTIC_WEIGHT."""
    if semantic is None:
        return lexical
    return round(max(lexical, (1.0 - SEMANTIC_WEIGHT) * lexical + SEMANTIC_WEIGHT * semantic), 4)
