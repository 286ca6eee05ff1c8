"""A cessation ("no longer", "nicht mehr", "ne … plus") is a fact about now, not a hedge (issue 11)."""

from __future__ import annotations

import pytest

from memscribe import lexicon
from memscribe.model.embedded.chat import plain_statement
from memscribe.model.embedded.playbooks import playbook_at
from tests.support.turns import extracted_profile_bodies as _bodies
from tests.support.turns import make_transcript


@pytest.mark.parametrize("text", ["I no longer eat meat", "I don't drink coffee anymore"])
def test_a_cessation_is_not_a_hedge(text: str) -> None:
    assert not lexicon.hedged(text)
    assert not lexicon.hedge_or_nonfact(text)


@pytest.mark.parametrize("text", ["I used to smoke", "maybe I'll move to Berlin"])
def test_former_states_and_hedges_still_are(text: str) -> None:
    assert lexicon.hedged(text)


@pytest.mark.parametrize(
    ("clause", "body"),
    [
        ("I no longer eat meat", "User no longer eats meat."),
        ("I seldom drive to work", "User seldom drives to work."),
        ("I really no longer drive a car", "User really no longer drives a car."),
        ("I usually cook at home", "User usually cooks at home."),
    ],
)
def test_the_verb_agrees_past_a_negative_adverb(clause: str, body: str) -> None:
    fact = plain_statement(clause)
    assert fact is not None and fact.body == body  # never "User noes longer eat meat"


@pytest.mark.parametrize(
    ("text", "keyword"),
    [
        ("Ich rauche nicht mehr.", "nicht mehr"),
        ("Ya no tengo coche, voy en bici.", "Ya no tengo coche"),
        ("Je ne mange plus de viande.", "plus de viande"),
    ],
)
def test_a_cessation_said_alone_is_kept(text: str, keyword: str) -> None:
    bodies = _bodies(text)
    assert any(keyword in b for b in bodies), bodies


def test_a_cessation_beside_its_replacement_gives_way_to_it() -> None:
    bodies = _bodies("Je ne suis plus doctorante, je suis postdoc maintenant.")
    assert any("postdoc" in b for b in bodies), bodies
    assert not any("doctorante" in b for b in bodies), bodies


def test_a_greeting_before_the_request_is_not_the_situation() -> None:
    turns = make_transcript(
        ("user", "Morgen! Kannst du mir für Samstag einen Einkaufsplan machen?"),
        ("assistant", "Klar: Route über die B31 zum Baumarkt."),
        ("user", "Nein, bitte keine Routen über die B31, ich fahre Lastenrad."),
        ("assistant", "Verstanden, ohne B31."),
        ("user", "super, danke"),
    ).turns
    playbook = playbook_at(turns, 2)
    assert playbook is not None
    assert "Morgen" not in playbook.when
    assert "Einkaufsplan" in playbook.when


def test_a_one_word_request_is_still_the_situation() -> None:
    turns = make_transcript(
        ("user", "typecheck"),
        ("assistant", "Added `as any` to silence the errors."),
        ("user", "No, don't paper over it with `any`. Use `unknown` and narrow it."),
        ("assistant", "Switched to unknown with a type guard."),
        ("user", "good"),
    ).turns
    playbook = playbook_at(turns, 2)
    assert playbook is not None and "typecheck" in playbook.when


def test_a_cessation_after_and_is_its_own_clause_and_carries_what_holds_instead() -> None:
    from tests.support.turns import embedded_profile_bodies

    said = "all the java is gone now and honestly I don't write java at all anymore, it's kotlin everywhere."
    assert embedded_profile_bodies(said) == [
        "User doesn't write java at all anymore; it's kotlin everywhere."
    ]
    said = "fyi I cancelled YNAB in the spring, it's just a Google Sheet now"
    assert embedded_profile_bodies(said, conversation=True) == [
        "User cancelled YNAB in the spring; it's just a Google Sheet."
    ]


def test_a_completed_change_of_state_in_japanese_is_a_statement() -> None:
    bodies = _bodies("エディタは最近 Helix に乗り換えたので、vim の設定はもう使ってない。")
    assert any("Helix" in b for b in bodies), bodies


def test_a_request_after_a_statement_is_not_part_of_the_fact() -> None:
    from tests.support.turns import embedded_profile_bodies

    said = "I have a 4-on-3-off rotation this month, can you tell me which days next week I'm off"
    assert embedded_profile_bodies(said, conversation=True) == ["User has a 4-on-3-off rotation."]
