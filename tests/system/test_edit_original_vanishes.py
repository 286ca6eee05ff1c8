"""A body edit whose original file is removed by someone else just before memscribe removes it
(a sync tool; the store's lock keeps out only memscribe): the memory's text is not lost (review RV2
F1 of d5aebabc, which was taken back: it deleted the archive copy and rolled the new version back,
leaving the memory nowhere)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import recover_interrupted
from tests.support.integration_support import invoke, root_with_memories


def test_the_memory_is_still_somewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = root_with_memories(tmp_path)
    entry = next(e for e in MemoryRoot(root).entries() if e.kind == "profile")
    target = root / entry.path
    monkeypatch.setenv("EDITOR", "sed -i.bak '$s/$/ (in every repository, always)/'")
    real = os.unlink

    def vanished(path: str | os.PathLike[str], *args: object, **kwargs: object) -> None:
        if Path(os.fsdecode(path)) == target:
            real(path)
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), os.fsdecode(path))
        real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", vanished)
    invoke(["edit", entry.id, "--memory-dir", str(root)])
    monkeypatch.setattr(os, "unlink", real)
    recover_interrupted(root)
    holding = [p for p in root.rglob("*.md") if entry.body[:40] in p.read_text(errors="replace")]
    assert holding, "the memory's text is gone from the root"
