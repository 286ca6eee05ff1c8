"""A self-statement's town kept as a memory of its own (model.embedded.places)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.places import place_apart
from memscribe.schemas.candidates import ProfileCandidate
from tests.support.turns import extracted_profile_bodies as _bodies


def _candidate(body: str, slug: str = "about-x") -> ProfileCandidate:
    return ProfileCandidate(slug=slug, ttl="one_year", body=body, evidence_turns=[0])


@pytest.mark.parametrize(
    ("text", "statement", "place"),
    [
        ("Hola! Soy maestra de primaria en Zaragoza.", "maestra de primaria", "Zaragoza"),
        ("Ich bin Entwickler bei einer Versicherung in Köln.", "Versicherung", "Köln"),
        ("trabajo en una cooperativa agrícola en Mendoza", "cooperativa agrícola", "Mendoza"),
        ("I keep three beehives in my back garden in Hobart.", "beehives", "Hobart"),
        ("我在深圳做嵌入式开发。", "嵌入式开发", "深圳"),
    ],
)
def test_statement_and_its_town_are_two_memories(text: str, statement: str, place: str) -> None:
    bodies = _bodies(text)
    holding_statement = [b for b in bodies if statement in b]
    holding_place = [b for b in bodies if place in b]
    assert holding_statement and holding_place, bodies
    # two memories: the statement no longer carries the town, the town stands alone
    assert not any(place in b for b in holding_statement), bodies
    assert all(statement not in b for b in holding_place), bodies


@pytest.mark.parametrize(
    "body",
    [
        'User, in their words: "Ich kopier die Adressen eh direkt in Thunderbird".',  # a destination
        "User is training for a half marathon in October.",  # a month
        'User, in their words: "ich arbeite in Teilzeit".',  # a state, not a town
        "User writes most of their scripts in Python.",  # a language
        'User, in their words: "ich bin in Freiburg".',  # the place alone: nothing else to keep
        "User's standing instruction: write the report in English.",
        "User lives in Lyon.",  # residence already
    ],
)
def test_no_place_is_split_off(body: str) -> None:
    assert place_apart(_candidate(body)) == [_candidate(body)]


def test_place_is_filed_on_the_residence_facet() -> None:
    kept, place = place_apart(_candidate('User, in their words: "soy maestra de primaria en Zaragoza".'))
    assert kept.body == 'User, in their words: "soy maestra de primaria".'
    assert place.body == "User is based in Zaragoza."
    assert place.slug == "home-city-zaragoza"
    assert place.evidence_turns == [0]


def test_a_place_modifying_an_institution_stays_in_the_statement() -> None:
    kept, place = place_apart(_candidate("用户是成都一所高中的物理老师。"))
    assert kept.body == "用户是成都一所高中的物理老师。"
    assert place.body == "用户在成都。"
