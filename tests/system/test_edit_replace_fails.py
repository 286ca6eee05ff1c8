"""A write whose last steps fail (stop 48, HQ7 item 2): the rename of an updated memory over its
file (``os.replace``), or the removal of a superseded one. At 88edb493 ``memscribe edit`` exited
5 ("cannot replace …") but left the plan's journal open, and the next ``extract`` finished the
edit the user was told had failed. Now what the error says is what happens: before any memory
file was replaced or removed the plan is rolled back and the error says nothing changed (no
later run completes it); after one, the journal stays open and the error says the next
extract, apply or batch completes it (and it does)."""

from __future__ import annotations

import datetime as dt
import errno
import os
from pathlib import Path
from typing import Any

import pytest

from memscribe.errors import StoreError
from memscribe.kinds.profile import render_profile
from memscribe.schemas.plan import ArchiveOp, Plan, UpdateOp
from memscribe.store.files import archive_path, utc_stamp
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan, recover_interrupted
from tests.support.integration_support import invoke, root_with_memories

TTL_EDIT = "sed -i.bak s/^ttl:.one_year$/ttl:\\ one_week/"
BODY_EDIT = "sed -i.bak '$s/$/ (in every repository, always)/'"


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".index" not in p.parts
    }


def _failing(monkeypatch: pytest.MonkeyPatch, name: str, target: Path) -> None:
    """``os.<name>`` refuses ``target`` (an I/O error), as a failing disk would."""
    real = getattr(os, name)

    def fake(*args: Any, **kwargs: Any) -> Any:
        if any(isinstance(a, str | os.PathLike) and Path(os.fsdecode(a)) == target for a in args):
            raise OSError(errno.EIO, os.strerror(errno.EIO), os.fsdecode(target))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, fake)


@pytest.mark.parametrize(
    ("editor", "name"), [(TTL_EDIT, "replace"), (BODY_EDIT, "unlink")], ids=["ttl", "body"]
)
def test_an_edit_said_not_written_is_never_completed_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, editor: str, name: str
) -> None:
    root = root_with_memories(tmp_path)
    [entry] = [e for e in MemoryRoot(root).entries() if e.kind == "profile"][:1]
    monkeypatch.setenv("EDITOR", editor)
    monkeypatch.delenv("VISUAL", raising=False)
    before = _files(root)
    with monkeypatch.context() as patch:
        _failing(patch, name, root / entry.path)
        result = invoke(["edit", entry.id, "--memory-dir", str(root)])
    assert result.exit_code == 5, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("memscribe: error: the edit could not be written: cannot ")
    assert line.endswith("Input/output error; nothing changed"), line
    assert _files(root) == before  # no journal left open, no archive copy, no temp or new file
    assert recover_interrupted(root) == []
    again = invoke(["extract", str(tmp_path / "missing.jsonl"), "--memory-dir", str(root)])
    assert again.exit_code != 0  # no transcript: only its start-up recovery ran
    assert _files(root) == before
    assert [e.id for e in MemoryRoot(root).entries() if e.kind == "profile"] == [entry.id]


def test_a_plan_cut_short_after_a_replacement_says_it_is_completed_and_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = root_with_memories(tmp_path)
    entries = MemoryRoot(root).entries()
    [profile] = [e for e in entries if e.kind == "profile"]
    [playbook] = [e for e in entries if e.kind == "playbook"]
    now = dt.datetime.now(dt.UTC)
    text = render_profile(
        id=profile.id,
        created=dt.datetime.fromisoformat(profile.created),
        ttl="one_week",
        body=profile.body,
        supersedes=profile.supersedes,
        namespace=profile.namespace,
        updated=now,
    )
    update = UpdateOp(
        kind="profile",
        id=profile.id,
        slug=profile.slug,
        path=profile.path,
        text=text,
        body=profile.body,
        previous_body=profile.body,
        archive_path=archive_path(profile.path),
        ttl="one_week",
        evidence=[],
        reason="ttl",
    )
    archive = ArchiveOp(
        kind="playbook",
        id=playbook.id,
        path=playbook.path,
        archive_path=archive_path(playbook.path),
        reason="x",
    )
    plan = Plan(
        transcript="t", format="store", model="none", created=utc_stamp(now), operations=[update, archive]
    )
    with monkeypatch.context() as patch:
        _failing(patch, "unlink", root / playbook.path)
        with pytest.raises(StoreError) as caught:
            apply_plan(plan, root)
    assert "Input/output error; the change is partly made and is completed by the next extract" in str(
        caught.value
    )
    assert (root / profile.path).read_text(encoding="utf-8") == text  # published before the failure
    assert (root / playbook.path).is_file()  # its archive copy taken back: not half archived
    assert not list((root / ".reflexio" / ".archive" / "playbooks").glob("*.md"))
    assert len(MemoryRoot(root).pending_journals()) == 1
    assert len(recover_interrupted(root)) == 1
    assert not (root / playbook.path).exists()
    assert [e.id for e in MemoryRoot(root).archived_entries() if e.kind == "playbook"] == [playbook.id]
    assert (root / profile.path).read_text(encoding="utf-8") == text
