"""A new activity begun goes on beside the stored one (issue 11; a fix of lost data).

"I play the piano." then, a session later, "I started playing the guitar." archived the piano:
the embedded decision's rule 3 read the start as a change reported on the best related entry,
whose value differs. A start says that something began, not that something else ended; it
replaces nothing by topic alone. It still turns a stored lack ("doesn't drink alcohol", "avoids
caffeine") and the one value of a single-valued facet ("drives to work"), and a start said with
another cue ("instead", "again") reports more than a start.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.schemas.requests import ShortlistItem
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then", "kept"),
    [
        ("I play the piano.", "I started playing the guitar.", "piano"),
        ("I drink tea in the morning.", "I started drinking coffee in the afternoon.", "tea"),
        ("I read science fiction.", "I started reading history books.", "science fiction"),
        ("I collect stamps.", "I started collecting coins.", "stamps"),
    ],
)
def test_a_start_goes_on_beside_the_stored_activity(tmp_path: Path, first: str, then: str, kept: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert any(kept in b for b in stored) and set(stored) <= set(active), active
    assert archived == []


@pytest.mark.parametrize(
    ("first", "then", "old"),
    [
        # a stored lack, by a negation or a verb of keeping away
        ("I don't drink alcohol.", "I started drinking wine with dinner.", "alcohol"),
        ("I avoid caffeine.", "I started drinking coffee.", "caffeine"),
        ("I avoid caffeine.", "I've started drinking coffee again.", "caffeine"),
        # the one value of a single-valued facet
        ("I drive to work.", "I started taking the train to work.", "drives"),
        # a start said with the value it replaces
        ("I run in the evenings.", "I started running in the mornings instead.", "evenings"),
        ("I use Windows.", "I started using Linux instead of Windows.", "Windows"),
        # a start of the stored thing itself, in another amount or manner (review of da6558b)
        ("I run 5 km.", "I started running 10 km.", "5 km"),
        ("I go to the gym twice a week.", "I started going to the gym four times a week.", "twice"),
        ("I drink black coffee.", "I started drinking coffee with milk.", "black"),
    ],
)
def test_a_start_still_replaces_a_lack_a_facet_value_or_what_it_names_instead(
    tmp_path: Path, first: str, then: str, old: str
) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert [b for b in stored if old in b] and archived == stored, (stored, archived)
    assert not set(stored) & set(active), active


def _item(slug: str, text: str) -> ShortlistItem:
    return ShortlistItem(id="prof_1", slug=slug, text=text, created="2026-05-01T12:00:00Z", score=0.6)


@pytest.mark.parametrize(
    ("new", "slug", "old", "beside"),
    [
        ("User started playing the guitar.", "play-piano", "User plays the piano.", True),
        ('User, in their words: "J\'ai commencé la guitare".', "about-piano", "User plays the piano.", True),
        ("用户开始学吉他了。", "hobby", "User plays the piano.", True),
        ("User started playing the guitar again.", "play-piano", "User plays the piano.", False),
        ("User switched to the guitar.", "play-piano", "User plays the piano.", False),
        ("User started drinking wine.", "diet", "User doesn't drink alcohol.", False),
        ("User started drinking coffee.", "diet", "User avoids caffeine.", False),
        ("User started cycling to work.", "commute", "User takes the bus to work.", False),
        ("User started cycling.", "transport", "User takes the bus.", False),
    ],
)
def test_begins_beside(new: str, slug: str, old: str, beside: bool) -> None:
    from memscribe.model.embedded.dedup_compare import begins_beside

    assert begins_beside(new, _item(slug, old)) is beside


def test_the_quotation_lead_is_no_thing_shared() -> None:
    """The lead of a memory quoting the user is the one :func:`in_their_words` writes; two quoted
    statements sharing only that lead share no thing."""
    from memscribe.model.embedded import dedup_compare
    from memscribe.model.embedded.text import in_their_words

    assert in_their_words("Je joue du piano").startswith(f"{dedup_compare._QUOTE_LEAD}:")
    old = _item("about-piano", in_their_words("Je joue du piano"))
    assert dedup_compare.begins_beside(in_their_words("J'ai commencé la guitare"), old)
    assert not dedup_compare.begins_beside(in_their_words("J'ai commencé le piano"), old)
