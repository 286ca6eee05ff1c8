"""Issue 11: a change the user reported in the sentence a candidate was drawn from counts as
the candidate's, though the extractor kept the fact without its cue (embedded dedup,
:func:`memscribe.model.embedded.dedup_scope.cued_source`); a cue in another sentence of the turn
does not."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

CAFFEINE = ShortlistItem(
    id="prof_caf",
    slug="diet-caffeine",
    text="User avoids caffeine.",
    created="2026-01-01T00:00:00Z",
    score=0.5,
)


def decide(said: str) -> tuple[str, list[str]]:
    d = dedup_decision(
        DedupRequest(
            kind="profile",
            slug="coffee-morning",
            text="User drinks one coffee in the morning.",
            shortlist=(CAFFEINE,),
            said=said,
        )
    )
    return d.action, d.existing_ids


def test_the_cue_of_the_source_sentence_reports_the_change() -> None:
    said = "I've started drinking coffee again, one coffee in the morning before work. Any tips?"
    assert decide(said) == ("supersede_old", ["prof_caf"])


@pytest.mark.parametrize(
    "said",
    [
        # the cue is in another sentence, about something else
        "I drink one coffee in the morning. Now I'm looking for a new flat.",
        # no cue anywhere
        "I drink one coffee in the morning before work.",
    ],
)
def test_a_cue_elsewhere_or_none_changes_nothing(said: str) -> None:
    assert decide(said)[0] != "supersede_old"
