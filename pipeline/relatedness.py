"""The one relatedness rule, and the view of memory every reader goes through.

Two memories of one kind are **related** when their similarity texts (the kind's
:meth:`~memscribe.kinds.base.Kind.entry_text`) score at least SHORTLIST_SCORE, or when they are on
one topic by their slugs: equal, one the other plus a value (``home-city`` /
``home-city-berlin``, where the shorter one names a topic: :func:`names_topic`), or sharing a
non-generic word (``home-city`` / ``home-glasgow``: stored slugs often carry the value, new ones
are value-free) or words of one facet (``job`` / ``employer``: :mod:`memscribe.semantic.facets`).
The **score** blends the lexical similarity (:func:`memscribe.textsim.similarity`) with the
offline semantic one (:mod:`memscribe.semantic`, when installed: "coffee" is about "caffeine"),
the larger of the two.
At DUPLICATE_SCORE or above, lexically and with the same polarity, two texts say the same thing
(:func:`restates`).

A **shortlist** is the SHORTLIST_SIZE best related entries, best first; when none is related,
the FALLBACK_SIZE best scoring at least FALLBACK_SCORE (a decision, model or embedded, then
says whether they are one topic).

Dedup (:mod:`memscribe.stages.dedup`), consolidate's clusters, the SQLite index's shortlists
(:mod:`memscribe.index.db`) and the batch job's staleness check all use this module, so they
agree by construction.

:class:`MemoryView` is the read API over one namespace of a memory root: :class:`ListView`
answers it from a list of entries (small roots, tests, a compact view shipped to a worker);
the store's index answers it at 100k entries (:meth:`memscribe.store.base.MemoryStore.view`).
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple, Protocol, TypeVar

from memscribe import semantic
from memscribe.kinds import kind
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.requests import ShortlistItem
from memscribe.semantic.changed import value_differs
from memscribe.semantic.facets import facet_words
from memscribe.semantic.relations import another_relation
from memscribe.semantic.updates import same_polarity
from memscribe.textsim import STOPWORDS, normalize, similarity, token_set, token_similarity

#: At or above: the same text, dropped without asking a model.
DUPLICATE_SCORE = 0.92
#: At or above (or same topic slug): similar enough that a model decides.
SHORTLIST_SCORE = 0.35
SHORTLIST_SIZE = 3
#: When nothing is related: at most this many of the best entries, if they score at least
#: FALLBACK_SCORE (something in common, short of one topic).
FALLBACK_SIZE = 2
FALLBACK_SCORE = 0.15
#: Slug words that name no topic (a slug made of these says nothing about what it is about).
GENERIC_SLUG_WORDS = frozenset(
    """preference preferences pref prefs fact facts info detail details note notes profile
    playbook rule rules general personal misc other thing things stuff item topic memory""".split()
)
_SLUG_WORD = re.compile(r"[a-z]{2,}")
#: The words of the fallback slugs the code generates when a text gives none, bare or with a 6-hex
#: hash of the text appended (``memory``, ``memory-3f9a1c``: :func:`memscribe.kinds.layout.make_slug`;
#: ``preference``, ``rule-…``, ``about-…``, ``about-user``: the embedded model's). Only these: a
#: model's own slug of generic words (``notes``, ``user-info``, ``general``) still names its topic.
FALLBACK_SLUG_WORDS = frozenset({"memory", "preference", "rule", "about", "user"})
_HASH = re.compile(r"[0-9a-f]{6}")


def topic_of(slug: str) -> str:
    return slug.strip("-")


def same_topic(candidate_slug: str, entry_slug: str) -> bool:
    """``home-city`` matches ``home-city`` and ``home-city-berlin`` (value appended to the topic).

    Only a slug that names a topic (:func:`names_topic`) is one, or takes a value: ``memory``
    (the fallback slug of text with no letter, once of all zh/ja text) is not the topic of every
    ``memory-<hex>`` (the slug of one such statement), nor of another ``memory`` entry, nor
    ``preference`` of ``preference-<hex>``."""
    a, b = topic_of(candidate_slug), topic_of(entry_slug)
    if len(a) > len(b):
        a, b = b, a
    return (a == b or b.startswith(a + "-")) and names_topic(a)


@lru_cache(maxsize=1 << 16)
def slug_words(slug: str) -> frozenset[str]:
    """The words of a slug that can name a topic: alphabetic, two letters or more, neither a
    stopword nor a generic slug word (``user-prefers-dark-mode`` → dark, mode)."""
    words = (w for w in topic_of(slug).split("-") if _SLUG_WORD.fullmatch(w))
    return frozenset(w for w in words if w not in STOPWORDS and w not in GENERIC_SLUG_WORDS)


@lru_cache(maxsize=1 << 16)
def topic_words(slug: str) -> frozenset[str]:
    """:func:`slug_words` plus the slug words of the facets they name (``home`` → ``residence``,
    ``lives``…; ``job`` → ``employer``, ``role``…: :mod:`memscribe.semantic.facets`)."""
    return facet_words(slug_words(slug))


def shares_topic_word(slug: str, other_slug: str) -> bool:
    """The two slugs share a non-generic word (``home-city`` / ``home-glasgow``), or words of one
    facet (``job-bank-analyst`` / ``employer``)."""
    return bool(topic_words(slug) & slug_words(other_slug))


@lru_cache(maxsize=1 << 16)
def topical(slug: str, other_slug: str) -> bool:
    """One topic by the slugs alone: :func:`same_topic` or :func:`shares_topic_word`."""
    return same_topic(slug, other_slug) or shares_topic_word(slug, other_slug)


@lru_cache(maxsize=1 << 16)
def names_topic(slug: str) -> bool:
    """The slug is not a generated fallback: a part of it is neither a word of the fallback slugs
    (:data:`FALLBACK_SLUG_WORDS`), nor all digits, nor the 6-hex hash that ends it, so a value
    appended to it is a value of its topic (:func:`same_topic`); ``memory-3f9a1c`` is no value of
    ``memory``. Any other word names one, however short, generic or with digits: ``python3``,
    ``3d``, ``r``, ``likes``, ``notes``, ``user-info``."""
    parts = topic_of(slug).split("-")
    if len(parts) > 1 and _HASH.fullmatch(parts[-1]):
        parts.pop()
    return any(p and not p.isdigit() and p not in FALLBACK_SLUG_WORDS for p in parts)


def _dash_prefixes(topic: str) -> set[str]:
    """Each ``topic[:i]`` followed by a dash that names a topic: ``b.startswith(a + "-") and
    names_topic(a)`` iff ``a`` is one of b's."""
    return {topic[:i] for i, char in enumerate(topic) if char == "-" and names_topic(topic[:i])}


