"""A value the user adds "too" replaces nothing, though the rewritten memory lost the word
(issue 11; a fix of lost data).

"I volunteer at the animal shelter." then, a session later, "I now volunteer at the food bank
too." archived the shelter: the extractor writes "User now volunteers at the food bank." (the
"too" dropped), and the embedded decision read only that text, a change ("now") with another
value. The user's own English clause of the candidate is read for the additive word as well.
Its own clause only ("…, and my team did too" is the team's), and English only (the Chinese 也
of "Vuex 也换成了 Pinia" is of the change, not of the value).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I volunteer at the animal shelter.", "I now volunteer at the food bank too."),
        ("I work at Siemens.", "I now work weekends at a bakery too."),
    ],
)
def test_a_value_added_too_replaces_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == [], stored
    assert set(stored) <= {e.body for e in MemoryRoot(tmp_path).entries()}


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I volunteer at the animal shelter.", "I now volunteer at the food bank."),
        ("I work at Siemens.", "I now work at Bosch."),
        # the additive word of another clause, of somebody else or of something else
        ("I use VS Code.", "I switched to Neovim, and my team did too."),
        ("I live in Leeds.", "I moved to York, and I love it too."),
    ],
)
def test_an_update_is_still_an_update(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


def test_only_the_candidates_own_english_clause_counts() -> None:
    from memscribe.model.embedded.dedup_scope import added_in_english

    assert added_in_english("User now volunteers at the food bank.", "I now volunteer at the food bank too.")
    assert not added_in_english("User switched to Neovim.", "I switched to Neovim, and my team did too.")
    assert not added_in_english(
        "用户的后台上个月已经整体升级到 Vue 3 了。",
        "我们后台上个月已经整体升级到 Vue 3 了，Vuex 也换成了 Pinia。",
    )
    assert not added_in_english("User now volunteers at the food bank.", "")
