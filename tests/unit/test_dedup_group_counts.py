"""Embedded dedup decisions (issue 11): the user speaking for their own group ("we"), and a
count whose noun is named beside it rather than after the number."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.frames import count_changed, recounted

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def item(i: str, slug: str, text: str, score: float) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(slug: str, text: str, *items: ShortlistItem, said: str = "") -> tuple[str, list[str]]:
    request = DedupRequest(kind="profile", slug=slug, text=text, shortlist=items, said=said)
    d = dedup_decision(request)
    return d.action, d.existing_ids


def test_we_speaks_for_the_users_team() -> None:
    jira = item("prof_jira", "team-tools", "User's team uses Jira for issue tracking.", 0.54)
    new = 'User, in their words: "We ditched Jira for Linear in January"'
    assert decide("ditched-jira-linear", new, jira) == ("supersede_old", ["prof_jira"])
    # the user's group, not a person the user knows: a relative's fact stays theirs
    sister = item("prof_sister", "sister-city", "User's sister lives in Madrid.", 0.6)
    assert decide("home-city", 'User, in their words: "We moved to Valencia"', sister) == ("keep_both", [])


def test_a_count_whose_noun_is_named_beside_it() -> None:
    new = 'User, in their words: "We sold off the older ewes in the autumn"; it\'s 140 going to the tup.'
    old = "User keeps a flock of about 200 ewes."
    assert count_changed(new, old)
    assert recounted(new, old)
    flock = item("prof_flock", "flock-size", old, 0.24)
    assert decide("sold-off-older", new, flock) == ("supersede_old", ["prof_flock"])


def test_a_count_of_another_thing_is_no_recount() -> None:
    old = "User keeps a flock of about 200 ewes."
    # the number counts a noun of its own: not the ewes
    assert not recounted("User sold 40 lambs at the market with the ewes.", old)
    # no noun of old named: the bare number is nobody's count
    assert not recounted("User is going 140 going fast.", old)
    # a change of another count, with no shared noun, archives nothing on a weak score
    flock = item("prof_flock", "flock-size", old, 0.24)
    assert decide("lambs", "User sold 40 lambs this spring.", flock) == ("keep_both", [])
