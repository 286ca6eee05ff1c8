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


class _Recording:
    """Stands in for the pattern and records how many characters each search is given."""

    def __init__(self, pattern: object) -> None:
        self.pattern = pattern
        self.lengths: list[int] = []

    def search(self, text: str) -> object:
        self.lengths.append(len(text))
        return self.pattern.search(text)  # type: ignore[attr-defined]


def test_a_long_word_is_not_searched_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pattern is searched only at the piece's end: searched whole, a long word cost time
    quadratic in its length (``\\w+zu`` retried from every letter; 40 KB took 7 s)."""
    from memscribe.model.embedded import statements

    recording = _Recording(statements._ZU_INFINITIVE)
    monkeypatch.setattr(statements, "_ZU_INFINITIVE", recording)
    text = "Ich arbeite bei Siemens in München, " + "ha" * 5000 + " und das war es."
    _bodies(text)
    assert recording.lengths, "the German piece was not read"
    assert max(recording.lengths) <= statements._ZU_TAIL
