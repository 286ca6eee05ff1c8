"""Redacting a transcript looks the values masked in earlier texts up a span of texts at a time
(:mod:`memscribe.redaction.recurring`), and skips the scan of a text no detector can fire on: the
same masks and findings as masking text by text with :meth:`Masker.redact`, with less work."""

from __future__ import annotations

import random
import sys

import pytest

from memscribe.redaction import combine, hintscan, prefilter, recurring
from memscribe.redaction.base import Finding, lowered
from memscribe.redaction.combine import Masker, redact_transcript
from memscribe.redaction.detectors import DETECTORS
from memscribe.redaction.hintscan import SAME_FOLDED, may_hold
from memscribe.redaction.lists import TABLE_HINTS
from memscribe.redaction.prefilter import active_detectors
from memscribe.schemas.transcript import SourcePos, ToolCall, Transcript, Turn

FILLER = "the build passed after we cleared the cache on the runner".split()
#: Secrets whose values recur in later turns (masked there as the same value), one with a NUL.
SECRETS = (
    "DB_PASSWORD=Xq7trB9zL2mK",
    "my github token is ghp_8f7e6d5c4b3a29180716f5e4d3c2b1a0ZyXw",
    "the password is Tr0ub4dor&3x!",
    "api_key=abcDEF12\x003456ghiJKL",
)


def _texts(rng: random.Random, values: int, count: int) -> list[str]:
    pool = list(SECRETS) + [
        f"KEY_{i}=" + "".join(rng.choice("abcXYZ0123456789") for _ in range(24)) for i in range(values)
    ]
    said = [
        v.split("=", 1)[-1].rsplit(" ", 1)[-1] for v in pool
    ]  # each value alone, as a later text repeats it
    out = []
    for _ in range(count):
        words = [rng.choice(FILLER) for _ in range(rng.randint(0, 12))]
        if rng.random() < 0.15:
            words.append(rng.choice(pool))
        if rng.random() < 0.2:
            words.append(rng.choice(said))  # a value again, alone (or across a text's end: below)
        out.append(rng.choice([" ", "\n", ""]).join(words))
    return out


def _transcript(texts: list[str], calls: bool = True) -> Transcript:
    turns = []
    for i, text in enumerate(texts):
        args = (ToolCall(name="exec", arguments=texts[i - 1][::-1]),) if calls and i % 7 == 3 else ()
        turns.append(
            Turn(index=i, role="user", text=text, tool_calls=args, source=SourcePos(file="t", line=i + 1))
        )
    return Transcript(source="t", format="text", turns=tuple(turns))


def _text_by_text(transcript: Transcript) -> tuple[list[tuple[str, list[str]]], list[tuple[str, int]]]:
    masker = Masker()
    turns, found = [], []
    for turn in transcript.turns:
        text, hits = masker.redact(turn.text)
        args = []
        for call in turn.tool_calls:
            masked, arg_hits = masker.redact(call.arguments)
            args.append(masked)
            hits += arg_hits
        turns.append((text, args))
        found += [(f.type, turn.index) for f in hits]
    return turns, found


@pytest.mark.parametrize("values", [0, 3, 12, 40])  # up to SPAN_WORDS values, and past it
@pytest.mark.parametrize("span", [1 << 19, 64, 1])  # one span; many; a text each
def test_a_transcript_is_masked_as_text_by_text(
    monkeypatch: pytest.MonkeyPatch, values: int, span: int
) -> None:
    monkeypatch.setattr(prefilter, "SPAN_CHARS", span)
    for seed in range(4):
        transcript = _transcript(_texts(random.Random(seed), values, 150))
        out, redactions = redact_transcript(transcript)
        turns, found = _text_by_text(transcript)
        assert [(t.text, [c.arguments for c in t.tool_calls]) for t in out.turns] == turns
        assert [(r.type, r.turn) for r in redactions] == found
        assert found  # (the texts hold secrets)


