"""A relative's new job in a quote too short to tell its language is somebody else's fact: it
keeps the user's own job (issue 11, sibling probes)."""

from __future__ import annotations

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.updates import someone_else


def test_a_relative_in_a_short_quote_is_somebody_else() -> None:
    quote = 'User, in their words: "mon mari travaille maintenant chez Airbus".'
    assert someone_else(quote)
    assert not someone_else('User, in their words: "je travaille maintenant chez Airbus".')
    job = ShortlistItem(
        id="prof_job", slug="job", text="User works at Thales.", created="2026-01-01T00:00:00Z", score=0.1
    )
    request = DedupRequest(kind="profile", slug="job-airbus", text=quote, shortlist=(job,), said="")
    assert dedup_decision(request).action != "supersede_old"


def test_a_value_the_user_added_keeps_the_one_of_the_same_topic() -> None:
    # the rewritten candidate lost the user's "too"; the newer statement of a topic does not
    # replace the stored value when the user's own clause adds one beside it
    shelter = ShortlistItem(
        id="prof_shelter",
        slug="volunteering",
        text="User volunteers at the animal shelter.",
        created="2026-01-01T00:00:00Z",
        score=0.3,
    )
    request = DedupRequest(
        kind="profile",
        slug="volunteering",
        text="User now volunteers at the food bank.",
        shortlist=(shelter,),
        said="I now volunteer at the food bank too.",
    )
    assert dedup_decision(request).action != "supersede_old"
