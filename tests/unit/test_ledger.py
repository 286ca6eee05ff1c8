"""The ledger and the recovery of interrupted commits."""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
import sys
from pathlib import Path

import pytest

from memscribe.batch import ledger
from memscribe.batch.runner import recover
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.store.atomic import write_new_file
from memscribe.store.root import JOURNAL_DIR, MemoryRoot
from memscribe.store.transaction import recover_interrupted
from tests.support.batch_corpus import make_corpus
from tests.support.races import at_once


def test_classify() -> None:
    data = b"User: I prefer tea.\nAssistant: ok\n"
    new = ledger.classify(data, None)
    assert new.change == "new" and new.since_line == 0
    record = ledger.LedgerRecord(path="/x", sha256=new.sha256, size=len(data), last_line=2)
    assert ledger.classify(data, record).change == "unchanged"
    grown = ledger.classify(data + b"User: more\n", record)
    assert grown.change == "appended" and grown.since_line == 2 and grown.base == record
    assert ledger.classify(b"User: something else\n", record).change == "changed"
    assert ledger.classify(data[:-3], record).change == "changed"


def test_save_load_and_unreadable_record(tmp_path: Path) -> None:
    record = ledger.LedgerRecord(path="/t.txt", sha256="ab", size=2, last_line=1)
    ledger.save(tmp_path, Path("/t.txt"), ledger.LedgerFile(record=record))
    assert ledger.load(tmp_path, Path("/t.txt")).record == record
    with contextlib.closing(sqlite3.connect(tmp_path / ledger.LEDGER_DIR / ledger.DB_NAME)) as db, db:
        db.execute("UPDATE transcripts SET record = '{not json' WHERE path = '/t.txt'")
    assert ledger.load(tmp_path, Path("/t.txt")).record is None  # redone, never trusted


def test_json_ledger_of_earlier_versions_is_imported_once(tmp_path: Path) -> None:
    """The per-transcript JSON files become rows (pending parts kept), then are removed."""
    directory = tmp_path / ledger.LEDGER_DIR
    directory.mkdir(parents=True)
    done = ledger.LedgerRecord(path="/a.txt", sha256="aa", size=2, last_line=1, written=["prof_x"])
    nxt = ledger.LedgerRecord(path="/b.txt", sha256="bb", size=3, last_line=2)
    (directory / "1.json").write_text(ledger.LedgerFile(record=done).model_dump_json())
    (directory / "2.json").write_text(
        ledger.LedgerFile(pending=ledger.Pending(next=nxt, write_ids=["prof_y"])).model_dump_json()
    )
    (directory / "3.json").write_text("{not json")
    assert ledger.load(tmp_path, Path("/a.txt")).record is None  # read-only: nothing imported yet
    with ledger.Ledger(tmp_path) as book:
        assert book.load("/a.txt").record == done
        assert book.load("/b.txt").pending == ledger.Pending(next=nxt, write_ids=["prof_y"])
        assert book.has_pending()
    assert not list(directory.glob("*.json"))


def test_stat_lookup_is_by_key_and_trusts_only_settled_mtimes(tmp_path: Path) -> None:
    record = ledger.LedgerRecord(path="/t.txt", sha256="ab", size=2, last_line=1)
    settled = ledger.FileStat(size=2, mtime_ns=123, settled=True)
    with ledger.Ledger(tmp_path) as book:
        book.save("/t.txt", ledger.LedgerFile(record=record), stat=settled)
        book.save("/u.txt", ledger.LedgerFile(record=record), stat=ledger.FileStat(2, 456, settled=False))
        book.save("/v.txt", ledger.LedgerFile(record=record), stat=ledger.FileStat(3, 789, settled=True))
        assert book.stats(["/t.txt", "/u.txt", "/v.txt", "/w.txt"]) == {
            "/t.txt": (2, 123),
            "/u.txt": (2, None),  # modified just before it was read: hashed next time
            "/v.txt": (2, None),  # the stat does not describe the recorded bytes
        }


def _plan_for(root: Path) -> Plan:
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.run import extract
    from memscribe.transcript import read_transcript

    make_corpus(root.parent / "t", 2)
    memory = MemoryRoot(root)
    return extract(
        read_transcript(root.parent / "t" / "session-001.txt"),
        model=EmbeddedModel(),
        existing=memory.entries(),
        taken_ids=memory.taken_ids(),
        context_tokens=16000,
        now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    )


