"""``memscribe edit`` whose editor leaves files in its temporary folder (``sed -i.bak`` leaves
``memory.md.bak``) and whose folder the disk will not remove: the edit's own outcome is reported
with a warning naming the leftover folder (at aff02231 and b013f8d9: a Python traceback and
exit 1 from ``TemporaryDirectory``'s clean-up)."""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.integration_support import invoke, root_with_memories

EDITORS = {
    "ttl": ("sed -i.bak s/^ttl:.one_year$/ttl:\\ one_week/", "ttl: one_week"),
    "body": ("sed -i.bak '$s/$/ (in every repository, always)/'", "(in every repository, always)"),
}


@pytest.mark.parametrize("edit", sorted(EDITORS))
def test_a_leftover_the_disk_keeps_is_a_warning_after_the_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: str
) -> None:
    root = root_with_memories(tmp_path / "root")
    entry = next(e for e in MemoryRoot(root).entries() if e.kind == "profile")
    editor, made = EDITORS[edit]
    monkeypatch.setenv("EDITOR", editor)
    monkeypatch.delenv("VISUAL", raising=False)
    _temporary_folders_under(tmp_path, monkeypatch)  # a failing run leaves no memory text in /tmp
    real = os.unlink

    def refused(path: Any, *args: Any, **kwargs: Any) -> None:
        if os.fsdecode(path).endswith(".bak"):
            raise OSError(errno.EIO, "Input/output error", os.fsdecode(path))
        real(path, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "unlink", refused)
        result = invoke(["edit", entry.id, "--memory-dir", str(root)])
    assert result.exception is None, result.exception
    assert result.exit_code == 0, result.output
    leftover = re.search(r"could not remove the temporary folder (\S+)", result.output)
    assert leftover is not None, result.output
    folder = Path(leftover.group(1))
    assert (folder / "memory.md.bak").is_file() and not (folder / "memory.md").exists()
    shutil.rmtree(folder)
    assert any(made in p.read_text(encoding="utf-8") for p in (root / ".reflexio" / "profiles").glob("*.md"))
    assert entry.id not in {e.id for e in MemoryRoot(root).entries()} or edit == "ttl"


def test_an_editor_leaving_a_backup_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = root_with_memories(tmp_path / "root")
    entry = next(e for e in MemoryRoot(root).entries() if e.kind == "profile")
    monkeypatch.setenv("EDITOR", EDITORS["ttl"][0])
    monkeypatch.delenv("VISUAL", raising=False)
    _temporary_folders_under(tmp_path, monkeypatch)
    result = invoke(["edit", entry.id, "--memory-dir", str(root)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["root"]


def test_a_folder_the_editor_made_read_only_is_still_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An editor (or a tool it runs) that leaves the folder read-only: the clean-up gives the owner
    # write permission back and removes the editor's copy (the memory's text), as aff02231's
    # TemporaryDirectory did; rmtree(ignore_errors=True) left memory.md behind (review RV7 F1).
    root = root_with_memories(tmp_path / "root")
    entry = next(e for e in MemoryRoot(root).entries() if e.kind == "profile")
    script = tmp_path / "editor.sh"
    script.write_text(
        '#!/bin/sh\nsed -i "s/^ttl: one_year$/ttl: one_week/" "$1" && chmod 500 "$(dirname "$1")"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    _temporary_folders_under(tmp_path, monkeypatch)
    real = os.unlink

    def as_owner(path: Any, *args: Any, dir_fd: int | None = None, **kwargs: Any) -> None:
        # root ignores the folder's mode: refuse as the disk refuses an ordinary user.
        folder = os.fstat(dir_fd) if dir_fd is not None else os.stat(os.path.dirname(os.fsdecode(path)))
        if not folder.st_mode & stat.S_IWUSR:
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
        real(path, *args, dir_fd=dir_fd, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "unlink", as_owner)
        result = invoke(["edit", entry.id, "--memory-dir", str(root)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["editor.sh", "root"]
    assert any(
        "ttl: one_week" in p.read_text(encoding="utf-8")
        for p in (root / ".reflexio" / "profiles").glob("*.md")
    )


def _temporary_folders_under(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)
