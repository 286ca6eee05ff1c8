"""A name with an inner capital (eBay, iCloud, iPad) said in another language than the stored
memory neither archives it nor is dropped as its restatement (issue 11; review RV1 N1 of stop 44).

6b29461a read such words as names everywhere (``semantic.updates.names_in``) to fix one English
restatement, and two rules that decide across languages on a shared name alone then fired on
them: a German or French cessation archived "User works at eBay", and a Chinese or Japanese fact
naming the stored thing was dropped as a restatement. It was reverted; these cases fail there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("job-ebay", "User works at eBay.", "Ich kaufe nicht mehr auf eBay ein."),
        ("job-ebay", "User works at eBay.", "J'ai arrêté d'acheter sur eBay."),
        ("job-ebay", "User works at eBay as a data engineer.", "我在eBay上卖掉了我的旧相机。"),
        ("backup-icloud", "User backs up photos to iCloud.", "我每个月为iCloud付2美元。"),
        ("notes-ipad", "User takes notes on an iPad.", "我在iPad上画画。"),
        ("notes-ipad", "User takes notes on an iPad.", "iPadで絵を描いている。"),
    ],
)
def test_a_fact_naming_the_stored_thing_is_written_beside_it(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == []
    assert len(written) == 1
