"""The detector's reading of where the user takes a correction back (issue 17): a chain asks
whether a user turn after its adjustment does, and only the turns after that position are read,
each once, from the end; the answers are those of reading every turn."""

from __future__ import annotations

import itertools

import pytest

from memscribe.lexicon import langs
from memscribe.model.embedded.playbooks import Reading
from memscribe.schemas.transcript import Turn
from tests.support.counting import counting
from tests.support.turns import make_transcript

BACK = "actually go back to the trailer, legal wants it"


def _turns(*users: str) -> list[Turn]:
    pairs = [(("user", text), ("assistant", "Done.")) for text in users]
    return list(make_transcript(*itertools.chain.from_iterable(pairs)).turns)


def _every(turns: list[Turn], pos: int) -> bool:
    """Whether some user turn after ``pos`` takes a correction back, each turn read."""
    return any(t.role == "user" and langs.reversal_signal(t.text) for t in turns[pos + 1 :])


def test_only_the_turns_after_the_position_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = _turns("use tabs", "no, use spaces", "thanks", "please add tests")
    calls = counting(monkeypatch, langs, "reversal_signal")
    read = Reading(turns)
    assert not read.reversed_after(4)  # users at 6 only
    assert calls.n == 1
    assert not read.reversed_after(5)  # read already
    assert calls.n == 1
    assert not read.reversed_after(0)  # users at 2 and 4: the turns at 6 on are not read again
    assert calls.n == 3


@pytest.mark.parametrize("at", range(8))
def test_the_answers_are_those_of_reading_every_turn(at: int) -> None:
    for users in (
        ("use tabs", "no, use spaces", BACK, "thanks"),
        (BACK, "no, use spaces", "thanks", "ok"),
        ("use tabs", "no, use spaces", "thanks", BACK),
        ("use tabs", "thanks"),
    ):
        turns = _turns(*users)
        read = Reading(turns)
        # asked at every position, from ``at`` on and then back (a window's chains ask in any order)
        for pos in [*range(at, len(turns)), *range(at - 1, -1, -1)]:
            assert read.reversed_after(pos) == _every(turns, pos), (users, at, pos)
