"""Dedup reads wait only for earlier plans whose candidates could enter the shortlist; every read
is checked against the exact memory before the plan is used."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path
from typing import Any

import pytest

from memscribe.batch.board import Board
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.speculate import Speculation
from memscribe.batch.view import Delta, Snapshot
from memscribe.model.embedded import EmbeddedModel
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.requests import ShortlistItem
from memscribe.store.files import memory_path, parse_memory_file, render_profile
from tests.support.batch_corpus import make_corpus, memory_state

SCOPE = ("default", "default")


def _entry(mem_id: str, slug: str, body: str) -> MemoryEntry:
    text = render_profile(
        id=mem_id, created=dt.datetime(2026, 1, 1, tzinfo=dt.UTC), ttl="infinity", body=body
    )
    return parse_memory_file(text, memory_path("profile", slug, mem_id))


def _scoped(entries: Any) -> list[MemoryEntry]:
    return list(entries)


def _query(spec: Speculation, out: list[list[ShortlistItem]]) -> threading.Thread:
    thread = threading.Thread(
        target=lambda: out.append(spec.shortlist("profile", "drink", "User drinks green tea.", _scoped)),
        daemon=True,
    )
    thread.start()
    return thread


def test_an_unrelated_earlier_candidate_is_not_waited_for_and_the_read_is_checked() -> None:
    stored = _entry("prof_tea00001", "drink", "User drinks green tea in the morning.")
    board = Board(Snapshot(entries=(stored,), taken_ids=frozenset({stored.id})), wait_s=60)
    board.expect([0, 1])
    board.declare_candidates(0, [("profile", "keyboard-layout", "User types on a Dvorak keyboard layout.")])
    spec = Speculation(board, 1, SCOPE, lambda: [("profile", "drink", "User drinks green tea.")])
    out: list[list[ShortlistItem]] = []
    thread = _query(spec, out)
    thread.join(timeout=30)
    assert not thread.is_alive() and [s.id for s in out[0]] == [stored.id]  # no wait for rank 0
    assert spec.holds([stored], frozenset(), [])
    # Rank 0 did something its candidates did not say (a supersession): the read no longer holds.
    board.publish(0, Delta(removed_paths=(stored.path,), removed_ids=frozenset({stored.id})))
    assert not spec.holds([], frozenset(), [])
    assert not spec.holds([stored], frozenset({"prof_new00001"}), ["prof_new00001"])  # id taken meanwhile


def test_a_related_earlier_candidate_is_waited_for() -> None:
    board = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    board.expect([0, 1])
    board.declare_candidates(0, [("profile", "drink", "User drinks black tea.")])
    spec = Speculation(board, 1, SCOPE, lambda: [])
    out: list[list[ShortlistItem]] = []
    thread = _query(spec, out)
    thread.join(timeout=0.3)
    assert thread.is_alive()  # rank 0 may write an entry on this shortlist
    written = _entry("prof_tea00002", "drink", "User drinks black tea.")
    board.publish_tentative(0, Delta(added=(written,)))  # before its own check: enough to read
    thread.join(timeout=30)
    assert not thread.is_alive() and [s.id for s in out[0]] == [written.id]
    assert spec.holds([written], frozenset({written.id}), [])


def test_an_earlier_rank_still_detecting_is_waited_for() -> None:
    board = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    board.expect([0, 1])
    spec = Speculation(board, 1, SCOPE, lambda: [])
    out: list[list[ShortlistItem]] = []
    thread = _query(spec, out)
    thread.join(timeout=0.3)
    assert thread.is_alive()
    board.declare_candidates(0, [])
    thread.join(timeout=30)
    assert not thread.is_alive() and out == [[]]


def test_reads_that_do_not_hold_are_planned_again_with_the_same_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every speculative read refused at the check: each such plan is made again against the exact
    memory, and the run still writes what one transcript at a time writes."""
    paths = make_corpus(tmp_path / "t", 24)
    refused: list[int] = []

    def never(self: Speculation, *args: object) -> bool:
        refused.append(self._rank)
        return False

    monkeypatch.setattr(Speculation, "holds", never)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=8), EmbeddedModel
    )
    assert report.failed == 0 and refused
    monkeypatch.undo()
    for path in sorted(paths):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")


