"""English: something the user left (sold, quit, cancelled, gave up) beside what holds now, said by
the speaker in the same sentence, only names the old value once the new state gives a fact, as the
Chinese and es/de/fr/ja rules already read it (issue 11)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.former import left_beside_now_en
from memscribe.model.embedded.profiles import profiles_from_turn
from memscribe.schemas.transcript import SourcePos, Turn


def _bodies(text: str, *, conversation: bool = True) -> list[str]:
    turn = Turn(index=0, role="user", kind="message", text=text, source=SourcePos(file="-", line=1))
    return [c.body for c in profiles_from_turn(turn, correction_turn=False, conversation=conversation)]


@pytest.mark.parametrize(
    ("text", "now", "old"),
    [
        ("I sold the Civic in March and now I bike to work.", "bikes to work", "Civic"),
        ("I cancelled my gym membership and now I run in the park every morning.", "run", "gym"),
    ],
)
def test_the_leaving_beside_the_new_state_is_not_written(text: str, now: str, old: str) -> None:
    bodies = _bodies(text)
    assert any(now in b for b in bodies), bodies
    assert not any(old in b for b in bodies), bodies  # before: "User sold the Civic." as well


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # the new state gives no fact of its own: the leaving is what the sentence tells
        ("We got rid of the TV last year and now we read in the evenings.", "got rid of the TV"),
        # said alone, or naming what replaced it, or with a replacement that is no clause of the speaker's
        ("I sold my car last year.", "sold their car"),
        ("I ditched Jira for Linear in January, now we plan in cycles.", "Linear"),
        ("I cancelled YNAB in the spring, it's just a Google Sheet now.", "Google Sheet"),
    ],
)
def test_a_leaving_that_is_the_news_is_kept(text: str, kept: str) -> None:
    bodies = _bodies(text)
    assert any(kept in b for b in bodies), bodies


def test_only_a_clause_of_the_speaker_saying_now_makes_the_leaving_old() -> None:
    assert left_beside_now_en(["I sold the Civic in March", "and now I bike to work"]) == {0}
    assert left_beside_now_en(["I sold the Civic in March", "it was too thirsty"]) == set()
    assert left_beside_now_en(["I sold the Civic for a Tesla", "now I charge at home"]) == set()
