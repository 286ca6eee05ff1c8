"""Issue 11: the embedded dedup's semantic restatement threshold is the one its calibration bench
chooses on the dev pairs (bench/restatement_pairs.py: the lowest threshold whose dev false drops
are at most 2%, or at most those of the lexical tests alone), so that the semantic test drops no
different fact of its own and recalls as many restatements as that allows."""

from __future__ import annotations

import pytest

from bench.restatement_pairs import choose, load, sweep
from memscribe.model.embedded.dedup import SEMANTIC_RESTATEMENT

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def test_the_threshold_is_the_one_the_bench_chooses() -> None:
    from memscribe import semantic

    if semantic.name() is None:
        pytest.skip("no offline semantic model installed: its threshold is not used")
    chosen = choose(sweep(load()))
    assert chosen is not None
    assert float(chosen) == SEMANTIC_RESTATEMENT
