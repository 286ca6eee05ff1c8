"""A plan rolled back after its first rename was refused says "nothing changed" only when the
roll-back removed everything it wrote (review RV2 F2 of 51e3ba1f). A removal the disk refuses
(the new memory, a version copy, a staged temp) keeps the journal open, the error says the
change is partly made, and the next run completes it: at 51e3ba1f the error said nothing
changed while a new memory stayed active, and no journal was left to finish or undo it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from memscribe.errors import NONE, PARTLY, StoreError
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan, recover_interrupted
from tests.stages.test_group_replace_fails import (
    CITY,
    JOB,
    NOW,
    _bodies,
    _commit,
    _files,
    _plan,
    _seed,
    _update,
    _write,
)


def _apply(root: Path) -> None:
    apply_plan(_plan(_write(), _update(JOB), _update(CITY)), root, now=NOW)


ACTIONS: dict[str, Callable[[Path], None]] = {"group": _commit, "apply": _apply}
#: Which removal of the roll-back the disk refuses.
KEPT: dict[str, Callable[[Path], bool]] = {
    "new memory": lambda p: p.name.startswith("tea-"),
    "version copy": lambda p: ".archive" in p.parts,
    "staged temp": lambda p: p.name.endswith(".tmp"),
    "nothing": lambda p: False,
}


def _refuse(monkeypatch: pytest.MonkeyPatch, kept: Callable[[Path], bool]) -> None:
    """The first os.replace refused (read-only), then os.unlink refused for ``kept`` paths."""
    replace, unlink = os.replace, os.unlink
    calls = [0]

    def refused_replace(src: str, dst: str, *args: object, **kwargs: object) -> None:
        calls[0] += 1
        if calls[0] == 1:
            raise OSError(30, "Read-only file system", dst)
        replace(src, dst)

    def refused_unlink(path: str, *args: object, **kwargs: object) -> None:
        if kept(Path(os.fsdecode(path))):
            raise OSError(30, "Read-only file system", path)
        unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "replace", refused_replace)
    monkeypatch.setattr(os, "unlink", refused_unlink)


@pytest.mark.parametrize("action", sorted(ACTIONS))
@pytest.mark.parametrize("kept", sorted(KEPT))
def test_the_error_says_what_the_roll_back_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, action: str, kept: str
) -> None:
    reference = tmp_path / "ref"
    _seed(reference)
    ACTIONS[action](reference)
    root = tmp_path / "root"
    _seed(root)
    before = _files(root)
    with monkeypatch.context() as patch:
        _refuse(patch, KEPT[kept])
        with pytest.raises(StoreError) as caught:
            ACTIONS[action](root)
    error = caught.value
    journals = MemoryRoot(root).pending_journals()
    if kept == "nothing":
        assert error.changed == NONE and str(error).endswith("; nothing changed")
        assert not journals and _files(root) == before
        return
    assert error.changed == PARTLY and "partly made" in str(error), str(error)
    assert journals, "the journal stays open: the next run completes the plan"
    recover_interrupted(root)
    assert not MemoryRoot(root).pending_journals()
    assert _bodies(root) == _bodies(reference)
    archived = [e.body for e in MemoryRoot(root).archived_entries()]
    assert sorted(archived) == sorted(e.body for e in MemoryRoot(reference).archived_entries())
