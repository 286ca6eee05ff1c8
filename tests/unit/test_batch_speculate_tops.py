"""A unit's dedup read waits only for earlier candidates that could enter its shortlist (issue 14).

Whether a candidate could enter depends on the memory's standings (how many entries are related,
the last related score) only when the candidate is related or near itself; a candidate that is
neither enters no shortlist whatever the memory holds. The standings classify every entry of the
kind at each wake-up: they are read only when some candidate needs them, and the ranks waited
for are the ones the full rule names.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from memscribe import relatedness
from memscribe.batch import classes
from memscribe.batch.board import Board
from memscribe.batch.speculate import Speculation, _layers
from memscribe.batch.view import Delta, Snapshot
from memscribe.relatedness import FALLBACK_SCORE, FALLBACK_SIZE, SHORTLIST_SIZE, qualifies
from memscribe.schemas.memory import MemoryEntry
from memscribe.store.files import memory_path, parse_memory_file, render_profile

BODIES = ["User drinks green tea.", "User lives in Berlin.", "User prefers dark mode.", "User has a dog."]
OTHERS = ["User collects rare stamps.", "User rows on weekends.", "User studies Latin.", "User bakes bread."]
SLUGS = ["drink", "home-city", "ui-mode", "pet", "stamps", "rowing", "latin", "bread", "tea-drink"]


def _entry(mem_id: str, slug: str, body: str) -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=body)
    return parse_memory_file(text, memory_path("profile", slug, mem_id))


def _board(rng: random.Random, n: int, ranks: int) -> tuple[Board, list[MemoryEntry]]:
    stored = [
        _entry(f"prof_{i:08x}", rng.choice(SLUGS[:4]), f"{rng.choice(BODIES)} Note {i % 5}.")
        for i in range(n)
    ]
    stored.sort(key=lambda e: e.path)
    board = Board(Snapshot(entries=tuple(stored), taken_ids=frozenset(e.id for e in stored)), wait_s=5)
    board.expect(range(ranks))
    return board, stored


def _full_rule(spec: Speculation, kind: Any, slug: str, text: str, entries: Any, peek: Any) -> set[int]:
    """The blockers with the memory's standings read first, whatever the candidates (the rule
    before the standings were read only where they decide)."""
    blockers = {r for r, found in peek.unknown.items() if found is None}
    cands = [(r, c) for r, found in peek.unknown.items() if found for c in found if c[0] == kind]
    if not cands:
        return blockers
    n_related, last_related, n_near, last_near = spec._tops(kind, slug, text, entries)
    for (rank, (_, cand_slug, _)), value in zip(
        cands, relatedness.scores(text, [c[2] for _, c in cands]), strict=True
    ):
        if rank in blockers:
            continue
        if qualifies(value, slug, cand_slug):
            if n_related < SHORTLIST_SIZE or min(1.0, value) >= last_related:
                blockers.add(rank)
        elif value >= FALLBACK_SCORE and not n_related:
            if n_near < FALLBACK_SIZE or min(1.0, value) >= last_near:
                blockers.add(rank)
    return blockers


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The standings' classifications of the memory (``Classes.tops`` calls), as they happen."""
    classified: list[object] = []
    real = classes.Classes.tops

    def tops(self: classes.Classes, *args: Any) -> tuple[int, float, int, float]:
        classified.append(args)
        return real(self, *args)

    monkeypatch.setattr(classes.Classes, "tops", tops)
    return classified


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_candidates_that_can_enter_no_shortlist_do_not_classify_the_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board, stored = _board(random.Random(2), 60, 5)
    for rank, body in enumerate(OTHERS):  # earlier ranks, detected, planning: unrelated candidates
        board.declare_candidates(rank, [("profile", SLUGS[4 + rank], body)])
    classified = _counting(monkeypatch)
    spec = Speculation(board, 4, None, lambda: [])
    found = spec.shortlist("profile", "drink", "User drinks tea.", list)
    assert found == relatedness.shortlist("profile", "drink", "User drinks tea.", stored)
    assert spec.waits == 0
    assert classified == []  # before: the standings were read at each wake-up (1 here)


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_the_standings_are_read_once_per_memory_and_not_while_an_earlier_rank_detects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board, _ = _board(random.Random(4), 60, 5)
    board.declare_candidates(1, [("profile", "drink", "User drinks black tea.")])  # could enter
    classified = _counting(monkeypatch)
    spec = Speculation(board, 4, None, lambda: [])
    layers = (("profile", "drink", "User drinks tea."), list, ("default", "default"), True)

    def blockers() -> set[int]:
        peek = board.peek(4, None)
        return spec._blockers("profile", "drink", "User drinks tea.", _layers(peek, *layers[1:]), peek)

    assert blockers() == {0, 2, 3}  # still detecting: waited for, whatever rank 1 may write
    assert classified == []  # before: 1
    for rank, left in ((0, {2, 3}), (2, {3})):
        board.declare_candidates(rank, [])  # a detection wakes the read: still one detecting
        assert blockers() == left
    assert classified == []
    board.declare_candidates(3, [])
    assert blockers() == {1}
    assert blockers() == {1}  # woken again (say, by a later rank's detection): the same memory
    assert len(classified) == 1  # before: 5
    board.publish(1, Delta(added=(_entry("prof_0000ffff", "drink", "User drinks black tea."),)))
    assert blockers() == set()


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_the_ranks_waited_for_are_those_of_the_full_rule_over_random_boards() -> None:
    rng = random.Random(9)
    texts = [*BODIES, *OTHERS, "User drinks tea.", "User lives in Munich.", "Note 3."]
    for trial in range(40):
        board, _ = _board(rng, rng.choice([0, 2, 5, 40]), 12)
        for rank in range(11):
            if rng.random() < 0.7:  # detected (else: still detecting)
                cands = [("profile", rng.choice(SLUGS), rng.choice(texts)) for _ in range(rng.randint(0, 3))]
                board.declare_candidates(rank, cands)
        spec = Speculation(board, 11, None, lambda: [])
        for slug, text in [("drink", "User drinks tea."), ("zzz", "User owns a bike."), ("pet", "Note 3.")]:
            peek = board.peek(11, None)
            entries = peek.entries
            full = _full_rule(spec, "profile", slug, text, entries, peek)
            found = spec._blockers("profile", slug, text, entries, peek)
            detecting = {r for r, cands in peek.unknown.items() if cands is None}
            # the same answer once every earlier rank is detected; before: the ones detecting
            assert found == (detecting or full), (trial, slug)
            assert (not found) == (not full)  # the read goes on exactly when the full rule says so
