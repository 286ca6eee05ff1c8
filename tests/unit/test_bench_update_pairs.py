"""bench/update_pairs.py (issue 11): the learned update test's signals of a (candidate, stored
entry) pair, and a deterministic fit (the same pairs give the same weights)."""

from __future__ import annotations

import numpy as np

from memscribe.schemas.requests import DedupRequest, ShortlistItem
from tests.support.bench_modules import load_bench

OLD = ShortlistItem(id="old", slug="diet", text="User doesn't drink coffee.", created="2026-01-01", score=0.2)


def test_the_signals_of_an_update_pair() -> None:
    bench = load_bench("update_pairs", as_name="bench_update_pairs_under_test")
    said = "Speaking of which: pre-run cold brew is now non-negotiable for me."
    request = DedupRequest(
        kind="profile", slug="coffee", text="User drinks cold brew now.", shortlist=(OLD,), said=said
    )
    x = bench.with_interactions(bench.features(request, OLD, 0))
    assert x["cue"] == x["cue_said"] == 1.0  # "now", in the candidate and in the user's sentence
    assert x["polarity"] == x["old_negated"] == 1.0
    assert x["top"] == 1.0 and x["languages"] == 0.0
    assert x["cue*top"] == 1.0 and x["cue*score"] == x["score"]
    assert all(0.0 <= v <= 1.0 for v in x.values())


def test_the_fit_is_deterministic_and_separates() -> None:
    bench = load_bench("update_pairs", as_name="bench_update_pairs_under_test")
    x = np.array([[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.1, 0.8]])
    y = np.array([1.0, 1.0, 0.0, 0.0])
    w = bench.fit(x, y)
    assert np.array_equal(w, bench.fit(x, y))
    p = 1 / (1 + np.exp(-(w[0] + x @ w[1:])))
    assert (p[:2] > 0.5).all() and (p[2:] < 0.5).all()
