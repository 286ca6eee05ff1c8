"""A Chinese clause that drops its subject after a clause about one of the speaker's people or
things goes on about them ("我女儿是老师，每天在学校上课"): no fact of the speaker's is read from it."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.zh_subject import others_carried, with_dropped_subject
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "not_users"),
    [
        ("我女儿是老师，每天在学校上课。", "用户每天在学校上课"),
        ("我女儿是老师，现在在上海工作。", "用户现在在上海工作"),
        ("我的老板是美国人，一直在纽约。", "用户一直在纽约"),
        ("我工作的公司在杭州，现在在裁员。", "用户现在在裁员"),
    ],
)
def test_subjectless_clause_after_another_subject_is_not_the_users(text: str, not_users: str) -> None:
    bodies = _bodies(text)
    assert not any(not_users in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("我是老师，现在在上海工作。", "用户现在在上海工作"),
        ("我在银行上班，平时很忙。", "用户平时很忙"),
        ("我上个月辞职了，现在在上海一家游戏公司做产品经理。", "产品经理"),
    ],
)
def test_subjectless_clause_after_the_speaker_is_still_the_users(text: str, kept: str) -> None:
    bodies = _bodies(text)
    assert any(kept in b for b in bodies), bodies


def test_possessed_subject_carries_nothing() -> None:
    assert others_carried(["我的公司在上海", "现在在招人"]) == {1}
    assert others_carried(["我是做设计的", "现在在北京"]) == set()
    assert with_dropped_subject(["我工作的公司在杭州", "现在在裁员"]) == ["我工作的公司在杭州", "现在在裁员"]