def test_few_values_are_looked_up_once_per_span(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"repeated": 0, "find_secrets": 0}
    repeated, find_secrets = Masker._repeated, combine.find_secrets

    def counted_repeated(self: Masker, text: str) -> list[tuple[str, str]]:
        calls["repeated"] += 1
        return repeated(self, text)

    def counted_find(text: str, **kwargs: object) -> list[Finding]:
        calls["find_secrets"] += 1
        return find_secrets(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Masker, "_repeated", counted_repeated)
    monkeypatch.setattr(combine, "find_secrets", counted_find)
    texts = [" ".join(FILLER)] * 300
    texts[10] = "DB_PASSWORD=Xq7trB9zL2mK"
    texts[200] = "then I typed Xq7trB9zL2mK again"
    out, redactions = redact_transcript(_transcript(texts, calls=False))
    assert out.turns[200].text == "then I typed [REDACTED:secret_assignment] again"
    assert [(r.type, r.turn) for r in redactions] == [("secret_assignment", 10), ("secret_assignment", 200)]
    # text by text, each of the 289 later texts was looked up for the value: now none is
    assert calls["repeated"] == 0
    # only the texts a detector can fire on are scanned (the two with the value), not the prose
    assert calls["find_secrets"] == sum(1 for c in prefilter.detectors_per_text(texts, DETECTORS) if c) == 2


def test_past_span_words_the_masker_s_own_look_up_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    repeated = Masker._repeated

    def counted(self: Masker, text: str) -> list[tuple[str, str]]:
        asked.append(text)
        return repeated(self, text)

    monkeypatch.setattr(Masker, "_repeated", counted)
    texts = _texts(random.Random(5), recurring.SPAN_WORDS * 4, 200)
    transcript = _transcript(texts)
    redact_transcript(transcript)
    assert asked  # (many values: one automaton pass per text)
    assert len(asked) < len(texts) + sum(len(t.tool_calls) for t in transcript.turns)


def test_ascii_non_letters_are_held_where_their_case_folded_copy_is() -> None:
    # what lets an exact one-character hint of SAME_FOLDED, and the gates' characters, be found
    # in the case-folded text: no character folds to one of them, and each folds to itself
    assert SAME_FOLDED >= {c for d in DETECTORS for c in d.needs} | {"."}
    made: set[str] = set()
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if char.casefold() != char:
            made.update(char.casefold())
    assert not made & SAME_FOLDED
    assert all(c.casefold() == c for c in SAME_FOLDED)


WORDS = (
    "pass",
    "pat",
    "key",
    "secret",
    "token",
    "passwort",
    "пароль",
    "zzqq",
    "key",
    "api",
    "Pass",
    "",
    "密码",
)


@pytest.mark.parametrize("seed", range(40))
def test_may_hold_answers_as_one_look_up_per_word(seed: int) -> None:
    rng = random.Random(seed)
    text = " ".join(rng.choice([*FILLER, *WORDS, "PASSWORD", "ß", "İ"]) for _ in range(rng.randint(0, 30)))
    active_detectors(text, DETECTORS)  # the scan whose answers may_hold reads
    folded, low = text.casefold(), lowered(text)
    for words in (WORDS, tuple(rng.sample(WORDS, 6)), TABLE_HINTS, tuple(reversed(TABLE_HINTS))):
        present = hintscan._PRESENT
        for hay in (present[1], present[0], folded, low):
            assert may_hold(hay, words) == _may_hold_plain(hay, words), (text, words)
            assert may_hold(hay, words) == _may_hold_plain(hay, words)  # (numbered once, then kept)


def _may_hold_plain(hay: str, words: tuple[str, ...]) -> list[str]:
    text, folded, ascii_only, found, index = hintscan._PRESENT
    if hay is folded:
        return [
            w
            for w in words
            if ((i := index.get(w)) is None and (w.isascii() or not ascii_only)) or i in found
        ]
    if hay is text:
        return [w for w in words if (i := index.get(w.casefold())) is None or i in found]
    return list(words)


def test_a_span_scan_whose_always_bits_reach_its_flag_leaves_each_text_alone() -> None:
    _, ascii_only = prefilter._plans(DETECTORS)
    span = hintscan.span_scanner(hintscan.plan_scanner(ascii_only[1]))  # type: ignore[arg-type]
    assert isinstance(span, hintscan._SpanScan)
    texts = ["my password: hunter2x", "ok"]
    joined, starts = "\x00".join(texts), [0, len(texts[0]) + 1]
    assert span(texts, joined, starts, 0) is not None
    assert span(texts, joined, starts, span.exact_flag) is None  # (the caller scans text by text)
