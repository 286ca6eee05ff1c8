"""The prefilter's look-up of a span of ASCII texts at once (``hintscan.span_scanner``): the same
bits for each text as scanning it alone, one call for the span instead of one a text, and the
per-text scan again where a text holds NUL (the separator)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction import hintscan, prefilter
from memscribe.redaction.detectors import CONTACT_DETECTORS, DETECTORS
from memscribe.redaction.prefilter import _plans, active_detectors, detectors_per_text
from tests.support.secret_shapes import corpus_turn_texts

PIECES = (
    "password", "PASSWORD", "pass", "passed", "api_key", "token", "key", "AKIA", "akia", "AC", "ac",
    "sk-", "SK", "ghp_", "xoxb-", "Bearer ", "authorization", "-----BEGIN", "://", "@", ".", "=", ":",
    "-", "(", "<", "\n", "\t", " ", "'", '"', "0", "7", "+", "/", "!", "#", "$", "%", "&", "?", "^", "~",
    "\x00", "set ", "env", "get", "code", "paste", "private key", "Xq7trB9zL2mK", "AKIAQ7X2M4K9P3L8N5R6",
)  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES), max_size=10).map("".join)
SCAN = hintscan.plan_scanner(_plans(DETECTORS)[1][1])
needs_automaton = pytest.mark.skipif(SCAN is None, reason="pyahocorasick is not installed")


def _per_text(texts: list[str], always: int) -> list[int]:
    assert SCAN is not None
    return [SCAN(t, t.casefold(), always) for t in texts]


def _span(texts: list[str], always: int) -> list[int] | None:
    assert SCAN is not None
    span = hintscan.span_scanner(SCAN)
    assert span is not None
    starts = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    return span(texts, "\x00".join(texts).casefold(), starts, always)


@needs_automaton
@settings(max_examples=300, deadline=None)
@given(st.lists(TEXT.filter(lambda t: "\x00" not in t), min_size=1, max_size=8), st.sampled_from([0, 1 << 3]))
def test_a_span_gets_the_bits_of_each_text_scanned_alone(texts: list[str], always: int) -> None:
    got = _span(texts, always)
    assert hintscan._PRESENT[0] is texts[-1]
    left = hintscan._PRESENT[1:]
    assert got == _per_text(texts, always)
    assert left[1:] == hintscan._PRESENT[2:] and left[0] == hintscan._PRESENT[1]  # what the last scan leaves


@needs_automaton
def test_the_corpus_turns_as_one_span() -> None:
    texts = [t for t in corpus_turn_texts() if t.isascii() and "\x00" not in t]
    assert len(texts) > 100
    assert _span(texts, 0) == _per_text(texts, 0)


@needs_automaton
def test_a_text_holding_nul_is_scanned_alone() -> None:
    assert _span(["api_key=1", "a\x00b token"], 0) is None
    assert _span(["api_key=1", "пароль"], 0) is None  # (a span beyond ASCII)


@needs_automaton
@settings(max_examples=150, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=8))
def test_the_transcript_path_equals_asking_text_by_text(texts: list[str]) -> None:
    for detectors in (DETECTORS, DETECTORS + CONTACT_DETECTORS):
        assert [list(c) for c in detectors_per_text(texts, detectors)] == [
            active_detectors(t, detectors) for t in texts
        ]


@needs_automaton
def test_an_ascii_span_is_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    assert SCAN is not None
    real_span = hintscan.span_scanner(SCAN)
    assert real_span is not None
    calls = {"text": 0, "span": 0}

    def counted_scan(text: str, folded: str, on: int) -> int:
        calls["text"] += 1
        return SCAN(text, folded, on)

    def counted_span(*args):  # type: ignore[no-untyped-def]
        calls["span"] += 1
        return real_span(*args)

    ascii_hints = _plans(DETECTORS)[1][1]
    monkeypatch.setattr(
        prefilter, "plan_scanner", lambda h: counted_scan if h is ascii_hints else hintscan.plan_scanner(h)
    )
    monkeypatch.setattr(prefilter, "span_scanner", lambda s: counted_span if s is counted_scan else None)
    texts = ["the tests passed", "DB_PASSWORD=Xq7trB9zL2mK", "AKIAQ7X2M4K9P3L8N5R6 here", "ok"] * 50
    chosen = detectors_per_text(texts, DETECTORS)
    assert calls == {"text": 0, "span": 1}  # before: 200 calls, one a text
    assert [list(c) for c in chosen] == [active_detectors(t, DETECTORS) for t in texts]
    calls.update(text=0, span=0)
    detectors_per_text(["api_key=1", "a\x00b token"], DETECTORS)
    assert calls == {"text": 2, "span": 1}  # a text holding NUL: each scanned alone
