"""The embedded path end to end: a Chinese or Japanese statement about one of "my" people is theirs.

"我姐姐现在在一家公司上班" (my older sister now works at a company) archived "User works as a
freelance designer": the lexicon's third-party subjects knew "我朋友", not the siblings nor the
possessive "我的朋友"; "うちの妻は今は東京に住んでいます" (my wife now lives in Tokyo) archived "User
lives in Osaka": the Japanese row knows "妻は", not "うちの妻は". Their change, their move, their
phone is not the user's; the user's own change still updates.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.updates import someone_else
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("用户姐姐现在在一家公司上班。", True),
        ("我的姐姐在公司上班。", True),
        ("用户的朋友搬到上海了。", True),
        ("现在我妹妹住在上海。", True),
        ("我现在在一家公司上班。", False),
        ("我的手机换成了iPhone。", False),
        ("我们搬到上海了。", False),
        ("うちの妻は会社で働いています。", True),
        ("私の姉は東京に引っ越しました。", True),
        ("私の会社は東京にあります。", False),
        ("私は東京に住んでいます。", False),
    ],
)
def test_my_people_are_somebody_else(text: str, other: bool) -> None:
    assert someone_else(text) is other


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("job", "User works as a freelance designer.", "我姐姐现在在一家公司上班。"),
        ("job", "User works as a freelance designer.", "我哥哥现在是一家公司的正式员工。"),
        ("home-city", "User lives in Chengdu.", "我的朋友搬到上海了。"),
        ("home-city", "User lives in Chengdu.", "我妹妹去年搬到北京了。"),
        ("home-city", "User lives in Osaka.", "うちの妻は今は東京に住んでいます。"),
        ("job", "User works at a bank in Osaka.", "うちの夫は今は東京の会社で働いています。"),
    ],
)
def test_their_change_archives_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("job", "User works as a freelance designer.", "我现在在一家设计公司上班了。"),
        ("home-city", "User lives in Chengdu.", "我去年搬到北京了。"),
        ("home-city", "User lives in Osaka.", "私は先月東京に引っ越しました。"),
        ("job", "User works at a bank in Osaka.", "今は東京の会社で働いています。"),
    ],
)
def test_the_users_own_change_still_updates(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written
