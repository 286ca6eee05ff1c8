"""A change on a related but different topic archives nothing, whatever ranks first in the
shortlist (review RV8 F1 of stop 49: f9e1b91b, taken back, archived the entry behind an
unrelated first one: a new phone case archived "uses an Android phone", a new car the bike)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.sessions import FIRST_DAY, LATER_DAY, work_session

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("pet", "stored", "then"),
    [
        ("我养了一只狗。", "我用安卓手机。", "我上个月换了一个红色的手机壳。"),
        ("我养了一只狗。", "我骑一辆红色自行车上班。", "我上个月换了一辆特斯拉汽车。"),
        ("我养了一只狗。", "我用联想笔记本电脑。", "我上个月换了一个新的电脑包。"),
    ],
)
def test_a_related_change_behind_an_unrelated_first_archives_nothing(
    tmp_path: Path, pet: str, stored: str, then: str
) -> None:
    work_session(tmp_path, pet, FIRST_DAY)
    work_session(tmp_path, stored, FIRST_DAY + dt.timedelta(days=1))
    before = sorted(e.body for e in MemoryRoot(tmp_path).entries())
    assert len(before) == 2, before
    work_session(tmp_path, then, LATER_DAY)
    assert not MemoryRoot(tmp_path).archived_entries()
