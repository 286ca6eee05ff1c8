"""A Chinese or Japanese statement said again in other words (word order, a synonym, an
abbreviation) restates the stored one: it is dropped, not stored beside it (review RV4 F1 of
d19df87d, which read any Han or katakana run between shared text as a swapped value)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup_compare import restates
from memscribe.schemas.requests import ShortlistItem


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("用户在北京住。", "用户住在北京。"),
        ("用户会说日文。", "用户会说日语。"),
        ("ユーザーはスマートフォンを使っています。", "ユーザーはスマホを使っています。"),
    ],
)
def test_a_restatement_in_other_words_is_dropped(new: str, old: str) -> None:
    stored = ShortlistItem(id="prof_old", slug="fact", text=old, created="2026-01-01T00:00:00Z", score=0.95)
    assert restates(new, stored)
