"""A UTF-16 day (an editor saved it so) that a shell then appends a UTF-8 line naming a snapshot id
to: every save gets a number of its own and recall finds them all (review RV2 F2 of 1e9ab2fd,
which was taken back: its UTF-16 blocks were hidden and '-01' was used twice)."""

from __future__ import annotations

import codecs
import logging
from pathlib import Path

import pytest

from memscribe.schemas.snapshot import SnapshotBlock
from memscribe.snapshot.render import CLOSE, OPEN
from memscribe.snapshot.store import append_snapshot, stored_snapshots

_DAY = "2026-03-04"


def _snapshot(n: int) -> SnapshotBlock:
    stamp = f"{_DAY}T10:00:{n:02d}"
    text = (
        f"---\n\n## Task Snapshot -- 10:00\n\n{OPEN}\n<!-- timestamp: {stamp} -->\n"
        f"<!-- snapshot-id: {_DAY}-01 -->\n\n### [SNAPSHOT] Goal\nship it\n\n{CLOSE}\n"
    )
    return SnapshotBlock(
        path=f"memory/{_DAY}.md", snapshot_id=f"{_DAY}-01", timestamp=stamp, trigger="explicit", text=text
    )


def test_each_save_has_its_own_number(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    (tmp_path / "memory").mkdir()
    day = tmp_path / "memory" / f"{_DAY}.md"
    day.write_bytes(codecs.BOM_UTF16_LE + f"# {_DAY}\n\n".encode("utf-16-le"))
    saved = [
        append_snapshot(tmp_path, _snapshot(1)).snapshot_id,
        append_snapshot(tmp_path, _snapshot(2)).snapshot_id,
    ]
    with day.open("ab") as f:
        f.write(b"copied: <!-- snapshot-id: x -->\n")
    saved.append(append_snapshot(tmp_path, _snapshot(3)).snapshot_id)
    assert [s[-2:] for s in saved] == ["01", "02", "03"]
    assert sorted(s.snapshot_id[-2:] for s in stored_snapshots(tmp_path, unreadable=[])) == ["01", "02", "03"]
