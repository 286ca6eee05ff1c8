"""The ledger and the recovery of interrupted commits."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memscribe.batch import ledger
from memscribe.batch.runner import recover
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.stages.apply import recover_interrupted
from memscribe.store.atomic import write_new_file
from memscribe.store.root import JOURNAL_DIR, MemoryRoot
from tests.support.batch_corpus import make_corpus


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
    ledger.ledger_path(tmp_path, Path("/t.txt")).write_text("{not json", encoding="utf-8")
    assert ledger.load(tmp_path, Path("/t.txt")).record is None  # redone, never trusted


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
