"""A shortlist's classes in bulk: every entry's score and whether it qualifies, as numpy arrays.

A unit's dedup reads (:mod:`memscribe.batch.speculate`) classify every entry of the memory it
commits into, on every wake-up and again before publish: in Python that is a loop over the
whole memory per read, so a run's CPU per transcript grew with the memory. Here each entry
object seen by this process gets a number (:class:`Numbering`, with its similarity text, its
kind and its topic keys: :func:`~memscribe.relatedness.topic_keys`), a shortlist keeps one score
per number (each entry scored once per shortlist), and the classes are boolean masks: only the
entries a shortlist may list are made Python items, and
:func:`~memscribe.relatedness.best_of` makes the final pick among them, so the choice is
:func:`~memscribe.relatedness.select`'s (the same items, in the same order). The numbering also
keeps each entry's vector and content tokens by number (:meth:`Numbering.encoded`: each text
encoded once per process), so a new shortlist scores the memory from one matrix slice
(:func:`memscribe.batch.scoring.fill`) instead of handing the scorer every stored text again:
what made a unit's cost grow with the memory already written (issue 17).

Used only where numpy is already imported (the vectorised scoring is on:
:func:`memscribe.batch.scoring.array_module`); otherwise a layered memory with known paths is
answered by :class:`memscribe.batch.layer_classes.LayerClasses` (classes kept per committed memory,
only a read's deltas classified again), and a plain list by the Python loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from operator import is_
from typing import Any

from memscribe.batch.layers import with_id
from memscribe.batch.scoring import Encoded, fill
from memscribe.batch.view import Delta, final_paths
from memscribe.relatedness import (
    FALLBACK_SCORE,
    FALLBACK_SIZE,
    SHORTLIST_SCORE,
    best_of,
    entry_text,
    topic_keys,
    topic_probes,
)
from memscribe.schemas.memory import MemoryEntry
from memscribe.textsim import content_tokens

#: Past this many entries numbered, the numbering starts again (a bound on what it keeps alive).
NUMBERS_KEPT = 1 << 18
#: Deltas whose numbers are kept (past it they are read again).
DELTAS_KEPT = 4096
#: Reads whose merged deltas are kept for the next reads to extend (readers of different ranks
#: read different prefixes of the same backlog).
FINALS_KEPT = 8

Scorer = Callable[[str, Sequence[str]], list[float]]


class Numbering:
    """A number for each entry object seen (the object is kept: its id stays its own)."""

    def __init__(self, np: Any) -> None:
        self.np = np
        self._numbers: dict[int, int] = {}  # by id() of the entry object
        self.entries: list[MemoryEntry] = []
        self.texts: list[str] = []
        self._kinds: dict[str, int] = {}
        self._kind_of = np.empty(256, dtype=np.int32)
        self._by_key: dict[tuple[str, str], list[int]] = {}
        #: Per number: a code of its path, and of its namespace (-1: none, read as the default).
        self._path_codes: dict[str, int] = {}
        self._path_of: list[int] = []
        self._names: dict[str, int] = {}
        self._name_of = np.empty(256, dtype=np.int32)
        #: The numbers and path codes of the last committed memory read (kept: its id stays its
        #: own), and per (kind, namespace) read of it, its numbers of the kind and scope
        #: (:meth:`_subset`).
        self._base: tuple[Sequence[MemoryEntry], Any, Any, dict[Any, tuple[Any, Any]]] | None = None
        #: Per delta (kept, by id): the path codes it removes, and (path code, number) it adds.
        self._deltas: dict[int, tuple[Delta, list[int], list[tuple[int, int]]]] = {}
        #: The last reads' deltas (over the committed memory of ``_base``) and what they make of
        #: each path they touch (path code -> number, None: removed): a read whose deltas extend
        #: one of these applies only the deltas after it, not the whole backlog again.
        self._finals: list[tuple[tuple[Delta, ...], dict[int, int | None], tuple[Any, Any]]] = []
        #: Numbers 0 to ``_encoded``: their vectors (rows of ``_vectors``: the encoder's floats),
        #: content tokens, and the numbers holding each token (in increasing order).
        self._encoder: Any = None
        self._vectors: Any = None
        self._encoded = 0
        self._tokens: list[frozenset[str]] = []
        self._by_token: dict[str, list[int]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.entries)

    def _add(self, entry: MemoryEntry) -> int:
        number = len(self.entries)
        self._numbers[id(entry)] = number
        self.entries.append(entry)
        self.texts.append(entry_text(entry))
        if number >= len(self._kind_of):
            self._kind_of, self._name_of = (self._grown(a, number) for a in (self._kind_of, self._name_of))
        self._kind_of[number] = self._kinds.setdefault(entry.kind, len(self._kinds))
        self._name_of[number] = (
            self._names.setdefault(entry.namespace, len(self._names)) if entry.namespace else -1
        )
        self._path_of.append(self._path_codes.setdefault(entry.path, len(self._path_codes)))
        for key in topic_keys(entry.slug):
            self._by_key.setdefault(key, []).append(number)
        return number

    def _grown(self, found: Any, used: int) -> Any:
        grown = self.np.empty(2 * len(found), dtype=found.dtype)
        grown[:used] = found[:used]
        return grown

    def _number(self, entry: MemoryEntry) -> int:
        known = self._numbers.get(id(entry))
        return self._add(entry) if known is None else known

    def pool(self, entries: Sequence[MemoryEntry], kind: str) -> Any:
        """The numbers of the entries of ``kind`` among ``entries``, in their order."""
        np = self.np
        with self._lock:
            # by id(): every entry numbered is kept (``entries``), so its id is never another's
            found = list(map(self._numbers.get, map(id, entries)))
            if None in found:
                found = [self._number(e) if n is None else n for e, n in zip(entries, found, strict=True)]
            kinds, code = self._kind_of, self._kinds.get(kind, -1)
        numbers = np.array(found, dtype=np.intp)
        return numbers[kinds[numbers] == code] if len(numbers) else numbers

    def _delta(self, delta: Delta) -> tuple[list[int], list[tuple[int, int]]]:
        hit = self._deltas.get(id(delta))
        if hit is None or hit[0] is not delta:
            if len(self._deltas) > DELTAS_KEPT:
                self._deltas.clear()
            codes = self._path_codes
            removed = [codes.setdefault(path, len(codes)) for path in delta.removed_paths]
            added = [(self._path_of[n], n) for n in map(self._number, delta.added)]
            hit = self._deltas[id(delta)] = (delta, removed, added)
        return hit[1], hit[2]

    def layered(self, layers: Layered, kind: str) -> Any:
        """:meth:`pool` of ``layers.entries``, in no particular order, without building it: the
        committed memory's numbers of ``kind`` in the scope (found once per version, kind and
        scope), less those at the paths the deltas remove or replace (found by path code: one
        copy of the array, not a mask over the whole memory per read), plus what the deltas
        add (applied in order: the last change of a path holds)."""
        np = self.np
        with self._lock:
            if self._base is None or self._base[0] is not layers.base:
                numbers = np.array(list(map(self._number, layers.base)), dtype=np.intp)
                paths = np.array(self._path_of, dtype=np.intp)[numbers] if len(numbers) else numbers
                self._base = (layers.base, numbers, paths, {})
            _, numbers, paths, subsets = self._base
            touched, added = self._final(tuple(layers.deltas))
            code, scope = self._kinds.get(kind, -1), layers.scope
            name = None if scope is None else self._names.get(scope[0], -2)  # -2: no entry has it
            key = (code, name, scope is not None and scope[0] == scope[1])
            subset = subsets.get(key)
            if subset is None:
                subset = subsets[key] = self._subset(numbers, paths, key)
            kinds, names = self._kind_of, self._name_of
        ours, where = subset
        if touched is None:
            return ours
        inside = touched[touched < len(where)]  # a path code newer than the version is not in it
        at = where[inside]
        at = at[at >= 0]
        kept = np.delete(ours, at) if len(at) else ours
        if not len(added):
            return kept
        return np.concatenate([kept, added[self._keep(kinds, names, added, key)]])

    def _subset(self, numbers: Any, paths: Any, key: tuple[int, int | None, bool]) -> tuple[Any, Any]:
        """The committed ``numbers`` (at path codes ``paths``) of the kind and scope ``key`` (an
        array nobody writes to), and the position among them of each path code so far (-1: none)."""
        np = self.np
        keep = self._keep(self._kind_of, self._name_of, numbers, key)
        ours = numbers[keep]
        ours.flags.writeable = False
        where = np.full(len(self._path_codes), -1, dtype=np.intp)
        where[paths[keep]] = np.arange(len(ours), dtype=np.intp)
        return ours, where

    @staticmethod
    def _keep(kinds: Any, names: Any, numbers: Any, key: tuple[int, int | None, bool]) -> Any:
        """A mask over ``numbers``: those of kind code ``key[0]`` and, unless ``key[1]`` is None
        (every namespace), of namespace code ``key[1]`` (or of none, where ``key[2]``: the
        namespace read is the default)."""
        code, name, default = key
        keep = kinds[numbers] == code
        if name is not None:
            ours = names[numbers] == name
            if default:  # no namespace: read as the default
                ours |= names[numbers] == -1
            keep &= ours
        return keep

    def _final(self, deltas: tuple[Delta, ...]) -> tuple[Any, Any]:
        """The path codes ``deltas`` touch and the numbers at them once the deltas are applied
        in order (None, None: none), from the longest earlier read whose deltas begin
        ``deltas`` (the caller holds the lock)."""
        if not deltas:
            return None, None
        known: tuple[Delta, ...] = ()
        final: dict[int, int | None] = {}
        for read, found, arrays in self._finals:
            if len(read) == len(deltas) and all(map(is_, read, deltas)):
                return arrays
            if len(known) < len(read) < len(deltas) and all(map(is_, read, deltas)):
                known, final = read, found
        final = dict(final)
        for delta in deltas[len(known) :]:
            removed, added = self._delta(delta)
            for code in removed:
                final[code] = None
            for code, number in added:
                final[code] = number
        np = self.np
        arrays = (
            np.fromiter(final, dtype=np.intp, count=len(final)),
            np.fromiter((n for n in final.values() if n is not None), dtype=np.intp),
        )
        if not final:
            arrays = None, None
        self._finals = [*self._finals[1 - FINALS_KEPT :], (deltas, final, arrays)]
        return arrays

    def encoded(self, encoder: Any) -> Encoded:
        """The vectors and tokens of every number so far, by number (each text encoded once per
        numbering, in batches: a shortlist reads them as a matrix, without looking rows up)."""
        np = self.np
        with self._lock:
            size = len(self.entries)
            if self._encoder is not encoder:
                self._encoder, self._encoded, self._tokens, self._by_token = encoder, 0, [], {}
                self._vectors = np.empty((max(256, size), encoder.dim), dtype=np.float64)
            start = self._encoded
            if start < size:
                texts = self.texts[start:size]
                if size > len(self._vectors):  # a new matrix: a reader keeps the one it got
                    grown = np.empty((max(size, 2 * len(self._vectors)), encoder.dim), dtype=np.float64)
                    grown[:start] = self._vectors[:start]
                    self._vectors = grown
                self._vectors[start:size] = np.array(encoder.encode(texts), dtype=np.float64)
                by_token = self._by_token
                for number, text in enumerate(texts, start):
                    tokens = frozenset(content_tokens(text))
                    self._tokens.append(tokens)
                    for token in tokens:
                        by_token.setdefault(token, []).append(number)
                self._encoded = size
            return Encoded(self._vectors, self._tokens, by_token=self._by_token, size=size)

    def on_topic(self, slug: str) -> Any:
        """A mask over the numbers so far: the entries on one topic with ``slug`` by their slugs."""
        np = self.np
        with self._lock:
            mask = np.zeros(len(self.entries), dtype=bool)
            for key in topic_probes(slug):
                holders = self._by_key.get(key)
                if holders:
                    mask[np.array(holders, dtype=np.intp)] = True
        return mask


class Layered:
    """The memory a unit reads, as the board has it: the committed ``base`` (``paths``: its paths,
    sorted, no path twice; None: unknown) and the earlier plans' ``deltas``, for the entries in
    ``scope`` ((namespace, default): those whose namespace, or the default, is the namespace;
    None: every entry); :attr:`entries` builds the list (``scoped``: the reader's own filter)."""

    def __init__(
        self,
        base: tuple[MemoryEntry, ...],
        paths: Sequence[str] | None,
        deltas: Sequence[Delta],
        scope: tuple[str, str] | None,
        entries: Callable[[], Sequence[MemoryEntry]],
    ) -> None:
        self.base, self.paths, self.deltas, self.scope = base, paths, deltas, scope
        self._entries = entries
        self._built: Sequence[MemoryEntry] | None = None
        self._final: dict[str, MemoryEntry | None] | None = None

    @property
    def entries(self) -> Sequence[MemoryEntry]:
        if self._built is None:
            self._built = self._entries()
        return self._built

    def get(self, memory_id: str, *, last: bool = False) -> MemoryEntry | None:
        """The first (``last``: the last) entry of :attr:`entries` holding ``memory_id``, found
        by the committed memory's id index and the deltas (the list is not built) where the
        paths are known."""
        if self.paths is None:
            found = [e for e in self.entries if e.id == memory_id]
            return (found[-1] if last else found[0]) if found else None
        if self._final is None:
            self._final = final_paths(self.deltas)
        scope = self.scope
        held = [
            e
            for e in with_id(self.base, self._final, memory_id)
            if scope is None or (e.namespace or scope[1]) == scope[0]
        ]
        if not held:
            return None
        return (max if last else min)(held, key=_path)


def _path(entry: MemoryEntry) -> str:
    return entry.path


_current: dict[str, Numbering] = {}
_current_lock = threading.Lock()


def numbering(np: Any) -> Numbering:
    """This process's numbering (a new one past NUMBERS_KEPT entries)."""
    with _current_lock:
        found = _current.get("numbering")
        if found is None or found.np is not np or len(found) > NUMBERS_KEPT:
            found = _current["numbering"] = Numbering(np)
        return found


class Classes:
    """One shortlist's (kind, slug, text) scores, one per entry number, computed once each."""

    def __init__(self, numbers: Numbering, kind: str, slug: str, text: str) -> None:
        self.numbering, self.kind, self.slug, self.text = numbers, kind, slug, text
        np = numbers.np
        self._scores = np.full(256, np.nan)
        #: Numbers below this are scored (in bulk, from the numbering's vectors).
        self._done = 0
        #: The entries last classified (kept: their id stays their own) and their classes.
        self._last: tuple[Sequence[MemoryEntry] | Layered, tuple[Any, Any, Any]] | None = None

    def classify(self, entries: Sequence[MemoryEntry] | Layered, scorer: Scorer) -> tuple[Any, Any, Any]:
        """(numbers, scores, qualifies) of the entries of this kind among ``entries`` (in order; a
        :class:`Layered` memory's in no particular order)."""
        np, numbers = self.numbering.np, self.numbering
        if isinstance(entries, Layered) and entries.paths is None:  # its order is its list's
            entries = entries.entries
        if self._last is not None and self._last[0] is entries:  # a wake-up's blockers, then its pick
            return self._last[1]  # an entry's score and class never change
        if isinstance(entries, Layered):
            pool = numbers.layered(entries, self.kind)
        else:
            pool = numbers.pool(entries, self.kind)
        size = len(numbers)  # every number of ``pool`` is below it
        if size > len(self._scores):
            grown = np.full(max(size, 2 * len(self._scores)), np.nan)
            grown[: len(self._scores)] = self._scores
            self._scores = grown
        if self._done < size:
            self._done = fill(scorer, self.text, numbers.encoded, self._scores, self._done, size)
        values = self._scores[pool]
        if self._done < size:  # not all scored in bulk: the scorer answers for the rest
            fresh = pool[np.isnan(values)]
            if len(fresh):
                texts = numbers.texts
                self._scores[fresh] = scorer(self.text, [texts[i] for i in fresh.tolist()])
                values = self._scores[pool]
        qualified = (values >= SHORTLIST_SCORE) | numbers.on_topic(self.slug)[pool]
        self._last = (entries, (pool, values, qualified))
        return pool, values, qualified

    def best(
        self, entries: Sequence[MemoryEntry] | Layered, scorer: Scorer, size: int
    ) -> list[tuple[float, MemoryEntry]]:
        """:func:`~memscribe.relatedness.best_of` over the entries of this kind among ``entries``:
        only those at or above the chosen class's ``size``-th score are made items."""
        np = self.numbering.np
        pool, values, qualified = self.classify(entries, scorer)
        self._last = None  # a pick is a read's last use of them: not kept while the unit waits
        if qualified.any():
            chosen, limit = qualified, size
        else:
            chosen, limit = values >= FALLBACK_SCORE, min(size, FALLBACK_SIZE)
        picked = np.flatnonzero(chosen)
        if len(picked) > limit:
            capped = np.minimum(values[picked], 1.0)
            last = np.partition(capped, len(capped) - limit)[len(capped) - limit]
            picked = picked[capped >= last]
        entries_of = self.numbering.entries
        items = [
            (entries_of[number], value, flag)
            for number, value, flag in zip(
                pool[picked].tolist(), values[picked].tolist(), qualified[picked].tolist(), strict=True
            )
        ]
        if isinstance(entries, Layered) and entries.paths is not None:  # the merged memory's order
            items.sort(key=lambda item: item[0].path)
        return best_of(items, size)

    def tops(
        self, entries: Sequence[MemoryEntry] | Layered, scorer: Scorer, related_size: int
    ) -> tuple[int, float, int, float]:
        """(how many related, the ``related_size``-th best related score, how many near, the
        FALLBACK_SIZE-th best near score), scores capped at 1 (0.0 where there are fewer)."""
        np = self.numbering.np
        _, values, qualified = self.classify(entries, scorer)
        related = np.minimum(values[qualified], 1.0)
        near = np.minimum(values[~qualified & (values >= FALLBACK_SCORE)], 1.0)

        def nth(found: Any, n: int) -> float:
            return float(np.partition(found, len(found) - n)[len(found) - n]) if len(found) >= n else 0.0

        return len(related), nth(related, related_size), len(near), nth(near, FALLBACK_SIZE)


__all__ = ["NUMBERS_KEPT", "Classes", "Numbering", "numbering"]
