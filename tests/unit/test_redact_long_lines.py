"""Redaction reads a long line in time linear in its length: each keyword (or ``=``) on it reads
what stands near it, not the whole line again. Measured as characters handed to the token scans (not time):
a line four times as long costs about four times as many."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator

import pytest

from memscribe.redaction import find_secrets

linetokens = importlib.import_module("memscribe.redaction.linetokens")
shapes = importlib.import_module("memscribe.redaction.shapes")
#: The patterns of shapes' joined-literal scan that read the text before each ``=``.
_SHAPES_PATTERNS = ("_ASSIGNED", "_ASSIGNED_CHAR")


class _Counting:
    """A compiled pattern that adds up the characters each scan reads: from ``pos`` to the end of
    the last match it returns (to ``endpos`` when it runs out)."""

    def __init__(self, rx: re.Pattern[str]) -> None:
        self.rx, self.chars = rx, 0

    @staticmethod
    def _end(text: str, endpos: int | None) -> int:
        return len(text) if endpos is None else min(endpos, len(text))

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        at = pos
        for m in self.rx.finditer(text, pos, self._end(text, endpos)):
            self.chars += m.end() - at
            at = m.end()
            yield m
        self.chars += self._end(text, endpos) - at

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        m = self.rx.search(text, pos, self._end(text, endpos))
        self.chars += (self._end(text, endpos) if m is None else m.end()) - pos
        return m

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        m = self.rx.match(text, pos, self._end(text, endpos))
        self.chars += 1 if m is None else m.end() - pos
        return m


@pytest.mark.parametrize(
    "unit",
    [
        "password " * 5,  # keywords one after another
        "password!" * 5,  # keywords inside one whitespace-free token (RV1)
        "pw;" * 5,
        '{"password": "Xk9pq2Lm77", "key": "v", ',  # a JSON object's fields on one line
        "the password for the box is not here, ",
    ],
)
def test_prose_passwords_read_a_long_line_in_linear_time(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    counts = []
    for times in (200, 800):
        counter = _Counting(linetokens.WS_TOKEN)
        monkeypatch.setattr(linetokens, "WS_TOKEN", counter)
        text = unit * times
        before = find_secrets(text)
        counts.append(counter.chars)
        monkeypatch.undo()
        assert find_secrets(text) == before
    assert counts[1] <= 5 * counts[0], counts


@pytest.mark.parametrize(
    "unit",
    [
        "secret = '" + "a" * 50 + "' + '",  # joined-literal look-alikes, one after another
        "api_key = 'Xk9pq2' + 'Lm77Qz' ; ",
    ],
)
def test_joined_literals_read_a_long_line_in_linear_time(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    counts = []
    for times in (100, 400):
        counters = [_Counting(getattr(shapes, name)) for name in _SHAPES_PATTERNS if hasattr(shapes, name)]
        for name, counter in zip(_SHAPES_PATTERNS, counters, strict=False):
            monkeypatch.setattr(shapes, name, counter)
        text = unit * times
        found = list(shapes.find_joined_literals(text))
        counts.append(sum(c.chars for c in counters))
        monkeypatch.undo()
        assert list(shapes.find_joined_literals(text)) == found
    assert counts[1] <= 5 * counts[0], counts
