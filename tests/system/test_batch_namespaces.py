"""Plans of different namespaces do not wait for each other (dedup never compares across them),
and the result is still that of one transcript at a time in path order."""

from __future__ import annotations

import threading
from pathlib import Path

from memscribe.batch.board import Board
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.view import Delta, Snapshot
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import make_corpus, memory_state


def _fetch_in_thread(board: Board, rank: int, namespace: str) -> threading.Thread:
    thread = threading.Thread(target=board.fetch, args=(rank, (namespace, "default")), daemon=True)
    thread.start()
    return thread


def test_a_fetch_waits_only_for_earlier_ranks_that_may_write_its_namespace() -> None:
    board = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    board.expect([0, 1, 2, 3])
    board.declare(0, "alpha")
    board.declare(1, "beta")
    other = _fetch_in_thread(board, 1, "beta")  # rank 0 writes alpha only: no wait
    other.join(timeout=30)
    assert not other.is_alive()
    board.declare(2, "alpha")
    same = _fetch_in_thread(board, 2, "alpha")  # rank 0 may write alpha: waits for it
    board.declare(3, "beta")
    same.join(timeout=0.2)
    assert same.is_alive()
    board.publish(0, Delta())
    same.join(timeout=30)
    assert not same.is_alive()
    board2 = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    board2.expect([0, 1])
    undeclared = _fetch_in_thread(board2, 1, "beta")  # rank 0 has not read its transcript yet
    undeclared.join(timeout=0.2)
    assert undeclared.is_alive()
    board2.declare(0, "alpha")
    undeclared.join(timeout=30)
    assert not undeclared.is_alive()


def test_two_agents_same_facts_planned_apart_equal_one_by_one(tmp_path: Path) -> None:
    """Two agents' sessions (OpenClaw layout: one namespace each) with the same facts, interleaved
    in path order: no re-plan, and the files of one transcript at a time."""
    for agent in ("alpha", "beta"):
        make_corpus(tmp_path / "state" / "agents" / agent / "sessions", 12)
    items = discover([str(tmp_path / "state")])
    assert {i.path.parts[-3] for i in items} == {"alpha", "beta"}
    report = run_batch(items, BatchConfig(root=tmp_path / "m", concurrency=8), EmbeddedModel)
    assert report.failed == 0 and sum(t.replans for t in report.transcripts) == 0
    assert {t.namespace for t in report.transcripts} == {"alpha", "beta"}
    for item in items:
        run_batch([WorkItem(item.path)], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")
    namespaces = {e.namespace for e in MemoryRoot(tmp_path / "m").entries()}
    assert namespaces == {"alpha", "beta"}
