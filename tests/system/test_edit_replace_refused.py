"""``memscribe edit`` of a TTL (an update in place) whose final rename over the memory file is
refused: the command fails and nothing changes, now or later (brief HQ8 item 6; the note of
stop 48: at aff02231 the journal stayed open, so the next extract, apply or batch rolled
forward the edit the user had been told failed, exit 5). The rename is the first step that
touches a memory file, so the edit is rolled back whole, its version copy with it (the memory
file still holds that text: checked), journal included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import recover_interrupted
from tests.support.integration_support import invoke, root_with_memories


def test_a_refused_rename_changes_nothing_now_or_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = root_with_memories(tmp_path)
    entry = next(e for e in MemoryRoot(root).entries() if e.kind == "profile")
    target = root / entry.path
    before = target.read_text(encoding="utf-8")
    archived = sorted((root / ".reflexio" / ".archive").rglob("*.md"))
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^ttl:.one_year$/ttl:\\ one_week/")
    monkeypatch.delenv("VISUAL", raising=False)
    real = os.replace

    def refused(
        src: str | os.PathLike[str], dst: str | os.PathLike[str], *args: object, **kwargs: object
    ) -> None:
        if Path(os.fsdecode(dst)) == target:
            raise PermissionError(13, "Permission denied", os.fsdecode(dst))
        real(src, dst)

    monkeypatch.setattr(os, "replace", refused)
    result = invoke(["edit", entry.id, "--memory-dir", str(root)])
    monkeypatch.setattr(os, "replace", real)
    assert result.exit_code == 5, result.output
    assert "nothing changed" in result.output
    assert MemoryRoot(root).pending_journals() == []  # no later run completes it
    assert recover_interrupted(root) == []
    assert target.read_text(encoding="utf-8") == before
    assert sorted((root / ".reflexio" / ".archive").rglob("*.md")) == archived  # no version copy left
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]  # no staged temp left
