"""Chat's run-on sentences (issue 11, MSC): a reason with a subject of its own opens a clause with no
comma before it ("… because I am …", "… cuz my cousin …"), and so does a first-person subject after
a word that closes a clause ("… as well im …", "… lol i …"): each clause is judged on its own."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.text import split_clauses
from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        (
            "I don't play much because I am always at the playground",
            ["I don't play much", "because I am always at the playground"],
        ),
        ("I visit Ohio cuz my cousin lives there", ["I visit Ohio", "cuz my cousin lives there"]),
        ("I love pasta as well im opening a restaurant", ["I love pasta as well", "im opening a restaurant"]),
        ("i have two dogs lol i walk them daily", ["i have two dogs lol", "i walk them daily"]),
    ],
)
def test_a_run_on_sentence_splits_before_its_new_subject(sentence: str, clauses: list[str]) -> None:
    assert split_clauses(sentence) == clauses


@pytest.mark.parametrize(
    "sentence", ["I like it too", "I am doing well", "I stayed home because of the rain"]
)
def test_no_split_without_a_new_subject(sentence: str) -> None:
    assert split_clauses(sentence) == [sentence]


def test_each_clause_of_a_run_on_is_its_own_fact() -> None:
    assert embedded_profile_bodies(
        "I don't play video games because I am always at the playground with my classmates",
        conversation=True,
    ) == ["User doesn't play video games.", "User is always at the playground with their classmates."]
