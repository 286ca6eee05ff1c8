"""Issue 12 (speed only): a text with many secrets found (an ``.env`` dump of 20,000 keys) is
searched for their repeats in one pass. ``combine.with_repeats`` searched the whole text once per
value found, so such a text cost time quadratic in its size (800 KB: 3 s in those searches
alone). The repeats found are those of the search per value (checked against it here)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import FrameType

import pytest

from memscribe.redaction import combine, redact_text
from memscribe.redaction.base import Finding


class _CountingText(str):
    """A text that counts the searches made in it."""

    finds = 0

    def find(self, *args: object) -> int:
        _CountingText.finds += 1
        return super().find(*args)  # type: ignore[arg-type]


def _env_dump(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    alphabet = "abcdefghijkABCDEFGH0123456789"
    return "".join(f"API_KEY_{i}={''.join(rng.choice(alphabet) for _ in range(24))}\n" for i in range(n))


def test_many_values_are_not_searched_one_by_one() -> None:
    text = _env_dump(2000)
    findings = combine.find_secrets(text)
    assert len(findings) > 1900
    values = [(text[f.start : f.end], f.type) for f in findings]
    _CountingText.finds = 0
    again = combine.with_repeats(_CountingText(text), findings, values)
    assert again == findings
    assert _CountingText.finds < 100  # one search (or more) per value before: 2000


def test_an_env_dump_is_masked_whole() -> None:
    text = _env_dump(300)
    masked = redact_text(text)[0]
    assert masked.count("[REDACTED") > 290


@pytest.mark.parametrize("seed", range(4))
def test_one_pass_is_the_search_per_value(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        text = "".join(
            rng.choice(["ab", "abab", "Xk9vQ2mL", "Xk9vQ2mLXk9v", " ", "\n", "a"]) for _ in range(60)
        )
        values = []
        for _ in range(rng.randint(1, 40)):
            s = rng.randrange(len(text))
            values.append((text[s : s + rng.randint(6, 14)], rng.choice(["password", "api_key"])))
        findings = [Finding("password", 0, 3)] if rng.random() < 0.5 else []
        masks = [(5, 9)] if rng.random() < 0.5 else []
        monkeypatch.setattr(combine, "_ONE_PASS_VALUES", 10**9)
        each = combine.with_repeats(text, findings, values, masks)
        monkeypatch.setattr(combine, "_ONE_PASS_VALUES", 0)
        assert combine.with_repeats(text, findings, values, masks) == each


def _masked_and_found(n: int) -> str:
    rng = random.Random(n)
    alphabet = "abcdefghijkABCDEFGH0123456789"
    return "".join(
        f"A_KEY=[REDACTED:api_key]\nB_TOKEN={''.join(rng.choice(alphabet) for _ in range(24))}\n"
        for _ in range(n)
    )


def _redaction_lines(text: str) -> int:
    """The lines of Python the redaction package runs to scan ``text``: a count of the work done
    that no other load on the machine can move (a CPU-time ratio of the two scans passed 16x
    under a test suite running beside it, where the linear scan measures 6-11x alone). Lines of
    the package's own modules only (a generator expression in them included); a first scan warms
    every cache, so the count is that of a warm scan."""
    combine.find_secrets(text)
    package = str(Path(combine.__file__).resolve().parent)
    lines = 0

    def local(frame: FrameType, event: str, arg: object) -> object:
        nonlocal lines
        if event == "line":
            lines += 1
        return local

    def calls(frame: FrameType, event: str, arg: object) -> object:
        return local if frame.f_code.co_filename.startswith(package) else None

    before = sys.gettrace()  # (a coverage tool's tracer, if one runs: put back afterwards)
    sys.settrace(calls)  # type: ignore[arg-type]
    try:
        combine.find_secrets(text)
    finally:
        sys.settrace(before)
    return lines


def test_masks_and_findings_linear() -> None:
    """A text already masked in part, with new secrets between: each detector's span was compared
    with every mask of the text (8x the lines ran 34x the package's lines, ~30x the CPU time); now
    it looks up the masks near it. Counted in lines run, not time (see :func:`_redaction_lines`)."""
    small, large = _redaction_lines(_masked_and_found(250)), _redaction_lines(_masked_and_found(2000))
    assert small > 1000
    assert large < 12 * small


def test_a_span_across_a_mask_is_dropped() -> None:
    text = "A_KEY=[REDACTED:api_key]\nB_TOKEN=Xk9vQ2mL7pR4zT8wB1nC5dF3gH\n"
    findings = combine.find_secrets(text)
    assert [text[f.start : f.end] for f in findings] == ["Xk9vQ2mL7pR4zT8wB1nC5dF3gH"]
