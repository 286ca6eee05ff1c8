"""The engine seam, planning once, and a run that costs what changed."""

from __future__ import annotations

import os
import pickle
import queue
from pathlib import Path

import pytest

from memscribe.batch.board import Board
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.engine import LocalEngine
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.seam import Engine, UnitConfig, UnitInput, UnitOutput
from memscribe.batch.settings import ModelFactory, ModelSettings
from memscribe.batch.task import run_unit
from memscribe.batch.view import Delta, MemoryState, MemView, Snapshot
from memscribe.model.embedded import EmbeddedModel
from tests.support.batch_corpus import make_corpus, memory_state


class ReverseEngine(Engine):
    """A minimal engine: units one at a time, the last submitted first (worst order for a commit)."""

    name = "reverse"

    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        self.board = Board(snapshot, look_ahead=False)  # one thread: nobody to wait for
        self.factory = model_factory
        self.waiting: list[UnitInput] = []
        self.ran: list[int] = []

    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        self.waiting.append(pickle.loads(pickle.dumps(unit)))  # as if shipped to a worker

    def results(self, timeout: float | None) -> list[UnitOutput]:
        if not self.waiting:
            return []
        unit = self.waiting.pop()
        self.ran.append(unit.rank)
        out = run_unit(unit, model=self.factory(), source=self.board)
        return [pickle.loads(pickle.dumps(out))]

    def expect(self, ranks: list[int]) -> None:
        self.board.expect(ranks)

    def withdraw(self, rank: int, *, again: bool) -> None:
        self.board.withdraw(rank, again=again)

    def advance(self, version: int, delta: Delta, rank: int | None) -> None:
        self.board.advance(version, delta, rank)

    def close(self) -> None:
        self.waiting.clear()


def test_any_engine_any_completion_order_gives_the_same_files(tmp_path: Path) -> None:
    paths = make_corpus(tmp_path / "t", 16)
    items = discover([str(tmp_path / "t")])
    engine = ReverseEngine()
    report = run_batch(items, BatchConfig(root=tmp_path / "m"), ModelSettings(), engine=engine)
    assert report.failed == 0, [t.error for t in report.transcripts if t.error]  # what failed, if it does
    assert engine.ran[0] == 15  # the last transcript was planned first
    for path in sorted(paths):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")


def test_local_engine_map_returns_every_unit(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 5)
    items = discover([str(tmp_path / "t")])
    engine = LocalEngine()
    engine.open(MemView(tmp_path / "m").snapshot(), EmbeddedModel, 2)
    config = UnitConfig(root=tmp_path / "m")
    units = [UnitInput(n, i.path, None, False, None, config) for n, i in enumerate(items)]
    outs = sorted(engine.map(units), key=lambda o: o.rank)
    assert [o.rank for o in outs] == [0, 1, 2, 3, 4]
    assert all(o.error is None and o.unit is not None for o in outs)
    assert outs[0].classified is not None and outs[0].classified.change == "new"


def test_model_settings_are_picklable_and_build_the_model() -> None:
    settings = pickle.loads(pickle.dumps(ModelSettings(None, mode="json")))
    assert isinstance(settings(), EmbeddedModel)


def test_each_transcript_is_planned_once_against_the_memory_at_its_commit(tmp_path: Path) -> None:
    """Repeated facts and supersessions: with look-ahead nothing is re-planned, same files."""
    make_corpus(tmp_path / "t", 60)
    items = discover([str(tmp_path / "t")])
    ahead = run_batch(items, BatchConfig(root=tmp_path / "ahead", concurrency=8), EmbeddedModel)
    behind = run_batch(
        items, BatchConfig(root=tmp_path / "behind", concurrency=8, look_ahead=False), EmbeddedModel
    )
    replanned = sum(1 for t in ahead.transcripts if t.replans)
    assert replanned <= 3  # only where a unit gave up waiting (a loaded machine)
    assert sum(1 for t in behind.transcripts if t.replans) > 10 * max(1, replanned)
    assert memory_state(tmp_path / "ahead") == memory_state(tmp_path / "behind")


def test_a_rerun_reads_only_the_transcripts_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = make_corpus(tmp_path / "t", 12)
    for path in paths:  # settled files: their mtime can be trusted
        os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    items = discover([str(tmp_path / "t")])
    run_batch(items, BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    for path in paths[3:5]:
        with path.open("a", encoding="utf-8") as f:
            f.write("User: I prefer green tea.\nAssistant: Noted.\n")
        os.utime(path, ns=(1_600_000_100_000_000_000, 1_600_000_100_000_000_000))
    read: list[str] = []
    real = Path.read_bytes

    def counting(self: Path) -> bytes:
        if self.parent == (tmp_path / "t").resolve():
            read.append(self.name)
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", counting)
    report = run_batch(items, BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    assert sorted(read) == ["session-003.txt", "session-004.txt"]
    assert report.processed == 2 and report.transcripts_skipped_by_reason == {"unchanged": 10}


def test_memory_state_syncs_only_when_another_writer_moved_a_folder(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 2)
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    state = MemoryState(MemView(tmp_path / "m"))
    scans: queue.SimpleQueue[int] = queue.SimpleQueue()
    real = state.view.snapshot

    def counted() -> Snapshot:
        scans.put(1)
        return real()

    state.view.snapshot = counted  # type: ignore[method-assign]
    assert not state.sync() and scans.empty()  # nothing moved: four stats, no scan
    (tmp_path / "t2").mkdir()
    (tmp_path / "t2" / "x.txt").write_text("User: I prefer oolong tea.\nAssistant: Noted.\n")
    run_batch(discover([str(tmp_path / "t2")]), BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    delta = state.sync()
    assert [e.body for e in delta.added] and not scans.empty()
    assert state.snapshot() == MemView(tmp_path / "m").snapshot()
    assert state.since(0).added.keys() == {e.id for e in delta.added}


def test_a_first_run_commits_once_its_index_is_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A first run builds its index beside the planning; a commit looks ids up in the index file
    # once it exists, so none may start while the index is half built (a slow disk, a busy box).
    import time

    import memscribe.batch.runner as runner

    events: list[str] = []
    build = MemView._build_index
    commit = runner.commit_group

    def slow_build(self: MemView) -> None:
        events.append("build")
        time.sleep(0.5)
        build(self)
        events.append("built")

    def recorded_commit(*args: object, **kwargs: object) -> object:
        events.append("commit")
        return commit(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(MemView, "_build_index", slow_build)
    monkeypatch.setattr(runner, "commit_group", recorded_commit)
    make_corpus(tmp_path / "t", 3)
    report = run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    assert report.failed == 0, [t.error for t in report.transcripts if t.error]
    assert events[:2] == ["build", "built"] and "commit" in events, events
