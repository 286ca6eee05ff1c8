"""A change said about another thing archives nothing (review RV1 F2, F2b, F3 of stop 49): a
Chinese 不 + word + 了 of degree or judgement, a Japanese になりました / ようになりました of a new
situation, and a kana word's tail ("ノンアルコールビール" / "ビール") were read as updates of a
stored memory on another topic, which was archived: a true memory lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("我每天跑步。", "跑步对我来说不难了。"),
        ("我住在上海。", "上海的房子不便宜了。"),
        ("東京に住んでいます。", "来月、大阪に出張することになりました。"),
        ("犬を飼っています。", "犬が病気になりました。"),
        ("ビールを飲まないです。", "ノンアルコールビールを飲むようになりました。"),
        ("ボードゲームが好きです。", "ゲームをやめました。"),
    ],
)
def test_a_change_about_another_thing_archives_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived, archived
    assert set(stored) <= set(active), active
