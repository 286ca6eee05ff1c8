"""Train the injection guard's classifier and write ``pipeline/guard/weights.json.gz``.

    .venv/bin/pip install -e '.[train]'          # numpy (training only; inference is pure Python)
    .venv/bin/python bench/train_guard.py        # deterministic: same corpus, same bytes

Logistic regression (L2, class-balanced) over the features of
:func:`memscribe.guard.classifier.features`, fitted by full-batch gradient descent (Adam, a
fixed number of steps, no randomness) on the ``train`` part of the split in
``bench/injection_corpus.py``. The decision threshold is then chosen on the ``threshold``
part alone: the lowest score at which the classifier flags at most :data:`MAX_FP_USER` of
the benign user statements there and at most :data:`MAX_FP_DOCS` of the clean documents,
counting the rules' verdicts too (they fire first).
The ``validation`` part is not read here. The few hyperparameters below (``NORM_POWER``,
``L2``) were compared on the ``threshold`` part only: recall at <= 1% false positives on user
statements, without more false positives on clean documents.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from injection_corpus import CLEAN_DOCUMENTS, USER_STATEMENTS, Sample, load  # noqa: E402

from memscribe.guard import classifier, normalise, rules  # noqa: E402
from memscribe.guard.verdict import WINDOW_SENTENCES, windows  # noqa: E402

OUT = REPO / "pipeline" / "guard" / classifier.WEIGHTS_RESOURCE
MIN_DF = 2
NORM_POWER = 0.35
L2 = 1e-4
STEPS = 400
LEARNING_RATE = 0.05
MAX_FP_USER = 0.01
#: Clean documents: at most this share, or one document (the threshold part holds a few dozen,
#: too few to resolve 2%), flagged by the rules and the classifier together.
MAX_FP_DOCS = 0.02
#: An attack's line also found in this many training attacks is taught as context, not attack.
MAX_SHARED_ATTACKS = 2
#: Weights smaller than this are dropped from the shipped file (they move no verdict).
PRUNE = 0.02


def training_texts(train: list[Sample]) -> list[tuple[str, bool]]:
    """What the model learns from: each sample whole, and the windows the guard scores.

    The guard scores a text and its sentence windows (:func:`memscribe.guard.windows`), so
    benign samples also teach through each of their windows. An injection's windows are not
    all injections (a poisoned email is mostly email), so an injection sample is taught whole,
    without the lines that also occur in a benign sample (the document it was planted in).
    """
    benign_lines = {ln.strip() for s in train if not s.injection for ln in s.text.splitlines() if ln.strip()}
    # a line found in several attacks is the document they were planted in (the same email or
    # bill carrying different payloads), or boilerplate around them: not what makes an attack
    in_attacks: Counter[str] = Counter()
    for s in train:
        if s.injection:
            in_attacks.update({ln.strip() for ln in s.text.splitlines() if ln.strip()})
    out: list[tuple[str, bool]] = []
    for s in train:
        text = normalise.normalise(s.text)
        if s.injection:
            lines = [ln for ln in s.text.splitlines() if ln.strip() not in benign_lines]
            own = [ln for ln in lines if in_attacks[ln.strip()] < MAX_SHARED_ATTACKS]
            kept = "\n".join(own if len(lines) > 1 and own else lines)
            out.append((normalise.normalise(kept) if kept.strip() else text, True))
        else:
            out.append((text, False))
            out.extend((w, False) for w in windows(text)[1:])
    return out


def fit(train: list[Sample]) -> tuple[float, dict[str, float]]:
    texts = training_texts(train)
    counts = [Counter(classifier.features(t)) for t, _ in texts]
    df: Counter[str] = Counter()
    for c in counts:
        df.update(c.keys())
    vocab = sorted(f for f, n in df.items() if n >= MIN_DF)
    index = {f: i for i, f in enumerate(vocab)}
    rows, cols, vals = [], [], []
    for r, c in enumerate(counts):
        norm = 1.0 / sum(c.values()) ** NORM_POWER
        for f, n in sorted(c.items()):
            if (i := index.get(f)) is not None:
                rows.append(r)
                cols.append(i)
                vals.append(n * norm)
    row = np.asarray(rows, dtype=np.int64)
    col = np.asarray(cols, dtype=np.int64)
    val = np.asarray(vals, dtype=np.float64)
    y = np.asarray([1.0 if label else 0.0 for _, label in texts])
    pos = y.sum()
    sample_w = np.where(y == 1.0, len(y) / (2 * pos), len(y) / (2 * (len(y) - pos)))
    w = np.zeros(len(vocab))
    b = 0.0
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b = v_b = 0.0
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, STEPS + 1):
        z = np.bincount(row, weights=val * w[col], minlength=len(y)) + b
        p = 1.0 / (1.0 + np.exp(-z))
        g = (p - y) * sample_w / len(y)
        grad_w = np.bincount(col, weights=val * g[row], minlength=len(w)) + L2 * w
        grad_b = float(g.sum())
        m_w = beta1 * m_w + (1 - beta1) * grad_w
        v_w = beta2 * v_w + (1 - beta2) * grad_w**2
        m_b = beta1 * m_b + (1 - beta1) * grad_b
        v_b = beta2 * v_b + (1 - beta2) * grad_b**2
        lr = LEARNING_RATE * np.sqrt(1 - beta2**step) / (1 - beta1**step)
        w -= lr * m_w / (np.sqrt(v_w) + eps)
        b -= lr * m_b / (np.sqrt(v_b) + eps)
    return b, {f: float(x) for f, x in zip(vocab, w, strict=True) if abs(x) >= PRUNE}


def choose_threshold(model: classifier.Model, held: list[Sample]) -> tuple[float, dict[str, float]]:
    """Lowest threshold at which rules and classifier together flag at most :data:`MAX_FP_USER`
    of the benign user statements of the held-back part and at most :data:`MAX_FP_DOCS` (or one)
    of its clean documents."""
    scored = []
    for s in held:
        vs = normalise.views(s.text)
        scored.append(
            (
                s,
                rules.first_rule(vs) is not None,
                max(model.max_window_score(v, WINDOW_SENTENCES) for v in vs),
            )
        )
    users = [(r, sc) for s, r, sc in scored if not s.injection and s.category in USER_STATEMENTS]
    docs = [(r, sc) for s, r, sc in scored if s.category in CLEAN_DOCUMENTS]
    threshold = 0.99
    for t in sorted({round(sc, 3) for _, _, sc in scored if sc >= 0.5}):
        fp_user = sum(1 for r, sc in users if r or sc >= t)
        fp_docs = sum(1 for r, sc in docs if r or sc >= t)
        if fp_user <= MAX_FP_USER * len(users) and fp_docs <= max(1, MAX_FP_DOCS * len(docs)):
            threshold = t
            break

    def rate(group: list[tuple[bool, float]]) -> float:
        return sum(1 for r, sc in group if r or sc >= threshold) / max(1, len(group))

    return threshold, {
        "recall": rate([(r, sc) for s, r, sc in scored if s.injection]),
        "fp_user (rules+classifier)": rate(
            [(r, sc) for s, r, sc in scored if not s.injection and s.category in USER_STATEMENTS]
        ),
        "fp_docs (rules+classifier)": rate([(r, sc) for s, r, sc in scored if s.category in CLEAN_DOCUMENTS]),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    samples = load()
    train = [s for s in samples if s.split == "train"]
    held = [s for s in samples if s.split == "threshold"]
    bias, weights = fit(train)
    model = classifier.Model(bias, weights, 0.5, "", {}, norm_power=NORM_POWER)
    threshold, at = choose_threshold(model, held)
    data = {
        "version": f"logreg-{len(train)}-{len(weights)}",
        "about": "memscribe injection guard; trained by bench/train_guard.py on the train split of "
        "../shared/data/injection (see its README for sources and licences)",
        "bias": round(bias, 6),
        "norm_power": NORM_POWER,
        "threshold": threshold,
        "weights": {f: round(x, 4) for f, x in sorted(weights.items())},
    }
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    a.out.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    print(f"train {len(train)} samples, {len(weights)} weights kept, {a.out.stat().st_size / 1024:.0f} KiB")
    print(
        f"threshold {threshold} on {len(held)} held-back samples: "
        + ", ".join(f"{k} {v:.3f}" for k, v in at.items())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
