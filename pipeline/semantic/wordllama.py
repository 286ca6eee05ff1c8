"""The WordLlama static embedding model, loaded offline from the files its wheel ships.

``wordllama`` (PyPI) packages a 16 MB token-embedding table (``weights/l2_supercat_256.safetensors``,
32k Llama-2 tokens × 256 dimensions) and its tokenizer (``tokenizers/l2_supercat_tokenizer_config.json``).
A text's vector is the mean of its tokens' rows — exactly what ``WordLlama.load().embed`` computes
(tests compare the two). We read the packaged files directly instead of calling its loader:

* the loader looks for the tokenizer under ``tokenizer/`` while the wheel has ``tokenizers/``, and
  falls back to a Hugging Face download when a file is missing — here nothing is ever fetched;
* importing ``wordllama`` configures the root logger (``logging.basicConfig`` in its inference
  module), which would change what a memscribe command prints.

The package is located with :func:`importlib.util.find_spec`, which does not import it. Texts are
tokenized by :mod:`memscribe.semantic.bpe` (the same ids, from tables cached once per tokenizer file
under the user's cache directory) rather than by ``tokenizers``, whose loader parses the 1.8 MB
JSON in every process (~0.08 s CPU); ``tokenizers`` stays the reference, loaded only for a text
holding a special token or when no cache can be read or written.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

NAME = "wordllama/l2_supercat_256"
WEIGHTS = Path("weights") / "l2_supercat_256.safetensors"
TOKENIZER = Path("tokenizers") / "l2_supercat_tokenizer_config.json"
TENSOR = "embedding.weight"


def package_dir() -> Path | None:
    """Where the installed ``wordllama`` package's files are, without importing it; None if absent."""
    try:
        spec = importlib.util.find_spec("wordllama")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def available() -> bool:
    """The packaged files and the libraries to read them are installed."""
    folder = package_dir()
    if folder is None or not (folder / WEIGHTS).is_file() or not (folder / TOKENIZER).is_file():
        return False
    # Found, not imported: asking whether the model is there loads nothing. The table is read
    # without numpy (:mod:`memscribe.semantic.table`); only the tokenizer library is needed.
    return importlib.util.find_spec("tokenizers") is not None


def load(folder: Path | None = None) -> StaticEncoder:
    """The encoder from ``folder`` (default: the installed package's files).

    Raises:
        FileNotFoundError: the weights or the tokenizer file is not there.
        ImportError: ``tokenizers`` is not installed and no tokenizer cache could be used
            (:func:`memscribe.semantic.bpe.load_tables`).
        ValueError: the weights file is not the safetensors table expected
            (:class:`~memscribe.semantic.table.TableError`).
    """
    root = folder if folder is not None else package_dir()
    if root is None:
        raise FileNotFoundError("the wordllama package is not installed")
    weights, tokenizer_file = root / WEIGHTS, root / TOKENIZER
    for path in (weights, tokenizer_file):
        if not path.is_file():
            raise FileNotFoundError(f"wordllama file missing: {path}")
    from memscribe.semantic.bpe import BpeEncoder, load_tables
    from memscribe.semantic.encoder import StaticEncoder
    from memscribe.semantic.table import RowTable

    table = RowTable(weights, TENSOR)
    reference = _Reference(tokenizer_file)
    tables = load_tables(tokenizer_file)
    if tables is None:  # no cache to read or write: the reference tokenizer, loaded now
        reference.load()
        return StaticEncoder(name=NAME, table=table, token_ids=reference)
    # The cached tables and the pure-Python BPE (memscribe.semantic.bpe), id for id the
    # reference's; the reference is loaded only for a text holding an added token.
    token_ids = BpeEncoder(tables, reference)
    return StaticEncoder(name=NAME, table=table, token_ids=token_ids)


class _Reference:
    """``tokenizers``' encoding of texts; the tokenizer (~0.08 s CPU to load) loaded when first
    needed."""

    def __init__(self, tokenizer_file: Path) -> None:
        self._file = tokenizer_file
        self._tokenizer: Any = None

    def load(self) -> Any:
        if self._tokenizer is None:
            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(str(self._file))
            tokenizer.no_padding()
            tokenizer.no_truncation()
            self._tokenizer = tokenizer
        return self._tokenizer

    def __call__(self, texts: list[str]) -> list[list[int]]:
        encodings = self.load().encode_batch(texts, add_special_tokens=False)
        return [list(enc.ids) for enc in encodings]


__all__ = ["NAME", "available", "load", "package_dir"]
