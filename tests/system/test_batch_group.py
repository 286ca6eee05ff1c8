"""Group commit: one lock per run of ready plans, the in-memory snapshot, call slots in path order."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

import memscribe.batch.runner as runner
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, GroupCommit, MemView, OrderedSlots, Prepared, run_batch
from memscribe.batch.view import MemoryState
from memscribe.errors import StoreError
from memscribe.index import open_index
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.filestore import FileMemoryStore
from memscribe.store.group import GroupWriter
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan
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


def test_a_batch_run_parses_each_text_it_writes_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan's delta, the writer's check that a text parses back to its op and the index all
    read one parse of a written text (the same text and path give the same entry)."""
    import memscribe.kinds.parse as parse

    parsed: Counter[str] = Counter()
    real = parse.split_frontmatter

    def counted(text: str, path: str) -> tuple[dict[str, str], str]:
        parsed[text] += 1
        return real(text, path)

    monkeypatch.setattr(parse, "split_frontmatter", counted)
    make_corpus(tmp_path / "t", 24)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=16), EmbeddedModel
    )
    written = sorted((tmp_path / "m" / ".reflexio").glob("*/*.md"))
    assert report.failed == 0 and len(written) >= 5
    assert {f.name: parsed[f.read_text(encoding="utf-8")] for f in written} == {f.name: 1 for f in written}


def test_the_group_looks_ids_up_in_the_run_memory_synced_under_the_lock(tmp_path: Path) -> None:
    """Ids another writer put in the root since the run's memory was read are seen once it is
    synced under the lock (its folders' mtimes moved): a plan writing one is refused; an id the
    run knows as active may still be superseded."""
    from tests.stages.test_apply import archive_op, plan, write_op

    root = tmp_path / "m"
    stored = write_op("profile", "stored", "prof_aaaaaaaa")
    apply_plan(plan(stored), root)
    open_index(root).close()
    memory = MemoryState(MemView(root))
    apply_plan(plan(write_op("profile", "theirs", "prof_tttttttt")), root)  # another writer
    hand = write_op("profile", "hand", "prof_hhhhhhhh")
    (root / ".reflexio/profiles/my-notes.md").write_text(hand.text, encoding="utf-8")  # named otherwise
    with FileMemoryStore(root).lock(timeout=5):
        memory.sync()
        writer = GroupWriter(MemoryRoot(root), known=memory)
        for taken in ("prof_tttttttt", "prof_hhhhhhhh", "prof_aaaaaaaa"):
            with pytest.raises(StoreError, match="already in use"):
                writer.add(plan(write_op("profile", "again", taken)))
        fresh = write_op("profile", "fresh", "prof_ffffffff", supersedes=("prof_aaaaaaaa",))
        writer.add(plan(fresh, archive_op("profile", stored.path, stored.id, fresh.id)))
        writer.commit()
    assert MemView(root).snapshot().ids == {"prof_tttttttt", "prof_hhhhhhhh", "prof_ffffffff"}
