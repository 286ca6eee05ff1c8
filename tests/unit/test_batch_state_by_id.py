"""The run's memory answers which entry holds an id without reading the whole memory after
each change (issue 17: ``MemoryState.active`` rebuilt its id index from every entry after each
recorded plan, so the check at commit of a plan that looked entries up cost O(memory)).

Same answers as a dict of the entries by id built afresh, through adds, updates in place,
archives, an id held by two files, and a rollback.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from memscribe.batch.view import MemoryState, Snapshot
from memscribe.schemas.memory import MemoryEntry
from memscribe.store.files import memory_path, parse_memory_file, render_profile


class _Counted(MemoryEntry):
    """An entry that counts how often its id is read."""

    def __getattribute__(self, name: str) -> Any:
        if name == "id" and _counting[0]:
            _reads[0] += 1
        return super().__getattribute__(name)


_reads, _counting = [0], [True]


def _entry(mem_id: str, slug: str, body: str) -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=body)
    parsed = parse_memory_file(text, memory_path("profile", slug, mem_id))
    return _Counted.model_validate(parsed.model_dump())


class _View:
    """A memory root whose files the test changes between syncs."""

    def __init__(self, entries: dict[str, MemoryEntry]) -> None:
        self.files, self.tick = entries, 0

    def stamps(self) -> tuple[int, ...]:
        return (self.tick,)

    def snapshot(self) -> Snapshot:
        entries = tuple(sorted(self.files.values(), key=lambda e: e.path))
        _counting[0] = False
        taken = frozenset(e.id for e in entries)  # the test's, not the state's reads
        _counting[0] = True
        return Snapshot(entries=entries, taken_ids=taken)


def _expected(view: _View, memory_id: str) -> MemoryEntry | None:
    _counting[0] = False
    try:
        return {e.id: e for e in view.files.values()}.get(memory_id)
    finally:
        _counting[0] = True


def test_active_answers_as_a_fresh_index_and_reads_only_what_changed() -> None:
    rng = random.Random(14)
    view = _View({})
    for n in range(400):
        entry = _entry(f"prof_{n:08x}", f"fact-{n}", f"User fact {n}.")
        view.files[entry.path] = entry
    state = MemoryState(view)  # type: ignore[arg-type]
    ids = [e.id for e in view.files.values()]
    assert state.active(ids[0]) == view.files[next(iter(view.files))]
    _reads[0] = 0
    for step in range(200):
        paths = sorted(view.files)
        op = rng.random()
        if op < 0.4:  # a new memory
            entry = _entry(f"prof_{1000 + step:08x}", f"new-{step}", f"New fact {step}.")
            view.files[entry.path] = entry
            ids.append(entry.id)
        elif op < 0.7:  # an update in place: same id, same path, a new body
            old = view.files[rng.choice(paths)]
            view.files[old.path] = _entry(old.id, old.slug, f"{old.body} Updated {step}.")
        else:  # archived
            del view.files[rng.choice(paths)]
        view.tick += 1
        assert state.sync()
        for memory_id in rng.sample(ids, 3):
            assert state.active(memory_id) == _expected(view, memory_id)
    # each sync and look-up reads the ids of what changed, not of the whole memory (400+ entries)
    assert _reads[0] < 200 * 10  # before: ~400 a change (82k here), after ~1k in all
    version = state.version
    twin = _entry(ids[5], "twin", "The same id in a second file.")  # hand-edited: two files
    view.files[twin.path] = twin
    view.tick += 1
    state.sync()
    for memory_id in ids[:20]:
        assert state.active(memory_id) == _expected(view, memory_id)
    del view.files[twin.path]
    state.rollback(version)
    for memory_id in ids[:20]:
        assert state.active(memory_id) == _expected(view, memory_id)
