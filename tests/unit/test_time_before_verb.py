"""A word of time between the speaker and the verb is no wish or plan (issue 11): "我去年搬到上海了"
is a move (去年 "last year" is not the verb 去 "go"), "我来自成都" a home town (来自 "come from" is not
the verb 来); a change completed in the polite past ("東京に引っ越しました") holds like the plain one."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我去年搬到上海了，你帮我推荐几个周末去的地方吧。", "去年搬到上海"),
        ("我来自成都。", "来自成都"),
        ("先月東京に引っ越しました。", "東京に引っ越しました"),
        ("最近ギターを始めました。", "ギターを始めました"),
    ],
)
def test_a_statement_with_a_word_of_time_is_kept(text: str, expected: str) -> None:
    assert any(expected in body for body in embedded_profile_bodies(text)), embedded_profile_bodies(text)


@pytest.mark.parametrize(
    "text",
    [
        "我去超市买点东西。",  # the verb 去: where the speaker goes now
        "我来看看这个报错。",  # the verb 来: a move in the conversation
        "明日東京に行きます。",  # a plan in the polite non-past
        "これを直してもらえますか。",  # a request
    ],
)
def test_the_verbs_of_going_and_plans_stay_out(text: str) -> None:
    assert embedded_profile_bodies(text) == []


def test_a_japanese_statement_linked_to_the_next_clause_is_kept_without_its_link() -> None:
    """ "…家にいるんだけど、…": the explanatory んだ before けど still ends a statement of the speaker's;
    the link is not part of it, while a reason's ので stays ("私は左利きなので" is the fact as said)."""
    text = "在宅勤務で週5日ずっと家にいるんだけど、夕方になると肩と首がガチガチになる。"
    assert embedded_profile_bodies(text) == ['User, in their words: "在宅勤務で週5日ずっと家にいる".']
    assert embedded_profile_bodies("私は左利きなので、右下固定はつらい。") == [
        'User, in their words: "私は左利きなので".'
    ]
