"""A name written with an inner capital ("macOS", "iPhone", "eBay") is a name (issue 11; a fix
of lost data).

:func:`memscribe.semantic.updates.names_in` read only words opening with a capital, so a state said
to go on ("still") that names another value than the stored one restated it: "I'm still on macOS
at the office" was dropped as a restatement of "User uses Windows on their laptop" (at cf7aee6;
the value class brings the stored memory onto the shortlist), and the fact was lost. A state
going on that names only the stored names is still a restatement.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.updates import names_in
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def test_inner_capital_names_are_names() -> None:
    assert {"iphone", "ebay"} <= names_in(" User sells on eBay from an iPhone.")
    assert names_in(" user is on a plain laptop.") == set()


@pytest.mark.parametrize(
    "said",
    [
        "I'm still on macOS at the office.",
        "I'm still on macOS at the office. Btw we moved the standup to 10am, can you update the invite?",
    ],
)
def test_another_name_going_on_is_kept(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "os-windows", "User uses Windows on their laptop.", said)
    assert (archived, written) == ([], ["User is still on macOS at the office."])


def test_the_same_name_going_on_still_restates(tmp_path: Path) -> None:
    archived, written = run(
        tmp_path, "os-macos", "User uses macOS at the office.", "I'm still on macOS at the office."
    )
    assert (archived, written) == ([], [])
