"""The embedded path end to end: a new count of a counted fact updates it, a bounded stay does not.

Issue 11's classes of update evidence read from the statement's frame rather than its phrasing
(:mod:`memscribe.semantic.frames`): a count of the noun the stored fact counts ("one coffee a
day" / "three coffees a day"), a change of quantity said with its target ("my team grew to 8
people" / "manages a team of 5"), in several languages; and the near misses that must archive
nothing: a stay bounded to a period or a journey ("in Hamburg for a conference this week"),
somebody else's count, a count of something else, a count said as a plan. Each update case
failed (kept the stale memory) before, and the stays archived "lives in Berlin".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import bounded_stay, count_changed, counts
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("coffee", "User drinks three coffees a day.", "I cut down to one coffee a day."),
        ("coffee", "User drinks three coffees a day.", "These days I drink two coffees a day."),
        ("team-size", "User manages a team of 5.", "My team grew to 8 people."),
        ("running", "User runs three times a week.", "I now run five times a week."),
        (
            "kaffee",
            'User, in their words: "Ich trinke drei Tassen Kaffee am Tag".',
            "Ich trinke jetzt nur noch eine Tasse Kaffee am Tag.",
        ),
    ],
)
def test_a_new_count_updates(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # a stay bounded to a period or a journey, in each language of the sets
        ("home-city", "User lives in Berlin.", "I'm in Hamburg for a conference this week."),
        ("home-city", "User lives in Berlin.", "I'm visiting my parents in Munich until Sunday."),
        ("home-city", "User lives in Berlin.", "Ich bin diese Woche auf einer Konferenz in Hamburg."),
        ("home-city", "User lives in Berlin.", "Je suis à Lyon cette semaine pour une conférence."),
        ("home-city", "User lives in Berlin.", "Esta semana estoy en Madrid por trabajo."),
        ("home-city", "User lives in Berlin.", "这周我在上海出差。"),
        ("home-city", "User lives in Berlin.", "今週は出張で大阪にいます。"),
        # somebody else's count, a count of something else, a plan, an added pet
        ("coffee", "User drinks three coffees a day.", "My sister drinks five coffees a day."),
        ("coffee", "User drinks three coffees a day.", "I had two coffees this morning before the meeting."),
        ("team-size", "User manages a team of 5.", "My team will probably grow to 8 people next year."),
        ("running", "User runs three times a week.", "My running club has 40 members."),
        ("kids", "User has two kids.", "We have two cats too."),
    ],
)
def test_near_misses_archive_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


def test_counts_read_number_noun_and_period() -> None:
    assert counts("User drinks three coffees a day.") == [(3.0, "coffees", "day")]
    assert counts("User manages a team of 5.") == [(5.0, "team", "")]
    assert counts("Ich trinke eine Tasse Kaffee am Tag") == [(1.0, "tasse", "day")]
    # an article counts only per a period or after a verb of having: "a team", "a day" are no counts
    assert counts("User leads a team in a bank.") == []
    assert counts("User has a cat and a car.") == [(1.0, "cat", "")]
    assert counts("User works from home a day a week.") == [(1.0, "day", "week")]


@pytest.mark.parametrize(
    ("new", "old", "changed"),
    [
        ("User cuts down to one coffee a day.", "User drinks three coffees a day.", True),
        ("User's team grew to 8 people.", "User manages a team of 5.", True),
        # a monthly saving is no savings target; the same count kept is no change
        ("User saves 1,100 EUR a month.", "User is saving 25,000 EUR for a car.", False),
        ("User runs 10 km three times a week.", "User runs three times a week.", False),
        ("User has two kids.", "User has two cats.", False),
    ],
)
def test_count_changed(new: str, old: str, changed: bool) -> None:
    assert count_changed(new, old) is changed


@pytest.mark.parametrize(
    ("sentence", "stay"),
    [
        ("I'm in Hamburg for a conference this week.", True),
        ("Je suis à Lyon cette semaine.", True),
        ("这周我在上海出差。", True),
        # a move is a move, whenever it happened
        ("We moved to Hamburg this week.", False),
        ("Ich bin diese Woche nach Hamburg gezogen.", False),
        ("I live in Hamburg.", False),
    ],
)
def test_bounded_stay(sentence: str, stay: bool) -> None:
    assert bounded_stay(sentence) is stay


@pytest.mark.parametrize(
    ("slug", "stored", "said", "expected"),
    [
        # a memory filed as "city" is on the topic of a move in another language
        (
            "city",
            "User lives in Hamburg.",
            "Seit wir im Februar nach Leipzig gezogen sind, fahre ich mehr Bahn.",
            True,
        ),
        # a favourite city is no home; somebody else's move is theirs
        (
            "favourite-city",
            "User's favourite city is Kyoto.",
            "On a déménagé à Osaka le mois dernier.",
            False,
        ),
        ("city", "User lives in Hamburg.", "Meine Schwester ist nach Leipzig gezogen.", False),
    ],
)
def test_a_city_slug_is_reached_by_a_move(
    tmp_path: Path, slug: str, stored: str, said: str, expected: bool
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == (["prof_stored00"] if expected else []), written


def test_reached_slug_words() -> None:
    from memscribe.relatedness import topical
    from memscribe.semantic.facets import slug_facet

    assert topical("home-leipzig", "city")
    assert slug_facet("favourite-city") is None and slug_facet("city") is None


@pytest.mark.parametrize(
    ("slug", "stored", "said", "expected"),
    [
        # a new level of one thing: CEFR, TOPIK, a grade, "Niveau"
        (
            "learning",
            "User is learning Korean at beginner level (TOPIK I).",
            "I sat TOPIK II in April and came out with level 3.",
            True,
        ),
        (
            "cello",
            "User is learning the cello, currently grade 5.",
            "I passed grade 8 cello last month!",
            True,
        ),
        # somebody else's level, a level of another thing, a level hoped for
        (
            "language-learning",
            "User is learning Spanish at A2 level.",
            "I'm at B2 in French, by the way.",
            False,
        ),
        (
            "language-learning",
            "User is learning Spanish at A2 level.",
            "I hope to reach B1 in Spanish next year.",
            False,
        ),
        (
            "cello",
            "User is learning the cello, currently grade 5.",
            "My daughter passed grade 3 piano.",
            False,
        ),
    ],
)
def test_a_new_level_updates(tmp_path: Path, slug: str, stored: str, said: str, expected: bool) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == (["prof_stored00"] if expected else []), written


@pytest.mark.parametrize(
    ("new", "old", "changed"),
    [
        ("User just got their B1 certificate in Spanish.", "User is learning Spanish at A2 level.", True),
        ("用户考过了HSK 5", "User is preparing for HSK 4", True),
        ("User sat TOPIK II and came out with level 3.", "User is learning Korean (TOPIK I).", True),
        # nothing in common but the level word, or the same level
        ("User is at B1 in French.", "User is learning Spanish at A2 level.", False),
        ("User holds Eiken Grade 2 (英検2級).", "User holds Eiken Grade 2.", False),
    ],
)
def test_level_changed(new: str, old: str, changed: bool) -> None:
    from memscribe.semantic.frames import level_changed

    assert level_changed(new, old) is changed


@pytest.mark.parametrize(
    ("slug", "stored", "said", "expected"),
    [
        # a new time of one habit: it was dropped as a restatement, or kept beside the stale one
        ("wake-time", "User wakes up at 7am.", "These days I wake up at 6.", True),
        (
            "routine",
            'User, in their words: "Ich stehe um 7 Uhr auf".',
            "Inzwischen stehe ich um 6 Uhr auf.",
            True,
        ),
        ("bedtime", "User goes to bed around midnight.", "Lately I'm in bed by 10.", True),
        # one day's time, somebody else's
        ("wake-time", "User wakes up at 7am.", "Tomorrow I have to get up at 4 for the flight.", False),
        ("wake-time", "User wakes up at 7am.", "My kids wake up at 6.", False),
    ],
)
def test_a_new_time_of_day_updates(tmp_path: Path, slug: str, stored: str, said: str, expected: bool) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == (["prof_stored00"] if expected else []), written


def test_clock_times_and_one_day_bounds() -> None:
    from memscribe.semantic.frames import clock_times, time_changed

    assert clock_times("wakes up at 7am.") == {420}
    assert clock_times("um 6 Uhr") == {360} and clock_times("à 6h30") == {390}
    assert clock_times("works at 3M") == set()
    assert time_changed("User wakes up at 6.", "User wakes up at 7am.")
    assert not time_changed("User runs at 6am.", "User wakes up at 7am.")  # another habit
    assert bounded_stay("User has to get up at 4 tomorrow") and bounded_stay("明日は4時に起きる")
    # a habit said with its part of the day, or a state from today on, is no single day
    assert not bounded_stay("Me levanto a las 6 de la mañana")
    assert not bounded_stay("Ich stehe jeden Morgen um 6 auf")
    assert not bounded_stay("From today I get up at 6")
