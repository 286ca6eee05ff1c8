"""Two Chinese statements scored one topic by meaning alone must share a content character
(issue 11; a fix of a wrong supersession).

"用户在华为工作。" was archived by "我现在在学日语。" (and "用户住在北京。" by "我现在在学吉他。"): the
offline encoder scores the pair .48, above the topic bar (.45), as high as a real update
("开特斯拉" / "开丰田" .48), so a bar cannot part them. With no shared word, Chinese topic
evidence from meaning alone now needs a shared content character, a subject, time words,
particles and measure words aside (:func:`memscribe.model.embedded.dedup_compare.one_topic`):
the verb or the object of the update ("开", "住在", "吃", "养", "用").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup_compare import one_topic
from memscribe.schemas.requests import ShortlistItem
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("我在华为工作。", "我现在在学日语。"),
        ("我住在北京。", "我现在在学吉他。"),
    ],
)
def test_another_activity_archives_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("我开特斯拉。", "我现在开丰田。"),
        ("我住在北京。", "我现在住在上海。"),
        ("我吃素。", "我现在吃肉了。"),
        ("我养了一只猫。", "我现在养狗。"),
        ("我用安卓手机。", "我现在用苹果手机。"),
        ("我每天早上跑步。", "我现在晚上跑步。"),
        ("我在谷歌工作。", "我现在在苹果上班。"),
    ],
)
def test_an_update_still_archives(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


def _item(text: str, score: float) -> ShortlistItem:
    return ShortlistItem(id="prof_x", slug="preference-x", text=text, created="2026-05-01", score=score)


def test_one_topic_needs_a_shared_character_in_chinese() -> None:
    assert not one_topic("用户现在在学日语。", _item("用户在华为工作。", 0.48))
    assert one_topic("用户现在开丰田。", _item("用户开特斯拉。", 0.48))
    assert not one_topic("用户现在开丰田。", _item("用户开特斯拉。", 0.40))  # under the bar
    assert one_topic("User now drives a Toyota.", _item("User drives a Tesla.", 0.48))
