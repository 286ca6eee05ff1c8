"""Board.fetch: the view a rank plans against, worked out from the pending changes."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, ClassVar

import pytest

from memscribe.batch import board as board_module
from memscribe.batch.board import Board
from memscribe.batch.view import Delta, Snapshot, merged, merged_in_order
from memscribe.schemas.memory import MemoryEntry
from memscribe.store.files import memory_path, parse_memory_file, render_profile


def _entry(mem_id: str, slug: str, body: str = "User likes tea.") -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=body)
    return parse_memory_file(text, memory_path("profile", slug, mem_id))


class _CountedEntry(MemoryEntry):
    """A memory entry that counts how often any entry's id is read."""

    reads: ClassVar[int] = 0

    def __getattribute__(self, name: str) -> Any:
        if name == "id":
            _CountedEntry.reads += 1
        return super().__getattribute__(name)


def _counted(entry: MemoryEntry) -> _CountedEntry:
    return _CountedEntry(**entry.model_dump())


@pytest.mark.parametrize("rebase", [None, 1, 3])
def test_fetch_matches_a_full_rebuild_over_random_publishes_and_commits(
    rebase: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if rebase is not None:  # the commits kept as deltas merged every ``rebase`` commits
        monkeypatch.setattr(board_module, "rebase_after", lambda size: rebase)
    rng = random.Random(14)
    for trial in range(20):
        start = sorted((_entry(f"prof_{i:08x}", f"s{i:04d}") for i in range(40)), key=lambda e: e.path)
        if trial % 4 == 3:  # a memory not sorted by path (merged by a sort until a commit sorts it)
            rng.shuffle(start)
        taken = {e.id for e in start} | {"prof_ffffffff"}
        board = Board(Snapshot(entries=tuple(start), taken_ids=frozenset(taken)), wait_s=0.01)
        committed, version, fresh = list(start), 0, 1000
        pending: dict[int, Delta] = {}
        for _ in range(60):
            rank = rng.randrange(12)
            move = rng.random()
            if move < 0.55:  # a plan published: new entries, archives, updates in place, no-ops
                alive = [*committed] + [e for d in pending.values() for e in d.added]
                added: list[MemoryEntry] = []
                for _ in range(rng.randint(0, 3)):
                    fresh += 1
                    added.append(_entry(f"prof_{fresh:08x}", f"s{rng.randrange(60):04d}"))
                if alive and rng.random() < 0.5:  # same id and path, new text
                    old = rng.choice(alive)
                    added.append(_entry(old.id, old.slug, "User drinks coffee."))
                gone = tuple(rng.choice(alive).path for _ in range(rng.randint(0, 2)) if alive)
                gone += ("memory/profile/none.md",) if rng.random() < 0.1 else ()
                delta = Delta(added=tuple(added), removed_paths=gone)
                board.publish(rank, delta)
                if delta:
                    pending[rank] = delta
                else:
                    pending.pop(rank, None)
            elif move < 0.75 and pending:  # the lowest pending plan commits
                low = min(pending)
                delta = pending.pop(low)
                version += 1
                board.advance(version, delta, low)
                committed = list(merged(committed, [delta]))
                taken |= {e.id for e in delta.added}
            elif move < 0.85 and pending:
                board.withdraw(gone_rank := rng.choice(sorted(pending)), again=False)
                pending.pop(gone_rank)
            reader = rng.randrange(13)
            snapshot, base = board.fetch(reader)
            view = merged(committed, [pending[r] for r in sorted(pending) if r < reader])
            base_ids, view_ids = {e.id for e in committed}, {e.id for e in view}
            assert snapshot.entries == view
            assert base.version == version
            assert base.added_ids == view_ids - base_ids
            assert base.removed_ids == base_ids - view_ids
            assert snapshot.taken_ids == taken | (view_ids - base_ids)


def test_fetch_reads_only_the_entries_the_pending_plans_touch() -> None:
    start = [_counted(_entry(f"prof_{i:08x}", f"s{i:05d}")) for i in range(3000)]
    board = Board(Snapshot(entries=tuple(start), taken_ids=frozenset(e.id for e in start)), wait_s=0.01)
    for rank in range(3):
        board.publish(
            rank, Delta(added=(_entry(f"prof_a{rank:07x}", f"n{rank}"),), removed_paths=(start[rank].path,))
        )
    board.advance(1, Delta(added=(_entry("prof_b0000000", "m0"),), removed_paths=(start[10].path,)), None)
    _CountedEntry.reads = 0
    for rank in range(5):
        snapshot, base = board.fetch(rank)
        assert len(snapshot.entries) == 3000
    assert _CountedEntry.reads < 100  # a walk over the memory reads 3,000 ids per fetch
    assert base.added_ids == {"prof_a0000000", "prof_a0000001", "prof_a0000002"}
    assert base.removed_ids == {start[0].id, start[1].id, start[2].id}


def test_commits_do_not_copy_the_whole_memory_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit is kept as a delta over the committed memory; the memory is merged again only
    now and then (a copy of the whole memory per commit made a run's CPU per transcript grow
    with the memory)."""
    copied = []

    def counting(entries: Any, paths: Any, deltas: Any) -> Any:
        copied.append(len(entries))
        return merged_in_order(entries, paths, deltas)

    monkeypatch.setattr(board_module, "merged_in_order", counting)
    start = [_entry(f"prof_{i:08x}", f"s{i:05d}") for i in range(3000)]
    board = Board(Snapshot(entries=tuple(start), taken_ids=frozenset(e.id for e in start)), wait_s=0.01)
    board.expect(range(400))
    committed = list(start)
    for rank in range(400):
        delta = Delta(added=(_entry(f"prof_a{rank:07x}", f"n{rank:05d}"),), removed_paths=(start[rank].path,))
        board.publish(rank, delta)
        board.advance(rank + 1, delta, rank)
        committed = list(merged(committed, [delta]))
    snapshot, base = board.fetch(400)
    assert snapshot.entries == tuple(committed)
    assert base.version == 400 and not base.added_ids and not base.removed_ids
    assert sum(copied) < 20 * len(start)  # one copy per commit: 400 x 3,000
