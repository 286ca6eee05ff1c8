"""A daily snapshot file an editor saved as UTF-16 or UTF-32, with its byte-order mark (stop 48,
HQ7 item 1; tried at stop 47 and reverted, bed16128): at 88edb493 ``snapshot save`` appended
UTF-8 bytes to it (a file half UTF-16, half UTF-8, that no editor reads whole) and recall found
none of its snapshots. Now a snapshot is appended in the file's own encoding; one so marked but
not valid in it (a line a shell added) is read in it all the same, and appended to in it, so
its blocks are neither hidden nor numbered twice (RV5 F2: test_snapshot_damaged_day.py). One
holding a snapshot an earlier release appended in UTF-8 is read and appended to as a file not
UTF-8, as at 88edb493. A UTF-8 file with a byte-order mark keeps it and gets UTF-8."""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

import pytest

from memscribe.snapshot.render import OPEN
from tests.support.integration_support import DEMO, invoke, save_snapshot

NOTE = "\nNotizen: Größe geprüft, 设计已确认, 設計を確認した\n"


def _today(root: Path) -> Path:
    save_snapshot(root)
    [day] = list((root / "memory").glob("*.md"))
    return day


def _recall(root: Path) -> dict[str, Any]:
    recall = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert recall.exit_code == 0, recall.output
    data: dict[str, Any] = json.loads(recall.stdout)
    return data


@pytest.mark.parametrize(
    ("mark", "encoding"),
    [
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
        (codecs.BOM_UTF32_BE, "utf-32-be"),
        (codecs.BOM_UTF8, "utf-8"),
    ],
    ids=["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "utf-8-bom"],
)
def test_a_snapshot_is_appended_in_the_files_encoding(tmp_path: Path, mark: bytes, encoding: str) -> None:
    root = tmp_path / "root"
    day = _today(root)
    text = day.read_text(encoding="utf-8") + NOTE
    before = mark + text.encode(encoding)
    day.write_bytes(before)
    result = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    after = day.read_bytes()
    assert after.startswith(before)
    whole = after[len(mark) :].decode(encoding)  # raises if bytes of another encoding were appended
    assert whole.startswith(text) and whole.count(OPEN) == 2
    assert "<!-- snapshot-id: " in whole[len(text) :]
    data = _recall(root)
    assert data["snapshot"]["snapshot_id"].endswith("-02") and data["unreadable"] == []
    assert list((root / "memory").iterdir()) == [day]


def _mixed(day: Path, pad: bytes) -> bytes:
    """``day``'s snapshot in UTF-8 after a UTF-16 text an editor saved: the file 88edb493 made
    by appending to a UTF-16 one; ``pad`` sets the length's parity (odd: not UTF-16 at all)."""
    block = day.read_bytes()
    head = codecs.BOM_UTF16_LE + "# notes\n\nPlan: Größe prüfen, 设计已确认\n".encode("utf-16-le")
    return head + b"\n---\n" + pad + block[block.index(b"---") + 3 :]


@pytest.mark.parametrize("pad", [b"", b"x"], ids=["even", "odd"])
def test_a_utf16_file_with_a_utf8_snapshot_is_read_as_not_utf8(tmp_path: Path, pad: bytes) -> None:
    root = tmp_path / "root"
    day = _today(root)
    before = _mixed(day, pad)
    day.write_bytes(before)
    data = _recall(root)
    assert data["snapshot"]["snapshot_id"].endswith("-01")  # its UTF-8 block
    [why] = data["unreadable"]
    assert "not UTF-8 from byte 0" in why["error"]
    result = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert "-02" in result.stdout  # -01 is taken by the UTF-8 block
    after = day.read_bytes()
    assert after.startswith(before)
    added = after[len(before) :].decode("utf-8")  # appended in UTF-8, as 88edb493 did
    assert added.count(OPEN) == 1 and "-02 -->" in added


def test_extract_batch_and_save_go_on_past_a_utf16_day_a_shell_added_to(tmp_path: Path) -> None:
    root = tmp_path / "root"
    day = _today(root)
    odd = codecs.BOM_UTF16_LE + (day.read_text(encoding="utf-8") + NOTE).encode("utf-16-le") + b"todo\n"
    assert len(odd) % 2 == 1
    here = tmp_path / "here"
    (here / "memory").mkdir(parents=True)
    (here / "memory" / day.name).write_bytes(odd)
    result = invoke(["extract", str(DEMO), "--memory-dir", str(here), "--json"])
    assert result.exit_code == 0, result.output
    assert list((here / ".reflexio").rglob("*.md"))  # the day's memories are written
    saved = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(here)])
    assert saved.exit_code == 0, saved.output
    after = (here / "memory" / day.name).read_bytes()
    assert after.startswith(odd)
    text = after[2:].decode("utf-16-le")  # the filled unit: UTF-16 throughout again
    assert text.count(OPEN) >= 2
    data = _recall(here)
    assert data["unreadable"] == []
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / DEMO.name).write_bytes(DEMO.read_bytes())
    other = tmp_path / "other"
    (other / "memory").mkdir(parents=True)
    (other / "memory" / day.name).write_bytes(odd)
    batch = invoke(["batch", str(folder), "--memory-dir", str(other), "--json"])
    assert batch.exit_code == 0, batch.output
    assert [t["status"] for t in json.loads(batch.stdout)["transcripts"]] == ["processed"]
    assert list((other / ".reflexio").rglob("*.md"))
