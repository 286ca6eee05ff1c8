"""A Chinese clause that only says how long the clause before has held ("…做运维，已经五年了") is
that clause's adjunct, not a statement of its own about the speaker (issue 11): it wrote
'用户已经五年了。'."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.detect import extract
from tests.support.turns import make_transcript


def _bodies(text: str) -> list[str]:
    transcript = make_transcript(("user", text), ("assistant", "OK."))
    return [p.body for p in extract(transcript.turns).profiles]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("我在一家银行做运维，已经五年了。", "用户在一家银行做运维。"),
        ("我是程序员，已经三年了。", "用户是程序员。"),
        ("我住在上海，已经十年了。", "用户住在上海。"),
        ("我养猫，已经三年多了。", "用户养猫。"),
    ],
)
def test_a_duration_tag_is_no_statement_of_its_own(text: str, kept: str) -> None:
    bodies = _bodies(text)
    assert kept in bodies
    assert not any("年" in b for b in bodies), bodies


def test_a_subjectless_clause_with_a_predicate_still_takes_the_speaker() -> None:
    bodies = _bodies("我做运维，已经五年了，现在在北京。")
    assert "用户现在在北京。" in bodies
    assert "用户是老师。" in _bodies("我是老师，现在在上海工作。")
