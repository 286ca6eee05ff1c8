"""A time phrase headed by a preposition is dropped from a body as a whole (issue 11): "Since last
year I play the cello" once gave "User plays the cello since." — the trailing "last year" was cut
from the value but its "since" was left at the end. Fronted or trailing, the phrase goes with its
preposition, as "Since 2019 I live in Leeds" → "User lives in Leeds" always did."""

from __future__ import annotations

import re

import pytest

from memscribe.model.embedded.text import value_of
from tests.support.turns import embedded_profile_bodies, extracted_profile_bodies

_LONE_PREPOSITION = re.compile(
    r"\b(?:since|as of|starting|from|until|till|through|during|after|before|by|for|in)\.?$", re.I
)


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("I play the cello since last year", "they play the cello"),
        ("I work at Bosch since last month.", "they work at Bosch"),
        ("I work at Bosch as of this month", "they work at Bosch"),
        ("I work from home until next week", "they work from home"),
        ("I started at Bosch after this summer", "they started at Bosch"),
        ("I work at Bosch since about two years ago", "they work at Bosch"),
        ("I play the cello since last year too", "they play the cello"),
        # without a preposition, and a time phrase the pattern always took whole: as before
        ("I moved to Lisbon last year", "they moved to Lisbon"),
        ("I live in Leeds since 2019", "they live in Leeds"),
        # a preposition heading something other than a trailing time stays
        ("I work for a bank", "they work for a bank"),
    ],
)
def test_a_trailing_time_phrase_goes_with_its_preposition(raw: str, value: str) -> None:
    assert value_of(raw) == value


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Since last year I play the cello.", "cello"),
        ("Since last month I work at Bosch.", "Bosch"),
        ("Since last summer I live in Leeds.", "Leeds"),
        ("As of last month I work at Bosch.", "Bosch"),
        ("I play the cello since last year.", "cello"),
        ("Since 2019 I live in Leeds.", "Leeds"),
        ("In 2020 I moved to Leeds.", "Leeds"),
        ("I have played the cello for two years.", "cello"),
    ],
)
def test_no_body_ends_with_a_lone_preposition(text: str, word: str) -> None:
    for bodies in (embedded_profile_bodies(text, conversation=True), extracted_profile_bodies(text)):
        assert any(word in b for b in bodies), bodies
        assert not any(_LONE_PREPOSITION.search(b.strip()) for b in bodies), bodies
