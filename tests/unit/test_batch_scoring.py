"""The batch job's vectorised relatedness scores are the relatedness rule's, value for value."""

from __future__ import annotations

import random

import pytest

from memscribe import relatedness
from memscribe.batch import scoring

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

TEXTS = [
    "User prefers dark mode in every editor.",
    "User prefers a dark theme.",
    "User drinks coffee every morning.",
    "User avoids caffeine after noon.",
    "User no longer drinks coffee.",
    "User lives in Berlin.",
    "User moved to Munich in March.",
    "User works as a data analyst at the council.",
    "User works as an accountant.",
    "La usuaria vive en Madrid con su perro.",
    "Der Nutzer trinkt morgens Tee.",
    "用户现在用Neovim写代码",
    "ユーザーは大阪に住んでいます",
    "User uses a Dell XPS laptop running Windows.",
    "User now uses a MacBook Pro at work.",
    "zqxv bnnm kkkr",  # no known token: a zero vector
    "",
    "When deploying, run the migrations before restarting the workers.",
    "Always run `make typecheck` before committing.",
]


def _corpus() -> list[str]:
    rng = random.Random(14)
    words = " ".join(TEXTS).split()
    made = [" ".join(rng.sample(words, rng.randint(2, 9))) for _ in range(300)]
    return TEXTS + made


@pytest.mark.usefixtures("vectorised")
def test_scores_equal_the_relatedness_rule_bit_for_bit() -> None:
    pytest.importorskip("numpy")
    texts = _corpus()
    for i, text in enumerate(texts[:120]):
        others = texts[i : i + 150] + texts[: i % 7]  # repeats and the text itself among them
        assert scoring.scores(text, others) == relatedness.scores(text, others), text
    assert scoring._rows() is not None  # the vectorised way answered, on every Python


@pytest.mark.usefixtures("vectorised")
def test_scores_stay_equal_when_the_rows_start_again(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numpy")
    monkeypatch.setattr(scoring, "MAX_ROWS", 40)
    texts = _corpus()
    for i in range(0, 200, 9):
        others = texts[i : i + 30]
        assert scoring.scores(texts[i + 1], others) == relatedness.scores(texts[i + 1], others)


def test_a_small_run_scores_the_pure_way_first() -> None:
    scoring.reset()
    try:
        texts = _corpus()
        assert scoring.scores(texts[0], texts[:50]) == relatedness.scores(texts[0], texts[:50])
        assert scoring._rows() is None  # numpy is not imported for 50 pairs
        scoring.expect(scoring.IMPORT_AFTER_PAIRS)
        assert scoring.scores(texts[0], texts[:50]) == relatedness.scores(texts[0], texts[:50])
    finally:
        scoring.reset()


def test_without_an_encoder_the_scores_are_lexical(monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe import semantic

    monkeypatch.setenv(semantic.ENV_VAR, "off")
    semantic.reset()
    scoring.reset()
    scoring.expect(10 * scoring.IMPORT_AFTER_PAIRS)
    texts = _corpus()
    assert scoring.scores(texts[0], texts[:40]) == relatedness.scores(texts[0], texts[:40])
    scoring.reset()


@pytest.mark.usefixtures("vectorised")
def test_scores_at_a_rounding_edge_are_the_encoders(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cosine whose calibrated score the matrix product's last bits could round either way is
    computed again with the encoder's ``dot``: with every cosine taken for one, the same scores."""
    pytest.importorskip("numpy")
    from memscribe.index import pool

    monkeypatch.setattr(pool, "COSINE_SLACK", 0.5)
    texts = _corpus()
    for i, text in enumerate(texts[:40]):
        others = texts[i : i + 120]
        assert scoring.scores(text, others) == relatedness.scores(text, others), text
    assert scoring._rows() is not None


def test_cosines_at_every_rounding_boundary_score_as_calibrate_does() -> None:
    """Cosines placed within a few ulps of where a calibrated score rounds the other way (on
    both of calibrate's slopes, and at its floor): the bulk scores are calibrate's of ``dot``."""
    np = pytest.importorskip("numpy")
    from memscribe import semantic
    from memscribe.semantic.calibration import calibrate
    from memscribe.semantic.encoder import dot

    encoder = semantic.default_encoder()
    assert encoder is not None
    cal = encoder.calibration
    cosines: list[float] = [cal.floor, np.nextafter(cal.floor, 1.0), cal.related]
    for k in range(0, 10000, 7):  # every 7th boundary (k + 0.5) / 1e4 of the calibrated scale
        target = (k + 0.5) / 1e4
        if target <= 0.35:
            cosine = cal.floor + target / 0.35 * (cal.related - cal.floor)
        else:
            cosine = cal.related + (target - 0.35) / 0.65 * (1.0 - cal.related)
        for step in (-3e-12, -1e-15, 0.0, 1e-15, 3e-12):
            cosines.append(min(1.0, cosine + step))
    # the cosine spread over 100 dimensions: the matrix product sums it in another order than dot
    query = np.zeros(128)
    query[:100] = np.random.default_rng(3).uniform(0.5, 1.5, 100)
    query /= np.sqrt(np.dot(query, query))
    rows = np.outer(cosines, query)
    rows[:, 127] = np.sqrt(1.0 - np.square(cosines))
    expected = [calibrate(dot(query.tolist(), row.tolist()), cal) for row in rows]
    assert scoring.semantic_scores(np, encoder, query, rows) == expected


def test_the_scores_of_one_text_with_many_are_each_pairs_score_bit_for_bit() -> None:
    """Below numpy's threshold (a run of a few hundred transcripts) the batch job's scores are the
    relatedness rule's own (one function: :func:`memscribe.relatedness.scores`), and they are
    each pair's :func:`~memscribe.relatedness.score`: the calibrated cosines in one batch, the
    pairs with no token in common unblended."""
    scoring.reset()
    try:
        texts = _corpus()
        for i, text in enumerate(texts[:120]):
            others = texts[i : i + 150] + texts[: i % 7]  # repeats and the text itself among them
            assert relatedness.scores(text, others) == [relatedness.score(text, o) for o in others], text
        assert scoring.scores(texts[0], texts[:50]) == [relatedness.score(texts[0], o) for o in texts[:50]]
        assert relatedness.scores(texts[0], []) == []
        assert not hasattr(scoring, "pure_scores")  # the near-copy is gone
    finally:
        scoring.reset()
