"""A message that ends a stored lack archives it, even when it also states a new lack of another
thing with the same verb (review RV4 F4 of stop 49: 1caca696, taken back, kept "doesn't take
insulin" active beside "I'm on insulin now" because both lacks negated "take")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I don't take insulin.", "I don't take metformin anymore, I'm on insulin now."),
        ("I don't speak German.", "I don't speak Italian anymore, but I learned German last year."),
        ("I don't work weekends.", "I don't work Sundays anymore, but I work Saturdays now."),
        ("No como carne.", "Ya no como pescado, pero volví a comer carne."),
    ],
)
def test_the_ended_lack_is_archived(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored
