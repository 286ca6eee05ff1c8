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