def test_each_pair_is_scored_once_per_unit_and_the_shortlist_is_the_fresh_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from memscribe import relatedness
    from memscribe.batch import speculate

    stored = [
        _entry("prof_tea00001", "drink", "User drinks green tea in the morning."),
        _entry("prof_kbd00001", "keyboard", "User types on a Dvorak keyboard layout."),
        _entry("prof_tea00002", "tea-brand", "User buys loose-leaf green tea from one shop."),
    ]
    board = Board(Snapshot(entries=tuple(stored), taken_ids=frozenset(e.id for e in stored)), wait_s=60)
    board.expect([0, 1])
    board.declare_candidates(0, [("profile", "drink-time", "User drinks tea after lunch.")])
    asked: list[tuple[str, ...]] = []
    original = relatedness.scores

    def counted(text: str, others: Any) -> list[float]:
        asked.extend((text, o) for o in others)
        return original(text, others)

    monkeypatch.setattr(speculate, "scores", counted)
    monkeypatch.setattr(relatedness, "scores", counted)  # the shortlist's own scoring too
    spec = Speculation(board, 1, SCOPE, lambda: [("profile", "drink", "User drinks green tea.")])
    out: list[list[ShortlistItem]] = []
    _query(spec, out)
    board.publish(0, Delta())  # rank 0 wrote nothing: the wait ends
    deadline = threading.Event()
    for _ in range(300):
        if out:
            break
        deadline.wait(0.1)
    assert spec.holds(stored, frozenset(), [])
    assert len(asked) == len(set(asked))  # waits, shortlist and check: no pair scored twice
    monkeypatch.setattr(relatedness, "scores", original)
    assert out and out[0] == relatedness.shortlist("profile", "drink", "User drinks green tea.", stored)


def test_a_waiting_unit_is_woken_by_an_earlier_rank_not_by_a_later_one() -> None:
    board = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    board.expect([0, 1, 2])
    peek = board.peek(1, SCOPE)
    woke: list[bool] = []
    waiter = threading.Thread(
        target=lambda: woke.append(board.wait_change(peek.tick, peek.progress, 1)), daemon=True
    )
    waiter.start()
    board.declare_candidates(2, [("profile", "editor", "User uses Neovim.")])  # a later rank
    board.publish(2, Delta())
    waiter.join(timeout=0.5)
    assert waiter.is_alive() and woke == []  # nothing rank 1 reads has changed: still waiting
    board.publish(0, Delta())  # an earlier rank
    waiter.join(timeout=30)
    assert not waiter.is_alive() and woke == [True]


def test_a_waiter_on_blocking_ranks_sleeps_through_the_other_ranks_changes() -> None:
    """A dedup read waiting on the ranks whose candidates could enter its shortlist is woken by
    their changes only, and by any earlier rank's withdrawal (the memory it read may shrink)."""
    board = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    board.expect([0, 1, 2, 3])
    peek = board.peek(3, SCOPE)
    woke: list[bool] = []

    def wait() -> threading.Thread:
        tick = board.peek(3, SCOPE).tick
        thread = threading.Thread(
            target=lambda: woke.append(board.wait_change(tick, peek.progress, 3, on={1})), daemon=True
        )
        thread.start()
        return thread

    waiter = wait()
    board.declare_candidates(0, [("profile", "editor", "User uses Neovim.")])  # not a blocker
    board.publish_tentative(2, Delta())
    waiter.join(timeout=0.5)
    assert waiter.is_alive() and woke == []
    board.declare_candidates(1, [("profile", "drink", "User drinks tea.")])  # the blocker
    waiter.join(timeout=30)
    assert not waiter.is_alive() and woke == [True]
    waiter = wait()
    board.withdraw(2, again=True)  # rank 2's tentative plan is gone: every later reader looks again
    waiter.join(timeout=30)
    assert not waiter.is_alive() and woke == [True, True]


