"""Offline semantic relatedness: "started drinking coffee again" is about "avoids caffeine".

A small static embedding model (WordLlama, 16 MB, shipped inside the ``wordllama`` wheel; the
``semantic`` extra) loaded from the installed files, never downloaded. Without it every score here
is ``None`` and callers use the lexical score alone (:mod:`memscribe.textsim`). The model is read
without numpy (:mod:`memscribe.semantic.table`): the rows a text needs, nothing else.
``MEMSCRIBE_SEMANTIC=off`` forces the lexical path. A bigger litellm embedding model stays
available for the index (:mod:`memscribe.index.embed`).

Scores are calibrated to the lexical scale (:mod:`memscribe.semantic.calibration`): 0 for
unrelated texts, LEXICAL_RELATED for two texts on one topic, 1 for the same text.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memscribe.semantic.calibration import LEXICAL_RELATED, Calibration, calibrate, content_text

if TYPE_CHECKING:
    from memscribe.semantic.encoder import StaticEncoder

ENV_VAR = "MEMSCRIBE_SEMANTIC"
_OFF = ("off", "0", "none", "false", "lexical")

_lock = threading.Lock()
_loaded: dict[str, StaticEncoder | None] = {}
_installed: dict[str, bool] = {}


def default_encoder() -> StaticEncoder | None:
    """The offline encoder (loaded once per process), or None when it is not installed or
    MEMSCRIBE_SEMANTIC is ``off``. A broken install counts as absent (lexical scores only)."""
    if os.environ.get(ENV_VAR, "").strip().lower() in _OFF:
        return None
    with _lock:
        if "default" not in _loaded:
            _loaded["default"] = _load_default()
        return _loaded["default"]


def _load_default() -> StaticEncoder | None:
    try:
        from memscribe.semantic import wordllama
    except ImportError:  # the semantic extra is not installed
        return None
    if not wordllama.available():
        return None
    try:
        return wordllama.load()
    except (OSError, ImportError, ValueError, KeyError, RuntimeError):
        return None


def enabled() -> bool:
    """A semantic encoder is in use (installed and not switched off). Answered without loading
    the model: it loads on the first text to compare (:func:`default_encoder`), so a run with
    nothing to compare never pays for it."""
    if os.environ.get(ENV_VAR, "").strip().lower() in _OFF:
        return False
    with _lock:
        if "default" in _loaded:
            return _loaded["default"] is not None
        if "available" not in _installed:
            _installed["available"] = _available()
        return _installed["available"]


def _available() -> bool:
    try:
        from memscribe.semantic import wordllama
    except ImportError:  # the semantic extra is not installed
        return False
    return wordllama.available()


def name() -> str | None:
    """The encoder's name (``wordllama/l2_supercat_256``), or None."""
    encoder = default_encoder()
    return None if encoder is None else encoder.name


def similarity(a: str, b: str) -> float | None:
    """Semantic similarity of two texts on the lexical scale (0..1), or None without an encoder."""
    encoder = default_encoder()
    if encoder is None:
        return None
    return calibrate(encoder.cosine(a, b), encoder.calibration)


def similarities(text: str, others: Sequence[str]) -> list[float] | None:
    """:func:`similarity` of ``text`` with each of ``others`` (one batch), or None."""
    encoder = default_encoder()
    if encoder is None:
        return None
    if not others:
        return []
    return encoder.calibrated(text, others)  # calibrate of each of encoder.cosines, the same values


def reset() -> None:
    """Forget the loaded encoder (tests; after changing MEMSCRIBE_SEMANTIC)."""
    with _lock:
        _loaded.clear()
        _installed.clear()


__all__ = [
    "ENV_VAR",
    "LEXICAL_RELATED",
    "Calibration",
    "calibrate",
    "content_text",
    "default_encoder",
    "enabled",
    "name",
    "reset",
    "similarities",
    "similarity",
]
