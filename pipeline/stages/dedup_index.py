"""Dedup's index of the texts accepted earlier in a run: which of them a new text restates
(:func:`~memscribe.relatedness.restates`), found without comparing it with every one of them."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

from memscribe.relatedness import DUPLICATE_SCORE, restates
from memscribe.textsim import content_tokens, normalize, token_similarity


class Restatements:
    """Texts of each kind, indexed so that a new text is compared only with those it could
    restate — not with every earlier one.

    :func:`~memscribe.relatedness.restates` holds only for the same normalized text (the
    ``by_norm`` look-up) or a :func:`~memscribe.textsim.token_similarity` of at least
    DUPLICATE_SCORE (its polarity and changed-value tests are then checked on what is found), which
    two token sets reach only when nearly the same: of two sets of at most
    :data:`SMALL_SET` tokens, each lacks at most :func:`deletions` of its size of the other's
    (none up to six tokens, at most two up to 18: the smaller is within the larger), so their
    common tokens are the set less that many of its tokens, a key of both (the symmetric-deletion
    index: ``variants``), kept with the size of the set it was taken from: a new text looks
    under each of its variants only for the sizes it could restate with that many common tokens
    (:func:`partner_sizes`), so that what it finds restates it but for polarity and values (two
    sets of one size differing in one token share a variant, and restate one another only past
    SMALL_SET tokens: on a few words, such texts were most of what was compared). A larger set
    is found by the prefix filter of set-similarity joins: two sets of given sizes restate one
    another only with at least :func:`least_common` tokens in common, so that, their tokens in one
    fixed order, the first few of each (:func:`indexed_prefix`) share one (``postings``, which keep
    the token's place in its set); the prefix tokens they share are counted as they are met, and a
    text is dropped as soon as the count and the tokens left after the shared one in each set can
    no longer reach that many (the positional filter), and compared only when its tokens in common
    with the new text are enough: on a few words, where every text's first tokens are those of most
    others, the comparisons stay about one per text at every size. The texts
    found are checked with ``restates`` itself: the answer is that of checking every earlier
    text; the work per candidate no longer grows with the candidates before it when they share
    common words. ``ranks`` orders the tokens (rarer first: shorter postings; any fixed order is
    exact), see :func:`token_ranks`; a token it lacks ranks first."""

    def __init__(self, ranks: Mapping[str, int] | None = None) -> None:
        self.ranks: Mapping[str, int] = ranks or {}
        self.texts: dict[str, list[str]] = {}
        #: each text's similarity tokens (:func:`~memscribe.textsim.content_tokens`), by kind
        self.tokens: dict[str, list[frozenset[str]]] = {}
        self.by_norm: dict[tuple[str, str], int] = {}
        #: the hash of (kind, the token set's size, the set less a few of its tokens) -> its
        #: position in ``texts[kind]``, or their list (a hash, not the set: no set kept per variant; two keys
        #: that share one only cost a comparison)
        self.variants: dict[int, int | list[int]] = {}
        #: (kind, size of the token set, token of its prefix) -> (position in ``texts[kind]``,
        #: the token's place in the set's order)
        self.postings: dict[tuple[str, int, str], list[tuple[int, int]]] = {}

    def _ordered(self, tokens: frozenset[str] | set[str]) -> list[str]:
        return sorted(tokens, key=lambda t: (self.ranks.get(t, 0), t))

    def _shared_enough(self, kind: str, ordered: list[str], other: int) -> Iterator[int]:
        """The texts of ``other`` tokens whose prefix meets that of ``ordered`` (a token set in
        the ranks' order) at places that leave them room for :func:`least_common` tokens in common:
        when the two sets' first common token is the i-th of one and the j-th of the other, the
        tokens counted before it are all they share before it, and at most the fewer of those
        after it in each set follow (the positional filter of set-similarity joins)."""
        size = len(ordered)
        need = least_common(size, other)
        shared: dict[int, int] = {}
        for i, token in enumerate(ordered[: size - need + 1]):
            for pos, j in self.postings.get((kind, other, token), ()):
                count = shared.get(pos, 0)
                if count < 0:
                    continue
                shared[pos] = count + 1 if count + 1 + min(size - i - 1, other - j - 1) >= need else -1
        known, mine = self.tokens[kind], frozenset(ordered)
        return (pos for pos, count in shared.items() if count > 0 and len(mine & known[pos]) >= need)

    def add(self, kind: str, text: str) -> None:
        texts = self.texts.setdefault(kind, [])
        pos = len(texts)
        texts.append(text)
        tokens = frozenset(content_tokens(text))
        self.tokens.setdefault(kind, []).append(tokens)
        self.by_norm.setdefault((kind, normalize(text)), pos)
        if 0 < len(tokens) <= SMALL_SET:
            for variant in _variants(tokens):
                key = hash((kind, len(tokens), variant))
                held = self.variants.get(key)
                if held is None:
                    self.variants[key] = pos
                elif isinstance(held, int):
                    self.variants[key] = [held, pos]
                else:
                    held.append(pos)
        size = len(tokens)
        if large_partners(size):  # may restate, or be restated by, a set past SMALL_SET
            for j, token in enumerate(self._ordered(tokens)[: indexed_prefix(size)]):
                self.postings.setdefault((kind, size, token), []).append((pos, j))

    def restated(self, kind: str, text: str) -> bool:
        """:func:`~memscribe.relatedness.restates` of ``text`` and some earlier text of ``kind``."""
        texts = self.texts.get(kind)
        if not texts:
            return False
        if (kind, normalize(text)) in self.by_norm:
            return True
        tokens = frozenset(content_tokens(text))
        if not tokens:  # no similarity with anything: only the same text restates it
            return False
        near: set[int] = set()
        size = len(tokens)
        if size <= SMALL_SET:
            for variant in _variants(tokens):
                for other in partner_sizes(size, len(variant)):
                    held = self.variants.get(hash((kind, other, variant)))
                    if isinstance(held, int):
                        near.add(held)
                    elif held is not None:
                        near.update(held)
        partners = large_partners(size)
        ordered = self._ordered(tokens) if partners else []
        for n in partners:
            near.update(self._shared_enough(kind, ordered, n))
        known = self.tokens[kind]
        return any(
            token_similarity(tokens, known[pos]) >= DUPLICATE_SCORE and restates(text, texts[pos])
            for pos in sorted(near)
        )


#: The least Jaccard index of two token sets whose :func:`~memscribe.textsim.token_similarity`
#: (the mean of Jaccard and containment, rounded to 4 places) reaches DUPLICATE_SCORE, a little
#: lower still: the sizes of two such sets are within that ratio (:func:`large_partners`).
LEAST_JACCARD = 2 * DUPLICATE_SCORE - 1 - 0.001
#: Token sets up to this size are found through their variants (:func:`deletions`).
SMALL_SET = 18


@functools.cache
def least_common(size: int, other: int) -> int:
    """The fewest tokens that sets of ``size`` and ``other`` tokens have in common when one
    restates the other (:func:`~memscribe.textsim.token_similarity`, which depends on the two
    sizes and the common tokens only and grows with the common tokens, reaches DUPLICATE_SCORE);
    one more than the smaller size when no count does."""
    shared, own, theirs = (
        [f"a{n}" for n in range(size)],
        [f"b{n}" for n in range(size)],
        [f"c{n}" for n in range(other)],
    )
    for common in range(1, min(size, other) + 1):
        mine = frozenset(shared[:common] + own[: size - common])
        if token_similarity(mine, frozenset(shared[:common] + theirs[: other - common])) >= DUPLICATE_SCORE:
            return common
    return min(size, other) + 1


@functools.cache
def large_partners(size: int) -> tuple[int, ...]:
    """The sizes of the sets that a set of ``size`` could restate, or be restated by, that its
    variants do not find (one of the two sizes past :data:`SMALL_SET`): those are found through
    the prefix postings."""
    lo, hi = math.ceil(LEAST_JACCARD * size), math.floor(size / LEAST_JACCARD)
    return tuple(
        other
        for other in range(max(lo, 1), hi + 1)
        if max(size, other) > SMALL_SET and least_common(size, other) <= min(size, other)
    )


@functools.cache
def indexed_prefix(size: int) -> int:
    """How many of a set's first tokens are posted: enough for every size it could meet
    (a set that shares ``need`` of its ``size`` tokens shares one of its first ``size - need + 1``)."""
    return max((size - least_common(size, other) + 1 for other in large_partners(size)), default=0)


@functools.cache
def deletions(size: int) -> int:
    """The most tokens a set of ``size`` (at most :data:`SMALL_SET`) lacks of another set of at
    most SMALL_SET tokens that it restates or is restated by: worked out with
    :func:`~memscribe.textsim.token_similarity` itself, on sets of every size and overlap."""
    most = -1
    shared, own = [f"a{n}" for n in range(SMALL_SET)], [f"b{n}" for n in range(SMALL_SET)]
    mine = frozenset(shared[:size])
    for other in range(1, SMALL_SET + 1):
        for common in range(1, min(size, other) + 1):
            theirs = frozenset(shared[:common] + own[: other - common])
            if token_similarity(mine, theirs) >= DUPLICATE_SCORE:
                most = max(most, size - common)
    return most


@functools.cache
def partner_sizes(size: int, common: int) -> tuple[int, ...]:
    """The sizes (at most :data:`SMALL_SET`) of the sets that a set of ``size`` restates, or is
    restated by, when the two share ``common`` tokens, and whose variants reach that many tokens
    (they lack at most :func:`deletions` of their size): a text meets in the index only the
    texts of those sizes under each of its variants (two sets of ``size`` tokens sharing all but
    one of them are found by their common variant, but never restate one another up to
    SMALL_SET tokens: the smaller set is within the larger). Worked out with
    :func:`~memscribe.textsim.token_similarity` itself, which depends on the two sizes and the
    common tokens only (and grows with the common tokens: every text found under a variant of
    these sizes reaches DUPLICATE_SCORE)."""
    shared, own, theirs = (
        [f"a{n}" for n in range(SMALL_SET)],
        [f"b{n}" for n in range(SMALL_SET)],
        [f"c{n}" for n in range(SMALL_SET)],
    )
    mine = frozenset(shared[:common] + own[: size - common])
    return tuple(
        other
        for other in range(common, SMALL_SET + 1)
        if other - common <= deletions(other)
        and token_similarity(mine, frozenset(shared[:common] + theirs[: other - common])) >= DUPLICATE_SCORE
    )


def _variants(tokens: frozenset[str]) -> Iterator[frozenset[str]]:
    """``tokens`` less up to :func:`deletions` of its tokens (each of their common tokens)."""
    ordered = sorted(tokens)
    for k in range(deletions(len(ordered)) + 1):
        for dropped in itertools.combinations(ordered, k):
            yield tokens.difference(dropped)


def token_ranks(texts: Iterable[str]) -> dict[str, int]:
    """How many of ``texts`` hold each of their content tokens: :class:`Priors` puts the rarer
    tokens of a text first in its prefix (``texts``: the candidates of one run)."""
    counts = Counter(token for text in texts for token in content_tokens(text))
    return dict(counts)
