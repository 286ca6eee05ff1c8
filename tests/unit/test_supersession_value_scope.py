"""The embedded path end to end: a moved count, time or level updates one habit or one subject only.

Review probes of issue 11's value frames (:mod:`memscribe.semantic.frames`): a count of a unit
("two times a week") counts no thing, so another activity at another frequency is another fact;
a light verb ("go to", "eat") shared by two times of day shares no habit; a habit bound to a part
of the week ("on Saturdays") is another than the everyday one; a level of another named subject
("German at A2" / "Spanish at B1") is another level. Each archived the true stored fact before;
the controls still update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import count_changed, level_changed, time_changed
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("running", "User runs three times a week.", "I swim two times a week."),
        ("wake-time", "User wakes up at 7am.", "I wake up at 5 on Saturdays for the market."),
        ("gym", "User goes to the gym at 6pm.", "I go to the office at 9."),
        ("lunch", "User eats lunch at noon.", "I eat dinner at 7."),
        ("spanish", "User is learning Spanish at B1 level.", "I'm also learning German at A2 level."),
    ],
)
def test_another_habit_or_subject_archives_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
    assert written, "the new fact is kept beside the stored one"


@pytest.mark.parametrize(
    ("new", "old", "changed"),
    [
        # a unit's count: the activity must be shared
        ("User swims two times a week.", "User runs three times a week.", False),
        ("User now runs five times a week.", "User runs three times a week.", True),
        ("User reads 2 hours a day.", "User plays guitar 1 hour a day.", False),
        ("User cuts down to one coffee a day.", "User drinks three coffees a day.", True),
        ("User runs 5 times a week on weekends.", "User runs three times a week.", False),
    ],
)
def test_count_changed_needs_the_same_thing(new: str, old: str, changed: bool) -> None:
    assert count_changed(new, old) is changed


@pytest.mark.parametrize(
    ("new", "old", "changed"),
    [
        ("User goes to the office at 9.", "User goes to the gym at 6pm.", False),
        ("User eats dinner at 7.", "User eats lunch at noon.", False),
        ("User wakes up at 5 on Saturdays.", "User wakes up at 7am.", False),
        ("Ich stehe samstags um 5 Uhr auf.", "Ich stehe um 7 Uhr auf.", False),
        ("User wakes up at 6.", "User wakes up at 7am.", True),
        ("User goes to the gym at 7am.", "User goes to the gym at 6pm.", True),
        ("User wakes up at 6 on Saturdays.", "User wakes up at 7 on Saturdays.", True),
    ],
)
def test_time_changed_needs_the_same_habit(new: str, old: str, changed: bool) -> None:
    assert time_changed(new, old) is changed


@pytest.mark.parametrize(
    ("new", "old", "changed"),
    [
        ("User is learning German at A2 level.", "User is learning Spanish at B1 level.", False),
        ("User just got their B1 certificate in Spanish.", "User is learning Spanish at A2 level.", True),
        ("User sat TOPIK II in April and came out with level 3.", "User is learning Korean (TOPIK I).", True),
    ],
)
def test_level_changed_needs_the_same_subject(new: str, old: str, changed: bool) -> None:
    assert level_changed(new, old) is changed


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # another thing done at another time, every day
        ("coffee-time", "User drinks coffee at 8am.", "I drink tea at 4pm."),
        ("wake-time", "User每天7点起床。", "我每天10点睡觉。"),
        ("wake-time", "User wakes up at 7am every day.", "I go to bed at 11 every day."),
        # a count in a sentence bound to this week, the candidate's words naming no name
        ("team-size", "User manages a team of 5.", "I'm on a team of 12 for the hackathon this week."),
    ],
)
def test_other_habit_or_one_week_count_archives_nothing(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("wake-time", "User wakes up at 7am every day.", "These days I wake up at 6 every day."),
        ("wake-time", "User每天7点起床。", "我现在每天6点起床。"),
        ("team-size", "User manages a team of 5.", "My team grew to 8 people this year."),
    ],
)
def test_the_same_habit_still_updates(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # a value said of somebody the stored fact does not name, or for them
        ("bedtime", "User goes to bed at 11pm.", "I put the kids to bed at 8."),
        ("coffee", "User drinks three coffees a day.", "I make two coffees a day for my wife."),
        # a time of day is no count ("um 12 Uhr" / "um 7 Uhr")
        ("routine-de", "User steht um 7 Uhr auf.", "Ich esse um 12 Uhr zu Mittag."),
        # one journey's time
        ("wake-time", "User wakes up at 7am.", "My flight is at 6am so I wake up at 4."),
    ],
)
def test_somebody_elses_or_one_days_value_archives_nothing(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


def test_a_clock_time_is_no_count_and_a_flight_bounds() -> None:
    from memscribe.semantic.frames import bounded_stay, counts

    assert counts("Ich esse um 12 Uhr zu Mittag") == []
    assert counts("User sleeps 7 hours a night.") == [(7.0, "hours", "night")]
    assert bounded_stay("My flight is at 6am so I wake up at 4.")
    assert not bounded_stay("I work as a flight attendant now.")


@pytest.mark.parametrize(
    ("said", "archives"),
    [
        # a move under way or set for later: the stored home still holds
        ("I'm still living in Berlin but moving to Munich next month.", False),
        ("We're relocating to Munich in the spring.", False),
        ("I moved to Munich last month.", True),
    ],
)
def test_a_move_not_yet_made_replaces_no_home(tmp_path: Path, said: str, archives: bool) -> None:
    archived, written = run(tmp_path, "home-city", "User lives in Berlin.", said)
    assert archived == (["prof_stored00"] if archives else []), written
