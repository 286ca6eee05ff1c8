"""The name before a joined literal's ``=`` (redaction.shapes.assigned_name) is what the regular
expression's own search finds, tried only at the first letter of each run of name characters: the
same match on every text, and a long run is read once, not once per letter."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import shapes

ALPHABET = "aZ_9.-'\"] \t:[,=+é\n"


def searched(text: str, end: int) -> tuple[int, int, str] | None:
    m = shapes._ASSIGNED.search(text, shapes._assigned_from(text, end), end)
    return None if m is None else (m.start(), m.end(), m.group(1))


def found(text: str, end: int) -> tuple[int, int, str] | None:
    m = shapes.assigned_name(text, end)
    return None if m is None else (m.start(), m.end(), m.group(1))


@pytest.mark.parametrize("seed", range(6))
def test_the_same_match_as_the_search_on_random_texts(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30)))
        for end in range(len(text) + 1):
            assert found(text, end) == searched(text, end), (text, end)


@pytest.mark.parametrize(
    "text",
    [
        "api_key = ",
        "9key.secret-x = ",
        "config['token'] = ",
        "TOKEN: Final[str] = ",
        "x: Dict[str, int] = ",
        "é_secret = ",
        "a'' = ",
        "99 = ",
        "",
    ],
)
def test_the_same_match_as_the_search_on_assignments(text: str) -> None:
    end = text.rfind("=") if "=" in text else len(text)
    assert found(text, end) == searched(text, end)


class CountingPattern:
    """A compiled pattern whose ``match`` calls are counted and the characters they were given."""

    def __init__(self, pattern: object) -> None:
        self.pattern = pattern
        self.calls = 0

    def match(self, text: str, pos: int, endpos: int) -> object:
        self.calls += 1
        return self.pattern.match(text, pos, endpos)  # type: ignore[attr-defined]


def test_a_long_run_of_name_characters_is_tried_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = CountingPattern(shapes._ASSIGNED)
    monkeypatch.setattr(shapes, "_ASSIGNED", counting)
    text = "a" * 5000 + "'' = 'abcd' + 'efgh'"
    assert list(shapes.find_joined_literals(text)) == []
    assert counting.calls == 1
