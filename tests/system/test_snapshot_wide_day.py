"""A daily snapshot file an editor saved as UTF-16 or UTF-32, with its byte-order mark (stop 47,
HQ6 item 1): at 6366907c ``snapshot save`` appended UTF-8 bytes to it (a file half UTF-16, half
UTF-8, that no editor reads whole) and recall found none of its snapshots. Now a snapshot is
appended in the file's own encoding, and one marked so but not valid in it is refused, unwritten."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from memscribe.snapshot.render import OPEN
from tests.support.integration_support import DEMO, invoke, save_snapshot


def _today(root: Path) -> Path:
    save_snapshot(root)
    [day] = list((root / "memory").glob("*.md"))
    return day


@pytest.mark.parametrize(
    ("mark", "encoding"),
    [
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
    ],
)
def test_a_snapshot_is_appended_in_the_files_encoding(tmp_path: Path, mark: bytes, encoding: str) -> None:
    root = tmp_path / "root"
    day = _today(root)
    text = day.read_text(encoding="utf-8") + "\nNotizen: Größe geprüft, 设计已确认\n"
    before = mark + text.encode(encoding)
    day.write_bytes(before)
    result = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    after = day.read_bytes()
    assert after.startswith(before)
    whole = after[len(mark) :].decode(encoding)  # raises if any UTF-8 was appended
    assert whole.startswith(text) and whole.count(OPEN) == 2
    assert "<!-- snapshot-id: " in whole[len(text) :]
    recall = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert recall.exit_code == 0, recall.output
    data = json.loads(recall.stdout)
    assert data["snapshot"]["snapshot_id"].endswith("-02") and data["unreadable"] == []
    assert list((root / "memory").iterdir()) == [day]


def test_a_file_marked_utf16_but_not_utf16_is_left_unwritten(tmp_path: Path) -> None:
    root = tmp_path / "root"
    day = _today(root)
    before = codecs.BOM_UTF16_LE + day.read_text(encoding="utf-8").encode("utf-16-le") + b"\n"  # odd length
    day.write_bytes(before)
    result = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(root)])
    assert result.exit_code != 0
    assert "UTF-16-LE byte-order mark but is not UTF-16-LE from byte" in result.output
    assert "Traceback" not in result.output
    assert day.read_bytes() == before
    assert list((root / "memory").iterdir()) == [day]
    recall = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert recall.exit_code == 0, recall.output
    [why] = json.loads(recall.stdout)["unreadable"]
    assert why["path"] == day.relative_to(root).as_posix()
