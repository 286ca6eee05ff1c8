"""A batch commit refused after a memory file changed ("partly made", "every change is made")
leaves its journal open and its ledger rows pending: the run completes that journal before its
next commit, and the rows are settled from the disk, never planned again (review RV2 F1 of
51e3ba1f: the rows were reset and the next run merged a transcript a second time)."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from memscribe.batch import ledger
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.store.root import MemoryRoot
from tests.system.test_batch_update import NOW, MergeModel, _said, _seed, _state

VALUES = [("bravo", "editing"), ("delta", "email"), ("zulu", "editing"), ("kilo", "chat")]


def _setup(tmp: Path) -> tuple[Path, Path]:
    root = tmp / "m"
    _seed(root, tmp / "seed")
    folder = tmp / "t"
    folder.mkdir()
    for n, (value, topic) in enumerate(VALUES, start=1):
        (folder / f"s-{n:03d}.txt").write_text(_said(value, topic), encoding="utf-8")
    return root, folder


def _refuse(monkeypatch: pytest.MonkeyPatch, name: str, k: int) -> list[int]:
    """``os.<name>`` refused (EIO) at its k-th call."""
    real = getattr(os, name)
    calls = [0]

    def refused(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == k:
            raise OSError(errno.EIO, "Input/output error", str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, refused)
    return calls


def _reference(tmp_path: Path) -> list[tuple[str, str]]:
    root, folder = _setup(tmp_path / "ref")
    assert (
        run_batch(discover([str(folder)]), BatchConfig(root=root, concurrency=1, now=NOW), MergeModel).failed
        == 0
    )
    return _state(root)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_a_refused_rename_then_a_second_run_equal_an_uninterrupted_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    reference = _reference(tmp_path)
    root, folder = _setup(tmp_path / "cut")
    with monkeypatch.context() as patch:
        calls = _refuse(patch, "rename", k)
        first = run_batch(discover([str(folder)]), BatchConfig(root=root, concurrency=1, now=NOW), MergeModel)
    assert calls[0] >= k
    assert any(t.error for t in first.transcripts), "the refusal is reported"
    second = run_batch(discover([str(folder)]), BatchConfig(root=root, concurrency=1, now=NOW), MergeModel)
    assert second.failed == 0, [t.error for t in second.transcripts if t.error]
    assert not MemoryRoot(root).pending_journals()
    assert _state(root) == reference


def test_a_merge_whose_journal_close_is_refused_is_settled_not_merged_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plan that only updates in place writes no new id: its row is settled from the file
    holding the update's text."""
    root = tmp_path / "m"
    _seed(root, tmp_path / "seed")
    one = tmp_path / "t" / "s-001.txt"
    one.parent.mkdir()
    one.write_text(_said("bravo"), encoding="utf-8")
    reference = tmp_path / "ref"
    shutil.copytree(root, reference)
    assert run_batch([WorkItem(one.resolve())], BatchConfig(root=reference, now=NOW), MergeModel).failed == 0
    with monkeypatch.context() as patch:
        _refuse(patch, "rename", 1)  # the journal's close
        first = run_batch([WorkItem(one.resolve())], BatchConfig(root=root, now=NOW), MergeModel)
    assert first.failed == 1 and "every change is made" in (first.transcripts[0].error or "")
    assert MemoryRoot(root).pending_journals()
    with ledger.Ledger(root, create=False) as book:
        row = book.load(one.resolve())
        assert row.pending is not None and row.pending.updates and not row.pending.write_ids
    second = run_batch([WorkItem(one.resolve())], BatchConfig(root=root, now=NOW), MergeModel)
    assert second.failed == 0 and second.processed == 0, [t.status for t in second.transcripts]
    assert _state(root) == _state(reference)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_a_transcript_whose_journal_this_run_completed_is_not_reported_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    # The run completes a journal an earlier commit left open before its next commit, and settles
    # that transcript's row as made: the report says so, and a re-run has nothing to do for it
    # (review RV6 F4 of db2e46b1: 'failed', exit 6, while the disk had every change).
    root, folder = _setup(tmp_path / "cut")
    with monkeypatch.context() as patch:
        _refuse(patch, "rename", k)
        first = run_batch(discover([str(folder)]), BatchConfig(root=root, concurrency=1, now=NOW), MergeModel)
    assert any(t.error for t in first.transcripts), "the refusal is reported"
    left_open = bool(MemoryRoot(root).pending_journals())
    second = run_batch(discover([str(folder)]), BatchConfig(root=root, concurrency=1, now=NOW), MergeModel)
    redone = {t.path for t in second.transcripts if t.status == "processed"}
    failed = {t.path for t in first.transcripts if t.status == "failed"}
    if not left_open:  # every journal of the run was completed by the run: a failure is work left
        assert failed <= redone, [(t.path, t.status, t.error) for t in first.transcripts]
    assert first.failed == len(failed) and first.processed + first.failed + first.skipped == first.seen
