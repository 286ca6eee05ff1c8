"""Issue 12 (speed only): many assignments or ``value`` fields on one long line cost time linear in
the line, not quadratic: a password's rest of line is not read to the line's end for each value
(``structure._short_rest``), nor a ``value`` field's line found by reading back through the text
(``pairs._line_before``). Outputs are those of the full reads (checked against them here)."""

from __future__ import annotations

import random
import time

import pytest

from memscribe.redaction import pairs, redact_text, structure
from memscribe.redaction.assigned import SPACED_SECRET_MAX
from memscribe.redaction.base import newlines
from tests.support.counting import counting


def test_rest_of_line_read_within_a_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ab password=x yz `` repeated on one line: each ``password=x`` was handed the rest of the
    line to its end as a phrase (the whole text); now only phrases a spaced secret can be are."""
    calls = counting(monkeypatch, structure, "_wordy")
    text = "ab password=x yz " * 2000
    redact_text(text)
    assert calls.n > 0
    assert max(len(p) for p in calls.firsts) <= SPACED_SECRET_MAX


def test_pass_phrase_to_line_end_still_found() -> None:
    for text in (
        "DB_PASSWORD=Gartenzwerg 17 Rosen\n",
        "x=1\nDB_PASSWORD=Gartenzwerg 17 Rosen  \r\nnext=2",
        "DB_PASSWORD=Gartenzwerg 17 Rosen",
    ):
        masked = redact_text(text)[0]
        assert "Gartenzwerg" not in masked and "Rosen" not in masked, text


def _cpu(text: str) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        list(pairs._name_values(text))
        best = min(best, time.process_time() - t0)
    return best


def test_name_values_linear_on_long_lines() -> None:
    """``value`` many times on one line: 4x as long costs about 4x (was 16x), side by side; the
    best of five each, and a bound between the two growths, so a noisy machine does not fail it."""
    unit = "abcdefghijk value"
    small, large = unit * 1500, unit * 6000
    assert _cpu(large) < 10 * max(_cpu(small), 1e-4)


def test_line_before_is_the_text_search() -> None:
    """The start of the line before ``at``'s, or 0 on the first line (not the last line's start)."""
    rnd = random.Random(12)
    for _ in range(3000):
        text = "".join(rnd.choice("ab\n\n value") for _ in range(rnd.randint(1, 30)))
        breaks = newlines(text)
        assert breaks == [i for i, c in enumerate(text) if c == "\n"]
        for at in range(len(text)):
            inner = text.rfind("\n", 0, at)
            expected = 0 if inner < 0 else text.rfind("\n", 0, inner) + 1
            assert pairs._line_before(text, breaks, at) == expected, (text, at)


def test_short_rest_is_the_full_match_when_short() -> None:
    rnd = random.Random(7)
    for _ in range(3000):
        text = "".join(rnd.choice(["a", "b#", " ", "  ", "\t", "\n", "\r", "\r\n", "x1"]) for _ in range(30))
        lines = structure._Lines(text)
        for end in range(len(text)):
            full = structure._REST_OF_LINE.match(text, end)
            for room in (0, 3, 12, 100):
                short = structure._short_rest(text, end, room, lines)
                if full is not None and full.end() - end <= room:
                    assert short is not None and short.span() == full.span(), (text, end, room)
                else:
                    assert short is None, (text, end, room)
