"""A state said of some days of the week is narrower than one said of none (issue 11; a fix of
a wrong supersession).

"User works at Google." was archived by "I now work from home on Fridays." (likewise in German
and French): the change cue and the shared verb made the employer and the Friday arrangement one
topic with a changed value. Said of a recurring part of the week only (on Fridays, freitags, le
vendredi, 每周五), a state holds beside the one said of every day, which goes on on the others
(:func:`memscribe.semantic.frames.week_bound`). A habit moved from one day to another, or a value
replaced with no day named, is still an update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import week_bound
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I work at Google.", "I now work from home on Fridays."),
        ("Ich arbeite bei Google.", "Ich arbeite jetzt freitags von zu Hause."),
        ("Je travaille chez Google.", "Je travaille maintenant de chez moi le vendredi."),
        ("我在华为工作。", "我现在每周五在家办公。"),
        ("I live in Berlin.", "I now stay in Hamburg on weekends."),
    ],
)
def test_a_state_of_some_days_replaces_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I work at Google.", "I now work at Meta."),
        ("I go swimming on Mondays.", "I now go swimming on Fridays."),
        ("I work from home on Fridays.", "I now work from home on Mondays."),
        ("I drink coffee.", "I now drink tea."),
        # the day bounds another clause than the state compared (RV1)
        ("I live in Berlin.", "I now live in Hamburg and work from home on Mondays."),
        ("I work at Google.", "I now work at Meta, from home on Fridays."),
        ("I work at Google.", "I now work at Meta and go to the office on Mondays."),
        ("I drive a Toyota.", "I now drive a Tesla, and on weekends I cycle."),
        ("Ich wohne in Berlin.", "Ich wohne jetzt in Hamburg und arbeite freitags von zu Hause."),
        ("我在华为工作。", "我现在在腾讯工作，每周五在家办公。"),
        # a day bounds a state only against one of its relation: eating meat on weekends ends
        # being vegetarian (RV1)
        ("I'm vegetarian.", "I now eat meat on weekends."),
        ("Je suis végétarien.", "Je mange maintenant de la viande le week-end."),
    ],
)
def test_a_change_of_the_same_days_or_of_none_still_replaces(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


def test_week_bound() -> None:
    assert week_bound("User now works from home on Fridays.", "User works at Google.")
    assert week_bound("用户现在每周五在家办公。", "用户在华为工作。")
    assert not week_bound("User now goes swimming on Fridays.", "User goes swimming on Mondays.")
    assert not week_bound("User works at Meta.", "User works at Google.")
    assert not week_bound("User now works at Meta, from home on Fridays.", "User works at Google.")
    assert not week_bound("User now eats meat on weekends.", "User is vegetarian.")
    assert week_bound("User now stays in Hamburg on weekends.", "User lives in Berlin.")
    assert not week_bound(
        "User now lives in Hamburg and works from home on Mondays.", "User lives in Berlin."
    )
    # one day, no recurrence: the marathon was finished on that Sunday
    assert not week_bound(
        "User finished the Berlin Marathon on Sunday!", "User is training for the Berlin Marathon."
    )
