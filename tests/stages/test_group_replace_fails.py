"""A group commit (the batch job's flush) whose rename of a staged text over its memory file is
refused: what the error says and what the journal does agree (review RV2 F4, stop 48). At
aff02231 the error was a plain "cannot replace" and the journal stayed open in every case, so
the next run rolled forward a group the batch had reported failed (and re-planned).

- The first rename refused, the memory files as validated: the group is rolled back (its new
  files, staged texts, version copies, journal) and the error says nothing changed.
- Refused after a memory file was replaced, or with a file changed by another program
  meanwhile: the journal stays open, the error names it and says the next run completes the
  group, and it does, with every text kept.
- The journal's close refused: every change is made, and the error says so."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from memscribe.errors import StoreError
from memscribe.kinds.layout import archive_path, memory_path
from memscribe.kinds.profile import render_profile
from memscribe.schemas.plan import Plan, UpdateOp, WriteOp
from memscribe.store.group import GroupWriter
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import recover_interrupted

BORN = dt.datetime(2025, 3, 1, 8, 0, tzinfo=dt.UTC)
NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
JOB, CITY, TEA = "prof_oldphys1", "prof_oldcity1", "prof_newtea01"
STORED = {JOB: ("job", "User is a physiotherapist."), CITY: ("home-city", "User lives in Porto.")}
UPDATED = {JOB: "User is a physiotherapist who treats runners.", CITY: "User lives in Porto, by the river."}


def _seed(root: Path) -> None:
    for mem_id, (slug, body) in STORED.items():
        path = root / memory_path("profile", slug, mem_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_profile(id=mem_id, created=BORN, ttl="one_year", body=body), encoding="utf-8")


def _update(mem_id: str) -> UpdateOp:
    slug, previous = STORED[mem_id]
    path = memory_path("profile", slug, mem_id)
    body = UPDATED[mem_id]
    return UpdateOp(
        kind="profile",
        id=mem_id,
        slug=slug,
        path=path,
        text=render_profile(id=mem_id, created=BORN, ttl="one_year", body=body, updated=NOW),
        body=body,
        previous_body=previous,
        archive_path=archive_path(path),
        ttl="one_year",
        evidence=[0],
        reason="merge: restatement plus a detail",
    )


def _write() -> WriteOp:
    body = "User drinks green tea every morning."
    return WriteOp(
        kind="profile",
        id=TEA,
        slug="tea",
        path=memory_path("profile", "tea", TEA),
        text=render_profile(id=TEA, created=NOW, ttl="one_year", body=body),
        body=body,
        evidence=[0],
    )


def _plan(*ops: UpdateOp | WriteOp) -> Plan:
    return Plan(
        transcript="t", format="claude", model="fake", created="2026-11-30T12:00:00Z", operations=list(ops)
    )


def _files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock" and ".index" not in p.parts and p.name != "changes.log"
    }


def _commit(root: Path) -> None:
    """One group: a new memory, then an update in place of JOB, then of CITY."""
    memory = MemoryRoot(root)
    with memory.lock():
        writer = GroupWriter(memory, now=NOW)
        writer.add(_plan(_write()))
        writer.add(_plan(_update(JOB)))
        writer.add(_plan(_update(CITY)))
        writer.commit()


def _refuse(monkeypatch: pytest.MonkeyPatch, name: str, target: Path, meanwhile: str | None = None) -> None:
    """``os.<name>`` refused (EACCES) for ``target`` alone; ``meanwhile``: the text another
    program writes into it just before."""
    real = getattr(os, name)

    def refused(
        src: str | os.PathLike[str], dst: str | os.PathLike[str], *args: object, **kwargs: object
    ) -> None:
        if Path(os.fsdecode(dst)) == target or Path(os.fsdecode(src)) == target:
            if meanwhile is not None:
                target.write_text(meanwhile, encoding="utf-8")
            raise PermissionError(13, "Permission denied", os.fsdecode(dst))
        real(src, dst)

    monkeypatch.setattr(os, name, refused)


def _bodies(root: Path) -> tuple[set[str], set[str]]:
    memory = MemoryRoot(root)
    return {e.body for e in memory.entries()}, {e.body for e in memory.archived_entries()}


def test_the_first_rename_refused_rolls_the_group_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seed(tmp_path)
    before = _files(tmp_path)
    _refuse(monkeypatch, "replace", tmp_path / _update(JOB).path)
    with pytest.raises(StoreError, match=r"cannot replace .*; nothing changed$"):
        _commit(tmp_path)
    monkeypatch.undo()
    assert _files(tmp_path) == before  # no new file, no version copy, no temp, no journal
    assert MemoryRoot(tmp_path).pending_journals() == []
    assert recover_interrupted(tmp_path) == []  # nothing for a later run to complete
    assert _files(tmp_path) == before


def test_a_rename_refused_after_one_leaves_the_journal_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seed(tmp_path)
    _refuse(monkeypatch, "replace", tmp_path / _update(CITY).path)
    with pytest.raises(StoreError, match=r"partly made and is completed by the next .* \(journal .*\)$"):
        _commit(tmp_path)
    monkeypatch.undo()
    assert len(MemoryRoot(tmp_path).pending_journals()) == 1
    assert recover_interrupted(tmp_path)
    active, archived = _bodies(tmp_path)
    assert active == {*UPDATED.values(), _write().body}
    assert archived == {body for _, body in STORED.values()}  # each previous version kept, once
    assert MemoryRoot(tmp_path).pending_journals() == []


def test_a_file_changed_meanwhile_is_never_rolled_back_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program rewrote JOB's file before the refused rename: its version copy (the text
    memscribe validated) is the only copy of that text left, so the group is not rolled back."""
    _seed(tmp_path)
    target = tmp_path / _update(JOB).path
    theirs = render_profile(id=JOB, created=BORN, ttl="one_year", body="User is a physiotherapist in Porto.")
    _refuse(monkeypatch, "replace", target, meanwhile=theirs)
    with pytest.raises(StoreError, match=r"partly made .* \(journal .*\)$"):
        _commit(tmp_path)
    monkeypatch.undo()
    assert STORED[JOB][1] in _bodies(tmp_path)[1]  # the validated text, archived, not deleted
    assert target.read_text(encoding="utf-8") == theirs
    recover_interrupted(tmp_path)
    active, archived = _bodies(tmp_path)
    assert {STORED[JOB][1], "User is a physiotherapist in Porto."} <= archived | active
    assert MemoryRoot(tmp_path).pending_journals() == []


def test_a_refused_journal_close_says_every_change_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seed(tmp_path)
    journals = tmp_path / ".reflexio" / ".journal"
    real = os.rename

    def refused(
        src: str | os.PathLike[str], dst: str | os.PathLike[str], *args: object, **kwargs: object
    ) -> None:
        if Path(os.fsdecode(src)).parent == journals:
            raise PermissionError(13, "Permission denied", os.fsdecode(src))
        real(src, dst)

    monkeypatch.setattr(os, "rename", refused)
    with pytest.raises(StoreError, match="every change is made"):
        _commit(tmp_path)
    monkeypatch.undo()
    assert _bodies(tmp_path)[0] == {*UPDATED.values(), _write().body}
    assert recover_interrupted(tmp_path)
    assert _bodies(tmp_path) == ({*UPDATED.values(), _write().body}, {b for _, b in STORED.values()})