def test_speculation_names_its_blockers_only_ranks_whose_candidates_could_enter() -> None:
    stored = [
        _entry(f"prof_tea0000{i}", f"drink-{w}", f"User drinks {w} tea in the morning.")
        for i, w in enumerate(("green", "black", "mint"), 1)
    ]
    board = Board(Snapshot(entries=tuple(stored), taken_ids=frozenset(e.id for e in stored)), wait_s=60)
    board.expect([0, 1, 2, 3])
    board.declare_candidates(0, [("profile", "keyboard-layout", "User types on a Dvorak keyboard layout.")])
    board.declare_candidates(1, [("profile", "drink", "User drinks green tea.")])
    spec = Speculation(board, 3, SCOPE, lambda: [("profile", "drink", "User drinks green tea.")])
    peek = board.peek(3, SCOPE)
    # rank 0's candidate is unrelated; rank 1's is on the topic; rank 2 is still detecting
    assert spec._blockers("profile", "drink", "User drinks green tea.", list(peek.entries), peek) == {1, 2}


def test_an_exact_fetch_is_woken_only_once_every_earlier_rank_has_published(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tentative plans, candidates and commits do not end an exact fetch's wait, nor does a
    publication while an earlier rank of its namespace is still planning: it is not woken for them."""
    woken: list[int] = []

    class Counted(threading.Condition):
        def __init__(self, lock: Any = None) -> None:
            super().__init__(lock)
            self.ours = lock is board._lock  # a waiter on the board (not a thread's own events)

        def notify(self, n: int = 1) -> None:
            if self.ours:
                woken.append(n)
            super().notify(n)

    board = Board(Snapshot(entries=(), taken_ids=frozenset()), wait_s=60)
    monkeypatch.setattr(threading, "Condition", Counted)
    board.expect([0, 1, 2])
    got: list[Snapshot] = []
    fetcher = threading.Thread(target=lambda: got.append(board.fetch(2, SCOPE)[0]), daemon=True)
    fetcher.start()
    for _ in range(300):  # until it waits
        if board._waiters:
            break
        threading.Event().wait(0.01)
    board.declare_candidates(0, [("profile", "editor", "User uses Neovim.")])
    board.publish_tentative(0, Delta())
    board.publish(1, Delta())  # rank 0 still planning: the fetch would only wait again
    board.advance(1, Delta(), 1)
    fetcher.join(timeout=0.3)
    assert fetcher.is_alive() and woken == [] and got == []
    board.publish(0, Delta())
    fetcher.join(timeout=30)
    assert not fetcher.is_alive() and len(woken) == 1 and got[0].entries == ()


def test_the_check_before_publish_reads_the_memory_in_bulk_not_as_a_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the bulk scoring on, the check before publish walks a unit's whole view only for a
    read by id (a get): its shortlists are checked against the board's layers, so a run's CPU per
    transcript does not grow with the memory. The files are those of a run without the bulk."""
    pytest.importorskip("numpy")
    from memscribe.batch import board, scoring

    paths = make_corpus(tmp_path / "t", 40)
    walks: list[int] = []
    with_gets: list[int] = []
    listed = board._LazyEntries.__iter__
    checked = Speculation.holds

    def walk(self: Any) -> Any:
        walks.append(1)
        return listed(self)

    def holds(self: Speculation, *args: Any) -> bool:
        with_gets.append(bool(self.gets))
        return checked(self, *args)

    monkeypatch.setattr(board._LazyEntries, "__iter__", walk)
    monkeypatch.setattr(Speculation, "holds", holds)
    scoring.expect(scoring.IMPORT_AFTER_PAIRS)  # numpy from the first pair
    try:
        report = run_batch(
            discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=8), EmbeddedModel
        )
    finally:
        scoring.reset()
    assert report.failed == 0 and len(with_gets) > sum(with_gets)  # some checks without a get
    assert len(walks) <= sum(with_gets)
    monkeypatch.undo()
    for path in sorted(paths):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")