def test_open_journal_is_rolled_forward(tmp_path: Path) -> None:
    root = tmp_path / "m"
    plan = _plan_for(root)
    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    assert len(writes) == 2
    # A kill after the journal and the first file: the second file is missing.
    write_new_file(root / JOURNAL_DIR / "20260101T000000Z-deadbeef.json", plan.model_dump_json())
    write_new_file(root / writes[0].path, writes[0].text)
    assert recover_interrupted(root) == [f"{JOURNAL_DIR}/20260101T000000Z-deadbeef.json"]
    assert {e.id for e in MemoryRoot(root).entries()} == {op.id for op in writes}
    assert not MemoryRoot(root).pending_journals()
    assert recover_interrupted(root) == []


def test_pending_ledger_record_is_settled(tmp_path: Path) -> None:
    root = tmp_path / "m"
    plan = _plan_for(root)
    ids = [op.id for op in plan.operations if isinstance(op, WriteOp)]
    base = ledger.LedgerRecord(path="/a", sha256="old", size=1, last_line=1)
    nxt = ledger.LedgerRecord(path="/a", sha256="new", size=2, last_line=4)
    # Applied before the kill: the next record is kept.
    for op in plan.operations:
        if isinstance(op, WriteOp):
            write_new_file(root / op.path, op.text)
    ledger.save(
        root, Path("/a"), ledger.LedgerFile(record=base, pending=ledger.Pending(next=nxt, write_ids=ids))
    )
    # Not applied: the old record stays.
    ledger.save(
        root,
        Path("/b"),
        ledger.LedgerFile(record=None, pending=ledger.Pending(next=nxt, write_ids=["prof_zzzzzzzz"])),
    )
    assert sorted(recover(root, lock_timeout=1)) == ["/a", "/a"]
    assert ledger.load(root, Path("/a")) == ledger.LedgerFile(record=nxt)
    assert ledger.load(root, Path("/b")) == ledger.LedgerFile(record=None)


def _open_fresh_ledger(root: Path) -> str:
    with ledger.Ledger(root) as book:
        book.has_pending()
    return "ok"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks the opening processes")
def test_processes_opening_a_fresh_ledger_at_once_all_succeed(tmp_path: Path) -> None:
    # Two batch runs started together on a new root: switching the new database to WAL and
    # creating its tables once raised "database is locked" at once in one of them (CI saw exit 5).
    outcomes = at_once(_open_fresh_ledger, [tmp_path / f"r{round_}" for round_ in range(25)])
    assert outcomes == ["ok"] * len(outcomes)


def test_a_pending_row_that_only_writes_new_ids_is_read_by_older_installs(tmp_path: Path) -> None:
    # aff02231's Pending (extra="forbid", fields next and write_ids): a row with any other key is
    # dropped whole by that code, which then redoes a transcript whose memories are written.
    from pydantic import BaseModel, ConfigDict

    class OldPending(BaseModel):
        model_config = ConfigDict(extra="forbid")
        next: ledger.LedgerRecord
        write_ids: list[str]

    root = tmp_path / "m"
    nxt = ledger.LedgerRecord(path="/a", sha256="new", size=2, last_line=4)
    ledger.save(root, Path("/a"), ledger.LedgerFile(pending=ledger.Pending(next=nxt, write_ids=["prof_x"])))
    archiving = ledger.Pending(next=nxt, write_ids=[], archive_ids=["prof_y"], updates={"p.md": "ab"})
    ledger.save(root, Path("/b"), ledger.LedgerFile(pending=archiving))
    db = sqlite3.connect(root / ledger.LEDGER_DIR / ledger.DB_NAME)
    try:
        rows = dict(db.execute("SELECT path, pending FROM transcripts").fetchall())
    finally:
        db.close()
    assert OldPending.model_validate_json(rows["/a"]) == OldPending(next=nxt, write_ids=["prof_x"])
    # The new keys are kept where they carry something, and the row reads back whole.
    assert ledger.load(root, Path("/b")).pending == archiving
