"""The msc scorer's greedy matching breaks a score tie by the written memory's text, then its
slug, never by its random id (review RV3 F2): before, two memories tied on one persona sentence
were matched in path order, ``<slug>-<random id>.md``, so one run could count a true positive
and the next run of the same code a false positive."""

from __future__ import annotations

from memscribe.evaluation.datasets import Unit
from memscribe.evaluation.matching import greedy_pairs
from memscribe.evaluation.runner import Outcome
from memscribe.evaluation.scoring import score_msc
from memscribe.schemas.memory import MemoryEntry

PLAIN = "User drinks green tea."
KYOTO = "User drinks green tea in Kyoto."
GOLD = ["I drink green tea.", "Kyoto tea lover here."]


def _entry(suffix: str, slug: str, body: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile",
        id=f"prof_{suffix}",
        path=f".reflexio/profiles/{slug}-{suffix}.md",
        slug=slug,
        created="2026-02-01T00:00:00Z",
        body=body,
    )


def _counts(first_id: str, second_id: str) -> tuple[int, int, int]:
    unit = Unit(
        dataset="msc",
        name="s1-001-u",
        categories=("session_1", "positive"),
        steps=[],
        gold={"persona": GOLD, "fact_turns": []},
    )
    active = sorted(
        [_entry(first_id, "user-drinks-green-tea", PLAIN), _entry(second_id, "user-drinks-green-tea", KYOTO)],
        key=lambda e: e.path,
    )
    c = score_msc(Outcome(unit=unit, active=active))
    return c["prof_tp"], c["prof_fp"], c["prof_fn"]


def test_a_tie_is_matched_by_text_whatever_the_order_written_is_listed_in() -> None:
    # both score (1.0, 3) on GOLD[0]; before: [PLAIN, KYOTO] matched 2, [KYOTO, PLAIN] matched 1
    matched = [
        [(w[p.written], p.gold) for p in greedy_pairs(w, GOLD)] for w in ([PLAIN, KYOTO], [KYOTO, PLAIN])
    ]
    assert matched[0] == matched[1]


def test_the_msc_counts_do_not_depend_on_the_random_ids() -> None:
    assert _counts("aaaaaaaa", "zzzzzzzz") == _counts("zzzzzzzz", "aaaaaaaa")
