"""An editor said for another purpose, where the purpose covers the whole of the work or is a
synonym of the stored one, is an update or a restatement, not a sibling (issue 11; review RV4 F5,
F6 of stop 44). 0d7cc617 and its mend 40fff71c kept two values each held "for" its own purpose as
siblings; they left these updates active and wrote this restatement twice, and were reverted.
These cases fail at 40fff71c."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    "said",
    [
        "I use VS Code for the entire codebase.",
        "I use VS Code for the whole project.",
        "I use VS Code for general coding.",
        "I use VS Code for my daily work.",
    ],
)
def test_an_editor_for_all_the_work_replaces_the_stored_one(tmp_path: Path, said: str) -> None:
    archived, _ = run(tmp_path, "editor", "User uses Vim for quick edits.", said)
    assert archived == ["prof_stored00"]


def test_the_same_editor_for_a_synonym_purpose_is_not_written_again(tmp_path: Path) -> None:
    archived, written = run(
        tmp_path, "editor", "User uses VS Code for big projects.", "I use VS Code for large codebases."
    )
    assert (archived, written) == ([], [])
