"""Update cues and facet verbs with a word between them (issue 11): "Je vis maintenant à Nantes"
states where the user lives; "finally" and "my new …" report a change; "Nowadays I run on
Thursdays" is a statement of the speaker's after its time adverb."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.facets import statement_facet
from memscribe.semantic.updates import change_cue
from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    "text",
    ["Je vis maintenant à Nantes", "I now live in Denver", "User lives in Austin, Texas."],
)
def test_a_residence_verb_with_an_adverb_before_its_preposition(text: str) -> None:
    assert statement_facet(text) == "residence"


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("User finally got their driving licence.", True),
        ("User's new laptop is a ThinkPad X1.", True),
        ("Ich habe endlich den Führerschein", True),
        ("Mon nouveau vélo est rouge", True),
        ("Por fin tengo carnet", True),
        ("User's laptop is a ThinkPad X1.", False),
        ("User reads the news every morning.", False),  # "new" inside another word
    ],
)
def test_finally_and_a_new_value_are_change_cues(text: str, cue: bool) -> None:
    assert change_cue(text) is cue


def item(i: str, slug: str, text: str, score: float = 0.0) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def test_a_new_value_of_the_same_attribute_supersedes_it() -> None:
    old = item("prof_lap", "laptop-macbook", "User's laptop is a MacBook Pro.", 0.5)
    new = "User's new laptop is a ThinkPad X1 with Fedora."
    d = dedup_decision(DedupRequest(kind="profile", slug="new-laptop-thinkpad", text=new, shortlist=(old,)))
    assert (d.action, d.existing_ids) == ("supersede_old", ["prof_lap"])


def test_a_french_move_supersedes_the_stored_city() -> None:
    old = item("prof_city", "home-city-rennes", "User lives in Rennes.")
    new = 'User, in their words: "Je vis maintenant à Nantes".'
    d = dedup_decision(
        DedupRequest(kind="profile", slug="home-vis-maintenant-nantes", text=new, shortlist=(old,))
    )
    assert (d.action, d.existing_ids) == ("supersede_old", ["prof_city"])


@pytest.mark.parametrize("conversation", [False, True])
def test_a_statement_after_a_time_adverb_is_the_speakers(conversation: bool) -> None:
    assert embedded_profile_bodies("Nowadays I run on Thursdays instead.", conversation=conversation) == [
        "User runs on Thursdays instead."
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm divorced now, since March.", ["User is divorced now."]),
        ("Actually I'm 35 now, my birthday was last week.", ["User is 35 now."]),
        ("I'm back now.", []),  # a passing state
        ("I'm divorced.", []),  # one word and no change: too little to keep
        ("I quit smoking last year.", ["User quit smoking."]),  # "quit" is past here, not "quits"
    ],
)
def test_a_one_word_state_reached_is_kept_as_a_change(text: str, expected: list[str]) -> None:
    assert embedded_profile_bodies(text, conversation=True) == expected


def test_a_changed_marital_status_supersedes_the_stored_one() -> None:
    old = item("prof_fam", "family-married", "User is married to Anna.")
    d = dedup_decision(
        DedupRequest(kind="profile", slug="divorced", text="User is divorced now.", shortlist=(old,))
    )
    assert (d.action, d.existing_ids) == ("supersede_old", ["prof_fam"])


def test_a_slot_value_reported_as_now_is_kept_with_its_cue() -> None:
    """ "I'm on an iPhone now": one content word, but a value of a slot (the phone) said as a
    change; the body keeps "now", so the dedup decision sees the change."""
    assert embedded_profile_bodies("I'm on an iPhone now.") == ["User is on an iPhone now."]
    assert embedded_profile_bodies("I'm on an iPhone.") == []


def test_an_english_statement_of_a_facet_is_filed_under_it() -> None:
    """ "I joined Stripe" is about where the user works: filed under ``job-``, it meets the stored
    employer whatever the stored slug's other words, and the change said beside it updates it."""
    from memscribe.model.embedded.profiles import profiles_from_turn
    from memscribe.schemas.transcript import SourcePos, Turn

    turn = Turn(
        index=0,
        role="user",
        text="I'm not at Google anymore, I joined Stripe in June. Can you update my bio?",
        source=SourcePos(file="-", line=1),
    )
    slugs = {c.body: c.slug for c in profiles_from_turn(turn, correction_turn=False)}
    assert slugs["User joined Stripe."].startswith("job-")
    old = item("prof_job", "job-google-sre", "User works at Google as an SRE.")
    d = dedup_decision(
        DedupRequest(
            kind="profile",
            slug=slugs["User joined Stripe."],
            text="User joined Stripe.",
            shortlist=(old,),
            said="I'm not at Google anymore, I joined Stripe in June.",
        )
    )
    assert (d.action, d.existing_ids) == ("supersede_old", ["prof_job"])


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("User has a new job at Stripe", ""),  # "new" is not French "ne"
        ("User keeps shift notes in Spanish", ""),  # "notes" is not "not"
        ("User quite likes the leftovers", ""),  # "quite" is not "quit", "leftovers" not "left"
        ("User's cousin is a soldier", ""),  # "soldier" is not "sold"
        ("Das Treffen findet morgen stattdessen online", ""),  # a word that starts with "statt"
        ("User left Berlin for Paris", "Berlin"),
        ("User is not vegan", "vegan"),
        ("Je ne bois plus de café", "bois plus de café"),
        ("Ich fahre statt Auto jetzt Rad", "Auto jetzt Rad"),
    ],
)
def test_an_ending_is_a_whole_word_not_the_start_of_one(text: str, left: str) -> None:
    from memscribe.semantic.updates import left_behind

    assert left_behind(text) == left
