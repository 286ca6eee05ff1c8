"""calibrated_cosines' shortcuts (the floor's 0.0; a score both ends of ± COSINE_SLACK round to)
hold only for vectors whose squared norms sum to 4.0 at most (the encoder's unit vectors): their
error bound is computed for that. Past it the cosine from distances loses its low digits to
cancellation, and ``dot`` decides: these tests fail if the ``both <= 4.0`` guards go or move
(``< 4.0``, ``<= 2.0``, ``<= 8.0`` on either line: the boundary cases below, norms summing to 4.0
exactly and to 2.5 or 3.99999997, count which path each score takes)."""

from __future__ import annotations

import pytest

from memscribe.index import pool
from memscribe.semantic.calibration import STATIC_CALIBRATION, calibrate
from memscribe.semantic.encoder import COSINE_SLACK, calibrated_cosines, dot, squared_norm
from tests.support.dots import counted_calibrate, counted_dot

CAL = STATIC_CALIBRATION


@pytest.mark.parametrize("size", [1e6, 1e7, 1e8])
def test_long_vectors_are_scored_by_dot(size: float) -> None:
    # dot is 0.36 (+ size² · 0 ...): a calibrated 0.4057; the distance formula's cosine is off
    # by units in the last place of size², below the floor (1e8: -2.0) or at another score
    query, vector = (size, 0.6, 0.0), (0.0, 0.6, size)
    assert calibrated_cosines(query, [vector], CAL) == [calibrate(dot(query, vector), CAL)] == [0.4057]


def test_dot_is_asked_exactly_past_a_norm_sum_of_four(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counted_dot(monkeypatch)
    query = (2.0, 0.0, 0.0)  # |q|² = 4.0 exactly
    assert calibrated_cosines(query, [(0.0, 0.0, 0.0)], CAL) == [0.0]  # both = 4.0: the shortcut
    assert calls[0] == 0
    assert calibrated_cosines(query, [(0.0, 0.0, 0.001)], CAL) == [0.0]  # both = 4.000001: dot
    assert calls[0] == 1
    unit = (0.6, 0.8, 0.0)  # cosine 0.6 with (1, 0, 0), far from any rounding edge: no dot
    assert calibrated_cosines((1.0, 0.0, 0.0), [unit], CAL) == [calibrate(0.6, CAL)]
    assert calls[0] == 1
    long = (0.0, 0.0, 1.7320508)  # |q|² + |v|² just under 4 (2.99999996 + 1): the shortcut
    assert calibrated_cosines((1.0, 0.0, 0.0), [long], CAL) == [0.0]
    assert calls[0] == 1


#: Pairs whose squared norms sum to 4.0 exactly (as ``squared_norm`` computes them) or to less
#: (between the 2.0 of two unit vectors and 4.0): the guards let every one take a shortcut.
#: (query, vector, |q|² + |v|², the score, whether that score is over the floor)
AT_OR_UNDER_FOUR = [
    ((2.0, 0.0, 0.0), (0.0, 0.0, 0.0), 4.0, 0.0, False),
    ((0.5, 0.0, 0.0), (0.7824, 1.7713978209312555, 0.0), 4.0, 0.4347, True),
    ((1.0, 0.0, 0.0), (0.0, 0.0, 1.7320508), 3.9999999737806395, 0.0, False),
    ((1.0, 0.0, 0.0), (0.3369, 1.177496662415652, 0.0), 2.5, 0.3843, True),
]


@pytest.mark.parametrize(
    ("query", "vector", "both", "expected", "over_floor"),
    AT_OR_UNDER_FOUR,
    ids=["four-floor", "four-score", "under-four-floor", "two-and-a-half-score"],
)
def test_norms_summing_to_four_or_less_take_the_shortcuts(
    monkeypatch: pytest.MonkeyPatch,
    query: tuple[float, ...],
    vector: tuple[float, ...],
    both: float,
    expected: float,
    over_floor: bool,
) -> None:
    """Under the floor: no calibration at all (the first shortcut); over it: both ends of the
    slack calibrated, never ``dot`` (the second). A guard of ``< 4.0`` fails the pairs at 4.0
    exactly, one of ``<= 2.0`` the others, on the line it moves."""
    assert squared_norm(query) + squared_norm(vector) == both  # exactly: 4.0 is the boundary itself
    dots, calibrations = counted_dot(monkeypatch), counted_calibrate(monkeypatch)
    assert calibrated_cosines(query, [vector], CAL) == [expected] == [calibrate(dot(query, vector), CAL)]
    assert dots[0] == 0
    assert calibrations[0] == (2 if over_floor else 0)


def test_one_cosine_slack() -> None:
    assert pool.COSINE_SLACK is COSINE_SLACK
