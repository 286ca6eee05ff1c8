"""``memscribe edit`` whose write fails (stop 47, HQ6 item 2): a read-only root or a full disk.
At 6366907c the store's error was turned into a refusal and the edit exited 2, the exit code of
a usage mistake ("the edit was not stored: cannot lock …"). Now it is the store error it is:
exit 5 (README, "Exit codes": the memory root cannot be written safely), one line naming the
cause, ``{"error": {"type": "StoreError", …}}`` under ``--json``, and no memory file touched."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.integration_support import invoke, root_with_memories

APPEND = "sed -i.bak '$s/$/ (in every repository, always)/'"


def _files(root: Path) -> dict[str, bytes]:
    """Every file of the root but the index (a cache the edit's lookup may build)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".index" not in p.parts
    }


def _read_only(root: Path) -> Callable[..., Any]:
    real = os.open

    def fake(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and str(root) in os.fsdecode(path):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))
        return real(path, flags, *args, **kwargs)

    return fake


def _disk_full(_root: Path) -> Callable[..., Any]:
    def fake(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return fake


@pytest.mark.parametrize(
    ("name", "broken", "cause"),
    [("open", _read_only, "read-only file system"), ("fsync", _disk_full, "no space left on device")],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_a_failed_write_is_a_store_error_and_writes_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    broken: Callable[[Path], Callable[..., Any]],
    cause: str,
    as_json: bool,
) -> None:
    root = root_with_memories(tmp_path)
    [memory_id] = [e.id for e in MemoryRoot(root).entries() if e.kind == "profile"][:1]
    monkeypatch.setenv("EDITOR", APPEND)
    monkeypatch.delenv("VISUAL", raising=False)
    before = _files(root)
    with monkeypatch.context() as patch:
        patch.setattr(os, name, broken(root))
        result = invoke(["edit", memory_id, "--memory-dir", str(root), *(["--json"] if as_json else [])])
    assert result.exit_code == 5, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    [line] = result.stderr.splitlines()
    assert line.startswith("memscribe: error: the edit could not be written: ") and cause in line
    if as_json:
        error = json.loads(result.stdout)["error"]
        assert error["type"] == "StoreError" and error["exit_code"] == 5
    assert _files(root) == before  # no memory, archive copy, journal or temp file written
    assert [e.id for e in MemoryRoot(root).entries() if e.kind == "profile"][:1] == [memory_id]


def test_a_full_disk_while_taking_the_lock_is_a_store_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write fails (the disk is full): the lock file's holder note cannot be written
    either. At 6366907c that OSError escaped the lock (exit 1, a traceback); the note is only
    informational, so the edit goes on and fails as a store error at its first real write."""
    root = root_with_memories(tmp_path)
    [memory_id] = [e.id for e in MemoryRoot(root).entries() if e.kind == "profile"][:1]
    monkeypatch.setenv("EDITOR", APPEND)
    monkeypatch.delenv("VISUAL", raising=False)
    before = _files(root)

    def full(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch:
        patch.setattr(os, "write", full)
        patch.setattr(os, "fsync", full)
        result = invoke(["edit", memory_id, "--memory-dir", str(root)])
    assert result.exit_code == 5, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    [line] = result.stderr.splitlines()
    assert "no space left on device" in line
    assert _files(root) == before
