"""Issue 11 (stop 47, review RV3 F7): an advice question does not turn the user's present-tense
news into task matter. 70531191 counted "How can I …?", "Should I …?", "Any advice …?" as asks
for help; in a chat with an ask every "I'm …-ing" statement was then dropped, and with it lasting
facts ("living in Tokyo", "raising two kids on my own"). It was reverted; these pairs are written
at 6366907c and failed at 70531191."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies


@pytest.mark.parametrize(
    ("statement", "question"),
    [
        ("I'm currently living in Tokyo with my two cats.", "How can I find a vet?"),
        ("I'm raising two kids on my own.", "Any advice on bedtime?"),
        ("I'm moving to Berlin next month.", "How do I register my address there?"),
    ],
)
def test_a_fact_beside_an_advice_question_is_written(statement: str, question: str) -> None:
    assert extracted_profile_bodies(statement, question) != []
