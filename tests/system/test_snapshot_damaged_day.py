"""A stray byte that is not UTF-8 in today's snapshot file (stop 46, HQ4 item 2): before,
``snapshot save``, ``extract`` and ``batch`` failed on it for the rest of the day ("cannot read
memory/<today>.md", exit 5; the batch's transcript failed). Now the day's file is read with the
byte shown as U+FFFD, a warning says so, and a snapshot is appended after the file's bytes, kept
as they were (a byte-exact prefix): nothing is lost, and the readers see the new snapshot."""

from __future__ import annotations

import codecs
import json
import logging
from pathlib import Path

import pytest

from memscribe.schemas.snapshot import SnapshotBlock
from memscribe.snapshot.render import CLOSE, OPEN
from memscribe.snapshot.store import append_snapshot, stored_snapshots
from tests.support.integration_support import DEMO, invoke, save_snapshot

DAMAGE = b"\xe9 typed in Latin-1 by hand\n"


def _damaged_today(tmp_path: Path) -> tuple[Path, Path, bytes]:
    root = tmp_path / "root"
    save_snapshot(root)
    [day] = list((root / "memory").glob("*.md"))
    with day.open("ab") as f:
        f.write(DAMAGE)
    return root, day, day.read_bytes()


def test_a_snapshot_is_saved_after_the_damaged_bytes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root, day, before = _damaged_today(tmp_path)
    for n in (2, 3):
        with caplog.at_level(logging.WARNING, logger="memscribe.snapshot"):
            result = invoke(["snapshot", "save", str(DEMO), "--memory-dir", str(root)])
        assert result.exit_code == 0, result.output
        assert f"-0{n}" in result.stdout
    after = day.read_bytes()
    assert after.startswith(before)  # every old byte, the stray one too, where it was
    added = after[len(before) :].decode("utf-8")
    assert added.count("<!-- snapshot-id: ") == 2 and added.count(OPEN) == 2
    said = [r.getMessage() for r in caplog.records]
    assert any("not UTF-8" in m and "appended after them" in m for m in said), said
    recall = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert recall.exit_code == 0, recall.output
    data = json.loads(recall.stdout)
    assert data["snapshot"]["snapshot_id"].endswith("-03")
    assert [u["path"] for u in data["unreadable"]] == [day.relative_to(root).as_posix()]
    assert list((root / "memory").iterdir()) == [day]  # no temp file, no second daily file


