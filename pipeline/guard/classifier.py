"""A small learned injection classifier: logistic regression over words, word pairs and
character n-grams, with weights shipped in the package (``weights.bin.gz``).

Pure Python at inference (no numpy): a text's score is the bias plus the sum of the weights
of its features, divided by a power of the feature count, through a sigmoid. Character
n-grams (3 to 5 characters of each word, padded with spaces) are summed once per distinct
word and cached, so scoring costs about one dictionary lookup per word and per word pair.
Chinese and Japanese are written without spaces, so each Han, Hiragana or Katakana character
is a word of its own and word pairs are character bigrams (the usual n-grams for those
scripts), instead of a whole clause being one word.
``bench/train_guard.py`` regenerates the weights deterministically from the development
corpus; it uses :func:`features` and :func:`encode_weights`, so training and inference share
one definition of the features and of the file.

The file loads without parsing JSON (about a sixth of the CPU a JSON file of the same weights
took, paid by every extract that screens a memory): after a magic line, length-prefixed
sections hold a small JSON header (bias, threshold, ...), the two tokens of each word pair and
the other feature names (newline-separated UTF-8; features never hold a line break), and the
weights as little-endian float64, pairs first. Word pairs go straight into the tuple-keyed
table the scorer reads, never through a ``"b:a b"`` string.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import struct
import sys
import threading
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources

__all__ = [
    "CHAR_NGRAMS",
    "Model",
    "encode_weights",
    "features",
    "load_model",
    "model_from_bytes",
    "score",
    "tokens",
]

#: Character n-gram lengths taken from each (space-padded) word.
CHAR_NGRAMS = (3, 4, 5)
#: Han, Hiragana and Katakana (NFKC has folded half-width forms): one character per token.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: CJK characters one by one, other words, and single punctuation marks; text is lower-cased
#: and normalised first.
_TOKEN = re.compile(f"[{_CJK}]|[^\\W{_CJK}]+|[^\\w\\s]")
_SENTENCE_END = frozenset(".!?。！？")
#: Words longer than this contribute their first characters only (base64 blobs, hashes).
_MAX_WORD = 40
_WORD_CACHE_MAX = 200_000
WEIGHTS_RESOURCE = "weights.bin.gz"
#: The first line of a weights file (the format's name and version).
_MAGIC = b"memscribe guard weights 1\n"
#: A section's length: unsigned 32-bit little-endian.
_LENGTH = struct.Struct("<I")


def tokens(text: str) -> list[str]:
    """Lower-cased word and punctuation tokens of already-normalised ``text``."""
    return _TOKEN.findall(text.lower())


def _char_grams(word: str) -> Iterator[str]:
    padded = f" {word[:_MAX_WORD]} "
    for n in CHAR_NGRAMS:
        for i in range(len(padded) - n + 1):
            yield "c:" + padded[i : i + n]


def features(text: str) -> Iterator[str]:
    """Every feature occurrence of normalised ``text``: ``w:word``, ``b:word word``, ``c:gram``."""
    toks = tokens(text)
    prev = "<s>"
    for tok in toks:
        yield "w:" + tok
        yield f"b:{prev} {tok}"
        yield from _char_grams(tok)
        prev = tok
    yield f"b:{prev} </s>"


@dataclass
class Model:
    """Weights of the linear model and the decision threshold chosen on held-back data.

    ``weights`` holds every feature by name; word pairs (``b:`` features) are read from
    ``_pairs``, keyed by token pair, which is derived from ``weights`` unless given (a model
    read from the weights file gets its pairs directly and no ``b:`` names in ``weights``).
    """

    bias: float
    weights: dict[str, float]
    threshold: float
    version: str
    _word_cache: dict[str, tuple[float, int]]
    #: A text's summed weights are divided by its feature count to this power.
    norm_power: float = 0.5
    _pairs: dict[tuple[str, str], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # word pairs keyed by tuple: the tuple's hash reuses each token's cached string hash
        if self._pairs:
            return
        self._pairs = {
            tuple(k[2:].split(" ", 1)): v  # type: ignore[misc]
            for k, v in self.weights.items()
            if k.startswith("b:")
        }

    def _word(self, tok: str) -> tuple[float, int]:
        hit = self._word_cache.get(tok)
        if hit is None:
            get = self.weights.get
            total, count = get("w:" + tok, 0.0), 1
            for gram in _char_grams(tok):
                total += get(gram, 0.0)
                count += 1
            if len(self._word_cache) >= _WORD_CACHE_MAX:
                self._word_cache.clear()
            hit = self._word_cache[tok] = (total, count)
        return hit

    def _z(self, total: float, count: int) -> float:
        z = self.bias + total / count**self.norm_power
        return 1.0 / (1.0 + math.exp(-z)) if z > -60 else 0.0

    def score(self, text: str) -> float:
        """Probability-like score in [0, 1] that normalised ``text`` is an injection."""
        get = self._pairs.get
        total, count, prev = 0.0, 1, "<s>"
        word = self._word
        for tok in tokens(text):
            w, n = word(tok)
            total += w + get((prev, tok), 0.0)
            count += n + 1
            prev = tok
        return self._z(total + get((prev, "</s>"), 0.0), count)

    def max_window_score(self, text: str, sentences: int) -> float:
        """The highest score of ``text`` and of its runs of ``sentences`` consecutive sentences.

        A sentence ends at a line break or a ``.``/``!``/``?`` token. Each token is weighed
        once and windows are sums over prefix totals, so this costs one pass over the text.
        """
        pairs = self._pairs
        cache = self._word_cache
        word = self._word
        sums, counts = [0.0], [0]
        total, count, prev = 0.0, 0, "<s>"
        for line in text.lower().splitlines():
            for tok in _TOKEN.findall(line):
                hit = cache.get(tok) or word(tok)
                total += hit[0] + pairs.get((prev, tok), 0.0)
                count += hit[1] + 1
                prev = tok
                if tok in _SENTENCE_END:
                    sums.append(total)
                    counts.append(count)
            if count != counts[-1]:
                sums.append(total)
                counts.append(count)
        best = self._z(total + pairs.get((prev, "</s>"), 0.0), count + 1)
        last = len(sums) - 1
        if last > sentences:
            for i in range(last):
                j = min(i + sentences, last)
                best = max(best, self._z(sums[j] - sums[i], counts[j] - counts[i] + 1))
        return best


def _sections(*parts: bytes) -> bytes:
    return b"".join(_LENGTH.pack(len(p)) + p for p in parts)


def encode_weights(data: dict[str, object]) -> bytes:
    """The weights file for ``data``, the training script's payload (``bias``, ``threshold``,
    ``norm_power``, ``version``, ``about`` and ``weights``, a feature → weight mapping): gzipped
    without a timestamp, so the same payload gives the same bytes."""
    weights = data["weights"]
    assert isinstance(weights, dict)
    names = sorted(weights)
    if any("\n" in name for name in names):
        raise ValueError("a feature name holds a line break")
    pairs = [name[2:].split(" ", 1) for name in names if name.startswith("b:")]
    others = [name for name in names if not name.startswith("b:")]
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError("a word-pair feature is not two tokens")
    header = {k: v for k, v in data.items() if k != "weights"}
    values = array(
        "d", [float(weights["b:" + " ".join(p)]) for p in pairs] + [float(weights[n]) for n in others]
    )
    if sys.byteorder != "little":  # pragma: no cover - big-endian machines
        values.byteswap()
    raw = _MAGIC + _sections(
        json.dumps(header, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8"),
        "\n".join(p[0] for p in pairs).encode("utf-8"),
        "\n".join(p[1] for p in pairs).encode("utf-8"),
        "\n".join(others).encode("utf-8"),
        values.tobytes(),
    )
    return gzip.compress(raw, compresslevel=9, mtime=0)


def _names(blob: bytes) -> list[str]:
    return blob.decode("utf-8").split("\n") if blob else []


def model_from_bytes(raw: bytes) -> Model:
    """A :class:`Model` from a weights file's bytes (see :func:`encode_weights`)."""
    data = gzip.decompress(raw)
    if not data.startswith(_MAGIC):
        raise ValueError("not a memscribe guard weights file")
    parts: list[bytes] = []
    at = len(_MAGIC)
    for _ in range(5):
        (size,) = _LENGTH.unpack_from(data, at)
        at += _LENGTH.size
        parts.append(data[at : at + size])
        at += size
    header = json.loads(parts[0])
    firsts, seconds, others = _names(parts[1]), _names(parts[2]), _names(parts[3])
    values = array("d")
    values.frombytes(parts[4])
    if sys.byteorder != "little":  # pragma: no cover - big-endian machines
        values.byteswap()
    if len(firsts) != len(seconds) or len(values) != len(firsts) + len(others):
        raise ValueError("a truncated guard weights file")
    split = len(firsts)
    return Model(
        bias=float(header["bias"]),
        weights=dict(zip(others, values[split:], strict=True)),
        threshold=float(header["threshold"]),
        version=str(header.get("version", "")),
        _word_cache={},
        norm_power=float(header.get("norm_power", 0.5)),
        _pairs=dict(zip(zip(firsts, seconds, strict=True), values[:split], strict=True)),
    )


_LOAD_LOCK = threading.Lock()
_LOADED: list[Model | None] = []


def load_model() -> Model | None:
    """The shipped model, or ``None`` when the weights file is missing (rules still apply).
    Loaded once per process: the batch job's threads wait for the first load, never repeat it."""
    if not _LOADED:
        with _LOAD_LOCK:
            if not _LOADED:
                _LOADED.append(_read_model())
    return _LOADED[0]


def _read_model() -> Model | None:
    try:
        raw = resources.files("memscribe.guard").joinpath(WEIGHTS_RESOURCE).read_bytes()
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return model_from_bytes(raw)


def score(text: str) -> float | None:
    """The shipped model's score for normalised ``text`` (``None`` without a model)."""
    model = load_model()
    return None if model is None else model.score(text)
