"""Issue 11, duplicates: a paraphrase whose whole-sentence score is diluted is a restatement when
what each statement adds to the other means the same (dedup_compare.DIFFERENCE_ALIKE). Before,
"User mainly reads sci-fi" beside "User reads mostly science fiction" (0.73) was written again."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.dedup_compare import DIFFERENCE_ALIKE, _differences_alike, restates
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic import wordllama

pytestmark = [
    pytest.mark.usefixtures("fresh_semantic"),  # tests/conftest.py
    pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed"),
]


def item(text: str, score: float) -> ShortlistItem:
    return ShortlistItem(
        id="prof_old00001", slug="stored-fact", text=text, created="2026-01-01T00:00:00Z", score=score
    )


@pytest.mark.parametrize(
    ("old", "new", "score"),
    [
        ("User reads mostly science fiction.", "User mainly reads sci-fi.", 0.73),
        ("User goes to bed around 11pm.", "User usually sleeps at about 11 pm.", 0.49),
    ],
)
def test_a_paraphrase_of_what_each_adds_is_a_restatement(old: str, new: str, score: float) -> None:
    assert _differences_alike(new, old)
    assert restates(new, item(old, score))
    decision = dedup_decision(
        DedupRequest(kind="profile", slug="new-fact", text=new, shortlist=(item(old, score),))
    )
    assert (decision.action, decision.existing_ids) == ("drop_new", ["prof_old00001"])


@pytest.mark.parametrize(
    ("old", "new", "score"),
    [
        # another thing: the differences are not alike
        ("User works on a MacBook Pro laptop.", "User works on a custom-built Windows desktop PC.", 0.29),
        # co-hyponyms the vectors score alike are values swapped (value_differs), never a paraphrase
        ("User uses Neovim as their editor.", "User uses Emacs as their editor.", 0.42),
        ("User runs about 30 km a week.", "User runs about 50 km a week.", 0.93),
        # another script: character pairs are no words for the encoder
        ("用户在深圳工作。", "用户在广州工作。", 0.74),
    ],
)
def test_other_facts_are_not_restatements(old: str, new: str, score: float) -> None:
    assert not restates(new, item(old, score))


def test_the_threshold_sits_between_the_dev_pairs() -> None:
    """The different facts of the dev pairs with no changed value score at most 0.37, the
    restatements it adds at least 0.49 (bench/restatement_pairs.py)."""
    assert 0.37 < DIFFERENCE_ALIKE < 0.49
