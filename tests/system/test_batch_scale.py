"""The batch job's cost follows the change, not the history: what a run over many transcripts of
which few changed does with the unchanged ones (no unit, no Path, no report entry)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from memscribe.batch import ledger
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.seam import Engine, UnitInput, UnitOutput
from memscribe.batch.settings import ModelFactory
from memscribe.batch.view import Delta, Snapshot
from tests.support.batch_corpus import CountingModel, make_corpus

OLD_NS = 1_600_000_000_000_000_000


class NoEngine(Engine):
    """Fails the test if the run hands it anything: every transcript should be settled before."""

    name = "none"

    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        raise AssertionError("an engine was started for a run with nothing to plan")

    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        raise AssertionError(f"unit submitted: {unit.path}")

    def results(self, timeout: float | None) -> list[UnitOutput]:
        return []

    def expect(self, ranks: list[int]) -> None: ...

    def withdraw(self, rank: int, *, again: bool) -> None: ...

    def advance(self, version: int, delta: Delta, rank: int | None) -> None: ...

    def close(self) -> None: ...


@pytest.fixture(autouse=True)
def _reset_counter() -> None:
    CountingModel.calls = 0


def test_touched_but_identical_transcripts_are_settled_without_a_unit(tmp_path: Path) -> None:
    paths = make_corpus(tmp_path / "t", 6)
    root = tmp_path / "m"
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=root), CountingModel)
    for n, path in enumerate(sorted(paths)):  # same bytes, new (settled) mtimes
        os.utime(path, ns=(OLD_NS + n, OLD_NS + n))
    CountingModel.calls = 0
    again = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=root), CountingModel, engine=NoEngine()
    )
    assert (again.seen, again.processed, again.failed) == (6, 0, 0)
    assert again.transcripts_skipped_by_reason == {"unchanged": 6}
    assert again.transcripts == []  # unchanged ones are counted, not listed
    assert CountingModel.calls == 0
    with ledger.Ledger(root) as book:  # the settled mtime is recorded: next time a stat suffices
        recorded = book.stats([str(p.resolve()) for p in paths])
    assert {recorded[str(p.resolve())] for p in paths} == {
        (p.stat().st_size, OLD_NS + n) for n, p in enumerate(sorted(paths))
    }


def test_a_dry_run_records_nothing_for_touched_transcripts(tmp_path: Path) -> None:
    paths = make_corpus(tmp_path / "t", 2)
    root = tmp_path / "m"
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=root), CountingModel)
    with ledger.Ledger(root) as book:
        before = book.stats([str(p.resolve()) for p in paths])
    for path in paths:
        os.utime(path, ns=(OLD_NS, OLD_NS))
    dry = run_batch(
        discover([str(tmp_path / "t")]),
        BatchConfig(root=root, dry_run=True),
        CountingModel,
        engine=NoEngine(),
    )
    assert dry.transcripts_skipped_by_reason == {"unchanged": 2}
    with ledger.Ledger(root) as book:
        assert book.stats([str(p.resolve()) for p in paths]) == before


def test_a_changed_transcript_among_unchanged_ones_is_the_only_one_listed(tmp_path: Path) -> None:
    paths = sorted(make_corpus(tmp_path / "t", 8))
    root = tmp_path / "m"
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=root), CountingModel)
    with paths[3].open("a", encoding="utf-8") as f:
        f.write("User: I prefer green tea.\nAssistant: Noted.\n")
    report = run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=root), CountingModel)
    assert report.seen == 8 and report.transcripts_skipped_by_reason == {"unchanged": 7}
    assert [Path(t.path).name for t in report.transcripts] == [paths[3].name]
    assert report.transcripts[0].change == "appended"


def test_discovery_walks_in_path_order_without_sorting_everything(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    names = ["a-b.txt", "a/b.txt", "a/a/z.jsonl", "a.txt", "b/.hidden.txt", "b/x.json", "ab.txt", "a/c.md"]
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("User: hi\n", encoding="utf-8")
    found = discover([str(folder)])
    expected = sorted(
        (folder / n).resolve() for n in names if n.endswith((".txt", ".json", ".jsonl")) and "/." not in n
    )
    assert [item.path for item in found] == expected
    assert found == sorted(found) and all(isinstance(item, WorkItem) for item in found)
    # A symlinked file is resolved to its target (and a target named twice is one item).
    (folder / "b" / "link.txt").symlink_to(folder / "a.txt")
    again = discover([str(folder)])
    assert [item.path for item in again] == expected


def test_detection_reads_the_memory_as_the_run_found_it_and_dedup_the_memory_at_commit() -> None:
    """Detection's stored topics never wait for earlier plans (so the detection of every
    transcript runs at once); dedup's shortlist is the memory as it will be at this commit."""
    import datetime as dt

    from memscribe.batch.board import Board, LazySnapshot
    from memscribe.batch.unit import PlanningView
    from memscribe.store.files import memory_path, parse_memory_file, render_profile

    def entry(mem_id: str, slug: str, body: str, namespace: str | None = None) -> Any:
        text = render_profile(
            id=mem_id,
            created=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
            ttl="infinity",
            body=body,
            namespace=namespace,
        )
        return parse_memory_file(text, memory_path("profile", slug, mem_id))

    stored = entry("prof_tea00001", "drink", "User drinks green tea.")
    other = entry("prof_oth00001", "drink", "User drinks coffee.", namespace="researcher")
    board = Board(Snapshot(entries=(stored, other), taken_ids=frozenset({stored.id, other.id})), wait_s=60)
    board.expect([0, 1])
    lazy = LazySnapshot(board, 1)
    view = PlanningView(lazy.start_entries, lambda: lazy.entries, "default", "default")
    assert [e.id for e in view.entries()] == [stored.id]  # scoped; rank 0 has not published
    assert lazy.base is None  # nothing fetched: no wait
    added = entry("prof_tea00002", "drink", "User drinks black tea now.")
    board.publish(0, Delta(added=(added,)))
    ids = [s.id for s in view.shortlist("profile", "drink", "User drinks oolong tea.")]
    assert set(ids) == {stored.id, added.id}  # the memory as at commit, in scope
    assert lazy.base is not None and lazy.base.added_ids == frozenset({added.id})
    assert [e.id for e in view.entries()] == [stored.id]  # topics stay as the run found them


def test_the_run_memory_comes_from_the_index_and_equals_the_files(tmp_path: Path) -> None:
    from memscribe.batch.view import MemView
    from memscribe.index.db import index_path

    make_corpus(tmp_path / "t", 10)
    root = tmp_path / "m"
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=root), CountingModel)
    assert index_path(root).is_file()  # the run built it (derived data; later runs refresh it)
    from_index = MemView(root).snapshot()
    index_path(root).unlink()
    dry = MemView(root, persist=False)
    from_files = dry.snapshot()
    assert not index_path(root).exists()  # a dry run creates no index
    assert from_index == from_files and len(from_files.entries) >= 8
    assert from_files.taken_ids > {e.id for e in from_files.entries}  # archived ids count as taken
