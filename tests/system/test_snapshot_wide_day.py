"""A daily snapshot file an editor saved as UTF-16 or UTF-32, with its byte-order mark (stop 47,
HQ6 item 1): at 6366907c ``snapshot save`` appended UTF-8 bytes to it (a file half UTF-16, half
UTF-8, that no editor reads whole) and recall found none of its snapshots. Now a snapshot is
appended in the file's own encoding. A file marked so but not valid in it, or holding a snapshot
6366907c appended in UTF-8 (RV1 F1, F2), is read and appended to as 6366907c did: as a file not
UTF-8, its snapshots recalled and numbered, the day's memories written."""

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


def _mixed(day: Path, pad: bytes) -> bytes:
    """``day``'s snapshot in UTF-8 after a UTF-16 text an editor saved: the file 6366907c made
    by appending to a UTF-16 one; ``pad`` sets the length's parity (odd: not UTF-16 at all)."""
    block = day.read_bytes()
    head = codecs.BOM_UTF16_LE + "# notes\n\nPlan: Größe prüfen, 设计已确认\n".encode("utf-16-le")
    return head + b"\n---\n" + pad + block[block.index(b"---") + 3 :]


@pytest.mark.parametrize("pad", [b"", b"x"], ids=["even", "odd"])
def test_a_utf16_file_with_a_utf8_snapshot_is_read_as_not_utf8(tmp_path: Path, pad: bytes) -> None:
    root = tmp_path / "root"
    day = _today(root)
    before = _mixed(day, pad)
    assert len(before) % 2 == len(pad) % 2
    day.write_bytes(before)
    recall = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert recall.exit_code == 0, recall.output
    data = json.loads(recall.stdout)
    assert data["snapshot"]["snapshot_id"].endswith("-01")  # its UTF-8 block, not UTF-16 garble
    [why] = data["unreadable"]
    assert why["path"] == day.relative_to(root).as_posix() and "not UTF-8 from byte 0" in why["error"]
    result = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert "-02" in result.stdout  # -01 is taken by the UTF-8 block
    after = day.read_bytes()
    assert after.startswith(before)
    added = after[len(before) :].decode("utf-8")  # appended in UTF-8, as 6366907c did
    assert added.count(OPEN) == 1 and "-02 -->" in added
    assert list((root / "memory").iterdir()) == [day]


def test_extract_and_batch_write_memories_on_a_file_marked_utf16_but_not_utf16(tmp_path: Path) -> None:
    root = tmp_path / "root"
    day = _today(root)
    odd = codecs.BOM_UTF16_LE + day.read_text(encoding="utf-8").encode("utf-16-le") + b"\n"
    for name, before in (("odd", odd), ("mixed", _mixed(day, b"x"))):
        assert len(before) % 2 == 1
        here = tmp_path / name
        (here / "memory").mkdir(parents=True)
        (here / "memory" / day.name).write_bytes(before)
        result = invoke(["extract", str(DEMO), "--memory-dir", str(here), "--json"])
        assert result.exit_code == 0, result.output
        assert list((here / ".reflexio").rglob("*.md")), name  # the day's memories are written
        saved = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(here)])
        assert saved.exit_code == 0, saved.output
        after = (here / "memory" / day.name).read_bytes()
        assert after.startswith(before) and after[len(before) :].decode("utf-8").count(OPEN) == 1
        folder = tmp_path / f"t-{name}"
        folder.mkdir()
        (folder / DEMO.name).write_bytes(DEMO.read_bytes())
        other = tmp_path / f"other-{name}"
        (other / "memory").mkdir(parents=True)
        (other / "memory" / day.name).write_bytes(before)
        batch = invoke(["batch", str(folder), "--memory-dir", str(other), "--json"])
        assert batch.exit_code == 0, batch.output
        assert [t["status"] for t in json.loads(batch.stdout)["transcripts"]] == ["processed"]
        assert list((other / ".reflexio").rglob("*.md")), name
