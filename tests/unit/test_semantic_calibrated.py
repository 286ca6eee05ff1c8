"""The calibrated cosines from the C library's distances are calibrate's of ``dot``, value for value."""

from __future__ import annotations

import math
import random

import pytest

from memscribe.semantic import encoder as encoder_module
from memscribe.semantic.calibration import STATIC_CALIBRATION, calibrate
from memscribe.semantic.encoder import calibrated_cosines, dot
from tests.support.dots import counted_dot

CAL = STATIC_CALIBRATION


def _unit(values: list[float]) -> tuple[float, ...]:
    norm = math.sqrt(dot(values, values))
    return tuple(v / norm for v in values)


def _boundary_cosines() -> list[float]:
    """Cosines within a few ulps of where a calibrated score rounds the other way (both of
    calibrate's slopes, every 7th boundary), and at its floor and bend."""
    cosines = [CAL.floor, math.nextafter(CAL.floor, 1.0), math.nextafter(CAL.floor, 0.0), CAL.related]
    for k in range(0, 10000, 7):
        target = (k + 0.5) / 1e4
        if target <= 0.35:
            cosine = CAL.floor + target / 0.35 * (CAL.related - CAL.floor)
        else:
            cosine = CAL.related + (target - 0.35) / 0.65 * (1.0 - CAL.related)
        for step in (-3e-8, -3e-12, -1e-15, 0.0, 1e-15, 3e-12, 3e-8):
            cosines.append(min(1.0, cosine + step))
    return cosines


def test_cosines_at_every_rounding_boundary_score_as_calibrate_of_dot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the cosine spread over 100 of 128 dimensions: dist and hypot sum otherwise than dot
    rng = random.Random(3)
    query = _unit([rng.uniform(0.5, 1.5) for _ in range(100)] + [0.0] * 28)
    rows = []
    for cosine in _boundary_cosines():
        row = [cosine * q for q in query]
        row[127] = math.sqrt(1.0 - cosine * cosine)
        rows.append(tuple(row))
    expected = [calibrate(dot(query, row), CAL) for row in rows]
    calls = counted_dot(monkeypatch)
    assert calibrated_cosines(query, rows, CAL) == expected
    # the rows within COSINE_SLACK of a boundary are dot's; those 3e-8 away (2 in 7) are not
    assert 0 < calls[0] <= len(rows) * 5 // 7 + 4


def test_random_unit_vectors_score_as_calibrate_of_dot(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(14)
    base = [rng.gauss(0.0, 1.0) for _ in range(256)]
    # near the query (cosines across the whole calibrated range) and far from it
    vectors = [
        _unit([b * w + rng.gauss(0.0, 1.0) for b in base]) for w in (0.0, 0.2, 0.5, 1.0, 2.0, 4.0) * 60
    ]
    query = _unit(base)
    calls = counted_dot(monkeypatch)
    found = calibrated_cosines(query, vectors, CAL)
    assert found == [calibrate(dot(query, v), CAL) for v in vectors]
    assert len(set(found)) > 100  # scores over the range, not only the floor's 0.0
    assert calls[0] == 0  # none at an edge: dot was not asked
    assert calibrated_cosines(query, vectors, CAL, [math.hypot(*v) ** 2 for v in vectors]) == found


def test_zero_and_off_unit_vectors_score_as_calibrate_of_dot() -> None:
    rng = random.Random(5)
    query = _unit([rng.gauss(0.0, 1.0) for _ in range(256)])
    zero = (0.0,) * 256
    near = _unit([q + rng.gauss(0.0, 0.3) for q in query])
    long = tuple(3.0 * v for v in near)  # |a|² + |b|² > 4: not the encoder's, dot decides
    for vectors in ([zero, near, long, query], [query]):
        assert calibrated_cosines(query, vectors, CAL) == [calibrate(dot(query, v), CAL) for v in vectors]
    assert calibrated_cosines(zero, [zero, near], CAL) == [0.0, 0.0]
    assert calibrated_cosines(query, [], CAL) == []


@pytest.mark.usefixtures("fresh_semantic")
def test_the_encoders_calibrated_cosines_are_its_cosines_calibrated() -> None:
    from memscribe import semantic

    encoder = semantic.default_encoder()
    if encoder is None:
        pytest.skip("the semantic extra is not installed")
    texts = [
        "User prefers dark mode in every editor.",
        "User prefers a dark theme.",
        "User drinks coffee every morning.",
        "User avoids caffeine after noon.",
        "La usuaria vive en Madrid con su perro.",
        "Der Nutzer trinkt morgens Tee.",
        "用户现在用Neovim写代码",
        "ユーザーは大阪に住んでいます",
        "zqxv bnnm kkkr",  # no known token: a zero vector
        "",
    ]
    for text in texts:
        expected = [calibrate(c, encoder.calibration) for c in encoder.cosines(text, texts)]
        assert encoder.calibrated(text, texts) == expected
        assert encoder.calibrated(text, texts) == expected  # the norms kept, the same answer


def test_similarities_are_each_pairs_similarity() -> None:
    """semantic.similarities (one batch, the encoder's calibrated cosines) is semantic.similarity
    (calibrate of one cosine) of each pair, value for value."""
    from memscribe import semantic

    if semantic.default_encoder() is None:
        pytest.skip("the semantic extra is not installed")
    texts = [
        "User prefers dark mode in every editor.",
        "User prefers a dark theme.",
        "User started drinking coffee again.",
        "User avoids caffeine.",
        "Le nutzer aime le thé vert le matin.",
        "用户现在用Neovim写代码",
        "zqxv bnnm kkkr",
    ]
    for text in texts:
        assert semantic.similarities(text, texts) == [semantic.similarity(text, other) for other in texts]


class _Table:
    """Four-float rows, one per token id (a token table without the model)."""

    rows = 97
    dim = 4

    def row(self, index: int) -> tuple[float, ...]:
        return tuple(math.sin(index * k + 1.0) for k in range(1, 5))


def _token_ids(texts: list[str]) -> list[list[int]]:
    return [[sum(map(ord, word)) % 97 for word in text.split()] for text in texts]


def test_the_kept_norms_never_outgrow_the_vector_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review RV2 F1 (stop 47): the squared norms calibrated() keeps were held by vector object
    until 2 * CACHE_SIZE of them, holding vectors the cache had dropped (404 MB against 237 over
    100k texts). They are kept by text now and dropped with the text's vector; a vector replaced
    by remember() gets its own norm."""
    monkeypatch.setattr(encoder_module, "CACHE_SIZE", 8)
    encoder = encoder_module.StaticEncoder("t", _Table(), _token_ids)
    texts = [f"alpha{i} beta{i % 7} gamma" for i in range(60)]
    for start in range(0, 60, 3):
        others = texts[start : start + 5]
        expected = [calibrate(c, encoder.calibration) for c in encoder.cosines(texts[0], others)]
        assert encoder.calibrated(texts[0], others) == expected
        assert len(encoder._norms) <= 8
        assert set(encoder._norms) <= set(encoder._cache)
    other = texts[-1]
    encoder.calibrated(texts[0], [other])
    replaced = _unit([3.0, -1.0, 2.0, 0.5])
    encoder.remember([(other, replaced)])
    [score] = encoder.calibrated(texts[0], [other])
    assert score == calibrate(dot(encoder.encode([texts[0]])[0], replaced), encoder.calibration)
