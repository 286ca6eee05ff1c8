"""Redacting a transcript finds each text's possible detectors in one pass over it: same findings,
same masks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memscribe.redaction import prefilter
from memscribe.redaction.combine import Masker, redact_transcript
from memscribe.redaction.detectors import DETECTORS
from memscribe.redaction.prefilter import active_detectors, detectors_per_text
from memscribe.transcript import parse_transcript

REPO = Path(__file__).resolve().parents[2]
FILES = sorted((REPO / "fixtures" / "transcripts").glob("*")) + sorted(
    p
    for p in (REPO / "fixtures" / "eval" / "authored" / "dev" / "agent").glob("*")
    if not p.name.endswith(".labels.json")
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_transcript_redaction_equals_turn_by_turn_with_every_detector(path: Path) -> None:
    labels = path.parent / (path.name.rsplit(".", 1)[0] + ".labels.json")
    fmt = json.loads(labels.read_text(encoding="utf-8")).get("format") if labels.is_file() else None
    transcript = parse_transcript(path.read_text(encoding="utf-8"), source=path.name, fmt=fmt)
    redacted, _ = redact_transcript(transcript)
    plain = Masker()  # every detector considered on every text
    expected = []
    for turn in transcript.turns:
        text, _ = plain.redact(turn.text)
        args = [plain.redact(call.arguments)[0] for call in turn.tool_calls]
        expected.append((text, args))
    assert [(t.text, [c.arguments for c in t.tool_calls]) for t in redacted.turns] == expected


def test_detectors_per_text_equal_asking_text_by_text(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [
        "export AWS_SECRET_ACCESS_KEY=abc",
        "",
        "hello",
        "Straße PASSWORT: ﬁle passwd=x",  # case-folding changes lengths before and inside
        "пароль: qwerty token",
        "ends with a hint: cookie",
        "",
    ]
    for path in FILES[:6]:
        texts += [t.text for t in parse_transcript(path.read_text(encoding="utf-8"), source=path.name).turns]
    for sample in (texts, texts[3:5], [t for t in texts if t.isascii()], ["cookie"], []):
        assert [list(g) for g in detectors_per_text(sample, DETECTORS)] == [
            active_detectors(t, DETECTORS) for t in sample
        ]
    monkeypatch.setattr(prefilter, "SPAN_CHARS", 40)  # many spans, texts longer than one
    for sample in (texts, [t for t in texts if t.isascii()]):
        got = detectors_per_text(sample, DETECTORS)
        assert [list(g) for g in got] == [active_detectors(t, DETECTORS) for t in sample]
