"""A small learned injection classifier: logistic regression over words, word pairs and
character n-grams, with weights shipped in the package (``weights.bin.gz``).

Pure Python at inference (no numpy): a text's score is the bias plus the sum of the weights
of its features, divided by a power of the feature count, through a sigmoid. Character
n-grams (3 to 5 characters of each word, padded with spaces) are summed once per distinct
word and cached, with the weights of the word pairs that end with that word, so scoring costs
about one dictionary lookup per word and one per word pair.
Chinese and Japanese are written without spaces, so each Han, Hiragana or Katakana character
is a word of its own and word pairs are character bigrams (the usual n-grams for those
scripts), instead of a whole clause being one word.
``bench/train_guard.py`` regenerates the weights deterministically from the development
corpus; it uses :func:`features` and :func:`encode_weights`, so training and inference share
one definition of the features and of the file.

Two scorers share one scoring loop: :class:`Model` holds its weights by name (what training
builds), :class:`PackedModel` by 64-bit digest in sorted arrays (what the shipped file loads
into: about a seventh of the memory (1.1 MB against 7.5), and loading copies arrays out of the file; see
:mod:`~memscribe.guard.packed`). Both give the same score, bit for bit, for the same weights.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from typing import IO, Any

from memscribe.guard.packed import PackedTable, decode_weights, digest, encode_weights

__all__ = [
    "CHAR_NGRAMS",
    "STATEMENT_RESOURCE",
    "Model",
    "PackedModel",
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
_TOKEN = re.compile(f"(?=\\S)(?:[{_CJK}]|[^\\W{_CJK}]+|[^\\w\\s])")
_SENTENCE_END = frozenset(".!?。！？")
#: An ASCII ``.``/``!``/``?`` with a letter or digit right after it ends no sentence: it sits
#: inside a file name, an address, a version or a URL (``eval.py``, ``noah.lee@…``, ``0.2``,
#: ``page?q=1``). :meth:`_Scorer.max_window_score` reads each as one of :data:`_INNER_MARKS`
#: (weighed as the mark it stands for), so a window does not end inside a word.
_INNER_MARK = re.compile(r"[.!?](?=\w)")
_INNER_MARKS = {".": "\ue000", "!": "\ue001", "?": "\ue002"}
_MARK_OF_INNER = {v: k for k, v in _INNER_MARKS.items()}
#: Where ``str.splitlines`` breaks lines (blanks to :data:`_TOKEN`: no token holds one).
_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
#: :data:`_TOKEN`, and each line break as a token of its own. Every token starts with a
#: non-blank or a break: the look-ahead passes over other blanks at one test.
_TOKEN_OR_BREAK = re.compile(
    f"(?=\\S|[{''.join(sorted(_BREAKS))}])(?:[{_CJK}]|[^\\W{_CJK}]+|[^\\w\\s]|[{''.join(sorted(_BREAKS))}])"
)
#: Words longer than this contribute their first characters only (base64 blobs, hashes).
_MAX_WORD = 40
_WORD_CACHE_MAX = 200_000
WEIGHTS_RESOURCE = "weights.bin.gz"
#: A second model, of words and word pairs only, trained on one-line user statements and attacks:
#: a one-line text is flagged by the classifiers only when both agree (see :mod:`~memscribe.guard.verdict`).
STATEMENT_RESOURCE = "statement_weights.bin.gz"


def tokens(text: str) -> list[str]:
    """Lower-cased word and punctuation tokens of already-normalised ``text``."""
    return _TOKEN.findall(text.lower())


def _char_grams(word: str) -> Iterator[str]:
    padded = f" {word[:_MAX_WORD]} "
    for n in CHAR_NGRAMS:
        for i in range(len(padded) - n + 1):
            yield "c:" + padded[i : i + n]


def features(text: str, *, char_grams: bool = True) -> Iterator[str]:
    """Every feature occurrence of normalised ``text``: ``w:word``, ``b:word word``, ``c:gram``
    (no ``c:`` features when not ``char_grams``)."""
    toks = tokens(text)
    prev = "<s>"
    for tok in toks:
        yield "w:" + tok
        yield f"b:{prev} {tok}"
        if char_grams:
            yield from _char_grams(tok)
        prev = tok
    yield f"b:{prev} </s>"


#: What a word weighs, cached per distinct word: its summed word and n-gram weights, its
#: feature count, its key (what the next word's pairs know it by) and the weights of the word
#: pairs that end with it, keyed by the key of the word before (``None``: no such pair).
_Entry = tuple[float, int, Hashable, "dict[Any, float] | None"]


class _Scorer:
    """The scoring loop both models share; subclasses say what a word weighs (:meth:`_weigh`)."""

    bias: float
    threshold: float
    version: str
    norm_power: float
    #: False for a model of words and word pairs only (no character n-grams weighed or counted).
    char_grams: bool
    _word_cache: dict[str, _Entry]
    #: The key of the start of a text, and the pairs that end a text.
    _start: Hashable
    _end: dict[Any, float] | None

    def _weigh(self, tok: str) -> _Entry:
        raise NotImplementedError

    def _word(self, tok: str) -> _Entry:
        hit = self._word_cache.get(tok)
        if hit is None:
            if len(self._word_cache) >= _WORD_CACHE_MAX:
                self._word_cache.clear()
            hit = self._word_cache[tok] = self._weigh(tok)
        return hit

    def _z(self, total: float, count: int) -> float:
        z = self.bias + total / count**self.norm_power
        return 1.0 / (1.0 + math.exp(-z)) if z > -60 else 0.0

    def score(self, text: str) -> float:
        """Probability-like score in [0, 1] that normalised ``text`` is an injection."""
        total, count, prev = 0.0, 1, self._start
        word = self._word
        for tok in tokens(text):
            w, n, key, ending = word(tok)
            total += w + (ending.get(prev, 0.0) if ending else 0.0)
            count += n + 1
            prev = key
        end = self._end
        return self._z(total + (end.get(prev, 0.0) if end else 0.0), count)

    def max_window_score(self, text: str, sentences: int) -> float:
        """The highest score of ``text`` and of its runs of ``sentences`` consecutive sentences.

        A sentence ends at a line break or a ``.``/``!``/``?`` token (not one with a letter or
        digit right after it: :data:`_INNER_MARK`). Incremental, in one pass:
        each token is weighed once, and as a sentence ends, the run of ``sentences`` sentences
        ending there is the difference of the running totals now and ``sentences`` ends ago (the
        last ones are kept); the runs of fewer sentences that end the text are taken at its end.
        The sigmoid rises with its argument, so it is taken once, of the highest run's argument.
        """
        cache = self._word_cache
        word = self._word
        bias, power = self.bias, self.norm_power
        # the running totals at the text's start and at the last ``sentences`` sentence ends
        at_total, at_count = [0.0], [0]
        best = -math.inf  # the highest run's argument
        total, count, prev = 0.0, 0, self._start
        ended = 0
        low = text.lower()
        if "." in low or "!" in low or "?" in low:
            low = _INNER_MARK.sub(lambda m: _INNER_MARKS[m.group()], low)
        for tok in _TOKEN_OR_BREAK.findall(low):
            # a cached word first (no break is ever weighed, so none is in the cache)
            if (hit := cache.get(tok)) is not None or tok not in _BREAKS:
                w, n, key, ending = hit or word(_MARK_OF_INNER.get(tok, tok))
                total += w + (ending.get(prev, 0.0) if ending else 0.0)
                count += n + 1
                prev = key
                if tok not in _SENTENCE_END:
                    continue
            elif count == at_count[-1]:
                continue  # a blank line, or a break right after a sentence's mark
            ended += 1
            at_total.append(total)
            at_count.append(count)
            if ended >= sentences:  # the run of ``sentences`` sentences that ends here
                z = bias + (total - at_total[0]) / (count - at_count[0] + 1) ** power
                best = z if z > best else best
                del at_total[0], at_count[0]
        if count != at_count[-1]:  # the last sentence, ended by neither a mark nor a break
            ended += 1
            at_total.append(total)
            at_count.append(count)
            if ended >= sentences:
                z = bias + (total - at_total[0]) / (count - at_count[0] + 1) ** power
                best = z if z > best else best
                del at_total[0], at_count[0]
        end = self._end
        whole = self._z(total + (end.get(prev, 0.0) if end else 0.0), count + 1)
        if ended <= sentences:
            return whole
        for t, c in zip(at_total[:-1], at_count[:-1], strict=True):  # shorter runs ending the text
            z = bias + (total - t) / (count - c + 1) ** power
            best = z if z > best else best
        return max(whole, 1.0 / (1.0 + math.exp(-best)) if best > -60 else 0.0)


@dataclass
class Model(_Scorer):
    """Weights of the linear model by feature name and the decision threshold chosen on
    held-back data (what training builds; the shipped file loads into a :class:`PackedModel`).

    ``weights`` holds every feature by name; word pairs (``b:`` features) are read from
    ``_pairs``, keyed by token pair, which is derived from ``weights`` unless given.
    """

    bias: float
    weights: dict[str, float]
    threshold: float
    version: str
    _word_cache: dict[str, _Entry]
    #: A text's summed weights are divided by its feature count to this power.
    norm_power: float = 0.5
    char_grams: bool = True
    #: The threshold for one-line texts when the statement model agrees (see :mod:`~memscribe.guard.verdict`).
    statement_threshold: float | None = None
    _pairs: dict[tuple[str, str], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self._pairs:
            self._pairs = {
                tuple(k[2:].split(" ", 1)): v  # type: ignore[misc]
                for k, v in self.weights.items()
                if k.startswith("b:")
            }
        self._ending: dict[str, dict[Any, float]] = {}
        for (first, second), v in self._pairs.items():
            self._ending.setdefault(second, {})[first] = v
        self._start = "<s>"
        self._end = self._ending.get("</s>")

    def _weigh(self, tok: str) -> _Entry:
        get = self.weights.get
        total, count = get("w:" + tok, 0.0), 1
        for gram in _char_grams(tok) if self.char_grams else ():
            total += get(gram, 0.0)
            count += 1
        return total, count, tok, self._ending.get(tok)


@dataclass
class PackedModel(_Scorer):
    """The shipped model: weights by 64-bit feature digest in sorted arrays
    (:class:`~memscribe.guard.packed.PackedTable`), read straight from the weights file."""

    bias: float
    threshold: float
    version: str
    table: PackedTable
    norm_power: float = 0.5
    char_grams: bool = True
    statement_threshold: float | None = None
    #: The feature digest the weights were trained with (:func:`memscribe.guard.verdict.feature_digest`;
    #: ``None`` in a file that predates it).
    features: str | None = None
    _word_cache: dict[str, _Entry] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._start = digest("<s>")
        self._end = self.table.pairs_ending(digest("</s>"))

    def _weigh(self, tok: str) -> _Entry:
        found = self.table.weights_of(["w:" + tok, *_char_grams(tok)] if self.char_grams else ["w:" + tok])
        total = found[0]
        for w in found[1:]:
            total += w
        key = digest(tok)
        return total, len(found), key, self.table.pairs_ending(key)


def model_from_bytes(raw: bytes | IO[bytes]) -> PackedModel:
    """A :class:`PackedModel` from a weights file's bytes, or the file opened in binary mode
    (see :func:`encode_weights`)."""
    header, table = decode_weights(raw)
    return PackedModel(
        bias=float(header["bias"]),
        threshold=float(header["threshold"]),
        version=str(header.get("version", "")),
        table=table,
        norm_power=float(header.get("norm_power", 0.5)),
        char_grams=bool(header.get("char_grams", True)),
        statement_threshold=None
        if header.get("statement_threshold") is None
        else float(header["statement_threshold"]),
        features=None if header.get("features") is None else str(header["features"]),
    )


_LOAD_LOCK = threading.Lock()
_LOADED: dict[str, PackedModel | None] = {}


def load_model(resource: str = WEIGHTS_RESOURCE) -> PackedModel | None:
    """The shipped model (or the statement model of :data:`STATEMENT_RESOURCE`), or ``None`` when
    its weights file is missing (rules still apply). Loaded once per process: the batch job's
    threads wait for the first load, never repeat it."""
    if resource not in _LOADED:
        with _LOAD_LOCK:
            if resource not in _LOADED:
                _LOADED[resource] = _read_model(resource)
    return _LOADED[resource]


def _read_model(resource: str) -> PackedModel | None:
    try:
        # read a section at a time: the file's bytes are never held whole beside the table
        with resources.files("memscribe.guard").joinpath(resource).open("rb") as file:
            return model_from_bytes(file)
    except (FileNotFoundError, ModuleNotFoundError):
        return None


def score(text: str) -> float | None:
    """The shipped model's score for normalised ``text`` (``None`` without a model)."""
    model = load_model()
    return None if model is None else model.score(text)
