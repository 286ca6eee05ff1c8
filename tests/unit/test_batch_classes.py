"""The batch job's bulk shortlist classes choose what the relatedness rule chooses (issue 14).

A unit's dedup reads classify the whole memory on every wake-up; :mod:`memscribe.batch.classes`
does it with numpy masks over a per-process numbering of the entries, and the board merges the
earlier plans' changes in place (:func:`memscribe.batch.view.merged_in_order`). Both must give
exactly what the Python rule gives: the same items, in the same order.
"""

from __future__ import annotations

import datetime as dt
import random
import types
from collections.abc import Sequence
from typing import Any

import pytest

from memscribe import relatedness
from memscribe.batch import classes, scoring
from memscribe.batch.board import Board
from memscribe.batch.speculate import Speculation
from memscribe.batch.view import Delta, Snapshot, merged, merged_in_order, path_order
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.store.files import memory_path, parse_memory_file, render_profile

WORDS = ["home", "city", "berlin", "job", "employer", "pref", "dark", "mode", "user", "role", "the", "tea"]


def _slugs(rng: random.Random, n: int) -> list[str]:
    found = []
    for _ in range(n):
        slug = "-".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
        found.append(("-" if rng.random() < 0.1 else "") + slug + ("-" if rng.random() < 0.1 else ""))
    return found


def test_topic_keys_find_exactly_the_topical_pairs() -> None:
    slugs = sorted(set(_slugs(random.Random(3), 1500)) | {"", "-", "home-city", "home-city-berlin", "job"})
    for slug in slugs[:200]:
        for other in slugs:
            found = bool(relatedness.topic_probes(slug) & relatedness.topic_keys(other))
            assert found == relatedness.topical(slug, other), (slug, other)


def _entry(mem_id: str, slug: str, body: str, namespace: str | None = None) -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=body, namespace=namespace)
    return parse_memory_file(text, memory_path("profile", slug.strip("-") or "x", mem_id))


def _pool(rng: random.Random, n: int) -> tuple[list[MemoryEntry], dict[str, float]]:
    """Entries with made-up scores (ties, values past 1, at the thresholds), keyed by text."""
    values = [0.0, 0.1, 0.15, 0.2, 0.34, 0.35, 0.5, 0.5, 0.9, 1.0, 1.2]
    entries, by_text = [], {}
    for i, slug in enumerate(_slugs(rng, n)):
        entry = _entry(f"prof_{rng.randrange(16**8):08x}", slug, f"User fact number {i}.")
        entries.append(entry)
        by_text[relatedness.entry_text(entry)] = rng.choice(values) if rng.random() < 0.8 else rng.random()
    return entries, by_text


