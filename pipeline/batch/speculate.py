"""Dedup reads that wait only for the earlier plans that could change them, checked before publish.

A unit's dedup compares each candidate with a shortlist of the memory as it will be at its commit
(:mod:`memscribe.batch.board`): the committed memory plus every earlier transcript's plan. Waiting
for every earlier plan chains the runs' dedup model calls one after the other when every fact is
weakly related to every other. Here a shortlist is answered as soon as no earlier plan still
being made could change it: an earlier transcript whose detection is done has told the board the
candidates it may write, and a candidate that scores below the shortlist's last place (and is not
on its topic) cannot enter it.

That is a bet only on what the earlier plans do with their candidates (a merge rewrites a text,
a supersession archives an entry): every read is recorded, and before the plan is published it is
checked against the exact memory (every earlier plan published). A read that differs re-plans the
transcript against the exact memory (detection is reused), so the result is always the one of
planning against the exact memory — only the waiting changes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from operator import is_
from typing import Protocol

from memscribe.batch.board import Candidate, Peek
from memscribe.batch.classes import Classes, Layered, numbering
from memscribe.batch.layer_classes import LayerClasses
from memscribe.batch.scoring import array_module, scores
from memscribe.batch.view import Delta
from memscribe.relatedness import (
    FALLBACK_SCORE,
    FALLBACK_SIZE,
    SHORTLIST_SIZE,
    best_of,
    qualifies,
)
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.requests import ShortlistItem

Scoped = Callable[[Sequence[MemoryEntry]], list[MemoryEntry]]

#: Similarity texts of the entries seen by any unit of this process, by object (the object is
#: kept: its id stays its own): every unit reads the same committed entries.
_TEXTS: dict[int, tuple[MemoryEntry, str]] = {}
#: Past this many, the shared texts start again (a bound on what they keep alive).
TEXTS_KEPT = 1 << 18


class SpeculationBoard(Protocol):
    """What a speculation needs of the board (the local engine's :class:`Board`)."""

    def peek(self, rank: int, scope: tuple[str, str] | None) -> Peek: ...

    def wait_change(
        self, tick: int, progress: float, rank: int | None = None, on: Collection[int] | None = None
    ) -> bool: ...

    def declare_candidates(self, rank: int, candidates: Sequence[Candidate]) -> None: ...

    def taken_now(self, rank: int) -> Collection[str]: ...

    def publish_tentative(self, rank: int, delta: Delta) -> None: ...


class Speculation:
    """One unit's dedup reads (see the module docstring).

    Args:
        detected: the candidates the unit's detection found so far (kind, slug, text).
    """

    def __init__(
        self,
        board: SpeculationBoard,
        rank: int,
        scope: tuple[str, str] | None,
        detected: Callable[[], Sequence[Candidate]],
    ) -> None:
        self._board, self._rank, self._scope, self._detected = board, rank, scope, detected
        self._declared = False
        self._scores: dict[str, dict[str, float]] = {}  # text -> other text -> score
        #: Per shortlist asked (kind, slug, text): each entry's score and whether it qualifies, by
        #: object as above (every wake-up classifies the same entries again).
        self._classes: dict[tuple[str, str, str], dict[int, tuple[MemoryEntry, float, bool]]] = {}
        #: The same in bulk, once numpy is in use (:mod:`memscribe.batch.classes`).
        self._bulk: dict[tuple[str, str, str], Classes] = {}
        #: The same over the board's layers, in Python (:mod:`memscribe.batch.layer_classes`).
        self._layered: dict[tuple[str, str, str], LayerClasses] = {}
        self._latest: Sequence[MemoryEntry] | Layered | None = None
        self.shortlists: list[tuple[MemoryKind, str, str, list[ShortlistItem]]] = []
        #: The memory each shortlist was read from (the check before publish asks no shortlist
        #: again whose memory it finds unchanged).
        self._read_from: list[Sequence[MemoryEntry] | Layered] = []
        self.gets: list[tuple[str, MemoryEntry | None]] = []
        self.waits = 0

    @property
    def used(self) -> bool:
        return bool(self.shortlists or self.gets)

    def _score(self, text: str, others: Sequence[str]) -> list[float]:
        """:func:`~memscribe.relatedness.scores` (vectorised: :mod:`memscribe.batch.scoring`),
        each pair scored once per unit (the waits, the shortlist and the check before publish
        all score the same pairs)."""
        row = self._scores.setdefault(text, {})
        missing = [o for o in dict.fromkeys(others) if o not in row]
        if missing:
            row.update(zip(missing, scores(text, missing), strict=True))
        return [row[o] for o in others]

    def _entry_texts(self, pool: Sequence[MemoryEntry]) -> list[str]:
        """``entry_text`` of each entry, computed once per entry object (asked on every wake-up)."""
        from memscribe.relatedness import entry_text

        texts = _TEXTS
        if len(texts) > TEXTS_KEPT:
            texts.clear()
        found: list[str] = []
        for entry in pool:
            hit = texts.get(id(entry))
            if hit is None or hit[0] is not entry:
                hit = texts[id(entry)] = (entry, entry_text(entry))
            found.append(hit[1])
        return found

    def _in_bulk(self, kind: MemoryKind, slug: str, text: str) -> Classes | None:
        """This shortlist's classes in bulk (None: numpy not in use, the Python loop answers)."""
        np = array_module()
        if np is None:
            return None
        numbers = numbering(np)
        found = self._bulk.get((kind, slug, text))
        if found is None or found.numbering is not numbers:
            found = self._bulk[(kind, slug, text)] = Classes(numbers, kind, slug, text)
        return found

    def _classified(
        self, kind: MemoryKind, slug: str, text: str, entries: Sequence[MemoryEntry]
    ) -> list[tuple[MemoryEntry, float, bool]]:
        """(entry, score, :func:`~memscribe.relatedness.qualifies`) of each entry of ``kind``, in
        order, computed once per entry object for this shortlist."""
        known = self._classes.setdefault((kind, slug, text), {})
        get = known.get
        pool = [e for e in entries if e.kind == kind]
        fresh = [e for e in pool if (hit := get(id(e))) is None or hit[0] is not e]
        if fresh:
            for entry, value in zip(fresh, self._score(text, self._entry_texts(fresh)), strict=True):
                known[id(entry)] = (entry, value, qualifies(value, slug, entry.slug))
        return [known[id(e)] for e in pool]

    def _in_layers(self, kind: MemoryKind, slug: str, text: str) -> LayerClasses:
        """This shortlist's classes over layers whose committed paths are known (the merged
        list is not built)."""
        found = self._layered.get((kind, slug, text))
        if found is None:
            found = self._layered[(kind, slug, text)] = LayerClasses(
                kind, lambda pool: self._classified(kind, slug, text, pool)
            )
        return found

    def _select(
        self, kind: MemoryKind, slug: str, text: str, entries: Sequence[MemoryEntry] | Layered
    ) -> list[ShortlistItem]:
        """:func:`~memscribe.relatedness.select` over the entries of ``kind`` (the same items, in
        the same order), from the classes remembered for this shortlist: only the entries listed
        are made items (every wake-up and the check before publish ask the same pool again). Three
        ways, one answer: numpy's classes (:mod:`~memscribe.batch.classes`), a layered memory's
        kept classes (:mod:`~memscribe.batch.layer_classes`), else the Python loop over the list."""
        bulk = self._in_bulk(kind, slug, text)
        if bulk is not None:
            best = bulk.best(entries, scores, SHORTLIST_SIZE)
        elif isinstance(entries, Layered) and entries.paths is not None:
            best = self._in_layers(kind, slug, text).best(entries, SHORTLIST_SIZE)
        else:
            best = best_of(self._classified(kind, slug, text, _listed(entries)))
        texts = self._entry_texts([e for _, e in best])
        return [
            ShortlistItem(id=e.id, slug=e.slug, text=t, created=e.created, score=v)
            for (v, e), t in zip(best, texts, strict=True)
        ]

    def _tops(
        self, kind: MemoryKind, slug: str, text: str, entries: Sequence[MemoryEntry] | Layered
    ) -> tuple[int, float, int, float]:
        """(how many related, the SHORTLIST_SIZE-th related score, how many near, the
        FALLBACK_SIZE-th near score), scores capped at 1 (0.0 where there are fewer); answered the
        three ways :meth:`_select` is."""
        bulk = self._in_bulk(kind, slug, text)
        if bulk is not None:
            return bulk.tops(entries, scores, SHORTLIST_SIZE)
        if isinstance(entries, Layered) and entries.paths is not None:
            return self._in_layers(kind, slug, text).tops(entries, SHORTLIST_SIZE)
        related: list[float] = []
        near: list[float] = []
        for _, value, qualified in self._classified(kind, slug, text, _listed(entries)):
            if qualified:
                related.append(min(1.0, value))
            elif value >= FALLBACK_SCORE:
                near.append(min(1.0, value))
        related.sort(reverse=True)
        near.sort(reverse=True)
        last_related = related[SHORTLIST_SIZE - 1] if len(related) >= SHORTLIST_SIZE else 0.0
        last_near = near[FALLBACK_SIZE - 1] if len(near) >= FALLBACK_SIZE else 0.0
        return len(related), last_related, len(near), last_near

    def _blockers(
        self,
        kind: MemoryKind,
        slug: str,
        text: str,
        entries: Sequence[MemoryEntry] | Layered,
        peek: Peek,
    ) -> set[int]:
        """The earlier ranks still planning whose candidates could enter this shortlist (or are not
        known yet: still detecting); empty: no plan still being made can change it."""
        blockers = {r for r, found in peek.unknown.items() if found is None}
        cands = [(r, c) for r, found in peek.unknown.items() if found for c in found if c[0] == kind]
        if not cands:
            return blockers
        n_related, last_related, n_near, last_near = self._tops(kind, slug, text, entries)
        cand_scores = self._score(text, [c[2] for _, c in cands])
        for (rank, (_, cand_slug, _)), value in zip(cands, cand_scores, strict=True):
            if rank in blockers:
                continue
            if qualifies(value, slug, cand_slug):
                if n_related < SHORTLIST_SIZE or min(1.0, value) >= last_related:
                    blockers.add(rank)
            elif value >= FALLBACK_SCORE and not n_related:
                if n_near < FALLBACK_SIZE or min(1.0, value) >= last_near:
                    blockers.add(rank)
        return blockers

    def shortlist(
        self,
        kind: MemoryKind,
        slug: str,
        text: str,
        scoped: Scoped,
        scope: tuple[str, str] | None = None,
        *,
        scope_known: bool = False,
    ) -> list[ShortlistItem]:
        """The shortlist of the memory this unit commits into, as far as is known (see the module
        docstring), ``scoped`` to the reader's namespace: ``scope`` ((namespace, default); None:
        every namespace) says which when ``scope_known`` (the memory is then read in bulk from
        the board's layers, without building the list)."""
        if not self._declared:  # dedup has started: this unit's detection is done
            self._declared = True
            self._board.declare_candidates(self._rank, list(self._detected()))
        started = None
        while True:
            peek = self._board.peek(self._rank, self._scope)
            entries = _layers(peek, scoped, scope, scope_known)
            blockers = self._blockers(kind, slug, text, entries, peek)
            if not blockers:
                break
            self.waits += 1
            started = peek.progress if started is None else started
            # Woken only by a change of a blocking rank (its detection, its plan, its withdrawal):
            # the others' changes cannot make a candidate of a blocking rank enter.
            if not self._board.wait_change(peek.tick, started, self._rank, on=blockers):
                break  # nothing moves: go on with what is known (checked before publish)
        found = self._select(kind, slug, text, entries)
        self._latest = entries
        self.shortlists.append((kind, slug, text, found))
        self._read_from.append(entries)
        return found

    def get(self, memory_id: str, scoped: Scoped) -> MemoryEntry | None:
        latest = self._latest
        if isinstance(latest, Layered):  # by the layers' id index: the list is not built
            found = latest.get(memory_id)
        else:
            entries = (
                latest if latest is not None else scoped(self._board.peek(self._rank, self._scope).entries)
            )
            found = next((e for e in entries if e.id == memory_id), None)
        self.gets.append((memory_id, found))
        return found

    def publish(self, delta: Delta) -> None:
        """Let later transcripts read this plan before it is checked (they are checked too)."""
        self._board.publish_tentative(self._rank, delta)

    @property
    def taken_ids(self) -> _Taken:
        """The ids in use as far as known now (for drawing fresh ids; checked before publish)."""
        return _Taken(lambda: self._board.taken_now(self._rank))

    def holds(
        self, exact: Sequence[MemoryEntry] | Layered, taken: Collection[str], written: Sequence[str]
    ) -> bool:
        """Whether every read gives the same answer against ``exact`` (the scoped memory at
        commit; as layers: read in bulk, a get by the id index: no list built) and no id ``written`` is
        in ``taken`` there."""
        if any(memory_id in taken for memory_id in written):
            return False
        for (kind, slug, text, found), read in zip(self.shortlists, self._read_from, strict=True):
            if not _same(read, exact) and self._select(kind, slug, text, exact) != found:
                return False
        if not self.gets:
            return True
        if isinstance(exact, Layered):  # the last entry of an id, as a dict of the list keeps
            return all(exact.get(memory_id, last=True) == found for memory_id, found in self.gets)
        by_id = {e.id: e for e in exact}
        return all(by_id.get(memory_id) == found for memory_id, found in self.gets)


def _layers(peek: Peek, scoped: Scoped, scope: tuple[str, str] | None, known: bool) -> Layered:
    """The memory ``peek`` found, for a reader of ``scope`` (``known``: else only ``scoped``
    says which entries, and the list is built)."""
    return Layered(peek.base, peek.paths if known else None, peek.deltas, scope, lambda: scoped(peek.entries))


def _same(read: Sequence[MemoryEntry] | Layered, exact: Sequence[MemoryEntry] | Layered) -> bool:
    """Whether ``exact`` is the very memory ``read`` was: the same committed memory (and paths)
    with the same deltas, by object, in the same order, for the same scope (a shortlist of it
    is then the one read)."""
    if not isinstance(read, Layered) or not isinstance(exact, Layered) or read.paths is None:
        return False
    return (
        read.base is exact.base
        and read.paths is exact.paths
        and read.scope == exact.scope
        and len(read.deltas) == len(exact.deltas)
        and all(map(is_, read.deltas, exact.deltas))
    )


def _listed(entries: Sequence[MemoryEntry] | Layered) -> Sequence[MemoryEntry]:
    return entries.entries if isinstance(entries, Layered) else entries


class _Taken(Collection[str]):
    """A set of ids read from the board on first use."""

    def __init__(self, read: Callable[[], Collection[str]]) -> None:
        self._read = read
        self._ids: Collection[str] | None = None

    def _get(self) -> Collection[str]:
        if self._ids is None:
            self._ids = self._read()
        return self._ids

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, item: object) -> bool:
        return item in self._get()

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())


__all__ = ["Speculation", "SpeculationBoard"]
