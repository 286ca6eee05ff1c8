"""A named literal (``#define WIFI_PASS "…"``, ``storePassword "…"``) is one line holding its
quotes: its pattern is tried at the start of each line holding a quote, not at every position,
and finds what a scan of the whole text finds."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from memscribe.redaction import configs
from memscribe.redaction.configs import _NAMED_LITERAL, find_named_literals

_PIECES = ('"', "'", "\n", "\r\n", " ", "\t", "#define ", "WIFI_PASS", "storePassword", "x", "=",
           "// note", ";", "Tr0ub4dor&3", "hunter2", "N8v#q2Lp", "İ")  # fmt: skip


class _Counting:
    """``_NAMED_LITERAL``, counting the positions it is tried at (a scan: every position)."""

    def __init__(self) -> None:
        self.tried = 0

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        self.tried += 1
        return _NAMED_LITERAL.match(text, pos)

    def finditer(self, text: str, *args: Any) -> Iterator[re.Match[str]]:
        self.tried += len(text) + 1
        return _NAMED_LITERAL.finditer(text, *args)


def test_the_pattern_is_tried_only_on_lines_holding_a_quote(monkeypatch: pytest.MonkeyPatch) -> None:
    prose = "".join(f"line {i} of the notes, nothing quoted here\n" for i in range(400))
    text = prose + '#define WIFI_PASS "N8v#q2Lp!x7"\n' + prose + "storePassword 'Tr0ub4dor&3'\n"
    counting = _Counting()
    monkeypatch.setattr(configs, "_NAMED_LITERAL", counting)
    found = [text[s:e] for s, e in find_named_literals(text)]
    assert found == ["N8v#q2Lp!x7", "Tr0ub4dor&3"]
    assert counting.tried <= 2  # the two quoted lines (before: every position of the text)


def test_the_lines_tried_find_what_a_whole_scan_finds() -> None:
    rng = random.Random(11)
    texts = ["".join(rng.choice(_PIECES) for _ in range(rng.randrange(40))) for _ in range(5000)]
    for text in texts:
        lines = [m.span() for m in configs._named_literal_lines(text)]
        assert lines == [m.span() for m in _NAMED_LITERAL.finditer(text)], text