@pytest.mark.usefixtures("vectorised")
def test_bulk_classes_choose_the_items_the_rule_chooses() -> None:
    import numpy

    rng = random.Random(14)
    for trial in range(40):
        entries, by_text = _pool(rng, rng.randint(0, 40))

        def scorer(text: str, others: Sequence[str], by_text: dict[str, float] = by_text) -> list[float]:
            return [by_text[o] for o in others]

        slug = rng.choice(["home-city", "dark-mode", "tea", "zzz", "pref"])
        numbers = classes.numbering(numpy)
        bulk = classes.Classes(numbers, "profile", slug, f"text {trial}")
        ruled = [(e, by_text[relatedness.entry_text(e)]) for e in entries]
        classified = [(e, v, relatedness.qualifies(v, slug, e.slug)) for e, v in ruled]
        for size in (1, 2, 3, 5):
            assert bulk.best(entries, scorer, size) == relatedness.best_of(classified, size)
        related = sorted((min(1.0, v) for _, v, q in classified if q), reverse=True)
        near = sorted((min(1.0, v) for _, v, q in classified if not q and v >= 0.15), reverse=True)
        assert bulk.tops(entries, scorer, 3) == (
            len(related),
            related[2] if len(related) >= 3 else 0.0,
            len(near),
            near[1] if len(near) >= 2 else 0.0,
        )


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_a_speculation_shortlists_the_same_with_numpy_or_without(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    bodies = ["User drinks green tea.", "User lives in Berlin.", "User prefers dark mode.", "User has a dog."]
    stored = [
        _entry(f"prof_{i:08x}", slug, f"{rng.choice(bodies)} Note {i % 5}.")
        for i, slug in enumerate(_slugs(rng, 60))
    ]
    board = Board(Snapshot(entries=tuple(stored), taken_ids=frozenset(e.id for e in stored)), wait_s=5)
    asks: list[tuple[MemoryKind, str, str]] = [
        ("profile", "drink", "User drinks tea."),
        ("profile", "home-city", "User lives in Munich."),
    ]
    bulk = Speculation(board, 0, None, lambda: asks)
    found = [bulk.shortlist(kind, slug, text, list) for kind, slug, text in asks]
    assert bulk._bulk  # answered in bulk
    monkeypatch.setattr("memscribe.batch.speculate.array_module", lambda: None)
    plain = Speculation(board, 0, None, lambda: asks)
    assert [plain.shortlist(kind, slug, text, list) for kind, slug, text in asks] == found
    assert found == [relatedness.shortlist(kind, slug, text, stored) for kind, slug, text in asks]
    assert bulk.holds(stored[::-1], frozenset(), [])


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_a_shortlist_read_from_the_boards_layers_is_the_one_of_the_merged_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(11)
    bodies = ["User drinks green tea.", "User lives in Berlin.", "User prefers dark mode.", "User has a dog."]
    names = [None, "default", "agent-b"]

    def made(i: int, slug: str) -> MemoryEntry:
        return _entry(f"prof_{i:08x}", slug, f"{rng.choice(bodies)} Note {i % 5}.", rng.choice(names))

    stored = sorted((made(i, slug) for i, slug in enumerate(_slugs(rng, 50))), key=lambda e: e.path)
    board = Board(Snapshot(entries=tuple(stored), taken_ids=frozenset(e.id for e in stored)), wait_s=5)
    board.expect(range(12))
    for rank in range(10):  # earlier plans: writes, archives, an update in place (same path)
        added = tuple(made(100 + 10 * rank + k, slug) for k, slug in enumerate(_slugs(rng, 3)))
        gone = tuple(rng.choice(stored).path for _ in range(2))
        again = rng.choice(stored)
        updated = _entry(again.id, again.slug, "User drinks black tea now.", again.namespace)
        board.publish(rank, Delta(added=(*added, updated), removed_paths=(*gone, again.path)))
    asks: list[tuple[MemoryKind, str, str]] = [
        ("profile", "drink", "User drinks tea."),
        ("profile", "home-city", "User lives in Munich."),
        ("profile", "zzz", "User owns a bike."),
    ]
    for scope in [None, ("default", "default"), ("agent-b", "default"), ("nobody", "default")]:

        def scoped(
            entries: Sequence[MemoryEntry], scope: tuple[str, str] | None = scope
        ) -> list[MemoryEntry]:
            if scope is None:
                return list(entries)
            return [e for e in entries if (e.namespace or scope[1]) == scope[0]]

        merged_now = scoped(board.peek(10, None).entries)
        layered = Speculation(board, 10, None, lambda: asks)
        found = [layered.shortlist(k, slug, text, scoped, scope, scope_known=True) for k, slug, text in asks]
        assert found == [relatedness.shortlist(k, slug, text, merged_now) for k, slug, text in asks], scope
        assert layered.holds(merged_now, frozenset(), [])
        assert layered._bulk  # read in bulk


def test_changes_merged_in_place_equal_a_merge_by_sorting() -> None:
    rng = random.Random(5)
    for _ in range(200):
        paths = sorted({f"p/{rng.randrange(60):02d}" for _ in range(rng.randrange(30))})
        entries = tuple(types.SimpleNamespace(path=p, id=p) for p in paths)
        deltas = [
            Delta(
                added=tuple(
                    types.SimpleNamespace(path=f"p/{rng.randrange(60):02d}", id=str(rng.random()))  # type: ignore[misc]
                    for _ in range(rng.randrange(3))
                ),
                removed_paths=tuple(f"p/{rng.randrange(60):02d}" for _ in range(rng.randrange(3))),
            )
            for _ in range(rng.randrange(4))
        ]
        order = path_order(entries)  # type: ignore[arg-type]
        assert order == list(paths)
        found, where = merged_in_order(entries, order, deltas)  # type: ignore[arg-type]
        assert found == merged(entries, deltas)  # type: ignore[arg-type]
        assert where == [e.path for e in found]
    assert path_order([types.SimpleNamespace(path="b"), types.SimpleNamespace(path="a")]) is None  # type: ignore[list-item]


def _profile(mem_id: str, slug: str, namespace: str | None = None) -> MemoryEntry:
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    text = render_profile(id=mem_id, created=created, ttl="infinity", body=f"User likes {slug}.")
    entry = parse_memory_file(text, memory_path("profile", slug, mem_id))
    return entry.model_copy(update={"namespace": namespace}) if namespace else entry


def test_layered_numbers_equal_those_of_the_merged_memory_over_random_backlogs() -> None:
    """Readers of different ranks read different prefixes of one backlog, which grows, and
    shrinks from the front as plans commit: each read's numbers are those of the merged list."""
    np = pytest.importorskip("numpy")
    rng = random.Random(17)
    numbers = classes.Numbering(np)
    base = tuple(sorted((_profile(f"prof_{i:08x}", f"s{i:03d}") for i in range(30)), key=lambda e: e.path))
    backlog: list[Delta] = []
    fresh = 1000
    for _ in range(300):
        move = rng.random()
        if move < 0.45 or not backlog:
            alive = [e.path for e in merged(base, backlog)]
            added = []
            for _ in range(rng.randint(0, 2)):
                fresh += 1
                added.append(
                    _profile(f"prof_{fresh:08x}", f"s{rng.randrange(45):03d}", rng.choice([None, "b"]))
                )
            gone = tuple(rng.choice(alive) for _ in range(rng.randint(0, 2)) if alive)
            backlog.insert(rng.randint(max(0, len(backlog) - 3), len(backlog)), Delta(tuple(added), gone))
        elif move < 0.6:  # the first plan commits
            base = merged(base, [backlog.pop(0)])
        read = tuple(backlog[: rng.randint(0, len(backlog))])
        scope = rng.choice([None, ("b", "a"), ("a", "a")])
        layers = classes.Layered(base, [e.path for e in base], read, scope, lambda: ())
        got = sorted(numbers.entries[n].path for n in numbers.layered(layers, "profile").tolist())
        want = sorted(
            e.path for e in merged(base, read) if scope is None or (e.namespace or scope[1]) == scope[0]
        )
        assert got == want


def test_a_layered_read_applies_only_the_deltas_published_since_the_last_read() -> None:
    """A backlog of 60 plans read after each publish: each read applies the new plan, not the
    whole backlog again (which applies 1 + 2 + ... + 60 = 1,830 deltas)."""
    np = pytest.importorskip("numpy")
    numbers = classes.Numbering(np)
    base = tuple(sorted((_profile(f"prof_{i:08x}", f"s{i:03d}") for i in range(50)), key=lambda e: e.path))
    applied = 0
    real = numbers._delta

    def counted(delta: Delta) -> Any:
        nonlocal applied
        applied += 1
        return real(delta)

    numbers._delta = counted  # type: ignore[method-assign]
    backlog: list[Delta] = []
    for i in range(60):
        backlog.append(
            Delta(added=(_profile(f"prof_a{i:07x}", f"n{i:03d}"),), removed_paths=(base[i % 50].path,))
        )
        layers = classes.Layered(base, [e.path for e in base], tuple(backlog), None, lambda: ())
        assert len(numbers.layered(layers, "profile")) == 50 + i + 1 - min(i + 1, 50)
    assert applied <= 2 * 60


def _grown_memory(rng: random.Random, start: int, n: int) -> list[MemoryEntry]:
    """Entries whose texts share words with each other and with the asks (some with none)."""
    words = ["tea", "coffee", "berlin", "munich", "dog", "cat", "dark", "mode", "bike", "zorblat", "quenfy"]
    return [
        _entry(
            f"prof_{start + i:08x}",
            slug,
            "User "
            + " ".join(rng.sample(words, rng.randint(0, 3)))
            + f" {rng.choice(['likes', 'has', 'owns'])}.",
        )
        for i, slug in enumerate(_slugs(rng, n))
    ]


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_bulk_scores_of_a_growing_memory_are_the_rules_over_random_corpora() -> None:
    """Scored from the numbering's vectors (a matrix slice per shortlist, only the numbers new
    since its last read), a shortlist and its tops are the rule's over the whole memory, read
    again as it grows."""
    import numpy

    rng = random.Random(29)
    asks = [
        ("drink", "User drinks tea."),
        ("home-city", "User lives in Munich."),
        ("zzz", "User owns a zorblat bike."),
    ]
    for trial in range(6):
        numbers = classes.Numbering(numpy)
        bulks = [classes.Classes(numbers, "profile", slug, text) for slug, text in asks]
        stored: list[MemoryEntry] = []
        for step in range(4):
            stored = stored + _grown_memory(rng, 1000 * trial + 100 * step, rng.randint(0, 40))
            for bulk, (slug, text) in zip(bulks, asks, strict=True):
                values = relatedness.scores(text, [relatedness.entry_text(e) for e in stored])
                classified = [
                    (e, v, relatedness.qualifies(v, slug, e.slug))
                    for e, v in zip(stored, values, strict=True)
                ]
                assert bulk.best(stored, scoring.scores, 3) == relatedness.best_of(classified, 3)
                assert relatedness.shortlist("profile", slug, text, stored) == [
                    ShortlistItem(
                        id=e.id, slug=e.slug, text=relatedness.entry_text(e), created=e.created, score=v
                    )
                    for v, e in bulk.best(stored, scoring.scores, 3)
                ]
                related = sorted((min(1.0, v) for _, v, q in classified if q), reverse=True)
                near = sorted((min(1.0, v) for _, v, q in classified if not q and v >= 0.15), reverse=True)
                assert bulk.tops(stored, scoring.scores, 3) == (
                    len(related),
                    related[2] if len(related) >= 3 else 0.0,
                    len(near),
                    near[1] if len(near) >= 2 else 0.0,
                )


@pytest.mark.usefixtures("vectorised", "fresh_semantic")
def test_a_new_shortlist_looks_up_no_stored_text_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each stored text is encoded and indexed once per process: a shortlist asked over a memory
    already read scores it from the numbering's rows, not by handing every text to the scorer
    (which grew a run's CPU per transcript with the memory already written, issue 17)."""
    import numpy

    stored = _grown_memory(random.Random(5), 0, 300)
    numbers = classes.Numbering(numpy)
    classes.Classes(numbers, "profile", "drink", "User drinks tea.").tops(stored, scoring.scores, 3)
    handed: list[int] = []
    plain = scoring.VectorRows.scores

    def counted(self: scoring.VectorRows, text: str, others: Sequence[str]) -> list[float]:
        handed.append(len(others))
        return plain(self, text, others)

    monkeypatch.setattr(scoring.VectorRows, "scores", counted)
    for slug, text in [
        ("home-city", "User lives in Munich."),
        ("zzz", "User owns a bike."),
        ("tea", "User likes tea."),
    ]:
        classes.Classes(numbers, "profile", slug, text).tops(stored, scoring.scores, 3)
    assert sum(handed) == 0
