"""A Japanese clause whose topic is a thing of one of the speaker's people ("友達の車は…",
"妻の実家は…") is about them, not the speaker (issue 11: a friend's car is not the user's); the
speaker's own thing ("私の車は…", "うちの車は…") and a time of theirs the speaker acts at
("父の誕生日には…") stay the speaker's."""

from __future__ import annotations

import pytest

from memscribe.lexicon.langs import LANGUAGES
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "友達の車はテスラです。",
        "妻の実家は大阪です。",
        "彼の車はトヨタです。",
        "息子の学校は家から近いです。",
        "上司の車が新しくなりました。",
    ],
)
def test_a_thing_of_one_of_the_speakers_people_is_not_the_speakers(text: str) -> None:
    assert LANGUAGES["ja"].third_party.search(text)
    assert _bodies(text) == []


@pytest.mark.parametrize(
    "text", ["私の車は今テスラです。", "うちの車は今テスラです。", "父の誕生日には毎年電話しています。"]
)
def test_the_speakers_own_thing_stays_the_speakers(text: str) -> None:
    assert not LANGUAGES["ja"].third_party.search(text)
    assert _bodies(text) == [f'User, in their words: "{text.rstrip("。")}".']


def test_the_third_party_check_does_not_grow_with_the_text() -> None:
    unit = "友達の" + "車" * 10 + "、"
    growth = cpu_growth(LANGUAGES["ja"].third_party.search, unit * 400, unit * 3200)
    assert growth < LINEAR_BOUND_8X
