"""Redacting a transcript is streamed: the prefilter reads a span of texts at a time, no per-turn
list of every text (or of its detectors, or of every output turn) is held beside the output, and
turns without a finding are the input's own objects."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator

import pytest

from memscribe.redaction import prefilter
from memscribe.redaction.combine import Masker, redact_transcript
from memscribe.redaction.detectors import DETECTORS
from memscribe.redaction.prefilter import active_detectors, iter_detectors_per_text
from memscribe.schemas.transcript import SourcePos, ToolCall, Transcript, Turn

KEY = "sk-proj-" + "Xq7Lm2Vb9Rt4Wz8Kp3Nd6Hs1Jf5Gc0Ye2Ua7Io9"
WORDS = "the build passed after we pinned the resolver and cleared the cache on the runner".split()


def _transcript(n: int, every: int = 50) -> Transcript:
    """``n`` benign turns; a key in a turn's text and one in a tool call per ``every`` turns (0: none)."""
    turns = []
    for i in range(n):
        text = " ".join(WORDS[(i + j) % len(WORDS)] for j in range(6 + i % 9))
        calls: tuple[ToolCall, ...] = ()
        if every and i % every == 7:
            text += f" my key is {KEY[:-4]}{i:04d}"
        if every and i % every == 11:
            args = f'{{"command": "export OPENAI_API_KEY={KEY}"}}'
            calls = (ToolCall(id=f"c{i}", name="exec", arguments=args),)
        role = "user" if i % 2 else "assistant"
        turns.append(
            Turn(index=i, role=role, text=text, tool_calls=calls, source=SourcePos(file="t.txt", line=i + 1))
        )
    return Transcript(source="t.txt", format="text", turns=tuple(turns))


def test_prefilter_reads_one_span_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prefilter, "SPAN_CHARS", 200)
    texts = [" ".join(WORDS[: 3 + i % 7]) + (" password: hunter2x" if i % 5 == 0 else "") for i in range(300)]
    pulled = 0

    def source() -> Iterator[str]:
        nonlocal pulled
        for text in texts:
            pulled += 1
            yield text

    got = iter_detectors_per_text(source(), DETECTORS)
    for i, text in enumerate(texts):
        chosen = next(got)
        assert list(chosen) == active_detectors(text, DETECTORS)
        read_ahead = sum(len(t) + 1 for t in texts[i + 1 : pulled - 1])  # the span still buffered
        assert read_ahead < 200  # never more than one span (and the text that closed it) ahead
    assert next(got, None) is None and pulled == len(texts)


def test_non_ascii_span_whose_folding_keeps_lengths(monkeypatch: pytest.MonkeyPatch) -> None:
    # non-ASCII texts whose every character folds to one character (the folded copy of the whole
    # span is used, its offsets the texts' own) and, beside them, one that does not (ß -> ss)
    same = ["café PASSWORD: Zk9#mQ2vLp", "пароль: qwerty token", "Ünïcode cookie=ab12", "", "AWS_SECRET"]
    for sample in (same, [*same, "Straße ﬁle passwd=x", *same]):
        for span in (1 << 19, 16):
            monkeypatch.setattr(prefilter, "SPAN_CHARS", span)
            got = [list(chosen) for chosen in iter_detectors_per_text(iter(sample), DETECTORS)]
            assert got == [active_detectors(t, DETECTORS) for t in sample]


def test_streamed_transcript_equals_turn_by_turn() -> None:
    transcript = _transcript(400)
    out, redactions = redact_transcript(transcript)
    plain = Masker()
    expected_found = []
    for before, after in zip(transcript.turns, out.turns, strict=True):
        text, found = plain.redact(before.text)
        args = []
        for call in before.tool_calls:
            masked, arg_found = plain.redact(call.arguments)
            args.append(masked)
            found += arg_found
        expected_found += [(f.type, before.index) for f in found]
        assert (after.text, [c.arguments for c in after.tool_calls]) == (text, args)
        if not found:
            assert after is before and after.text is before.text  # the input's own objects
    assert [(r.type, r.turn) for r in redactions] == expected_found
    assert len(redactions) == 16 and KEY not in out.model_dump_json()


def test_transcript_without_findings_keeps_every_turn() -> None:
    transcript = _transcript(120, every=0)
    out, redactions = redact_transcript(transcript)
    assert redactions == [] and out == transcript and out.turns is transcript.turns


def test_transient_memory_is_not_per_turn_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond what it returns, redacting holds less than one pointer per turn at its peak: no list
    of every text, of every text's detectors or of every output turn beside the output's tuple."""
    monkeypatch.setattr(prefilter, "SPAN_CHARS", 1 << 12)  # a span's buffers are small here
    n = 20_000
    transcript = _transcript(n, every=400)
    redact_transcript(_transcript(60))  # warm: compiled patterns, prefilter plans
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        out, redactions = redact_transcript(transcript)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(redactions) == 100 and len(out.turns) == n
    assert kept - base >= 8 * n  # the new tuple of turns is returned
    assert peak - kept < 8 * n  # the previous version held ~3 pointers per turn more at its peak
