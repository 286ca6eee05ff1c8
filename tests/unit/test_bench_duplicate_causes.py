"""bench/duplicate_causes.py (issue 11): each duplicate of a kept memory is counted under one
cause, read from what the dedup stage saw (the restating candidate, its shortlist)."""

from __future__ import annotations

from types import ModuleType

from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("duplicate_causes", as_name="bench_duplicate_causes_under_test")


def test_each_duplicate_has_one_cause() -> None:
    bench = _bench()
    seen = bench.Seen
    written = "User has a cat."
    assert bench.cause("old", set(), None, []) == "archived"
    assert bench.cause("old", {"old"}, written, [seen("User has a dog.", ["old"])]) == "not seen"
    assert bench.cause("old", {"old"}, written, [seen(written, ["other"])]) == "not shortlisted"
    kept = [seen(written, ["other", "old"], "keep_both [] different facts")]
    assert bench.cause("old", {"old"}, written, kept) == "shown and kept"


def test_a_restatement_names_the_kept_memory_by_its_keywords() -> None:
    from memscribe.evaluation.datasets import SeedMemory

    bench = _bench()
    seed = SeedMemory(
        kind="profile",
        id="old",
        slug="pets",
        body="User has two cats.",
        created="2026-01-01",
        any_of=("cat",),
    )
    assert bench.restating("User's cats are asleep.", seed)
    assert not bench.restating("User has a dog.", seed)
    # a kept memory with no keywords is never restated
    bare = SeedMemory(kind="profile", id="old", slug="pets", body="User has two cats.", created="2026-01-01")
    assert not bench.restating("User has two cats.", bare)


def test_a_miss_not_shortlisted_is_asked_again_with_the_kept_memory_shown() -> None:
    from memscribe.evaluation.datasets import SeedMemory
    from memscribe.schemas.requests import DedupRequest

    bench = _bench()
    seed = SeedMemory(kind="profile", id="old", slug="city", body="User lives in Lyon.", created="2026-01-01")
    text = "User lives in Lyon."
    request = DedupRequest(kind="profile", slug="home", text=text, shortlist=(), said="")
    assert bench.dropped_if_shown(seed, text, [bench.Seen(text, [], request=request)])
    other = "User works in Paris."
    request = DedupRequest(kind="profile", slug="work", text=other, shortlist=(), said="")
    assert not bench.dropped_if_shown(seed, other, [bench.Seen(other, [], request=request)])


def test_a_decision_is_totalled_by_its_action_and_kind_of_reason() -> None:
    """No id, score or slug of a unit reaches the total (safe on a validation split)."""
    bench = _bench()
    seen = bench.Seen
    written = "User has a cat."
    log = [
        seen(
            "User has a dog.",
            ["prof_old00001"],
            "drop_new ['prof_old00001']: restates prof_old00001 (score 0.93)",
        ),
        seen(written, ["old"], "supersede_old ['old']: new value for topic 'pets-cat'"),
    ]
    assert bench.decision_kind(written, log) == "supersede_old: new value for topic"
    assert bench.decision_kind("User has a dog.", log) == "drop_new: restates"
    kept = [seen(written, ["old"], "keep_both []: different facts")]
    assert bench.decision_kind(written, kept) == "keep_both: different facts"
    assert bench.decision_kind(written, []) == "none"
