"""A thing coordinated beside the stored one is no restatement (issue 11; a fix of lost data).

"I have two cats and a dog." said after "User has two cats." was dropped as a duplicate, and the
dog with it (likewise "I play the piano and a bit of guitar.", "I have a dog and a cat named
Mimi."): every word of the stored text is in the new one and the lexical score is high. A noun
phrase coordinated after "and" (a determiner or a number before it) naming a thing the stored
text does not is more than it says (:func:`memscribe.model.embedded.dedup_compare.restates`):
the new statement is written, and the stored one, all of whose words it holds, is replaced by it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup_compare import restates
from memscribe.schemas.requests import ShortlistItem
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then", "added"),
    [
        ("I have two cats.", "I have two cats and a dog.", "dog"),
        ("I play the piano.", "I play the piano and a bit of guitar.", "guitar"),
        ("I have a dog.", "I have a dog and a cat named Mimi.", "Mimi"),
    ],
)
def test_the_added_thing_is_written(tmp_path: Path, first: str, then: str, added: str) -> None:
    _, active, _ = two_sessions(tmp_path, first, then)
    assert any(added in body for body in active), active


def test_the_whole_statement_replaces_its_part(tmp_path: Path) -> None:
    """As at 936be91 for "I have a cat." / "I have a cat and two dogs.": the newer statement of the
    topic holds every word of the stored one and replaces it (this case was a test that the
    stored fact stays active, test_supersession_aspect's "kids", while the dog was dropped)."""
    stored, active, archived = two_sessions(tmp_path, "I have two kids.", "I've got two kids and a dog.")
    assert archived == stored
    assert any("kids" in body and "dog" in body for body in active), active


def _item(text: str) -> ShortlistItem:
    return ShortlistItem(id="prof_x", slug="pets", text=text, created="2026-05-01", score=0.8)


@pytest.mark.parametrize(
    ("new", "old", "same"),
    [
        ("User has two cats and a dog.", "User has two cats.", False),
        ("User uses Neovim and a terminal multiplexer.", "User uses Neovim.", False),
        ("User has two cats at home.", "User has two cats.", True),
        ("User has a cat and a dog.", "User has a dog and a cat.", True),
        ("User likes salt and pepper.", "User likes salt and pepper.", True),
    ],
)
def test_restates(new: str, old: str, same: bool) -> None:
    assert restates(new, _item(old)) is same
