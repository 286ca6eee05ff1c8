"""The two ends of the night are two values of the rhythm (issue 11; a fix of lost data).

A stored "User goes to bed at 11pm." was archived by "I now get up at 6am." (likewise in German,
French, Spanish and Chinese): the rhythm facet held one value, so getting up replaced going to
bed. Going to sleep and getting up are each single-valued, and one does not replace the other
(:func:`memscribe.semantic.facets.other_sleep_end`); the same end reworded or moved, or another
habit moved, is still an update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.facets import other_sleep_end, sleep_end
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I go to bed at 11pm.", "I now get up at 6am."),
        ("I get up at 6am.", "I now go to bed at 10pm."),
        ("Ich gehe um 23 Uhr ins Bett.", "Ich stehe jetzt um 6 Uhr auf."),
        ("Je me couche à 23h.", "Je me lève maintenant à 6h."),
        ("Me acuesto a las 23h.", "Ahora me levanto a las 6h."),
        ("我每天晚上11点睡觉。", "我现在早上6点起床。"),
    ],
)
def test_the_other_end_of_the_night_updates_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I go to bed at 11pm.", "I now go to sleep at midnight."),
        ("I go to bed at 11pm.", "I now go to bed at midnight."),
        ("I get up at 6am.", "I now get up at 7am."),
        ("Je me lève à 7h.", "Je me réveille maintenant à 6h."),
        ("Me acuesto a las 23h.", "Ahora me duermo a medianoche."),
        ("我晚上11点睡觉。", "我现在12点睡觉。"),
        ("I take the bus at 8am.", "I now take the train at 7:30am."),
        ("I drink coffee at 8am.", "I now drink tea at 4pm instead."),
    ],
)
def test_one_end_reworded_or_moved_is_still_an_update(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("User goes to bed at 11pm.", "onset"),
        ("User now goes to sleep at midnight.", "onset"),
        ('User, in their words: "Ich gehe um 23 Uhr ins Bett".', "onset"),
        ('User, in their words: "Ahora me duermo a medianoche".', "onset"),
        ("用户每天晚上11点睡觉。", "onset"),
        ("User now gets up at 6am.", "waking"),
        ('User, in their words: "Ich stehe jetzt um 6 Uhr auf".', "waking"),
        ('User, in their words: "Je me réveille maintenant à 6h".', "waking"),
        ("用户现在早上6点起床。", "waking"),
        ("User goes to bed at 11pm and gets up at 7am.", None),  # both ends
        ("User is a night owl.", None),
        ("User takes the bus at 8am.", None),
    ],
)
def test_sleep_end(text: str, end: str | None) -> None:
    assert sleep_end(text) == end


def test_other_sleep_end() -> None:
    assert other_sleep_end("User now gets up at 6am.", "User goes to bed at 11pm.")
    assert not other_sleep_end("User now goes to sleep at midnight.", "User goes to bed at 11pm.")
    assert not other_sleep_end("User now gets up at 6am.", "User is a night owl.")
    assert not other_sleep_end("User now gets up at 6am.", "User goes to bed at 11pm and gets up at 7am.")
