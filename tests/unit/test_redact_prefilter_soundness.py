"""The combined prefilter never skips a detector that has a finding.

Every detector is run on every text of the corpora, prefilter or not; each one that finds
something must be among those the prefilter chooses for that text: alone
(:func:`active_detectors`: hints case-folded, ``exact`` hints as written) and among a
transcript's texts (:func:`detectors_per_text`: one pass per text with pyahocorasick; without it,
each hint looked up across the span, skipping a hint none of whose pieces is a word of the span:
the texts are given three times over, so that vocabulary is short enough to be used, and a spy
checks it was). Generated lists of texts (hint pieces, their neighbours, case and
whitespace variants, characters that case-fold to other lengths) compare the transcript-wide
choice with the text-by-text one.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction import hintscan, prefilter
from memscribe.redaction.base import Detector
from memscribe.redaction.combine import find_secrets
from memscribe.redaction.detectors import CONTACT_DETECTORS, DETECTORS
from memscribe.redaction.prefilter import active_detectors, detectors_per_text
from tests.support.secret_shapes import corpus_turn_texts, document

REPO = Path(__file__).resolve().parents[2]
SHARED_SECRETS = REPO.parent / "shared" / "data" / "secrets"
#: Shapes each narrowed hint stands for, found or not: a ``…pass`` flag (``pass=``, ``pass ``,
#: ``pass<TAB>``), Twilio's ``AC``/``SK`` ids as written and lower-cased, and their look-alikes.
SHAPES = (
    "redis-server --requirepass Zq8vR2mXk4Lp9sWt",
    "redis-cli --masterpass=Zq8vR2mXk4Lp9sWtQ1",
    "tool -dbpass\tHunter2#xQ9zLp",
    "the tests passed, the password is in the vault, passes: 3",
    "twilio AC0123456789abcdef0123456789abcdef and SK0123456789ABCDEF0123456789abcdef",
    "lower ac0123456789abcdef0123456789abcdef sk0123456789abcdef0123456789abcdef",
    "cache path pat access",
)


def _windows(text: str, size: int = 4) -> list[str]:
    lines = text.split("\n")
    return ["\n".join(lines[i : i + size]) for i in range(0, len(lines), size)]


def _corpus() -> list[str]:
    texts: list[str] = list(SHAPES)
    for path in sorted(SHARED_SECRETS.rglob("*")) if SHARED_SECRETS.is_dir() else []:
        if path.is_file() and path.suffix not in {".py", ".sh"}:  # labelled secrets, when checked out
            texts += _windows(path.read_text(encoding="utf-8", errors="replace"))
    for path in sorted((REPO / "fixtures" / "redaction").rglob("*.txt")):
        texts += _windows(path.read_text(encoding="utf-8"), 6)
    texts += corpus_turn_texts()
    rng = random.Random(17)
    texts += [document(rng)[0] for _ in range(40)]
    return texts


CORPUS = _corpus()
ALL = DETECTORS + CONTACT_DETECTORS


def _finders(text: str) -> list[Detector]:
    """The detectors with a finding on ``text``, every one run."""
    return [d for d in ALL if next(iter(d.find(text)), None) is not None]


@pytest.mark.parametrize("automaton", [True, False])
def test_no_detector_with_a_finding_is_skipped_on_the_corpora(monkeypatch, automaton: bool) -> None:  # type: ignore[no-untyped-def]
    if not automaton:  # each hint looked up alone (pyahocorasick imported away): the vocabulary gate
        monkeypatch.setitem(sys.modules, "ahocorasick", None)
        monkeypatch.setattr(hintscan, "_SCANNERS", {})
    elif hintscan.plan_scanner(prefilter._plans(DETECTORS)[0][1]) is None:
        pytest.skip("pyahocorasick is not installed")
    used: list[bool] = []
    vocabulary = prefilter._vocabulary

    def spy(joined: str) -> str | None:
        vocab = vocabulary(joined)
        used.append(vocab is not None)
        return vocab

    monkeypatch.setattr(prefilter, "_vocabulary", spy)
    assert len(CORPUS) > 1000
    # A transcript repeats its words: the spans of the repeated turn texts are where the
    # vocabulary gate is taken, with or without ../shared checked out.
    inputs = CORPUS + corpus_turn_texts() * 4
    per_text = detectors_per_text(inputs, DETECTORS)
    assert any(used) or automaton, "the vocabulary gate was never exercised"
    found: set[str] = set()
    finders: dict[str, list[Detector]] = {}
    for text, chosen in zip(inputs, per_text, strict=True):
        alone = {id(d) for _, d in active_detectors(text, ALL)}
        among = {id(d) for _, d in chosen}
        if text not in finders:
            finders[text] = _finders(text)
        for det in finders[text]:
            found.add(det.name)
            assert id(det) in alone, (det.name, det.hints, det.exact, text[:300])
            if any(det is d for d in DETECTORS):
                assert id(det) in among, (det.name, det.hints, det.exact, text[:300])
    # the narrowed hints are exercised: a pass flag and a Twilio id are found
    assert {"secret_assignment", "twilio_key", "password", "high_entropy"} <= found


def test_findings_equal_every_detector_run_on_the_corpora() -> None:
    for text in CORPUS:
        assert find_secrets(text) == find_secrets(text, prefilter=False), text[:300]


PIECES = (
    "pass", "pass=", "pass ", "pass\t", "PASS ", "passed", "--requirepass ", "-dbpass=", "Zq8vR2mXk4Lp9sWt",
    "AC", "ac", "SK", "sk", "0123456789abcdef0123456789abcdef", "cache", "path", "pat", "key", "token",
    "secret", " ", "\t", "\n", "\u00a0", "\u2028", "=", ": ", "-", "_", "ß", "ﬁ", "İ", "\u212a", "\u017f",
    "пароль", "密码", "private key", "set ", " -b ", "ghp_", "AKIA", "Q7X2M4K9P3L8N5R6", "@", "://",
)  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES), max_size=10).map("".join)


@contextlib.contextmanager
def _each_hint_alone() -> Iterator[None]:
    """pyahocorasick imported away (each hint then looked up alone), for the block."""
    had, scanners = sys.modules.get("ahocorasick"), dict(hintscan._SCANNERS)
    sys.modules["ahocorasick"] = None  # type: ignore[assignment]
    hintscan._SCANNERS.clear()
    try:
        yield
    finally:
        if had is None:
            del sys.modules["ahocorasick"]
        else:
            sys.modules["ahocorasick"] = had
        hintscan._SCANNERS.clear()
        hintscan._SCANNERS.update(scanners)


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=12), st.integers(min_value=0, max_value=3))
def test_transcript_wide_choice_equals_text_by_text(texts: list[str], repeat: int) -> None:
    texts = texts * (1 + repeat)  # repeated words: a short vocabulary, so the gate is used
    spans, pieces = prefilter.SPAN_CHARS, prefilter._WORDS_CHARS
    for each_alone in (False, True):  # the one-pass look-up, then each hint alone (the vocabulary gate)
        with _each_hint_alone() if each_alone else contextlib.nullcontext():
            for span, piece in ((spans, pieces), (64, 8)):  # many spans, each split in many pieces
                prefilter.SPAN_CHARS, prefilter._WORDS_CHARS = span, piece
                try:
                    got = detectors_per_text(texts, DETECTORS)
                finally:
                    prefilter.SPAN_CHARS, prefilter._WORDS_CHARS = spans, pieces
                assert [list(g) for g in got] == [active_detectors(t, DETECTORS) for t in texts]
    for text in texts:
        alone = {id(d) for _, d in active_detectors(text, ALL)}
        assert all(id(det) in alone for det in _finders(text)), text


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=12), st.integers(min_value=1, max_value=12))
def test_vocabulary_is_the_words_of_the_span_however_it_is_cut(texts: list[str], piece: int) -> None:
    joined = "\x00".join(t.casefold() for t in texts * 3)
    pieces = prefilter._WORDS_CHARS
    prefilter._WORDS_CHARS = piece
    try:
        vocab = prefilter._vocabulary(joined)
    finally:
        prefilter._WORDS_CHARS = pieces
    if vocab is not None:  # compared as NUL-free fragments: a word may hold the texts' NUL
        assert set(vocab.split("\x00")) == {part for word in joined.split() for part in word.split("\x00")}
