"""The board's ids in use and ranks expected answer what plain sets answer (issue 17).

Both were plain sets the board walked or copied on every read (the lowest rank expected, the
earlier ranks still planning, the committed ids with an earlier plan's): costs per transcript
that grew with the run. :class:`~memscribe.batch.ids.Ids` shares the committed ids' parts
between versions; :class:`~memscribe.batch.ranks.Ranks` keeps the ranks in order.
"""

from __future__ import annotations

import datetime as dt
import random

from memscribe.batch.board import Board
from memscribe.batch.ids import Ids
from memscribe.batch.ranks import Ranks
from memscribe.batch.view import Delta, Snapshot
from memscribe.schemas.memory import MemoryEntry
from memscribe.store.files import memory_path, parse_memory_file, render_profile


def test_ids_versions_hold_what_sets_hold() -> None:
    rng = random.Random(17)
    plain: set[str] = {f"prof_{i:08x}" for i in range(50)}
    ids = Ids(plain)
    versions: list[tuple[Ids, frozenset[str]]] = []
    for _ in range(400):
        added = {f"prof_{rng.randrange(2000):08x}" for _ in range(rng.randint(0, 6))}
        read = ids.plus(added)  # a version read and dropped: the committed one is unchanged
        assert set(read) == plain | added and len(read) == len(plain | added)
        assert all(i in read for i in added) and "prof_x" not in read
        ids, plain = ids.grown(added), plain | added
        versions.append((ids, frozenset(plain)))
    for version, expected in versions:  # every earlier version stays what it was
        assert version == expected and len(version) == len(expected) and set(version) == expected
    assert (ids | {"new"}) == frozenset(plain | {"new"})


class _Probe(str):
    """An id that counts how often a set or dict hashes it (one look-up: one hash)."""

    hashed = 0

    def __hash__(self) -> int:
        _Probe.hashed += 1
        return str.__hash__(self)


def test_an_id_is_looked_up_in_at_most_two_places_however_the_ids_grew() -> None:
    """Membership was asked of every part (51k tests at 200 transcripts, each over ~log n
    parts); now one look-up in the shared table and one in a read version's extra ids."""
    ids = Ids(f"prof_{i:08x}" for i in range(30))
    for step in range(600):
        ids = ids.grown(f"prof_{step:04x}{k:04x}" for k in range(step % 7 + 1))
    read = ids.plus({"prof_pending1", "prof_pending2"})
    for version, present in ((ids, "prof_00000003"), (read, "prof_01000000"), (read, "prof_pending1")):
        for probe, expected in ((present, present in set(version)), ("prof_absent", False)):
            _Probe.hashed = 0
            assert (_Probe(probe) in version) is expected
            assert _Probe.hashed <= 2
    older = Ids({"a"}).grown({"b"})
    newer, branch = older.grown({"c"}), older.grown({"d"})  # grown from a version not the latest
    assert (older, newer, branch) == ({"a", "b"}, {"a", "b", "c"}, {"a", "b", "d"})
    assert read.grown({"e"}) == set(read) | {"e"} and "e" not in read


def test_ranks_answer_what_a_set_answers() -> None:
    rng = random.Random(3)
    ranks, plain = Ranks(), set[int]()
    ranks.update(range(0, 300, 3))
    plain |= set(range(0, 300, 3))
    for _ in range(2000):
        rank = rng.randrange(320)
        op = rng.random()
        if op < 0.4:
            ranks.discard(rank)
            plain.discard(rank)
        elif op < 0.6:
            ranks.add(rank)
            plain.add(rank)
        elif op < 0.65:
            more = [rng.randrange(320) for _ in range(5)]
            ranks.update(more)
            plain |= set(more)
        assert ranks.lowest() == (min(plain) if plain else None)
        assert ranks.below(rank) == sorted(r for r in plain if r < rank)
        assert (rank in ranks) == (rank in plain) and len(ranks) == len(plain) and bool(ranks) == bool(plain)
    assert list(ranks) == sorted(plain)


def _entry(mem_id: str) -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=f"User fact {mem_id}.")
    return parse_memory_file(text, memory_path("profile", "fact", mem_id))


def test_the_board_hands_out_the_ids_taken_as_a_set_would() -> None:
    board = Board(Snapshot(entries=(), taken_ids=frozenset({"prof_00000001"})), wait_s=1)
    board.expect(range(3))
    first, second = _entry("prof_0000000a"), _entry("prof_0000000b")
    board.publish(0, Delta(added=(first,)))
    assert set(board.taken_now(0)) == {"prof_00000001"}
    assert set(board.taken_now(1)) == {"prof_00000001", first.id}
    board.advance(1, Delta(added=(first,)), 0)
    board.publish(1, Delta(added=(second,)))
    assert set(board.taken_now(1)) == {"prof_00000001", first.id}
    assert set(board.taken_now(2)) == {"prof_00000001", first.id, second.id}
    snapshot, _ = board.fetch(2)
    assert second.id in snapshot.taken_ids and "prof_0000000c" not in snapshot.taken_ids
