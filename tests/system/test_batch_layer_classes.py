"""A unit's dedup reads over the board's layers, classified in Python by what the deltas change
(:mod:`memscribe.batch.layer_classes`): the same blockers' figures and the same shortlist, items
and order, as classifying the merged list whole, and the merged list is never built."""

from __future__ import annotations

import random
from typing import Any

import pytest

from memscribe.batch import scoring
from memscribe.batch.classes import Layered
from memscribe.batch.speculate import Speculation
from memscribe.batch.view import Delta, merged_view
from memscribe.schemas.memory import MemoryEntry

WORDS = (
    "tea coffee green morning keyboard dvorak layout python rust editor vim emacs bike commute "
    "train office remote lunch vegan cheese berlin paris dog cat piano guitar"
).split()
SLUGS = ("drink", "drink-time", "keyboard", "editor", "commute", "food", "pets", "music", "city")
QUERIES = [
    ("drink", "User drinks green tea in the morning."),
    ("keyboard", "User types on a Dvorak keyboard layout."),
    ("editor-choice", "User edits Python in vim."),
    ("hobby", "User plays the piano and the guitar."),
    ("unrelated-topic", "Quantum chromodynamics lattice."),
]


def _entry(rng: random.Random, n: int, namespace: str | None) -> MemoryEntry:
    slug = rng.choice(SLUGS)
    kind = "profile" if rng.random() < 0.85 else "playbook"
    words = rng.sample(WORDS, rng.randint(2, 6))
    body = "User " + " ".join(words) + "." if rng.random() < 0.8 else "User drinks green tea in the morning."
    folder = kind if namespace is None else f"agents/{namespace}/{kind}"
    return MemoryEntry(
        kind=kind,
        id=f"prof_{n:08x}",
        path=f"{folder}/{slug}/{n:04d}.md",
        slug=slug,
        created="2026-01-01T00:00:00Z",
        body=body,
        namespace=namespace,
    )


class _NoBoard:
    """A speculation here is asked only its classes, never the board."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"board.{name} asked")


def _layers(
    base: tuple[MemoryEntry, ...], deltas: tuple[Delta, ...], scope: tuple[str, str] | None
) -> Layered:
    def built() -> list[MemoryEntry]:
        raise AssertionError("the merged list was built")

    return Layered(base, [e.path for e in base], deltas, scope, built)


def _listed(
    base: tuple[MemoryEntry, ...], deltas: tuple[Delta, ...], scope: tuple[str, str] | None
) -> list[MemoryEntry]:
    merged = merged_view(base, [e.path for e in base], deltas)
    return [e for e in merged if scope is None or (e.namespace or scope[1]) == scope[0]]


@pytest.mark.parametrize("seed", range(12))
def test_layered_reads_answer_as_the_merged_list_does_without_building_it(seed: int) -> None:
    scoring.reset()  # the Python classes (numpy not in use)
    assert scoring.array_module() is None
    rng = random.Random(seed)
    namespaces = (None, "ops", "qa")
    count = rng.randint(0, 60)
    base = tuple(sorted((_entry(rng, n, rng.choice(namespaces)) for n in range(count)), key=lambda e: e.path))
    made = count
    for scope in (None, ("default", "default"), ("ops", "default"), ("qa", "ops")):
        layered = Speculation(_NoBoard(), 5, scope, list)  # type: ignore[arg-type]
        listed = Speculation(_NoBoard(), 5, scope, list)  # type: ignore[arg-type]
        deltas: tuple[Delta, ...] = ()
        for _ in range(6):  # wake-ups: the deltas grow, or start again over the same memory
            if rng.random() < 0.2:
                deltas = ()
            known = [e for e in _listed(base, deltas, None)]
            removed = tuple(e.path for e in rng.sample(known, min(len(known), rng.randint(0, 3))))
            added = []
            for path in removed[: rng.randint(0, len(removed))]:  # updates in place
                fresh = _entry(rng, made, rng.choice(namespaces))
                added.append(fresh.model_copy(update={"path": path}))
                made += 1
            for _ in range(rng.randint(0, 3)):
                added.append(_entry(rng, made, rng.choice(namespaces)))
                made += 1
            deltas = (*deltas, Delta(added=tuple(added), removed_paths=removed))
            layers, flat = _layers(base, deltas, scope), _listed(base, deltas, scope)
            for slug, text in QUERIES:
                for kind in ("profile", "playbook"):
                    assert layered._tops(kind, slug, text, layers) == listed._tops(kind, slug, text, flat)
                    assert layered._select(kind, slug, text, layers) == listed._select(kind, slug, text, flat)
        assert layered._layered and not listed._layered  # the layered reads took the new path


def test_ties_keep_the_merged_lists_path_order() -> None:
    """Entries saying the same thing under one slug and id, at different paths: the shortlist
    lists them in path order, as the merged list does."""
    scoring.reset()
    same = [
        MemoryEntry(
            kind="profile",
            id="prof_same0001",
            path=f"profile/drink/{n}.md",
            slug="drink",
            created=f"2026-01-0{n + 1}T00:00:00Z",
            body="User drinks green tea in the morning.",
        )
        for n in range(6)
    ]
    base = tuple(same[::2])
    deltas = (Delta(added=tuple(same[1::2])), Delta(removed_paths=(same[2].path,)))
    scope = ("default", "default")
    args = ("profile", "drink", "User drinks green tea in the morning.")
    layered = Speculation(_NoBoard(), 1, scope, list)._select(*args, _layers(base, deltas, scope))  # type: ignore[arg-type]
    listed = Speculation(_NoBoard(), 1, scope, list)._select(*args, _listed(base, deltas, scope))  # type: ignore[arg-type]
    assert layered == listed and [s.created for s in layered] == [
        e.created for e in (same[0], same[1], same[3])
    ]
