"""A thing acquired turns a stored lack of it (issue 11): "j'ai acheté une voiture d'occasion",
"Ich habe mir ein Auto gekauft", "Me compré un coche", "我买了一辆二手车" supersede "User doesn't own
a car", although no change cue is said and no word is shared. Only what was lacked: a bicycle
bought leaves "doesn't own a car" as it is, and a car bought leaves "drives a VW Golf" (a second
car, or one for somebody else).

Each update failed before (kept beside the stale lack); the controls archive nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.updates import acquired_what_was_lacked
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

NO_CAR = "User doesn't own a car and cycles everywhere"


@pytest.mark.parametrize(
    "said",
    [
        "J'ai acheté une voiture d'occasion la semaine dernière.",
        "Ich habe mir letzte Woche ein Auto gekauft.",
        "Me compré un coche de segunda mano.",
        "我上周买了一辆二手车。",
        "I finally bought a car last week, a used Toyota.",
    ],
)
def test_a_car_bought_supersedes_having_none(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "car", NO_CAR, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("car", NO_CAR, "J'ai acheté un nouveau vélo."),
        ("car", NO_CAR, "Ich habe ein neues Fahrrad gekauft."),
        ("car", NO_CAR, "I bought a cargo bike."),
        ("car-golf", "User drives a VW Golf", "J'ai acheté une voiture pour ma fille."),
        ("car-golf", "User drives a VW Golf", "Ich habe ein Auto gekauft."),
        ("commute-bike", "User doesn't own a bike", "I bought a car."),
    ],
)
def test_something_else_acquired_archives_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("new", "old", "turned"),
    [
        ("User bought a piano.", "User doesn't own a piano.", True),
        ("User bought a guitar.", "User doesn't own a piano.", False),
        ('User, in their words: "車を買った".', "User has no car.", True),
        ('User, in their words: "自転車を買った".', "User has no car.", False),
        ("User didn't buy a car.", "User doesn't own a car.", False),
        ("User bought a car.", "User owns a bike.", False),
    ],
)
def test_what_was_lacked(new: str, old: str, turned: bool) -> None:
    assert acquired_what_was_lacked(new, old) is turned
