"""A stored lack is turned by an acquisition of that thing, in any words (issue 11; a fix of a
stale memory).

"用户没有车。" stayed active beside "我买了一辆车。": the two share almost no character pair (lexical
score .34, under the shortlist bar), a bare 车 was no car, and no rule read an acquisition of
what a stored lack names as its update unless the texts were near restatements. A lack is a
negated verb of having (:func:`memscribe.semantic.relations.lacks`); a negated activity
("doesn't drink coffee") is none, and another thing acquired ("a bicycle" / "no car") turns
nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.relations import lacks
from memscribe.semantic.updates import acquired_head_lacked, acquired_what_was_lacked
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("我没有车。", "我买了一辆车。"),
        ("我没有自行车。", "我买了一辆自行车。"),
        ("I don't have a car.", "I bought a car."),
        ("Ich habe kein Auto.", "Ich habe ein Auto gekauft."),
        ("Je n'ai pas de voiture.", "J'ai acheté une voiture."),
        ("No tengo coche.", "Me compré un coche."),
    ],
)
def test_an_acquisition_turns_the_stored_lack(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert archived == stored
    assert not set(stored) & set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("我没有车。", "我买了一辆自行车。"),
        ("我不喝咖啡。", "我买了一台咖啡机。"),
        ("I don't drink coffee.", "I bought a coffee machine for my office."),
    ],
)
def test_another_thing_acquired_turns_no_lack(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("text", "lack"),
    [
        ("用户没有车。", True),
        ("User doesn't have a car.", True),
        ("User no longer has a car.", True),
        ('User, in their words: "Ich habe kein Auto".', True),
        ('User, in their words: "Je n\'ai pas de voiture".', True),
        ('User, in their words: "No tengo coche".', True),
        ("User doesn't drink coffee.", False),
        ("用户不喝咖啡。", False),
        ("User has a car.", False),
    ],
)
def test_lacks(text: str, lack: bool) -> None:
    assert lacks(text) is lack


def test_a_bare_che_is_a_car_and_a_bicycle_is_not() -> None:
    assert acquired_what_was_lacked("用户买了一辆车。", "用户没有车。")
    assert not acquired_what_was_lacked("用户买了一辆自行车。", "用户没有车。")
    assert not acquired_what_was_lacked("用户买了一辆车。", "用户没有车库。")


@pytest.mark.parametrize(
    ("first", "then"),
    [
        # the word lacked modifies the head of the phrase acquired, or names another thing (RV1)
        ("I don't have a dog.", "I bought a hot dog."),
        ("I don't have a dog.", "I bought a dog leash."),
        ("I don't have a cat.", "I bought a cat tree for the shelter."),
        ("I don't own a piano.", "I bought a piano bench."),
        ("I don't have a guitar.", "I bought a guitar strap."),
        ("Ich habe kein Auto.", "Ich habe ein Autoradio gekauft."),
        ("我没有车。", "我买了一辆玩具车。"),
        ("我没有车。", "我买了一个车载充电器。"),
        ("Je n'ai pas de voiture.", "J'ai acheté un chargeur de voiture."),
        ("No tengo coche.", "Compré una funda de coche."),
    ],
)
def test_a_thing_named_after_the_lacked_one_turns_no_lack(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("new", "old", "turns"),
    [
        ("User bought a piano.", "User doesn't own a piano.", True),
        ("User bought a new car.", "User doesn't have a car.", True),
        ("用户买了一辆汽车。", "用户没有车。", True),
        ("User bought a hot dog.", "User doesn't have a dog.", False),
        ("User bought a dog leash.", "User doesn't have a dog.", False),
        (
            'User, in their words: "Ich habe ein Autoradio gekauft".',
            'User, in their words: "Ich habe kein Auto".',
            False,
        ),
        ("用户买了一辆玩具车。", "用户没有车。", False),
    ],
)
def test_acquired_head_lacked(new: str, old: str, turns: bool) -> None:
    assert acquired_head_lacked(new, old) is turns
