"""Embedded supersession precision: a change archives only a memory of the same thing and the
same person (memscribe.model.embedded.dedup_scope). Wrongly archiving a true memory costs more
than keeping a stale one."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.dedup_scope import name_phrases, names_another_thing, possessed_subject
from memscribe.schemas.requests import DedupRequest, ShortlistItem

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def item(slug: str, text: str, score: float = 0.5) -> ShortlistItem:
    return ShortlistItem(id="prof_old", slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(slug: str, text: str, old: ShortlistItem, said: str = "") -> tuple[str, list[str]]:
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=(old,), said=said))
    return d.action, d.existing_ids


@pytest.mark.parametrize(
    ("stored", "new", "said"),
    [
        ("User works at Google as an engineer", "User doesn't use Google Docs anymore.", "I don't use Google Docs anymore"),
        ("User works at Microsoft", "User stopped using Microsoft Teams.", "I stopped using Microsoft Teams"),
        ("User works at Apple as a designer", "User cancelled Apple Music.", "I cancelled Apple Music last week"),
        ("User works at Amazon", "User cancelled their Amazon Prime subscription.", "I cancelled my Amazon Prime subscription"),
        ("User works at SAP", 'User, in their words: "Ich benutze SAP Concur nicht mehr".', "Ich benutze SAP Concur nicht mehr"),
    ],
)  # fmt: skip
def test_a_longer_name_is_another_thing(stored: str, new: str, said: str) -> None:
    """A product sharing a word with the user's employer is not the employer."""
    assert decide("tools", new, item("job-employer", stored, 0.4), said=said) == ("keep_both", [])


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("User works at Google", "User left Google."),
        ("User uses Google Docs for writing", "User doesn't use Google Docs anymore."),
        ("User develops on Windows 11", "User doesn't use Windows anymore."),
        ("User's project uses MySQL.", "User's team replaced MySQL with Postgres in the project."),
    ],
)
def test_the_same_name_still_supersedes(stored: str, new: str) -> None:
    assert decide("change", new, item("stored-fact", stored, 0.5)) == ("supersede_old", ["prof_old"])


def test_name_phrases() -> None:
    assert name_phrases("User works at Google Cloud as an SRE") == [
        frozenset({"google", "cloud"}),
        frozenset({"sre"}),
    ]
    assert name_phrases("User upgraded to Vue 3") == [frozenset({"vue"})]
    assert names_another_thing("User cancelled Apple Music", "User works at Apple")
    assert not names_another_thing("User left Apple for Apple Music", "User works at Apple")
    assert not names_another_thing("User switched from Android to an iPhone", "User uses an Android phone")


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("User's team lead prefers Slack huddles.", "User switched from Slack to Discord."),
        ("User's CTO prefers Python.", "User doesn't write Python anymore."),
        ("User's landlord lives in Hamburg.", "User lives in Munich (moved there recently)."),
        ("User's tech lead is vegan.", "User is not vegan anymore."),
        ("User's team uses Slack for chat.", "User switched from Slack to Discord."),
    ],
)
def test_the_users_change_leaves_a_possessed_subjects_fact(stored: str, new: str) -> None:
    """A possessed noun phrase as subject ("User's team lead") is a third party."""
    assert decide("change", new, item("other-fact", stored, 0.6)) == ("keep_both", [])


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("User lives in Lyon.", 'User, in their words: "Mon responsable a déménagé à Paris".'),
        ("User lives in Berlin.", 'User, in their words: "Meine Vermieterin ist nach München gezogen".'),
        ("User lives in Madrid.", 'User, in their words: "Mi casera se mudó a Sevilla".'),
        ("User lives in Shanghai.", "用户的领导搬到北京了。"),
        ("User lives in Tokyo.", 'User, in their words: "部長は大阪に引っ越した".'),
        ("User lives in Tokyo.", 'User, in their words: "田中さんが福岡に引っ越した".'),
    ],
)
def test_a_possessed_subjects_change_leaves_the_users_fact(stored: str, new: str) -> None:
    assert decide("home-city", new, item("home-city-x", stored, 0.5))[0] != "supersede_old"


def test_the_users_own_attributes_are_the_user() -> None:
    assert not possessed_subject("User's editor is Vim.")
    assert not possessed_subject("User's home city is Berlin.")
    assert not possessed_subject("User's phone is an Android.")
    assert not possessed_subject('User, in their words: "Mein Auto ist verkauft".')
    assert possessed_subject("User's sister's job is nursing.")
    # an attribute of the user is still updated by the user's change
    assert decide(
        "editor", "User switched from Vim to Helix.", item("editor-vim", "User's editor is Vim.")
    ) == (
        "supersede_old",
        ["prof_old"],
    )


def test_a_slot_of_the_users_filled_by_a_name_is_the_users() -> None:
    """ "User's budget app is YNAB" is what the user uses: their own change updates it."""
    assert not possessed_subject("User's budget app is YNAB.")
    assert not possessed_subject("User's daily driver is a Pixel 8.")
    assert possessed_subject("User's wife is a nurse.")
    app = item("budget-app", "User's budget app is YNAB.")
    assert decide("budget", "User cancelled YNAB.", app) == ("supersede_old", ["prof_old"])


def test_a_japanese_move_of_the_users_own_still_supersedes() -> None:
    home = item("home-city-tokyo", "User lives in Tokyo.")
    assert decide("home-city", 'User, in their words: "福岡に引っ越しました".', home)[0] == "supersede_old"


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ('User, in their words: "我住在上海"', "用户现在在北京上班。"),
        ("User lives in Leeds.", "User now works at a hospital in Manchester."),
        ("User works at a bakery in Leeds.", "User lives in Manchester now."),
    ],
)
def test_a_change_of_another_facet_archives_nothing(stored: str, new: str) -> None:
    """Where the user works changing says nothing of where they live, and the other way round."""
    assert decide("change", new, item("stored-fact", stored, 0.6))[0] != "supersede_old"


def test_the_users_change_to_a_possessed_thing_they_name_updates_it() -> None:
    """ "… in their project" names the project of "User's project uses MySQL": one thing."""
    project = item("project-db", "User's project uses MySQL.")
    new = "User replaced MySQL with Postgres in their project."
    assert decide("replaced-mysql", new, project) == ("supersede_old", ["prof_old"])
    # a person named beside the change is not its subject
    lead = item("team-lead-chat", "User's team lead prefers Slack huddles.")
    assert decide("chat", "User switched from Slack to Discord for their team.", lead) == ("keep_both", [])


def test_a_sentences_first_word_is_no_part_of_a_name() -> None:
    assert name_phrases('User, in their words: "Bei Google habe ich gekündigt"') == [frozenset({"google"})]
    assert not names_another_thing(
        'User, in their words: "Bei Google habe ich gekündigt"', "User works at Google"
    )
    assert names_another_thing(
        'User, in their words: "Mein Google Konto ist gelöscht"', "User works at Google"
    )
