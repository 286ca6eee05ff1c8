"""Optional semantic similarity: an embedding model for the index (the lexical path works alone).

Configured with ``--embedding-model`` or ``MEMSCRIBE_EMBEDDING_MODEL``:

* ``sentence-transformers/<name>`` or ``st:<name>`` — a local sentence-transformers model, where
  that package is installed (it is not a dependency of memscribe; nothing is downloaded here
  that the package would not download itself);
* anything else — a litellm embedding model (``openai/text-embedding-3-small``,
  ``ollama/nomic-embed-text``, …), called through :func:`memscribe.model.llm.embed`.

Vectors are stored in the index (table ``vectors``, keyed by model, entry id and content
hash), so each entry is embedded once per text; see :mod:`memscribe.index.db` for the blend.
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from memscribe.errors import UserError

ENV_VAR = "MEMSCRIBE_EMBEDDING_MODEL"
_LOCAL_PREFIXES = ("st:", "sentence-transformers/")


@dataclass(frozen=True)
class EmbeddingModel:
    """A named function from texts to vectors (one per text, any fixed dimension)."""

    name: str
    embed: Callable[[list[str]], list[list[float]]]
    batch: int = 64


def unit(vector: list[float]) -> list[float]:
    """``vector`` scaled to length 1 (a zero vector stays zero)."""
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector] if norm else [0.0 for _ in vector]


def resolve_embedding_model(name: str | None = None) -> EmbeddingModel | None:
    """The embedding model named by ``name``, else by MEMSCRIBE_EMBEDDING_MODEL; None when unset.

    Raises:
        UserError: a sentence-transformers model is named but the package is not installed.
    """
    chosen = (name if name is not None else os.environ.get(ENV_VAR, "")).strip()
    if not chosen:
        return None
    if chosen.startswith(_LOCAL_PREFIXES):
        return _local(chosen)

    def remote(texts: list[str]) -> list[list[float]]:
        from memscribe.model.llm import embed

        return embed(texts, model=chosen)

    return EmbeddingModel(name=chosen, embed=remote)


def _local(name: str) -> EmbeddingModel:
    model_name = name.removeprefix("st:")
    try:
        module: Any = importlib.import_module("sentence_transformers")
    except ImportError:
        raise UserError(
            f"embedding model {name!r} needs the sentence-transformers package "
            "(pip install sentence-transformers), or name a litellm embedding model instead"
        ) from None
    holder: dict[str, Any] = {}

    def local(texts: list[str]) -> list[list[float]]:
        if "model" not in holder:
            holder["model"] = module.SentenceTransformer(model_name)
        encoded = holder["model"].encode(list(texts), normalize_embeddings=True)
        return [[float(x) for x in row] for row in encoded]

    return EmbeddingModel(name=name, embed=local)


__all__ = ["ENV_VAR", "EmbeddingModel", "resolve_embedding_model", "unit"]
