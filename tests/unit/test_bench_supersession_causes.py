"""bench/supersession_causes.py (issue 11): each missed supersession is counted under one cause,
read from what the dedup stage saw (a candidate naming the new fact, its shortlist)."""

from __future__ import annotations

from types import ModuleType

from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("supersession_causes", as_name="bench_supersession_causes_under_test")


LABEL = {"id": "p1", "all_of": ["python"], "any_of": ["python", "pandas"]}


def test_each_outcome_has_one_cause() -> None:
    bench = _bench()
    seen = bench.Seen
    archived = bench.cause("old", set(), LABEL, [])
    assert archived == "done"
    assert bench.cause("old", {"old"}, LABEL, [seen("User runs 10 km.", ["old"])]) == "not extracted"
    # the lenient reading: one keyword of any_of names the fact, though all_of is not said
    assert bench.cause("old", {"old"}, LABEL, [seen("User does it all in pandas.", [])]) == "not shortlisted"
    shown = [seen("User does it all in pandas.", ["other", "old"], "keep_both [] different facts")]
    assert bench.cause("old", {"old"}, LABEL, shown) == "decided otherwise"


def test_the_dedup_stage_is_observed_and_restored() -> None:
    from memscribe.stages import dedup as stage

    bench = _bench()
    before = stage.prepare, stage.record
    log: list[object] = []
    undo = bench.observe(log)
    assert (stage.prepare, stage.record) != before
    undo()
    assert (stage.prepare, stage.record) == before


def test_a_miss_not_shortlisted_is_asked_again_with_the_stored_memory_shown() -> None:
    from memscribe.evaluation.datasets import SeedMemory
    from memscribe.schemas.requests import DedupRequest

    bench = _bench()
    old = SeedMemory(
        kind="profile", id="old", slug="phone", body="User uses an Android phone.", created="2026-01-01"
    )
    label = {"id": "p1", "all_of": [], "any_of": ["iphone"]}

    def seen(text: str) -> object:
        request = DedupRequest(kind="profile", slug="device", text=text, shortlist=(), said="")
        return bench.Seen(text, [], request=request)

    assert bench.superseded_if_shown(old, label, [seen("User switched to an iPhone now.")])
    # a candidate naming the fact that the decision keeps beside the stored memory
    assert not bench.superseded_if_shown(old, label, [seen("User's sister has an iPhone.")])
    # only candidates naming the new fact are asked
    assert not bench.superseded_if_shown(old, label, [seen("User switched to a new laptop now.")])


def test_a_miss_counts_what_its_naming_candidates_lack() -> None:
    from memscribe.schemas.requests import DedupRequest

    bench = _bench()
    label = {"id": "p1", "all_of": [], "any_of": ["pandas"]}
    old = "User analyses data in R."

    def seen(text: str, said: str = "") -> object:
        request = DedupRequest(kind="profile", slug="tools", text=text, shortlist=(), said=said)
        return bench.Seen(text, [], request=request)

    # in the user's language, with no change said anywhere: no update rule can fire
    quoted = 'User, in their words: "je fais tout avec pandas".'
    assert bench.traits(old, label, [seen(quoted)]) == {"across languages", "no cue"}
    # the change said in the candidate's part of the user's sentence is a cue
    said = "Depuis que le labo a abandonné R l'an dernier, je fais tout avec pandas."
    assert bench.traits(old, label, [seen(quoted, said)]) == {"across languages"}
    # an English candidate reporting the change lacks neither
    assert bench.traits(old, label, [seen("User does everything in pandas now.")]) == set()
    # candidates that do not name the new fact are not read
    assert bench.traits(old, label, [seen("User is learning Spanish.")]) == set()


def test_a_decision_otherwise_is_totalled_by_its_action_and_kind_of_reason() -> None:
    """Only the first candidate naming the new fact and shown the outdated memory counts; no id
    or score reaches the total (safe on a validation split)."""
    bench = _bench()
    seen = bench.Seen
    log = [
        seen("User runs 10 km.", ["prof_old00001"], "supersede_old ['prof_old00001']: change reported"),
        seen("User does it all in pandas.", [], "keep_both []: different facts"),
        seen(
            "User codes in Python with pandas.",
            ["prof_old00001"],
            "drop_new ['prof_old00001']: restates prof_old00001 (score 0.91)",
        ),
    ]
    assert bench.decision_of("prof_old00001", LABEL, log) == "drop_new: restates"
    assert bench.decision_of("prof_other001", LABEL, log) == "none"
    assert bench.decision_of("prof_old00001", None, log) == "none"
