"""A shortlist scored from stored vectors in bulk decides as the relatedness rule over a list:
the same entries, the same order, the same scores (with numpy and without)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import open_index
from memscribe.index import pool as pool_scores
from memscribe.relatedness import ListView
from memscribe.semantic import wordllama
from memscribe.semantic.calibration import calibrate
from memscribe.semantic.encoder import dot
from tests.support.store_helpers import write_profile

pytestmark = [
    pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed"),
    pytest.mark.usefixtures("fresh_semantic"),  # tests/conftest.py
]

TOPICS = ["home-city", "editor", "diet", "drinks", "commute", "pet", "music", "job"]
WORDS = (
    "Lisbon Berlin Neovim Emacs vegan coffee tea espresso bicycle train car dog cat jazz techno "
    "Rust Python backend nurse bakery mornings weekends office garden piano guitar green black"
).split()


def _body(rng: random.Random, topic: str) -> str:
    a, b, c = rng.sample(WORDS, 3)
    return f"User's {topic.replace('-', ' ')} is {a}; they mention {b} and {c}."


@pytest.fixture
def root(tmp_path: Path) -> Path:
    rng = random.Random(5)
    for n in range(240):
        topic = rng.choice(TOPICS)
        write_profile(tmp_path, f"prof_pool{n:04d}", topic, _body(rng, topic))
    return tmp_path


@pytest.mark.parametrize("with_numpy", [False, True])
def test_index_shortlists_are_the_list_views(
    root: Path, with_numpy: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    np = pytest.importorskip("numpy") if with_numpy else None
    monkeypatch.setattr(pool_scores, "numpy_module", lambda answered: np)
    rng = random.Random(11)
    with open_index(root) as index:
        view = ListView(index.entries())
        for _ in range(40):
            topic = rng.choice([*TOPICS, "hobby", "timezone"])
            text = _body(rng, topic)
            got = [(i.id, i.score) for i in index.shortlist("profile", topic, text, namespace=None)]
            assert got == [(i.id, i.score) for i in view.shortlist("profile", topic, text)]
            assert got  # every query shares words with some entry


def test_bulk_cosines_score_as_dot_even_at_a_rounding_edge() -> None:
    np = pytest.importorskip("numpy")
    encoder = semantic.default_encoder()
    assert encoder is not None
    rng = random.Random(3)
    vectors = encoder.encode([_body(rng, rng.choice(TOPICS)) for _ in range(200)])
    query = encoder.encode(["User's favourite drink is espresso in the mornings."])[0]
    # vectors whose cosine with the query sits on the floor or a rounding edge of the score:
    # t·query + sqrt(1 - t²)·u, u a unit vector orthogonal to the query
    other = vectors[0]
    along = dot(other, query)
    rest = [o - along * q for o, q in zip(other, query, strict=True)]
    unit = [x / dot(rest, rest) ** 0.5 for x in rest]
    edge = []
    for target in (0.1, 0.1 + 0.00125 * 0.2 / 0.35, 0.3 + 0.00015 * 0.7 / 0.65, 0.3 + 0.40005 * 0.7 / 0.65):
        side = (1 - target * target) ** 0.5
        edge.append(tuple(target * q + side * u for q, u in zip(query, unit, strict=True)))
    every = [*vectors, *edge]
    expected = [calibrate(dot(query, v), encoder.calibration) for v in every]
    assert pool_scores.semantic_scores(encoder, query, every, np=np) == expected
    assert pool_scores.semantic_scores(encoder, query, every) == expected


def test_bulk_calibration_equals_calibrate_next_to_every_rounding_edge() -> None:
    """Cosines just either side of where a calibrated score changes its 4th place, of the floor
    and of ``related``: the bulk path gives calibrate's own value each time."""
    np = pytest.importorskip("numpy")
    encoder = semantic.default_encoder()
    assert encoder is not None
    cal = encoder.calibration
    query = encoder.encode(["User's favourite drink is espresso in the mornings."])[0]
    other = encoder.encode(["User plays jazz piano on weekends."])[0]
    along = dot(other, query)
    rest = [o - along * q for o, q in zip(other, query, strict=True)]
    unit = [x / dot(rest, rest) ** 0.5 for x in rest]
    rng = random.Random(7)
    edges = [cal.floor, cal.related, 1.0]
    for _ in range(150):  # a calibrated value (k + 0.5) / 10^4, mapped back to its cosine
        value = (rng.randrange(0, 10_000) + 0.5) / 10_000
        if value <= 0.35:
            edges.append(cal.floor + value / 0.35 * (cal.related - cal.floor))
        else:
            edges.append(cal.related + (value - 0.35) / 0.65 * (1.0 - cal.related))
    vectors = []
    for edge in edges:
        for jitter in (-1e-8, -1e-10, -1e-12, 0.0, 1e-12, 1e-10, 1e-8):
            target = min(1.0, edge + jitter)
            side = max(0.0, 1 - target * target) ** 0.5
            vectors.append(tuple(target * q + side * u for q, u in zip(query, unit, strict=True)))
    expected = [calibrate(dot(query, v), cal) for v in vectors]
    assert pool_scores.semantic_scores(encoder, query, vectors, np=np) == expected


def test_packed_vectors_are_the_stored_vectors_and_score_alike() -> None:
    """A pool's vectors kept as the stored bytes read back as the same floats, one by one or as
    numpy's matrix, and score as the list of them does (rounding-edge rechecks included)."""
    from array import array

    from memscribe.index import textvecs

    np = pytest.importorskip("numpy")
    rng = random.Random(3)
    dim = 8
    vectors = [tuple(rng.uniform(-1.0, 1.0) for _ in range(dim)) for _ in range(30)]
    packed = b"".join(array("d", v).tobytes() for v in vectors)
    lazy = pool_scores.PackedVectors(packed, dim)
    assert len(lazy) == len(vectors) and lazy[3] == vectors[3] and lazy[-1] == vectors[-1]
    assert lazy[2:5] == vectors[2:5] and textvecs.unpack(packed, dim) == vectors
    with pytest.raises(IndexError):
        lazy[len(vectors)]
    encoder = semantic.default_encoder()
    assert encoder is not None
    query = vectors[0]
    matrix = np.frombuffer(packed, dtype=np.float64).reshape(-1, dim)
    assert pool_scores.semantic_scores(encoder, query, lazy, np=np, matrix=matrix) == [
        calibrate(dot(query, v), encoder.calibration) for v in vectors
    ]
