"""A new lack of another thing goes on beside a stored lack, it replaces nothing (issue 11, stop
49): "I no longer drink coffee" archived the stored "doesn't drink alcohol", "我现在不吃肉了" the
stored "不吃辣": a true memory lost, in en, fr, es and zh alike (the change cue and the changed
value were all rule 3 of the embedded dedup asked for). A start ending a stored lack still
updates it, and so does a lack of another verb ("no longer have weekends off" / "don't work on
weekends"). (Filed under one slug, "diet", rule 1 still archives "doesn't eat spicy food" by
"doesn't eat meat anymore": ``dedup_slot.one_value``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I don't drink alcohol.", "I no longer drink coffee."),
        ("我不吃辣。", "我现在不吃肉了。"),
        ("我不喝酒。", "我现在不喝咖啡了。"),
    ],
)
def test_another_lack_archives_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived, archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I don't drink coffee.", "I've started drinking coffee again."),
        ("我不喝咖啡。", "我现在又开始喝咖啡了。"),
        ("I don't work on weekends.", "I no longer have weekends off."),
    ],
)
def test_a_start_still_ends_the_stored_lack(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored
