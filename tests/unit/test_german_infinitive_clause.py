"""A German infinitive clause ("…, Gitarre zu spielen", "…, um Geld zu sparen") is the object or aim
of the clause before it: the statement quotes both, not the bare "Ich habe angefangen"."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ich habe angefangen, Gitarre zu spielen.", "Ich habe angefangen, Gitarre zu spielen"),
        ("Ich habe vor einem Jahr angefangen, Gitarre zu spielen.", "angefangen, Gitarre zu spielen"),
        ("Ich fahre mit dem Rad zur Arbeit, um Geld zu sparen.", "zur Arbeit, um Geld zu sparen"),
    ],
)
def test_the_infinitive_clause_stays_with_its_statement(text: str, said: str) -> None:
    bodies = _bodies(text)
    assert any(said in b for b in bodies), bodies


def test_a_second_finite_clause_is_still_apart() -> None:
    bodies = _bodies("Ich wohne in Hamburg, arbeite aber in Bremen.")
    assert not any("Bremen" in b and "Hamburg" in b for b in bodies), bodies
