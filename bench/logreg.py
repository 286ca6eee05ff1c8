"""Logistic regression over sparse feature counts, shared by the training scripts
(``bench/train_guard.py``, ``bench/train_persona.py``): the design matrix of a list of feature
counts, and full-batch gradient descent (Adam, a fixed number of steps, no randomness), so the
same data gives the same weights, byte for byte."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


def design(
    counts: Sequence[Counter[str]], *, min_df: int, norm_power: float
) -> tuple[list[str], Ints, Ints, Floats]:
    """The vocabulary (features in at least ``min_df`` rows, sorted) and the sparse rows, columns
    and values of the matrix: counts divided by each row's total to ``norm_power``."""
    df: Counter[str] = Counter()
    for c in counts:
        df.update(c.keys())
    vocab = sorted(f for f, n in df.items() if n >= min_df)
    index = {f: i for i, f in enumerate(vocab)}
    rows, cols, vals = [], [], []
    for r, c in enumerate(counts):
        norm = 1.0 / sum(c.values()) ** norm_power
        for f, n in sorted(c.items()):
            if (i := index.get(f)) is not None:
                rows.append(r)
                cols.append(i)
                vals.append(n * norm)
    return (
        vocab,
        np.asarray(rows, dtype=np.int64),
        np.asarray(cols, dtype=np.int64),
        np.asarray(vals, dtype=np.float64),
    )


def balanced(y: Floats) -> Floats:
    """Per-sample weights that give both classes the same total."""
    pos = y.sum()
    out: Floats = np.where(y == 1.0, len(y) / (2 * pos), len(y) / (2 * (len(y) - pos)))
    return out


def fit(
    row: Ints,
    col: Ints,
    val: Floats,
    y: Floats,
    sample_w: Floats,
    features: int,
    *,
    steps: int,
    learning_rate: float,
    l2: float,
) -> tuple[float, Floats]:
    """Bias and weights minimising the weighted log loss plus ``l2``/2 times the squared weights."""
    w = np.zeros(features)
    b = 0.0
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b = v_b = 0.0
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, steps + 1):
        z = np.bincount(row, weights=val * w[col], minlength=len(y)) + b
        p = 1.0 / (1.0 + np.exp(-z))
        g = (p - y) * sample_w / len(y)
        grad_w = np.bincount(col, weights=val * g[row], minlength=len(w)) + l2 * w
        grad_b = float(g.sum())
        m_w = beta1 * m_w + (1 - beta1) * grad_w
        v_w = beta2 * v_w + (1 - beta2) * grad_w**2
        m_b = beta1 * m_b + (1 - beta1) * grad_b
        v_b = beta2 * v_b + (1 - beta2) * grad_b**2
        lr = learning_rate * np.sqrt(1 - beta2**step) / (1 - beta1**step)
        w -= lr * m_w / (np.sqrt(v_w) + eps)
        b -= lr * m_b / (np.sqrt(v_b) + eps)
    return b, w


def write_weights(out: Path, payload: dict[str, object]) -> int:
    """``payload`` as compact, key-sorted JSON, gzipped without a timestamp (the same payload
    gives the same bytes); returns the file's size."""
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    out.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    return out.stat().st_size
