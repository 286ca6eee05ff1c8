"""A relative's new job in a quote too short to tell its language is somebody else's fact: it
keeps the user's own job (issue 11, sibling probes); a bare pronoun of one language is an
article of another (Italian "Il mese scorso…": the user's own update, review RV2 F1)."""

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


FIAT = ShortlistItem(
    id="prof_job", slug="job", text="User works at Fiat.", created="2026-01-01T00:00:00Z", score=0.3
)


def test_an_italian_quote_opening_on_il_is_the_users_own() -> None:
    for quote in (
        'User, in their words: "Il mese scorso ho iniziato a lavorare alla Ferrari".',
        'User, in their words: "Il lunedì lavoro da casa".',
    ):
        assert not someone_else(quote)
    quote = 'User, in their words: "Il mese scorso ho iniziato a lavorare alla Ferrari".'
    request = DedupRequest(kind="profile", slug="job", text=quote, shortlist=(FIAT,), said="")
    assert dedup_decision(request).action == "supersede_old"


def test_too_before_an_adjective_does_not_keep_the_old_value() -> None:
    # review RV2 F2: "too expensive" is a degree, not "also"
    iphone = ShortlistItem(
        id="prof_phone",
        slug="phone",
        text="User uses an iPhone 13.",
        created="2026-01-01T00:00:00Z",
        score=0.4,
    )
    request = DedupRequest(
        kind="profile",
        slug="phone",
        text="User uses a Pixel 8.",
        shortlist=(iphone,),
        said="I use a Pixel 8 now because the iPhone was too expensive.",
    )
    assert dedup_decision(request).action == "supersede_old"
