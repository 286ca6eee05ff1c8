"""token_similarity is its formula on every pair of sets, disjoint ones (answered at once) included."""

from __future__ import annotations

import random

from memscribe.textsim import content_tokens, similarity, token_similarity


def _formula(ta: frozenset[str], tb: frozenset[str]) -> float:
    if not ta or not tb:
        return 0.0
    inter = len(ta & tb)
    return round(0.5 * inter / len(ta | tb) + 0.5 * inter / min(len(ta), len(tb)), 4)


def test_token_similarity_is_the_formula_on_random_sets() -> None:
    rng = random.Random(14)
    words = [f"w{i}" for i in range(12)]
    for _ in range(3000):
        ta = frozenset(rng.sample(words, rng.randint(0, 6)))
        tb = frozenset(rng.sample(words, rng.randint(0, 6)))
        got = token_similarity(ta, tb)
        assert got == _formula(ta, tb)
        assert (got == 0.0) == (not ta & tb)


def test_texts_sharing_no_word_score_zero_and_sharing_some_do_not() -> None:
    assert similarity("User drinks coffee every morning.", "Der Nutzer wohnt in Köln.") == 0.0
    assert similarity("User drinks coffee every morning.", "User drinks tea.") > 0.0
    shared = content_tokens("用户现在用Neovim写代码") & content_tokens("ユーザーはNeovimを使う")
    assert shared and similarity("用户现在用Neovim写代码", "ユーザーはNeovimを使う") > 0.0
