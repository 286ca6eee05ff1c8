"""The embedded path end to end: a value named in the clause beside the candidate's updates.

"I started eating fish again a couple of months ago, so pescatarian recipes are fine now" was
written as "User started eating fish again", which names no diet, and "User is vegetarian" stayed
active: the member of the value class (pescatarian) was in the next clause of the same sentence.
The candidate's part of the sentence (up to a contrast: "but", "aber", "mais"), when it reports
a change, lends its clauses' members to the candidate (dedup_scope.class_sentence), unless such a
clause is about somebody else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

VEGETARIAN = "User is vegetarian."


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        (
            "diet-vegetarian",
            VEGETARIAN,
            "Heads up, I started eating fish again a couple of months ago, so pescatarian recipes are fine now.",
        ),
        (
            "phone",
            "User uses an Android phone.",
            "I finally switched carriers last month, so I'm on an iPhone now.",
        ),
    ],
)
def test_the_member_in_the_candidates_sentence_updates(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    "said",
    [
        "I started a new job last month, and my partner is vegan now.",
        "I started eating out more often, but I'm still vegetarian.",
        "My sister went vegan last year, so I started cooking more for her.",
    ],
)
def test_a_member_of_somebody_else_or_beyond_a_contrast_is_kept(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "diet-vegetarian", VEGETARIAN, said)
    assert archived == [], written
