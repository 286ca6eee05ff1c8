"""Two embedded dedup decisions that lost a true memory (issue 11; fixes of lost data).

1. A stored "User likes cats." made a new "User is allergic to cats." a restatement (dropped),
   and the reverse: the lexical tests read no verb of liking, use or possession (textsim drops
   "likes" as a function word), so "cats" was all the stored text held, and it is found in the
   new one. A fact with another predicate on the same object is another fact
   (:mod:`memscribe.semantic.predicates`); a liking said in another degree ("likes" / "loves")
   still restates.
2. A stored "User goes to bed at 11pm." was archived by "I now get up at 6am." (another activity
   at another time of day read as an update of the rhythm): two habits at two times, each doing
   something the other does not, are two facts (:func:`memscribe.semantic.frames.other_timed_habit`);
   one habit at a new time is still an update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import other_timed_habit
from memscribe.semantic.predicates import predicate, predicates_differ
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I like cats.", "I am allergic to cats."),
        ("I am allergic to cats.", "I like cats."),
        ("I like dogs.", "I own a dog."),
    ],
)
def test_another_predicate_on_the_object_is_another_fact(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert len(active) == len(stored) + 1, active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I like cats.", "I love cats."),
        ("I love cats.", "I like cats."),
        ("I live in Berlin.", "I live in Berlin now."),
        ("I live in Berlin.", "I am based in Berlin."),
        ("I work at Siemens.", "I am employed at Siemens."),
        ("I prefer dark mode.", "I like dark mode."),
        ("I use Vim.", "I use Vim for editing."),
        ("我喜欢猫。", "我很喜欢猫。"),
    ],
)
def test_a_restatement_is_still_dropped(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert active == stored


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I go to bed at 11pm.", "I now get up at 6am."),
        ("Ich gehe um 23 Uhr ins Bett.", "Ich stehe jetzt um 6 Uhr auf."),
        ("Je me couche à 23h.", "Je me lève maintenant à 6h."),
    ],
)
def test_another_activity_at_another_time_updates_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active)


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I get up at 6am.", "I now get up at 7am."),
        ("I wake up at 6am.", "I now wake up at 7am."),
        ("I go to bed at 11pm.", "I now go to bed at midnight."),
        ("I drink coffee at 8am.", "I now drink tea at 4pm instead."),
    ],
)
def test_one_habit_at_a_new_time_is_still_an_update(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("User likes cats.", "likes"),
        ("User is allergic to cats.", "allergic"),
        ("User is now really into bouldering.", "into"),
        ("User has been learning Rust.", "learning"),
        ("User has a dog.", "has"),
        ("User doesn't own a car.", "own"),
        ("User's sister lives in Madrid.", None),
        ('User, in their words: "Ich mag Katzen".', None),
        ("用户喜欢猫。", None),
    ],
)
def test_predicate(text: str, word: str | None) -> None:
    assert predicate(text) == word


def test_predicates_differ() -> None:
    assert predicates_differ("User likes cats.", "User is allergic to cats.")
    assert predicates_differ("User owns a dog.", "User likes dogs.")
    assert not predicates_differ("User loves cats.", "User likes cats.")
    assert not predicates_differ("User hates cats.", "User dislikes cats.")
    assert not predicates_differ("User lives in Berlin.", "User is based in Berlin.")  # one facet
    assert not predicates_differ("User likes cats.", 'User, in their words: "J\'aime les chats".')
    # the encoder relates the predicates: one relation in other words
    assert not predicates_differ("User uses a Mac.", "User works on macOS.")
    # the other's predicate is among the words of the one whose verb is dropped
    assert not predicates_differ("User uses Neovim as their editor.", "User edits code in Neovim.")
    # both predicates are content words, which the lexical tests read already
    assert not predicates_differ("User is a nurse.", "User works as a registered nurse in an ICU.")


def test_other_timed_habit() -> None:
    assert other_timed_habit("User now gets up at 6am.", "User goes to bed at 11pm.")
    assert not other_timed_habit("User now gets up at 7am.", "User gets up at 6am.")  # 'now' is no activity
    assert not other_timed_habit("User now gets up at 6am.", "User gets up at 6am.")  # the same time
    assert not other_timed_habit("User gets up early.", "User goes to bed at 11pm.")  # one time only
