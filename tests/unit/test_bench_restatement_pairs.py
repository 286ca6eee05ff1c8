"""bench/restatement_pairs.py (issue 11): the calibration pairs of the embedded dedup's semantic
restatement threshold, their deterministic dev/val split, and the rule that picks a threshold."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("restatement_pairs", as_name="bench_restatement_pairs_under_test")


def test_pairs_are_balanced_and_split_two_thirds_to_dev() -> None:
    bench = _bench()
    pairs = bench.load()
    assert len(pairs) >= 150
    assert len({(p.stored, p.new) for p in pairs}) == len(pairs)
    labels = Counter(p.label for p in pairs)
    assert set(labels) == {"restatement", "different"}
    assert abs(labels["restatement"] - labels["different"]) <= len(pairs) // 10
    assert len({p.lang for p in pairs}) >= 4
    val = [p for p in pairs if p.split == "val"]
    assert 0.25 <= len(val) / len(pairs) <= 0.42
    assert [p.split for p in bench.load()] == [p.split for p in pairs]  # deterministic


def test_the_stage_drops_a_repeat_and_keeps_an_unrelated_fact() -> None:
    bench = _bench()
    same = bench.Pair("User lives in Berlin.", "User lives in Berlin.", "restatement", "en")
    other = bench.Pair("User lives in Berlin.", "User is allergic to cats.", "different", "en")
    assert bench.decide(same)[0] == "drop"
    assert bench.decide(other)[0] == "keep"


def test_the_rule_picks_the_lowest_threshold_with_few_false_drops_on_dev() -> None:
    bench = _bench()
    keep, drop = ["keep"] * 99, ["drop"]
    table = {
        f"{t:.2f}": {"dev/different": ["drop", "drop", "drop", *keep], "val/different": drop}
        for t in bench.THRESHOLDS
    }
    table["0.88"] = table["0.89"] = {"dev/different": [*drop, *keep], "val/different": drop * 5}
    assert bench.choose(table) == "0.88"  # val plays no part in the choice
    table["0.88"] = table["0.89"] = table["0.70"]
    assert bench.choose(table) is None
    # the lexical tests alone (``off``) drop 3 of 102 already: the lowest threshold adding none
    table["off"] = {"dev/different": ["drop", "drop", "drop", *keep]}
    assert bench.choose(table) == "0.70"
