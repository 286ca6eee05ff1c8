"""Another kind of relation to one thing is another fact (issue 11; a fix of lost data).

A stored "User likes cats." made a new "User is allergic to cats." a restatement (dropped), and
"User loves cats." was archived by "User has two cats." ("User is allergic to cats." by "User got
a cat."): the lexical tests read no verb of liking or possession (textsim drops "likes" as a
function word), so the thing was all the two texts held. An affect, a health condition and a possession on one thing are three facts
(:mod:`memscribe.semantic.relations`); an activity is no kind, so a restatement through another
verb ("likes jazz" / "listens to jazz a lot", "uses Linux" / "runs Linux on their laptop") is
still a duplicate, and a change of one relation still an update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.relatedness import restates
from memscribe.semantic.relations import another_relation, relation_kind
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I like cats.", "I'm allergic to cats."),
        ("I am allergic to cats.", "I like cats."),
        ("I like peanuts.", "I'm allergic to peanuts."),
        ("I like dogs.", "I own a dog."),
        ("I have a dog.", "I love dogs."),
        ("I love cats.", "I have two cats."),  # archived before
        ("I have a Tesla.", "I like Teslas."),  # the stage's own duplicate rule dropped it
        # a thing acquired is a thing had
        ("I'm allergic to cats.", "I got a cat last week."),  # archived before
        ("I don't like cats.", "I got a cat last week."),  # archived before
        ("I like cats.", "I adopted a cat."),  # dropped before
    ],
)
def test_another_kind_of_relation_is_another_fact(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert len(active) == len(stored) + 1 and set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I use Neovim.", "I edit code in Neovim."),
        ("I like jazz.", "I listen to jazz a lot."),
        ("I use Linux.", "I run Linux on my laptop."),
        ("I like cats.", "I love cats."),
        ("I prefer dark mode.", "I like dark mode."),
        ("I hate spiders.", "I'm afraid of spiders."),
        ("I live in Berlin.", "I am based in Berlin."),
        ("我喜欢猫。", "我很喜欢猫。"),
        # 'has' before an adverb is an auxiliary, not a possession (review RV1)
        ("I like cats.", "I've always loved cats."),
        ("I hate mornings.", "I have always hated mornings."),
        ("I love jazz.", "I've really come to love jazz."),
    ],
)
def test_a_restatement_is_still_a_duplicate(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert active == stored


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I'm allergic to cats.", "I'm no longer allergic to cats."),
        ("I like cats.", "I don't like cats anymore."),
        ("I have two kids.", "I have three kids now."),
        ("I have an Android phone.", "I switched to an iPhone."),
        ("I don't own a car.", "I bought a car last week."),
        ("I don't have a bike.", "I got a bike."),
        # a lack is the other value of a possession; 有点/有时 are adverbs (review RV1)
        ("I don't have a car.", "I love my new car."),
        ("我讨厌咖啡。", "我现在有时喝咖啡。"),
    ],
)
def test_a_change_of_one_relation_is_still_an_update(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("User likes cats.", "affect"),
        ("User is now really into bouldering.", "affect"),
        ("User is a big fan of jazz.", "affect"),
        ("User doesn't like cats anymore.", "affect"),
        ("User is allergic to cats.", "health"),
        ("User has a peanut allergy.", "health"),
        ("User has two cats.", "possession"),
        ("User doesn't own a car.", None),  # a lack: the other value of a possession
        ("User has always loved cats.", None),  # no possession: an auxiliary
        ("User has always hated mornings.", None),
        ("User got a cat.", "possession"),
        ("User bought a car.", "possession"),
        ("User got into climbing.", None),
        ("User has been learning Rust.", None),  # 'has' as an auxiliary
        ("User has started running.", None),
        ("User listens to jazz a lot.", None),  # an activity: no kind
        ("User uses Linux.", None),
        ("User's sister likes cats.", None),
        ('User, in their words: "J\'aime les chats".', None),
        ("用户喜欢猫。", "affect"),
        ("用户养了两只猫。", "possession"),
        ("用户对猫过敏。", "health"),
        ("用户现在有时喝咖啡。", None),
        ("用户有点怕狗。", "affect"),
        ("用户不再有车。", None),
    ],
)
def test_relation_kind(text: str, kind: str | None) -> None:
    assert relation_kind(text) == kind


def test_another_relation_and_the_duplicate_rule() -> None:
    assert another_relation("User is allergic to cats.", "User likes cats.")
    assert not another_relation("User loves cats.", "User likes cats.")
    assert not another_relation("User listens to jazz a lot.", "User likes jazz.")  # one kind unread
    assert not restates("User is allergic to cats.", "User likes cats.")
    assert restates("User loves cats.", "User loves cats!")
