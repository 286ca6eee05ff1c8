"""Group commit: one lock per run of ready plans, the in-memory snapshot, call slots in path order."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

import memscribe.batch.runner as runner
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, GroupCommit, MemView, OrderedSlots, Prepared, run_batch
from memscribe.model.embedded import EmbeddedModel
from tests.support.batch_corpus import make_corpus, memory_state


def test_group_snapshot_equals_a_rescan_and_result_equals_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After each group the snapshot built from the plans is exactly what a scan finds."""
    paths = make_corpus(tmp_path / "t", 24)  # preferences, moves that supersede, nothing-to-learn
    real = runner.commit_group
    groups: list[GroupCommit] = []

    def checked(group: Sequence[Prepared], ctx: runner.CommitContext) -> GroupCommit:
        done = real(group, ctx)
        assert done.error is None
        assert done.snapshot == MemView(ctx.root).snapshot()
        groups.append(done)
        return done

    monkeypatch.setattr(runner, "commit_group", checked)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=16), EmbeddedModel
    )
    assert report.failed == 0 and report.supersessions >= 1
    assert sum(len(g.outcomes) for g in groups) == report.processed + sum(
        t.replans for t in report.transcripts
    )
    for path in sorted(paths):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")


def test_a_group_stops_at_a_stale_plan_and_commits_the_rest_after_its_replan(tmp_path: Path) -> None:
    """s1 supersedes the stored Lisbon; s2 (Lisbon again, planned as its duplicate) is stale: it
    is re-planned and committed before s3, as one by one in path order."""
    folder = tmp_path / "t"
    folder.mkdir()
    texts = [
        "I live in Lisbon.",
        "I moved to Oslo last month.",
        "I moved to Lisbon last month.",
        "I prefer dark mode.",
    ]
    for n, text in enumerate(texts):
        (folder / f"s{n}.txt").write_text(f"User: {text}\nAssistant: Noted.\n", encoding="utf-8")
    first = WorkItem((folder / "s0.txt").resolve())
    for root in ("m", "seq"):
        run_batch([first], BatchConfig(root=tmp_path / root), EmbeddedModel)
    report = run_batch(  # planned against the committed memory only, so s2 goes stale
        discover([str(folder)]),
        BatchConfig(root=tmp_path / "m", concurrency=8, look_ahead=False),
        EmbeddedModel,
    )
    for path in sorted(folder.iterdir()):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert report.failed == 0 and sum(t.replans for t in report.transcripts) >= 1
    # s0 was done before: counted as unchanged, not listed
    assert report.transcripts_skipped_by_reason == {"unchanged": 1} and report.seen == 4
    assert [t.status for t in report.transcripts] == ["processed", "processed", "processed"]
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")


def test_call_slots_go_to_the_lowest_waiting_rank() -> None:
    slots = OrderedSlots(1)
    slots.acquire(0)
    order: list[int] = []

    def take(rank: int) -> None:
        slots.acquire(rank)
        order.append(rank)
        slots.release()

    threads = []
    for n, rank in enumerate((7, 3, 9, 1)):
        thread = threading.Thread(target=take, args=(rank,))
        thread.start()
        threads.append(thread)
        while len(slots._waiting) < n + 1:  # each waits before the next arrives
            time.sleep(0.001)
    slots.release()
    for thread in threads:
        thread.join(timeout=10)
    assert order == [1, 3, 7, 9]
    slots.acquire(5)  # the slot came back
    slots.release()
