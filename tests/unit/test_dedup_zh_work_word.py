"""A Chinese memory holding 工作 that does not name an employer is not archived by a new job
(issue 11; review RV5 F1 of stop 44). 7f88c446 read every 工作 as the single-valued work facet
(``semantic.facets``), so "我现在在字节跳动上班" archived working hours, a liked place to work and
volunteering; it was reverted, and these cases fail there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("work-hours", "用户每周工作40小时。", "我现在在字节跳动上班。"),
        ("remote", "用户喜欢在咖啡馆工作。", "我现在在字节跳动上班。"),
        ("volunteer", "用户周末做志愿者工作。", "我现在在字节跳动上班。"),
        ("work-hours", "用户每周工作40小时。", "我现在在阿里巴巴上班。"),
    ],
)
def test_a_new_job_leaves_other_work_memories_active(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, _ = run(tmp_path, slug, stored, said)
    assert archived == []