@lru_cache(maxsize=1 << 16)
def topic_keys(slug: str) -> frozenset[tuple[str, str]]:
    """The keys of a stored slug for a topic look-up: :func:`topical` ``(slug, other)`` holds iff
    ``topic_probes(slug) & topic_keys(other)`` is not empty (an index of these keys finds the
    entries on one topic with a candidate without asking each pair)."""
    topic = topic_of(slug)
    return frozenset(
        ({("t", topic)} if names_topic(topic) else set())
        | {("p", prefix) for prefix in _dash_prefixes(topic)}
        | {("w", word) for word in slug_words(slug)}
    )


@lru_cache(maxsize=1 << 16)
def topic_probes(slug: str) -> frozenset[tuple[str, str]]:
    """The keys :func:`topic_keys` of a slug on one topic with ``slug`` holds one of: the same
    topic ("t"), ``slug``'s topic plus a value ("p"), ``slug``'s topic less a value ("t" of a
    prefix), a shared topic word ("w")."""
    topic = topic_of(slug)
    return frozenset(
        ({("t", topic), ("p", topic)} if names_topic(topic) else set())
        | {("t", prefix) for prefix in _dash_prefixes(topic)}
        | {("w", word) for word in topic_words(slug)}
    )


def blend(lexical: float, meaning: float | None) -> float:
    """The relatedness score from a lexical and a semantic score (None: lexical only), 0..1.

    The larger of the two: either finding one topic is enough to look closer; the decision
    (dedup's model or embedded rules) then tells a restatement, an update and another fact apart.
    """
    return lexical if meaning is None else round(max(lexical, meaning), 4)


