"""bench/standin_losses.py: each unmatched MSC fact gets the cause of where it went missing."""

from __future__ import annotations

from types import ModuleType

from memscribe import run as run_module
from memscribe.evaluation.datasets import Step, Unit
from memscribe.evaluation.runner import Outcome, StepOutcome
from memscribe.schemas.memory import MemoryEntry
from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("standin_losses", as_name="bench_standin_losses_under_test")


def _profile(n: int, body: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile",
        id=f"p{n}",
        path=f"profiles/p{n}.md",
        slug=f"fact-{n}",
        created="2026-11-30",
        body=body,
    )


GOLD = [
    "I have two dogs.",
    "I love hiking in the mountains.",
    "I work as a nurse.",
    "I live in Ohio.",
    "I like jazz music.",
    "I drive a red truck.",
    "I grow tomatoes.",
    "I like beaches.",
]
#: (turn index, text) of the user turn stating each fact
TURNS = [
    (1, "two dogs, hiking"),
    (1, "two dogs, hiking"),
    (3, "nurse"),
    (5, "ohio"),
    (7, "jazz"),
    (9, "truck"),
    None,
    (11, "beach trip"),
]


def test_every_unmatched_fact_is_given_the_stage_it_was_lost_at() -> None:
    bench = _bench()
    unit = Unit("msc", "s1-001-bot_0", ("positive",), [Step("x.json", "[]")], gold={"persona": GOLD})
    written = [
        _profile(1, "User has two dogs and loves hiking in the mountains."),
        _profile(2, "User grows tomatoes."),
    ]
    outcome = Outcome(unit=unit, active=written)
    outcome.steps.append(
        StepOutcome(
            "x.json",
            True,
            [t for _, t in filter(None, TURNS)],
            ["two dogs, hiking", "nurse", "jazz", "truck", "beach trip"],
        )
    )
    trace = bench.Trace()
    trace.add_answer(
        [
            '{"profiles": [{"body": "User has two dogs and loves hiking in the mountains.", "evidence_turns": [1]},'
            ' {"body": "User works as a nurse.", "evidence_turns": [3]},'
            ' {"body": "User plays the piano.", "evidence_turns": [7]},'
            ' {"body": "User is planning a beach trip in August.", "evidence_turns": [11]},'
            ' {"body": "User grows tomatoes.", "evidence_turns": []}], "playbooks": []}',
            '{"decisions": []}',
        ]
    )
    for stage in ("detect",):
        trace.bodies[stage] = list(trace.bodies["answer"])
    for stage in ("verify", "screen", "dedup"):  # verify dropped the nurse
        trace.bodies[stage] = [b for b in trace.bodies["answer"] if "nurse" not in b and "piano" not in b]

    lost = {x.gold: x for x in bench.losses(outcome, trace, TURNS)}

    assert {g: x.cause for g, x in lost.items()} == {
        "I have two dogs.": "matcher",  # the one body went to the hiking fact (more words shared)
        "I work as a nurse.": "verify",
        "I live in Ohio.": "not shown",
        "I like jazz music.": "another fact",
        "I like beaches.": "said otherwise",  # a body citing its turn shares "beach"
        "I drive a red truck.": "not proposed",
    }
    assert lost["I like jazz music."].last == ["User plays the piano."]
    assert lost["I work as a nurse."].last == ["User works as a nurse."]


def test_the_halves_are_stable_and_both_used() -> None:
    bench = _bench()
    names = [f"s{s}-{n:03d}-bot_{b}" for s in (1, 2) for n in range(20) for b in (0, 1)]
    halves = [bench.half_of(n) for n in names]
    assert set(halves) == {"dev", "hold"}
    assert halves == [bench.half_of(n) for n in names]


def test_tracing_puts_the_stages_back() -> None:
    bench = _bench()
    before = (run_module.detect, run_module.verify, run_module.screen, run_module.dedup_all)
    trace = bench.Trace()
    with bench.tracing(lambda: trace):
        assert run_module.verify is not before[1]
    assert (run_module.detect, run_module.verify, run_module.screen, run_module.dedup_all) == before
