"""A batch unit's dedup look-up by id reads the board's layers by an id index (issue 14).

Dedup looks up by id each stored entry a plan archives or updates; the check before publish
looks them up again. Both used to build the whole merged memory list (one pass over every
memory per unit that archives or updates); they must find the same entry from the committed
memory's id index and the deltas, without building the list.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from typing import Any

import pytest

from memscribe.batch.board import Board
from memscribe.batch.classes import Layered
from memscribe.batch.speculate import Speculation
from memscribe.batch.view import Delta, Snapshot
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.store.files import memory_path, parse_memory_file, render_profile

NAMES = [None, "default", "agent-b"]


def _entry(mem_id: str, slug: str, body: str, namespace: str | None) -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=body, namespace=namespace)
    return parse_memory_file(text, memory_path("profile", slug, mem_id))


def _board(rng: random.Random) -> tuple[Board, list[str]]:
    """A board over 60 stored entries (an id held twice) with 10 earlier plans published:
    writes, archives and updates in place."""
    stored = [_entry(f"prof_{i:08x}", f"topic-{i}", f"User fact {i}.", rng.choice(NAMES)) for i in range(60)]
    stored.append(_entry("prof_00000003", "again-3", "User fact 3 again.", None))  # an id twice
    stored.sort(key=lambda e: e.path)
    board = Board(Snapshot(entries=tuple(stored), taken_ids=frozenset(e.id for e in stored)), wait_s=5)
    board.expect(range(12))
    ids = [e.id for e in stored]
    for rank in range(10):
        added = tuple(
            _entry(f"prof_{100 + 10 * rank + k:08x}", f"new-{rank}-{k}", "User fact new.", rng.choice(NAMES))
            for k in range(2)
        )
        gone = tuple(rng.choice(stored).path for _ in range(2))
        again = rng.choice(stored)
        updated = _entry(again.id, again.slug, "User fact updated.", again.namespace)
        board.publish(rank, Delta(added=(*added, updated), removed_paths=(*gone, again.path)))
        ids += [e.id for e in added]
    return board, [*ids, "prof_ffffffff"]


def _unlisted(entries: Sequence[MemoryEntry]) -> list[MemoryEntry]:
    raise AssertionError("the whole memory list was built for a look-up by id")


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
@pytest.mark.parametrize("scope", [None, ("default", "default"), ("agent-b", "default")])
def test_a_get_reads_the_layers_by_id_without_building_the_memory_list(scope: tuple[str, str] | None) -> None:
    board, ids = _board(random.Random(7))
    merged = [
        e for e in board.peek(10, None).entries if scope is None or (e.namespace or scope[1]) == scope[0]
    ]
    asks: list[tuple[MemoryKind, str, str]] = [("profile", "topic-3", "User fact 3.")]
    bet = Speculation(board, 10, None, lambda: asks)
    bet.shortlist(*asks[0], _unlisted, scope, scope_known=True)
    for memory_id in ids:
        expected = next((e for e in merged if e.id == memory_id), None)
        assert bet.get(memory_id, _unlisted) == expected, memory_id
    assert any(found is None for _, found in bet.gets) and any(found for _, found in bet.gets)
    peek = board.peek(10, None)

    def exact() -> Layered:
        return Layered(peek.base, peek.paths, peek.deltas, scope, lambda: _unlisted(()))

    by_id = {e.id: e for e in merged}  # the last entry of an id: what the check compares
    if all(by_id.get(i) == found for i, found in bet.gets):
        assert bet.holds(exact(), frozenset(), [])
    else:
        assert not bet.holds(exact(), frozenset(), [])
    assert bet.holds(merged, frozenset(), []) == bet.holds(exact(), frozenset(), [])
    bet.gets.append(("prof_00000010", None if by_id.get("prof_00000010") else merged[0]))
    assert not bet.holds(exact(), frozenset(), [])


def test_an_id_held_twice_is_found_first_by_a_get_and_last_by_the_check() -> None:
    a = _entry("prof_00000001", "a-topic", "User fact a.", None)
    b = _entry("prof_00000001", "b-topic", "User fact b.", None)
    c = _entry("prof_00000001", "c-topic", "User fact c.", None)
    base = (a, c)
    layered = Layered(base, [a.path, c.path], [Delta(added=(b,))], None, lambda: _unlisted(()))
    assert layered.get("prof_00000001") == a
    assert layered.get("prof_00000001", last=True) == c
    gone = Layered(base, [a.path, c.path], [Delta(removed_paths=(a.path,))], None, lambda: _unlisted(()))
    assert gone.get("prof_00000001") == c


def test_the_boards_committed_memory_owns_its_id_index() -> None:
    """The id index belongs to the board's committed memory (built once, read by every get):
    once the board and its readers are gone, nothing else keeps that memory (a module-level
    cache of the last indexes used to)."""
    import gc
    import sys

    board, ids = _board(random.Random(4))
    peek = board.peek(12, None)
    layered = Layered(peek.base, peek.paths, peek.deltas, None, lambda: _unlisted(()))
    found = [layered.get(memory_id) for memory_id in ids]
    assert any(found)
    base = peek.base
    assert layered.get(ids[0]) == found[0]  # the same index, read again
    del board, peek, layered
    gc.collect()
    assert sys.getrefcount(base) == 2  # this name, and the call's argument


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_the_check_before_publish_selects_again_only_where_the_memory_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shortlist read from the very memory the check finds (same committed memory, same
    deltas) is not selected again; once the memory moved, every shortlist is."""
    board, _ = _board(random.Random(9))
    asks: list[tuple[MemoryKind, str, str]] = [
        ("profile", "topic-3", "User fact 3."),
        ("profile", "topic-5", "User fact 5."),
    ]
    bet = Speculation(board, 10, None, lambda: asks)
    for ask in asks:
        bet.shortlist(*ask, _unlisted, None, scope_known=True)
    selected: list[str] = []
    real = Speculation._select

    def counted(self: Speculation, kind: MemoryKind, slug: str, text: str, entries: Any) -> Any:
        selected.append(slug)
        return real(self, kind, slug, text, entries)

    monkeypatch.setattr(Speculation, "_select", counted)
    peek = board.peek(10, None)
    assert bet.holds(Layered(peek.base, peek.paths, peek.deltas, None, lambda: _unlisted(())), set(), [])
    assert selected == []
    board.advance(1, Delta(added=(_entry("prof_0000ffff", "elsewhere", "User owns a boat.", None),)))
    moved = board.peek(10, None)
    exact = Layered(moved.base, moved.paths, moved.deltas, None, lambda: _unlisted(()))
    assert bet.holds(exact, set(), []) == all(
        bet._select(kind, slug, text, exact) == found for kind, slug, text, found in bet.shortlists
    )
    assert selected[:2] == ["topic-3", "topic-5"]