def test_extract_and_batch_go_on_past_a_damaged_day(tmp_path: Path) -> None:
    root, day, before = _damaged_today(tmp_path)
    result = invoke(["extract", str(DEMO), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / DEMO.name).write_bytes(DEMO.read_bytes())
    batch = invoke(["batch", str(folder), "--memory-dir", str(tmp_path / "other"), "--json"])
    assert batch.exit_code == 0, batch.output
    other = tmp_path / "other" / "memory"
    other.mkdir(parents=True, exist_ok=True)
    (other / day.name).write_bytes(before)
    (folder / "again.jsonl").write_bytes(DEMO.read_bytes().replace(b"commit", b"commits"))
    batch = invoke(["batch", str(folder), "--memory-dir", str(tmp_path / "other"), "--json"])
    assert batch.exit_code == 0, batch.output
    assert [t["status"] for t in json.loads(batch.stdout)["transcripts"]] == ["processed"]
    assert day.read_bytes().startswith(before) and (other / day.name).read_bytes().startswith(before)


def _block(snapshot_id: str) -> str:
    return (
        f"---\n\n## Task Snapshot -- 09:00\n\n{OPEN}\n<!-- timestamp: 2026-03-04T09:00:00 -->\n"
        f"<!-- snapshot-id: {snapshot_id} -->\n\n### [SNAPSHOT] Goal\nship it\n\n{CLOSE}\n"
    )


def _snapshot(name: str) -> SnapshotBlock:
    """Today's explicit snapshot for the daily file ``name`` (numbered on append)."""
    return SnapshotBlock(
        path=f"memory/{name}",
        snapshot_id="2026-03-04-01",
        timestamp="2026-03-04T10:00:00",
        trigger="explicit",
        text=_block("2026-03-04-01"),
    )


def test_the_append_warns_renumbers_and_keeps_the_bytes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    old = b"# 2026-03-04\n\n" + _block("2026-03-04-01").encode() + b"notes \xff\xfe by hand\n"
    (memory / name).write_bytes(old)
    block = _snapshot(name)
    with caplog.at_level(logging.WARNING, logger="memscribe.snapshot"):
        written = append_snapshot(tmp_path, block)
    assert written.snapshot_id == "2026-03-04-02"  # the damaged file's own snapshot still counts
    assert (memory / name).read_bytes() == old + b"\n" + written.text.encode("utf-8")
    assert any("not UTF-8" in r.getMessage() and name in r.getMessage() for r in caplog.records)
    ids = [s.snapshot_id for s in stored_snapshots(tmp_path, unreadable=[])]
    assert ids == ["2026-03-04-01", "2026-03-04-02"]


@pytest.mark.parametrize(
    ("clean", "damaged"),
    [
        (b"<!-- snapshot-id: ", b"<!-- snapshot\xad-id: "),  # its id comment
        (OPEN.encode(), OPEN.encode().replace(b"SNAPSHOT", b"SNAP\xadSHOT")),  # its markers
        (CLOSE.encode(), CLOSE.encode().replace(b"SNAPSHOT", b"SNAP\xe9SHOT")),
        (b"2026-03-04-02", b"2026-03\xe9-04-02"),  # its number
    ],
)
def test_a_block_a_bad_byte_hides_keeps_its_number(tmp_path: Path, clean: bytes, damaged: bytes) -> None:
    """A stray byte inside the last snapshot's id comment or markers hides it from the parse:
    its number is still taken (at 645c2a61 it was reused: two '-02' blocks in the file)."""
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    good = b"# 2026-03-04\n\n" + _block("2026-03-04-01").encode() + b"\n" + _block("2026-03-04-02").encode()
    at = good.rindex(clean)  # in the second block
    old = good[:at] + damaged + good[at + len(clean) :]
    (memory / name).write_bytes(old)
    hidden = [s.snapshot_id for s in stored_snapshots(tmp_path, unreadable=[])]
    assert hidden == ["2026-03-04-01"]
    block = _snapshot(name)
    written = append_snapshot(tmp_path, block)
    assert written.snapshot_id == "2026-03-04-03"
    data = (memory / name).read_bytes()
    assert data.startswith(old) and data.count(b"2026-03-04-03") == 1


@pytest.mark.parametrize(
    "note",
    [
        b"## 2026-03-04-41 caf\xe9 notes\n",  # a heading in the damaged text, the byte beside it
        b"caf\xe9: see 2026-03-04-07 and snapshot-id 2026-03-04-09\n",
        b"- `&lt;!-- snapshot-id: 2026-03-04-12 --&gt;` \xff\n",  # stored text: no comment marker
    ],
)
def test_a_day_number_in_damaged_text_is_no_snapshot_number(tmp_path: Path, note: bytes) -> None:
    """A ``day-NN`` the damaged file holds outside an id comment line is not a number taken (at
    6366907c the next snapshot was numbered past it: '-42' after '-01', a skip of 40)."""
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    old = b"# 2026-03-04\n\n" + note + b"\n" + _block("2026-03-04-01").encode()
    (memory / name).write_bytes(old)
    block = _snapshot(name)
    written = append_snapshot(tmp_path, block)
    assert written.snapshot_id == "2026-03-04-02"
    data = (memory / name).read_bytes()
    assert data.startswith(old) and data.count(b"<!-- snapshot-id: 2026-03-04-02 -->") == 1


def test_a_damaged_digit_still_counts_its_line(tmp_path: Path) -> None:
    """The bad byte in the number itself: the block's id line still counts (numbers from 01)."""
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    blocks = [_block(f"2026-03-04-0{n}").encode() for n in (1, 2, 3)]
    blocks[2] = blocks[2].replace(b"2026-03-04-03 -->", b"2026-03-04-0\xff -->")
    old = b"# 2026-03-04\n\n" + b"\n".join(blocks)
    (memory / name).write_bytes(old)
    block = _snapshot(name)
    assert append_snapshot(tmp_path, block).snapshot_id == "2026-03-04-04"


@pytest.mark.parametrize(
    ("clean", "damaged"),
    [
        (b"<!-- snapshot-id: 2026-03-04-05 -->", b"<!-- snap\xffshot-id: 2026-03-04-05 -\xff->"),
        (b"<!-- snapshot-id: 2026-03-04-05 -->", b"<!\xe9-- snapshot-id: 2026-\xe90\xad-04-05 -->"),
        (
            b"<!-- snapshot-id: 2026-03-04-05 -->",
            b"<!-\xff snapshot\xe9id: 2026-03-04-05 -->",
        ),  # two replaced
    ],
)
def test_an_id_line_with_two_damaged_spots_keeps_its_number(
    tmp_path: Path, clean: bytes, damaged: bytes
) -> None:
    """Blocks 01..05, the last one's id line with damaged spots in two places (hiding it from the
    parse): its number is still taken (RV1 F3: 64b62c83 read only lines with one spot, -05 twice)."""
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    blocks = [_block(f"2026-03-04-0{n}").encode() for n in range(1, 6)]
    blocks[4] = blocks[4].replace(clean, damaged)
    old = b"# 2026-03-04\n\ncaf\xe9\n\n" + b"\n".join(blocks)
    (memory / name).write_bytes(old)
    hidden = [s.snapshot_id for s in stored_snapshots(tmp_path, unreadable=[])]
    assert hidden == [f"2026-03-04-0{n}" for n in range(1, 5)]
    block = _snapshot(name)
    assert append_snapshot(tmp_path, block).snapshot_id == "2026-03-04-06"


@pytest.mark.parametrize(
    "note",
    [
        b"## 2026-03-04-41 caf\xe9 \xff notes\n",  # a heading with two damaged spots
        b"\xff\xfe 2026-03-04-41 \xe9\n",
        b"<\xff-- see 2026-03-04-41 \xe9\n",
    ],
)
def test_a_day_number_beside_two_damaged_spots_is_no_snapshot_number(tmp_path: Path, note: bytes) -> None:
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    (memory / name).write_bytes(b"# 2026-03-04\n\n" + note + b"\n" + _block("2026-03-04-01").encode())
    block = _snapshot(name)
    assert append_snapshot(tmp_path, block).snapshot_id == "2026-03-04-02"


def test_a_utf16_day_with_lines_appended_keeps_numbering(tmp_path: Path) -> None:
    """Review RV5 F2 (stop 47): a day file an editor saved as UTF-16, snapshots appended, then an
    odd-length line added by a shell (``echo todo >> day.md``). With c1af2dcd/9916f01d the first
    two snapshots were appended in UTF-16 and, once the file no longer decoded as UTF-16, hidden
    from numbering: the third was a second '-01'. Those commits are reverted: snapshots are
    appended in UTF-8 after the file's bytes (as at 6366907c) and numbered -01, -02, -03."""
    memory = tmp_path / "memory"
    memory.mkdir()
    name = "2026-03-04.md"
    day = memory / name
    day.write_bytes(codecs.BOM_UTF16_LE + "# Notizen\n\nGröße prüfen\n".encode("utf-16-le"))
    first = append_snapshot(tmp_path, _snapshot(name)).snapshot_id
    second = append_snapshot(tmp_path, _snapshot(name)).snapshot_id
    before = day.read_bytes() + b"todo\n"
    day.write_bytes(before)
    third = append_snapshot(tmp_path, _snapshot(name)).snapshot_id
    assert [first, second, third] == ["2026-03-04-01", "2026-03-04-02", "2026-03-04-03"]
    data = day.read_bytes()
    assert data.startswith(before)
    assert [data.count(f"snapshot-id: 2026-03-04-0{n}".encode()) for n in (1, 2, 3)] == [1, 1, 1]
