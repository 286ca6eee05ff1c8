"""A changed quantity of the same thing is an update (issue 11; a fix of a stale memory).

"User has a cat." stayed active beside "I now have two cats." (likewise in German, French and
Spanish), and "User runs 5 km every morning." beside "I now run 10 km every morning.": an
article after a verb of having counted nothing ("a cat" is one cat had), and a unit of two
letters ("km") was no counted noun (:func:`memscribe.semantic.frames.counts`). Other things
counted, or a count said beside another habit, are still other facts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import count_changed, counts
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I have a cat.", "I now have two cats."),
        ("I have a dog.", "I now have two dogs."),
        ("Ich habe eine Katze.", "Ich habe jetzt zwei Katzen."),
        ("J'ai un chat.", "J'ai maintenant deux chats."),
        ("Tengo un gato.", "Ahora tengo dos gatos."),
        ("I run 5 km every morning.", "I now run 10 km every morning."),
        ("I have a cat.", "I now have two cats named Mimi and Tom."),
    ],
)
def test_a_new_count_of_the_same_thing_archives_the_old(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert archived == stored
    assert not set(stored) & set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I have a brother.", "I have two sisters."),
        ("I run 5 km every morning.", "I also swim 2 km on Sundays."),
        ("I play the piano.", "I also play guitar."),
        # the word counted modifies the noun after it: another thing is counted (RV1)
        ("I have a car.", "I now have two car seats."),
        ("I have a dog.", "I now have two dog beds."),
        ("I have a cat.", "I now have two cat trees."),
        ("J'ai une voiture.", "J'ai maintenant deux sièges de voiture."),
        ("Tengo un perro.", "Ahora tengo dos camas de perro."),
    ],
)
def test_another_thing_counted_is_another_fact(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("User has a cat.", [(1.0, "cat", "")]),
        ('User, in their words: "Ich habe eine Katze".', [(1.0, "katze", "")]),
        ("User runs 5 km every morning.", [(5.0, "km", "")]),
        ("User is a teacher.", []),  # an article after no verb of having counts nothing
        ("User has a cat and a dog.", [(1.0, "cat", "")]),
        ("User now has two car seats.", []),  # "car" modifies "seats"
        ("User has two dog beds.", []),
        ("User now has two cats named Mimi.", [(2.0, "cats", "")]),
        ("User drinks three coffees a day.", [(3.0, "coffees", "day")]),
    ],
)
def test_counts(text: str, found: list[tuple[float, str, str]]) -> None:
    assert counts(text) == found


def test_a_count_kept_beside_another_is_no_change() -> None:
    assert not count_changed("User has a cat and two dogs.", "User has a cat.")
    assert count_changed("User now has two cats.", "User has a cat.")
