"""Offline semantic relatedness (memscribe.semantic): the packaged WordLlama model, never fetched."""

from __future__ import annotations

import logging

import pytest

from memscribe import semantic
from memscribe.semantic import wordllama
from memscribe.semantic.calibration import LEXICAL_RELATED, STATIC_CALIBRATION, calibrate, content_text

needs_model = pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed")


pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def test_calibration_anchors() -> None:
    cal = STATIC_CALIBRATION
    assert calibrate(cal.floor, cal) == 0.0
    assert calibrate(-0.3, cal) == 0.0
    assert calibrate(cal.related, cal) == pytest.approx(LEXICAL_RELATED)
    assert calibrate(1.0, cal) == pytest.approx(1.0)
    scores = [calibrate(c / 20, cal) for c in range(-20, 21)]
    assert scores == sorted(scores)


def test_content_text_drops_function_words_and_the_subject() -> None:
    assert content_text("The user prefers dark mode in the editor") == "dark mode editor"
    assert content_text("the and of") == "the and of"  # nothing left: the text itself
    assert content_text("用户住在柏林") == "住在柏林"
    assert content_text("Der Nutzer wohnt in Köln") == "wohnt Köln"


def test_off_switch_means_lexical_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(semantic.ENV_VAR, "off")
    assert semantic.default_encoder() is None
    assert semantic.similarity("coffee", "caffeine") is None
    assert semantic.similarities("coffee", ["caffeine"]) is None


def test_not_installed_means_lexical_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordllama, "available", lambda: False)
    assert not semantic.enabled()
    assert semantic.similarity("coffee", "caffeine") is None


def test_missing_files_raise_not_fetch(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    with pytest.raises(FileNotFoundError):
        wordllama.load(tmp_path)


@needs_model
def test_loads_offline_without_touching_logging() -> None:
    handlers = list(logging.getLogger().handlers)
    encoder = semantic.default_encoder()  # pytest runs with --block-network: nothing is fetched
    assert encoder is not None and encoder.name == wordllama.NAME and encoder.dim == 256
    assert logging.getLogger().handlers == handlers


@needs_model
def test_same_vectors_as_wordllama_own_loader() -> None:
    """Its loader, pointed at the packaged files with downloads disabled, agrees with ours."""
    import numpy as np

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        from wordllama import WordLlama

        theirs = WordLlama.load(cache_dir=wordllama.package_dir(), disable_download=True)
    finally:  # importing wordllama calls logging.basicConfig
        root.handlers[:] = handlers
        root.setLevel(level)
    ours = wordllama.load()
    text = "started drinking coffee again"
    expected = theirs.embed([text], norm=True)[0]
    got = ours._embed([text])[0]  # the encoder's own text, before function words are dropped
    assert np.allclose(expected, got, atol=1e-5)


@needs_model
@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("I've started drinking coffee again, one cup in the morning", "User avoids caffeine"),
        ("I switched from Android to an iPhone last month", "User uses an Android phone (Pixel 8)"),
        ("User uses a Mac", "User works on macOS"),
        ("User wants answers kept short", "User prefers concise answers"),
    ],
)
def test_one_topic_scores_as_related(new: str, old: str) -> None:
    score = semantic.similarity(new, old)
    assert score is not None and score >= LEXICAL_RELATED


@needs_model
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User lives in Berlin", "User prefers dark mode"),
        ("User is left-handed", "User designs in Figma."),
        ("User uses Trados Studio 2024", "User lives in Valencia, Spain."),
    ],
)
def test_unrelated_scores_low(a: str, b: str) -> None:
    score = semantic.similarity(a, b)
    assert score is not None and score < LEXICAL_RELATED / 2


@needs_model
def test_batch_and_cache() -> None:
    encoder = semantic.default_encoder()
    assert encoder is not None
    texts = ["User avoids caffeine", "User lives in Berlin", "User avoids caffeine"]
    rows = encoder.encode(texts)
    assert len(rows) == 3 and all(len(row) == encoder.dim for row in rows)
    assert rows[0] == rows[2] and rows[0] != rows[1]
    assert "User avoids caffeine" in encoder._cache
    again = semantic.similarities("drinks coffee", texts)
    assert again is not None and len(again) == 3 and again[0] == again[2]
    assert semantic.similarities("x", []) == []


@needs_model
def test_unknown_or_empty_text_is_a_zero_vector() -> None:
    encoder = semantic.default_encoder()
    assert encoder is not None
    assert encoder.cosine("", "User avoids caffeine") == 0.0