def score(text: str, other: str) -> float:
    """How related two similarity texts are (0..1, :func:`blend`)."""
    return blend(similarity(text, other), semantic.similarity(text, other))


def scores(text: str, others: Sequence[str]) -> list[float]:
    """:func:`score` of ``text`` with each of ``others``, the same values: the semantic scores in
    one batch (:meth:`~memscribe.semantic.encoder.StaticEncoder.calibrated`), each text's content
    tokens read from textsim's memo (:func:`~memscribe.textsim.token_set`: every candidate of a
    batch run is scored against every earlier one), and no blend for a pair with no token in
    common (most pairs: its lexical score is 0.0, and ``blend(0.0, m)`` is ``m``, a calibrated
    score already >= 0 and rounded)."""
    meanings = semantic.similarities(text, others)
    ours = token_set(text)
    if meanings is None:
        return [token_similarity(ours, token_set(other)) for other in others]
    found: list[float] = []
    for other, meaning in zip(others, meanings, strict=True):
        theirs = token_set(other)
        found.append(meaning if ours.isdisjoint(theirs) else blend(token_similarity(ours, theirs), meaning))
    return found


def restates(text: str, other: str) -> bool:
    """``text`` says what ``other`` says: the same normalized text, or a lexical similarity of at
    least DUPLICATE_SCORE with the same polarity ("drinks coffee" never restates "no longer drinks
    coffee", although their content words are the same) and no value changed ("owns a Tesla Model
    3" / "Model Y", "kids are 4 and 7" / "5 and 8": :func:`~memscribe.semantic.changed.value_differs`),
    nor another kind of relation to the thing ("likes cats" / "is allergic to cats":
    :func:`~memscribe.semantic.relations.another_relation`)."""
    if normalize(text) == normalize(other):
        return True
    return (
        similarity(text, other) >= DUPLICATE_SCORE
        and same_polarity(text, other)
        and not value_differs(text, other)
        and not another_relation(text, other)
    )


def qualifies(value: float, slug: str, other_slug: str) -> bool:
    """The rule itself, on a score already computed: related enough to shortlist."""
    return value >= SHORTLIST_SCORE or topical(slug, other_slug)


def related(slug: str, text: str, other_slug: str, other_text: str) -> bool:
    """Two memories (of one kind) are related: one topic by their slugs, or related texts."""
    return topical(slug, other_slug) or score(text, other_text) >= SHORTLIST_SCORE


def may_shortlist(slug: str, text: str, other_slug: str, other_text: str) -> bool:
    """Could ``other`` appear on the shortlist of ``text`` (related, or a fallback match)?
    Conservative: what the batch job's staleness check needs."""
    return topical(slug, other_slug) or score(text, other_text) >= FALLBACK_SCORE


def entry_text(entry: MemoryEntry) -> str:
    """The similarity text of a stored entry (its kind decides)."""
    return kind(entry.kind).entry_text(entry)


def rank(items: list[ShortlistItem], size: int = SHORTLIST_SIZE) -> list[ShortlistItem]:
    """Best first (score, then :func:`tie_order`), at most ``size``."""
    items.sort(key=lambda s: (-s.score, *tie_order(s)))
    return items[:size]


def tie_order(item: Identified) -> tuple[str, str, str]:
    """How entries of one score are ordered: by their similarity text, then slug, then id.

    Ids are drawn at random (:mod:`memscribe.kinds.ids`), so ordering ties by id made the
    choice among equally scored entries (the top of a shortlist, the one a decision supersedes)
    differ from run to run over the same transcripts (issue 14: 185 memories in one batch run,
    184 in the next). The text and slug are what the transcripts wrote; the id decides only
    between entries that say the same thing under one slug."""
    if isinstance(item, MemoryEntry):
        return entry_text(item), item.slug, item.id
    if isinstance(item, Pooled | ShortlistItem):
        return item.text, item.slug, item.id
    return "", "", item.id


class Pooled(NamedTuple):
    """An entry that may go on a shortlist: what :func:`select` needs of it."""

    id: str
    slug: str
    text: str
    created: str


