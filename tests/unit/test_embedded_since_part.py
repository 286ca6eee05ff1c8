"""A sentence opened by "since I …" (review RV4 of 35626ca6, which was taken back): the speaker's
change in the since-part is a fact of its own ("Since I moved to Berlin, I feel happier": the user
moved to Berlin), and reading a long run of blanks after "since" costs linear time."""

from __future__ import annotations

from tests.support.growth import LINEAR_BOUND_8X, cpu_growth
from tests.support.turns import extracted_profile_bodies as _bodies


def test_the_change_in_a_since_part_is_written() -> None:
    assert "User moved to Berlin." in _bodies("Since I moved to Berlin, I feel happier.")
    assert "User quit smoking." in _bodies("Since I quit smoking, I feel much better.")


def test_a_run_of_blanks_after_since_costs_linear_time() -> None:
    def run(text: str) -> None:
        _bodies(text)

    small = "I work from home. Since the" + " " * 30 + "x"
    large = "I work from home. Since the" + " " * 240 + "x"
    assert cpu_growth(run, small, large, rounds=3) < LINEAR_BOUND_8X
