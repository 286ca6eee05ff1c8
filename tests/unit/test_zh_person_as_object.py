"""A person of the speaker's named as the object of a coverb or a verb of giving ("旧的给我妈了",
"每周给我妈打电话") does not make the Chinese sentence a third party's: the speaker's own statement
in it is written. A person as the subject ("我妈是医生", "我妈说…") still gives nothing."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


def test_giving_the_old_one_to_a_parent_keeps_the_new_value() -> None:
    assert _bodies("我现在用iPhone了，旧的给我妈了。") == ["用户现在用iPhone了。"]


def test_a_habit_with_a_parent_as_object_is_the_users() -> None:
    assert _bodies("我每周给我妈打电话。") == ["用户每周给用户的妈打电话。"]


@pytest.mark.parametrize("text", ["我妈是医生。", "我妈说我应该多运动。", "上周我妈来北京了。"])
def test_a_parent_as_subject_gives_nothing(text: str) -> None:
    assert _bodies(text) == []
