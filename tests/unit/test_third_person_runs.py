"""A value put in the third person (issue 17): an ASCII text is scanned only by the pronoun
patterns one of whose word runs it holds (``text._PRONOUN_RUNS``), with the same result as every
pattern asked in turn."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.model.embedded import text as T


def _every_pattern(text: str) -> str:
    """The definition: each of ``_PRONOUNS`` substituted in turn."""
    for pattern, repl in T._PRONOUNS:
        text = pattern.sub(repl, text)
    return text


class _Counted:
    """A pronoun pattern that counts the texts it is asked to scan."""

    def __init__(self, pattern: re.Pattern[str], asked: list[str]) -> None:
        self._pattern = pattern
        self._asked = asked
        self.flags = pattern.flags

    def sub(self, repl: str, text: str) -> str:
        self._asked.append(text)
        return self._pattern.sub(repl, text)


def _scans(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[str, int]:
    asked: list[str] = []
    counted = tuple((_Counted(p.compiled if hasattr(p, "compiled") else p, asked), r) for p, r in T._PRONOUNS)
    monkeypatch.setattr(T, "_PRONOUNS", counted)
    said = T.third_person(text)
    monkeypatch.undo()
    return said, len(asked)


@pytest.mark.parametrize(
    "text",
    ["User works mostly in Rust these days", "User drives a Tesla to work", "User uses Vim.", "User is 35"],
)
def test_a_value_naming_no_pronoun_is_scanned_by_none(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    # fails when every pattern scans every value: 11 scans
    said, scans = _scans(monkeypatch, text)
    assert said == text
    assert scans == 0


@pytest.mark.parametrize(
    ("text", "most"),
    [
        ("User lives with my sister", 1),
        ("User and i moved here", 1),
        ("User's dog likes me and my wife", 2),
    ],
)
def test_only_the_patterns_whose_runs_it_holds_scan_it(
    monkeypatch: pytest.MonkeyPatch, text: str, most: int
) -> None:
    said, scans = _scans(monkeypatch, text)
    assert said == _every_pattern(text)
    assert scans <= most


def test_runs_flag_says_which_patterns_ignore_case() -> None:
    assert len(T._PRONOUN_RUNS) == len(T._PRONOUNS)
    for (pattern, _), (caseless, _runs) in zip(T._PRONOUNS, T._PRONOUN_RUNS, strict=True):
        assert bool(pattern.flags & re.IGNORECASE) == caseless, pattern.pattern


_WORDS = (
    "I i I'm i'm I'M I am I  am I've i've I'VE my My MY me Me mine MINE myself MySelf our Our we We WE us"
    " US User users the them Rust I.e. i-th we-ll us-based me, I. 'm am ve _me me_ 2me i_ é ſ İ ı"
).split()
_SEPARATORS = ("", " ", "  ", "\t", "\n", ", ", ".", "-", "'", "’", ". ")


@settings(max_examples=600, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_SEPARATORS)), max_size=14))
def test_the_same_text_as_every_pattern_asked(parts: list[tuple[str, str]]) -> None:
    text = "".join(w + s for w, s in parts)
    assert T.third_person(text) == _every_pattern(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm moving, I've got my own place; we love it and so do us all. Mine's better, me and myself.",
        "i'm i am I am I AM i've i.e. i-th Me ME mine",
        "Café: I'm here, my friend",
        "ſome ıtems for us",
        "",
    ],
)
def test_written_texts(text: str) -> None:
    assert T.third_person(text) == _every_pattern(text)