def select(
    slug: str,
    text: str,
    pool: Sequence[Pooled],
    *,
    boost: Mapping[str, float] | None = None,
    size: int = SHORTLIST_SIZE,
    scorer: Callable[[str, Sequence[str]], list[float]] | None = None,
) -> list[ShortlistItem]:
    """The shortlist for ``text`` among ``pool`` (entries of one kind): every entry scored
    (:func:`scores`, or ``scorer``: the same scores, remembered by a caller that asks again),
    raised by ``boost`` (an external embedding model's score per id), the related ones best
    first; when none is, the FALLBACK_SIZE best at FALLBACK_SCORE or above."""
    all_scores = (scorer or scores)(text, [p.text for p in pool])

    def classified() -> Iterator[tuple[Pooled, float, bool]]:
        for p, value in zip(pool, all_scores, strict=True):
            if boost and p.id in boost:
                value = max(value, boost[p.id])
            yield p, value, qualifies(value, slug, p.slug)

    # items are built only for the entries listed
    best = best_of(classified(), size)
    return [ShortlistItem(id=p.id, slug=p.slug, text=p.text, created=p.created, score=v) for v, p in best]


class Identified(Protocol):
    """Anything with an ``id`` (a pooled entry, a memory entry)."""

    @property
    def id(self) -> str: ...


_Item = TypeVar("_Item", bound=Identified)


def best_of(
    classified: Iterable[tuple[_Item, float, bool]], size: int = SHORTLIST_SIZE
) -> list[tuple[float, _Item]]:
    """The shortlist's choice among scored items ``(item, score, qualifies)``: the related ones
    (score capped at 1), best first in :func:`rank`'s order (score, then :func:`tie_order`), at
    most ``size``; when none is, the FALLBACK_SIZE best at FALLBACK_SCORE or above."""
    related: list[tuple[float, _Item]] = []
    near: list[tuple[float, _Item]] = []
    for item, value, qualified in classified:
        if qualified:
            related.append((min(1.0, value), item))
        elif value >= FALLBACK_SCORE:
            near.append((min(1.0, value), item))
    chosen, limit = (related, size) if related else (near, min(size, FALLBACK_SIZE))
    if len(chosen) > limit:  # the texts are read only for the best scores (ties at the cut kept)
        cut = heapq.nlargest(limit, [value for value, _ in chosen])[-1]
        chosen = [c for c in chosen if c[0] >= cut]
    chosen.sort(key=lambda item: (-item[0], *tie_order(item[1])))
    return chosen[:limit]


def shortlist(
    kind_name: MemoryKind,
    slug: str,
    text: str,
    entries: Sequence[MemoryEntry],
    scorer: Callable[[str, Sequence[str]], list[float]] | None = None,
) -> list[ShortlistItem]:
    """The shortlist for ``text`` among ``entries`` (every entry scored: small lists only)."""
    pool = [Pooled(e.id, e.slug, entry_text(e), e.created) for e in entries if e.kind == kind_name]
    return select(slug, text, pool, scorer=scorer)


class MemoryView(Protocol):
    """Read access to the active memory of one namespace (the one read API).

    ``shortlist`` answers dedup, ``get`` resolves an id, ``entries`` lists (optionally one
    kind). Implementations: :class:`ListView` and the index-backed view of the file store.
    """

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]: ...

    def get(self, memory_id: str) -> MemoryEntry | None: ...

    def entries(self, kind: MemoryKind | None = None) -> list[MemoryEntry]: ...


class ListView:
    """A :class:`MemoryView` over an in-memory list of active entries (already scoped)."""

    def __init__(self, entries: Sequence[MemoryEntry]) -> None:
        self._entries = list(entries)
        self._by_id = {e.id: e for e in self._entries}

    @property
    def holds_nothing(self) -> bool:
        """No entry at all: nothing to shortlist (see :func:`memscribe.stages.dedup.holds_nothing`)."""
        return not self._entries

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        return shortlist(kind, slug, text, self._entries)

    def get(self, memory_id: str) -> MemoryEntry | None:
        return self._by_id.get(memory_id)

    def entries(self, kind: MemoryKind | None = None) -> list[MemoryEntry]:
        return [e for e in self._entries if kind is None or e.kind == kind]
