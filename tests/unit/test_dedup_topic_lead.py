"""Rule 3 (a change reported, the entry on the candidate's topic) read the best shortlisted entry
only: in Chinese and Japanese an unrelated entry often ranks first ("用户养了一只猫" .55 before
"用户用安卓手机" .53 for "用户换成苹果手机了"), and the stale memory on the topic was left active
(issue 11, stop 49). f9e1b91b took the first of the shortlist with the topic evidence the best
entry needed; review RV8 F1 found it archived right memories of a related topic behind the first
(a phone case archived the phone), and it was taken back. The cases here pin what stays."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.candidates import DedupDecision
from memscribe.schemas.requests import DedupRequest, ShortlistItem

CAT = ("cat", "pet", "用户养了一只猫。", 0.55)
CAT_JA = ("cat", "pet", "ユーザーは猫を飼っている。", 0.6)


def _decide(text: str, *items: tuple[str, str, str, float]) -> DedupDecision:
    shortlist = tuple(
        ShortlistItem(id=i, slug=slug, text=body, created="2026-01-01T00:00:00Z", score=score)
        for i, slug, body, score in items
    )
    return dedup_decision(
        DedupRequest(kind="profile", slug="preference-a9ccf6", text=text, shortlist=shortlist)
    )


@pytest.mark.parametrize(
    ("text", "items"),
    [
        # another thing of the same word: the phone's case is no phone
        ("用户换成苹果手机了。", (CAT, ("case", "phone-case", "用户的手机壳是蓝色的。", 0.53))),
        # a weak score past the first gets no looser check than the first (.40 < STRONG_TOPIC_SCORE)
        ("用户换成苹果手机了。", (CAT, ("phone", "phone", "用户用安卓手机。", 0.40))),
        # a verb shared with another activity is no topic
        ("用户开始喝咖啡了。", (CAT, ("tea", "drink", "用户每天喝茶。", 0.53))),
        ("用户开始学吉他了。", (CAT, ("ja", "study", "用户在学日语。", 0.53))),
        ("用户开始学开飞机了。", (CAT, ("car", "car", "用户开丰田车。", 0.53))),
        (
            'User, in their words: "最近ギターの勉強を始めました".',
            (CAT_JA, ("ja", "study", "ユーザーは日本語を勉強している。", 0.55)),
        ),
        (
            'User, in their words: "最近緑茶を飲み始めました".',
            (CAT_JA, ("coffee", "drink", "ユーザーは毎朝コーヒーを飲む。", 0.55)),
        ),
    ],
)
def test_an_entry_of_another_topic_past_an_unrelated_first_stays(
    text: str, items: tuple[tuple[str, str, str, float], ...]
) -> None:
    decision = _decide(text, *items)
    assert decision.action != "supersede_old", decision


def test_a_restatement_past_an_unrelated_first_archives_nothing() -> None:
    decision = _decide("用户还是用苹果手机。", CAT, ("phone", "phone", "用户用苹果手机。", 0.53))
    assert decision.action == "drop_new", decision


@pytest.mark.parametrize(
    ("text", "items"),
    [
        # a phone changed for the user's mother is not the user's phone, first in the shortlist or not
        ("用户给妈妈换了一部苹果手机。", (("phone", "phone", "用户用安卓手机。", 0.55),)),
        ("用户给妈妈换了一部苹果手机。", (CAT, ("phone", "phone", "用户用安卓手机。", 0.53))),
    ],
)
def test_a_change_for_somebody_else_archives_nothing(
    text: str, items: tuple[tuple[str, str, str, float], ...]
) -> None:
    decision = _decide(text, *items)
    assert decision.action != "supersede_old", decision


@pytest.mark.parametrize(
    ("text", "items"),
    [
        # "no problem now" is no person: 大丈夫 holds 夫 (husband)
        (
            'User, in their words: "もう大丈夫です、タバコはやめました".',
            (("smoke", "smoking", "ユーザーはタバコを吸っている。", 0.6),),
        ),
    ],
)
def test_a_word_holding_a_kin_character_is_no_person(
    text: str, items: tuple[tuple[str, str, str, float], ...]
) -> None:
    decision = _decide(text, *items)
    assert decision.action == "supersede_old", decision
    assert decision.existing_ids == ["smoke"], decision


def test_a_move_of_the_user_leaves_their_mothers_city() -> None:
    # "ユーザーの母は…" is about the mother: the user's move updates the user's city only
    decision = _decide(
        'User, in their words: "名古屋に引っ越しました".',
        ("mom", "mom", "ユーザーの母は大阪に住んでいる。", 0.6),
        ("city", "city", "ユーザーは大阪に住んでいる。", 0.55),
    )
    assert decision.action == "supersede_old", decision
    assert decision.existing_ids == ["city"], decision


def test_a_change_of_the_user_leaves_their_sisters_city() -> None:
    decision = _decide(
        'User, in their words: "名古屋に引っ越しました".',
        ("sis", "sister", "ユーザーの姉は大阪に住んでいる。", 0.51),
    )
    assert decision.action != "supersede_old", decision


def test_a_kin_character_closing_a_compound_is_no_person() -> None:
    """Review RV10 F4 of stop 49: the 夫 of 工夫 ("effort") was read as "husband", so "I quit
    smoking with some effort" was a change for somebody else and left "smokes" active."""
    smoke = ("smoke", "smoking", "ユーザーはタバコを吸っている。", 0.6)
    decision = _decide('User, in their words: "色々工夫をして、タバコはやめました".', smoke)
    assert decision.action == "supersede_old", decision
    assert decision.existing_ids == ["smoke"], decision
