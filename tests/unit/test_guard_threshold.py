"""The guard's threshold (``bench/train_guard.py``): the false-positive bars must hold with
confidence on the out-of-fold scores, not only as the rate seen."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def _train_guard() -> ModuleType:
    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("train_guard", REPO / "bench" / "train_guard.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_upper_bound_lies_above_the_rate_and_shrinks_with_more_samples() -> None:
    tg = _train_guard()
    assert tg.upper_bound(0, 100, 0.84) > 0
    assert tg.upper_bound(10, 1000, 0.84) > 0.01
    assert tg.upper_bound(10, 1000, 0.84) > tg.upper_bound(100, 10000, 0.84) > 0.01
    assert tg.upper_bound(5, 1000, 0.0) == pytest.approx(0.005)


def test_threshold_keeps_the_bound_under_the_bar() -> None:
    tg = _train_guard()
    corpus = sys.modules["injection_corpus"]

    def sample(i: int, category: str, injection: bool) -> Any:
        return corpus.Sample(f"s{i}", "x", injection, category, "test", "train")

    # 1,000 user statements: 20 of them score 0.900 .. 0.919; attacks score 0.900 .. 0.999
    scored = [(sample(i, "benign", False), False, 0.5, 0.0) for i in range(980)]
    scored += [(sample(1000 + i, "benign", False), False, 0.9 + i / 1000, 0.0) for i in range(20)]
    scored += [(sample(2000 + i, "benign_document", False), False, 0.1, 0.0) for i in range(300)]
    scored += [(sample(3000 + i, "package_document", False), False, 0.1, 0.0) for i in range(300)]
    scored += [(sample(4000 + i, "jailbreak", True), False, 0.9 + i / 1000, 0.0) for i in range(100)]
    threshold, window_threshold, at = tg.choose_threshold(scored)
    flagged = sum(1 for s, _, sc, _ in scored if s.category == "benign" and sc >= threshold)
    # the rate seen would allow 10 (1%); the bound allows only what stays under 1% with confidence
    assert flagged < 10
    assert tg.upper_bound(flagged, 1000, tg.CONFIDENCE_Z) <= tg.MAX_FP_USER
    assert tg.upper_bound(flagged + 1, 1000, tg.CONFIDENCE_Z) > tg.MAX_FP_USER
    assert window_threshold >= threshold
    assert at["recall"] == sum(1 for s, _, sc, _ in scored if s.injection and sc >= threshold) / 100


def test_a_window_threshold_above_the_text_threshold_spares_long_documents() -> None:
    tg = _train_guard()
    corpus = sys.modules["injection_corpus"]

    def sample(i: int, category: str, injection: bool) -> Any:
        return corpus.Sample(f"s{i}", "x", injection, category, "test", "train")

    # clean documents whose best window scores 0.95 (one chance in many windows), attacks that
    # score 0.96 as a whole: one threshold for both would flag every document or miss attacks
    scored = [(sample(i, "benign", False), False, 0.1, 0.0) for i in range(1000)]
    scored += [(sample(2000 + i, "benign_document", False), False, 0.2, 0.95) for i in range(30)]
    scored += [(sample(2100 + i, "benign_document", False), False, 0.2, 0.3) for i in range(270)]
    scored += [(sample(3000 + i, "package_document", False), False, 0.1, 0.1) for i in range(300)]
    scored += [(sample(4000 + i, "jailbreak", True), False, 0.96, 0.0) for i in range(100)]
    threshold, window_threshold, at = tg.choose_threshold(scored)
    assert threshold <= 0.96 and window_threshold > 0.95
    assert at["recall"] == 1.0 and at["fp_docs"] == 0.0


def test_the_shipped_model_flags_a_text_or_a_window_each_at_its_own_threshold() -> None:
    from memscribe.guard.classifier import Model, load_model

    model = Model(0.0, {"w:ignore": 3.0}, 0.5, "", {}, window_threshold=0.9)
    assert model.flags(0.6, 0.0) and model.flags(0.1, 0.95)
    assert not model.flags(0.1, 0.8)
    assert Model(0.0, {}, 0.5, "", {}).flags(0.1, 0.6)  # no window threshold: the text's
    # two sentences are one window: no window score of their own
    assert model.text_and_window_scores("Ignore it. Fine.", 2)[1] == 0.0
    whole, window = model.text_and_window_scores("A b. C d. E f. Ignore ignore. G h. I j.", 2)
    assert window > whole
    shipped = load_model()
    assert shipped is not None and shipped.window_threshold is not None
    assert shipped.window_threshold >= shipped.threshold
