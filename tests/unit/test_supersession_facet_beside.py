"""A change of a single-valued facet replaces an entry of that facet, not one naming its value.

"We moved to Berlin last month" archived "User is training for their first marathon (Berlin, September
2026)": the change cue, the shared name and a strong score made the goal one topic with the move
(rule 3). A statement of residence, work, transport or rhythm replaces an entry of that facet
(rule 6); an entry of no facet that names the same place stays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored"),
    [
        ("goal", "User is training for their first marathon (Berlin, September 2026)."),
        ("hobby", "User sings in a choir in Berlin."),
    ],
)
def test_an_entry_naming_the_place_is_kept(tmp_path: Path, slug: str, stored: str) -> None:
    archived, written = run(tmp_path, slug, stored, "We moved to Berlin last month.")
    assert archived == [], written


def test_the_residence_is_still_replaced(tmp_path: Path) -> None:
    archived, written = run(tmp_path, "home-city", "User lives in Hamburg.", "I moved to Berlin last month.")
    assert archived == ["prof_stored00"], written
