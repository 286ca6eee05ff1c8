"""Issue 11, wrong supersessions: a change of a narrower state than the stored one archives
nothing (embedded dedup rule 3), and the German cessation frame "kein … mehr" around its noun
is a change cue.

- said with a person the stored fact does not name ("doesn't play chess with my brother
  anymore" / "plays chess online": the stored habit may go on);
- the end of another activity on the stored thing ("stopped buying coffee at the station" /
  "drinks coffee", "stopped watching tennis on TV" / "plays tennis");
- the controls: the end of the stored activity itself, and a substitution ("… instead of taking
  the bus"), still update it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.updates import change_cue
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        (
            "hobby-chess",
            "User plays chess online",
            "I don't play chess with my brother anymore since he moved away",
        ),
        ("coffee", "User drinks coffee", "I stopped buying coffee at the station"),
        ("sport-tennis", "User plays tennis", "I stopped watching tennis on TV"),
    ],
)
def test_a_narrower_change_archives_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("coffee", "User drinks coffee", "I gave up coffee"),
        ("gym", "User goes to the gym four times a week", "I stopped going to the gym"),
        (
            "commute-bus",
            "User commutes to work by bus",
            "I bought an e-bike, so I ride it to the office every day now instead of taking the bus.",
        ),
    ],
)
def test_the_stored_state_ended_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    "said",
    [
        'User, in their words: "Ich spiele kein Tennis mehr".',
        "Ich habe keine Zeit mehr dafür",
        "kein Fleisch mehr",
    ],
)
def test_kein_mehr_around_its_noun_is_a_change(said: str) -> None:
    assert change_cue(said)
