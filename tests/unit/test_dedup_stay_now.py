"""A journey said with "now" is a stay (issue 11; a fix of a wrong supersession).

"User lives in Berlin." was archived by "I'm now in Paris for a conference this week." (and
"用户住在北京。" by "我现在在上海出差一周。"): a bounded stay replaces nothing held for good
(:func:`memscribe.model.embedded.aspect.bounded`), but "now" (现在) was read as a change, which
overrides the bound. With a journey (a trip, a conference, 出差, or a stay counted in days or
weeks) the present is the time of the stay (:func:`memscribe.semantic.frames.without_present`);
without one it is still a change ("now uses Neovim, starting this week"), and a move said with a
period is still a move.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import without_present
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I live in Berlin.", "I'm now in Paris for a conference this week."),
        ("我住在北京。", "我现在在上海出差一周。"),
    ],
)
def test_a_journey_said_with_now_replaces_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) <= set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I live in Berlin.", "I moved to Paris this week."),
        ("I live in Berlin.", "I now live in Paris."),
        ("I live in Berlin.", "I live in Paris now, until I find something better."),
        ("I use VS Code.", "I now use Neovim, starting this week."),
        ("我住在北京。", "我这周搬到上海了。"),
        ("我住在北京。", "我现在住在上海。"),
    ],
)
def test_a_change_is_still_an_update(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


def test_without_present() -> None:
    assert "now" not in without_present("I'm now in Paris for a conference this week.")
    assert "现在" not in without_present("我现在在上海出差一周。")
    assert without_present("I now use Neovim, starting this week.") == "I now use Neovim, starting this week."
    assert "now on" in without_present("From now on I'm on a trip every month.")
