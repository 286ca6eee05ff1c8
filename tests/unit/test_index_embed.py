"""Optional semantic similarity: a paraphrase sharing no word is shortlisted and found only when
an embedding model is configured (a deterministic fake here: no model, no network)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from memscribe.errors import ModelError, UserError
from memscribe.index import IndexView, open_index
from memscribe.index.embed import EmbeddingModel, resolve_embedding_model
from memscribe.stages.dedup import SHORTLIST_SCORE
from tests.support.store_helpers import write_profile

# Each concept is one axis; a word outside every concept gets its own hashed axis.
CONCEPTS = [
    {"drives", "automobile", "car", "commutes", "vehicle"},
    {"work", "office", "job", "workplace"},
    {"vegan", "plant", "based", "meat", "dairy"},
]
DIM = 64


class FakeEmbedder:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, texts: list[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        out = []
        for text in texts:
            vec = [0.0] * DIM
            for word in re.findall(r"[a-z]+", text.lower()):
                axis = next((i for i, c in enumerate(CONCEPTS) if word in c), None)
                if axis is None:
                    axis = len(CONCEPTS) + sum(map(ord, word)) % (DIM - len(CONCEPTS))
                    vec[axis] += 0.2  # other words weigh little
                else:
                    vec[axis] += 1.0
            out.append(vec)
        return out


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write_profile(tmp_path, "prof_car00001", "transport", "User drives an automobile to the office.")
    write_profile(tmp_path, "prof_veg00001", "diet", "User is vegan.")
    return tmp_path


PARAPHRASE = "The person commutes by car to work."  # no content word shared with prof_car00001


def test_paraphrase_is_shortlisted_only_with_embeddings(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSCRIBE_SEMANTIC", "off")  # lexical only (the offline model finds it too)
    with open_index(root) as index:
        assert index.shortlist("profile", "office-trips", PARAPHRASE, namespace="default") == []
        assert index.search(PARAPHRASE, namespace="default") == []
    fake = FakeEmbedder()
    with open_index(root, embedder=EmbeddingModel(name="fake", embed=fake)) as index:
        items = IndexView(index, "default").shortlist("profile", "office-trips", PARAPHRASE)
        assert [i.id for i in items] == ["prof_car00001"]
        assert items[0].score >= SHORTLIST_SCORE
        hits = index.search("car", namespace="default")
        assert [h.id for h in hits] == ["prof_car00001"]
        # Unrelated entries stay out, and namespaces still scope the semantic pass.
        assert index.shortlist("profile", "office-trips", PARAPHRASE, namespace="researcher") == []


def test_vectors_are_stored_once_per_text(root: Path) -> None:
    fake = FakeEmbedder()
    with open_index(root, embedder=EmbeddingModel(name="fake", embed=fake)) as index:
        index.search("car", namespace="default")
        assert sorted(fake.calls[0]) == sorted(["User drives an automobile to the office.", "User is vegan."])
    fake.calls.clear()
    write_profile(root, "prof_new00001", "pets", "User has a cat.")
    with open_index(root, embedder=EmbeddingModel(name="fake", embed=fake)) as index:
        index.search("car", namespace="default")
        assert fake.calls == [["User has a cat."], ["car"]]  # only the new entry, then the query
        stored = index.conn.execute("SELECT model, id FROM vectors ORDER BY id").fetchall()
        assert stored == [("fake", "prof_car00001"), ("fake", "prof_new00001"), ("fake", "prof_veg00001")]


def test_a_failing_embedding_model_falls_back_to_lexical(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(texts: list[str]) -> list[list[float]]:
        raise ModelError("no route to host", stage="embed", attempts=1)

    with open_index(root, embedder=EmbeddingModel(name="broken", embed=broken)) as index:
        assert [h.id for h in index.search("automobile", namespace="default")] == ["prof_car00001"]
        assert index.embedder is None
    assert "lexical search only" in capsys.readouterr().err


def test_resolve_embedding_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMSCRIBE_EMBEDDING_MODEL", raising=False)
    assert resolve_embedding_model() is None
    assert resolve_embedding_model("") is None
    monkeypatch.setenv("MEMSCRIBE_EMBEDDING_MODEL", "openai/text-embedding-3-small")
    chosen = resolve_embedding_model()
    assert chosen is not None and chosen.name == "openai/text-embedding-3-small"
    assert resolve_embedding_model("") is None  # an explicit empty name turns it off
    if importlib.util.find_spec("sentence_transformers") is None:
        with pytest.raises(UserError, match="sentence-transformers"):
            resolve_embedding_model("sentence-transformers/all-MiniLM-L6-v2")


def test_litellm_embed_goes_through_the_model_layer(monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe.model import llm

    seen: dict[str, Any] = {}

    def fake_embedding(**kwargs: Any) -> Any:
        seen.update(kwargs)
        return SimpleNamespace(
            data=[{"index": 1, "embedding": [0.0, 1.0]}, {"index": 0, "embedding": [1.0, 0.0]}]
        )

    monkeypatch.setattr(llm.litellm, "embedding", fake_embedding)
    chosen = resolve_embedding_model("openai/text-embedding-3-small")
    assert chosen is not None
    assert chosen.embed(["a", "b"]) == [[1.0, 0.0], [0.0, 1.0]]
    assert seen == {"model": "openai/text-embedding-3-small", "input": ["a", "b"]}

    def failing(**kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(llm.litellm, "embedding", failing)
    with pytest.raises(ModelError, match="embedding with"):
        chosen.embed(["a"])


def test_numpy_and_pure_python_scans_agree() -> None:
    """The semantic scan is one matrix-vector product with numpy, a Python loop without: the
    same entries above the floor, the same cosines (float32 storage either way)."""
    import random
    from array import array

    from memscribe.index.embed import unit
    from memscribe.index.semantic import SEMANTIC_FLOOR, Vectors

    rng = random.Random(3)
    base = [rng.gauss(0, 1) for _ in range(64)]
    vectors = [unit([b + rng.gauss(0, 0.8 * (i % 5)) for b in base]) for i in range(200)]
    blobs = [array("f", v).tobytes() for v in vectors]
    rows = [(i, "profile", "") for i in range(200)]
    fast = Vectors(rows, blobs)
    assert fast.matrix is not None  # numpy is installed in the dev environment
    slow = Vectors(rows, blobs)
    slow.matrix, slow.lists = None, [array("f", b).tolist() for b in (bytes(x) for x in blobs)]
    query = unit(base)
    got_fast, got_slow = dict(fast.cosines(query)), dict(slow.cosines(query))
    assert got_fast.keys() == got_slow.keys() and 0 < len(got_fast) < 200
    assert all(abs(got_fast[i] - got_slow[i]) < 1e-5 for i in got_fast)
    assert all(c > SEMANTIC_FLOOR for c in got_fast.values())
