"""Facts that three rules of this stop dropped or wrote wrongly, found by review (RV1, stop 48), and
the rules taken back (8fbdd2bc, dd5b2ef2, 64051eef):

- a Chinese clause after "我的X…" goes on about the speaker when its predicate is a person's
  ("我的老家在四川，现在在深圳上班": the user works in Shenzhen);
- "对我老板来说，…" is the boss's view, not the user's habit;
- French "je vais en parler" is a plan (the pronoun "en" before an infinitive), not a lasting fact.
"""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("我的老家在四川，现在在深圳上班。", "深圳上班"),
        ("我的专业是计算机，现在在腾讯工作。", "腾讯工作"),
        ("我的身体不太好，基本不喝酒。", "不喝酒"),
        ("我的爱好是跑步，每周跑三次。", "每周跑三次"),
    ],
)
def test_a_clause_after_my_things_is_still_the_speakers(text: str, kept: str) -> None:
    bodies = _bodies(text)
    assert any(kept in b for b in bodies), bodies


def test_a_view_for_my_boss_is_not_the_users_habit() -> None:
    bodies = _bodies("对我老板来说，每天加班很正常。")
    assert not any("用户每天加班" in b for b in bodies), bodies


@pytest.mark.parametrize("text", ["Je vais en parler à mon médecin.", "Je vais en acheter une nouvelle."])
def test_a_french_plan_with_en_is_not_written(text: str) -> None:
    assert _bodies(text) == []
