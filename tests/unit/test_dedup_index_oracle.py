"""Dedup's restatement index (:class:`~memscribe.stages.dedup_index.Restatements`) answers as
:func:`~memscribe.relatedness.restates` against every earlier text of the kind (the all-pairs
oracle), on random and adversarial runs, and meets only the texts a new one could restate: the
comparisons stay linear in the candidates when they are drawn from a few words (issue 17)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.relatedness import restates
from memscribe.stages import dedup_index
from memscribe.stages.dedup_index import Restatements, token_ranks
from tests.support.counting import counting

#: Few words, so that token sets nearly the same (one within another, one word swapped) abound;
#: with a negation and numbers, so that the polarity and changed-value tests are reached too.
_WORDS = [f"w{n}" for n in range(14)] + ["cache", "build", "not", "no longer", "3", "4", "tabs", "spaces"]


def _text(words: list[str]) -> str:
    return "User " + " ".join(words) + "."


def _oracle_run(texts: list[tuple[str, str]], add_all: bool) -> None:
    index = Restatements(token_ranks(text for _, text in texts))
    earlier: dict[str, list[str]] = {}
    for kind, text in texts:
        expected = any(restates(text, other) for other in earlier.get(kind, []))
        assert index.restated(kind, text) == expected, (kind, text)
        if add_all or not expected:
            index.add(kind, text)
            earlier.setdefault(kind, []).append(text)


_runs = st.lists(
    st.tuples(
        st.sampled_from(["profile", "playbook"]), st.lists(st.sampled_from(_WORDS), min_size=0, max_size=30)
    ),
    min_size=1,
    max_size=60,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_runs, st.booleans())
def test_restated_is_restates_against_every_earlier_text(
    run: list[tuple[str, list[str]]], add_all: bool
) -> None:
    _oracle_run([(kind, _text(words)) for kind, words in run], add_all)


@pytest.mark.parametrize("seed", range(6))
def test_restated_is_restates_on_runs_of_near_identical_texts(seed: int) -> None:
    """Adversarial runs: each text is an earlier one with a word dropped, added or swapped, at
    every size up to well past the variants' limit (the prefix postings' side)."""
    rng = random.Random(seed)
    words = _WORDS + [f"x{n}" for n in range(20)]
    base = rng.sample(words, rng.randint(1, 34))
    runs: list[list[str]] = []
    for _ in range(300):
        cur = list(base if rng.random() < 0.3 else rng.choice(runs or [base]))
        move = rng.random()
        if move < 0.35 and len(cur) > 1:
            cur.pop(rng.randrange(len(cur)))
        elif move < 0.7:
            cur.insert(rng.randrange(len(cur) + 1), rng.choice(words))
        elif cur:
            cur[rng.randrange(len(cur))] = rng.choice(words)
        runs.append(cur)
    _oracle_run([("profile", _text(cur)) for cur in runs], add_all=seed % 2 == 0)


def test_a_run_of_texts_from_few_words_meets_few_earlier_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Candidates of 11 to 18 tokens drawn from 25 words (the extract bench's babble): every one
    shares its rarest words with most earlier ones, so the prefix postings handed each new text
    hundreds of earlier ones to compare; the variants meet only those it could restate, about
    one comparison per text (the comparisons grew with the square of the candidates)."""
    rng = random.Random(11)
    vocabulary = [f"word{n}" for n in range(25)]
    texts = [_text(rng.sample(vocabulary, rng.randint(11, 18))) for _ in range(1500)]
    index = Restatements(token_ranks(texts))
    warm = Restatements()  # the index's tables (worked out on first use) before counting
    for size in range(1, 20):
        warm.add("profile", _text(vocabulary[:size]))
        warm.restated("profile", _text(vocabulary[1 : size + 1]))
    compared = counting(monkeypatch, dedup_index, "token_similarity")
    for text in texts:
        if not index.restated("profile", text):
            index.add("profile", text)
    assert compared.n <= 2 * len(texts)


def _warm() -> None:
    """The index's tables (worked out on first use, with token_similarity) before counting."""
    warm = Restatements()
    for size in range(1, 49):
        words = [f"v{n}" for n in range(size + 1)]
        warm.add("profile", _text(words[:size]))
        warm.restated("profile", _text(words[1 : size + 1]))


@pytest.mark.parametrize("seed", range(8))
def test_restated_is_restates_on_large_sets_from_a_few_words(seed: int) -> None:
    """Sets of 19 to 40 tokens (past the variants' limit: the prefix postings' side) drawn from
    hardly more words than the largest holds, so that every text's first tokens are those of most
    others; half of them an earlier one with a word or two dropped, added or swapped."""
    rng = random.Random(100 + seed)
    words = _WORDS + [f"x{n}" for n in range(20 + seed)]
    texts: list[list[str]] = []
    for _ in range(250):
        if texts and rng.random() < 0.5:
            cur = list(rng.choice(texts))
            for _ in range(rng.randint(1, 2)):
                move = rng.random()
                if move < 0.33 and len(cur) > 19:
                    cur.pop(rng.randrange(len(cur)))
                elif move < 0.66 or not cur:
                    cur.insert(rng.randrange(len(cur) + 1), rng.choice(words))
                else:
                    cur[rng.randrange(len(cur))] = rng.choice(words)
        else:
            cur = rng.sample(words, rng.randint(19, 40))
        texts.append(cur)
    _oracle_run([("profile", _text(cur)) for cur in texts], add_all=seed % 2 == 0)


@pytest.mark.parametrize(("low", "high"), [(8, 20), (19, 30), (30, 40)])
def test_comparisons_grow_with_the_texts_at_every_size(
    monkeypatch: pytest.MonkeyPatch, low: int, high: int
) -> None:
    """Texts of ``low`` to ``high`` tokens from a few words more than the largest holds: four
    times the texts cost about four times the comparisons, past the variants' limit too (the
    prefix postings handed each new text most earlier ones of its sizes: 13 times the
    comparisons for 4 times the texts)."""
    vocabulary = [f"word{n}" for n in range(max(25, high + 8))]
    _warm()
    compared = {}
    for n in (300, 1200):
        rng = random.Random(n)
        texts = [_text(rng.sample(vocabulary, rng.randint(low, high))) for _ in range(n)]
        index = Restatements(token_ranks(texts))
        calls = counting(monkeypatch, dedup_index, "token_similarity")
        for text in texts:
            if not index.restated("profile", text):
                index.add("profile", text)
        compared[n] = calls.n
        monkeypatch.undo()
    assert compared[1200] <= 4 * compared[300] + 1200, compared
    assert compared[1200] <= 2 * 1200, compared
