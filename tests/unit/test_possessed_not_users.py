"""A person's, a pet's or a company's new state is not the user's fact, and a state of the
user's home is not a move (review RV4 F1-F3, RV5 F1-F4 of stop 49: 03bc2d98, ad0d7af1 and
38049565, taken back, wrote "Mein Arzt ist jetzt ein Türke" as the user's and archived the
stored city on "Meine Wohnung ist jetzt im Umbau")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import two_sessions
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "Mein Arzt ist jetzt ein Türke.",
        "Mon chat est maintenant un Maine Coon.",
        "Meine Firma ist jetzt eine GmbH.",
        "Mi ex ahora es un CEO.",
    ],
)
def test_somebody_elses_new_state_is_not_written(text: str) -> None:
    assert _bodies(text) == []


@pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py
@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("Ich wohne in Berlin.", "Meine Wohnung ist jetzt im Umbau."),
        ("Yo vivo en Madrid.", "Mi piso ahora está en obras."),
    ],
)
def test_a_state_of_the_home_archives_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived, archived
    assert set(stored) <= set(active), active
