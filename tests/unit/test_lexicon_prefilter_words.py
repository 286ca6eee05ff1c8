"""The words that let a hedge pattern skip a clause (issue 17) cover every alternative it has.

A clause holding none of a pattern's words is never scanned by it, so a phrase added to the
pattern without one of them in the list would silently never match: each alternative, as written,
must hold one of the words, and a sample of each must still be found.
"""

from __future__ import annotations

import re

import pytest

from memscribe.lexicon import nonfact
from memscribe.lexicon.caseless import caseless_hit


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of ``pattern`` (a verbose alternation of phrases)."""
    out, depth, current = [], 0, ""
    for char in re.sub(r"\s+", " ", pattern):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "|" and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += char
    out.append(current.strip())
    return out


@pytest.mark.parametrize(
    ("phrases", "words"),
    [
        (nonfact._UNSURE_EN, nonfact._UNSURE_WORDS),
        (nonfact._UNSURE_EN, nonfact._HEDGE_WORDS),
        (nonfact._FORMER_EN, nonfact._HEDGE_WORDS),
    ],
)
def test_every_hedge_alternative_holds_a_word(phrases: str, words: tuple[str, ...]) -> None:
    for alternative in _alternatives(phrases):
        assert any(word in alternative.lower() for word in words), alternative


@pytest.mark.parametrize(
    "clause",
    ["I guess so", "Maybe later", "I'd probably go", "If I move", "one day I will", "I Used To run"],
)
def test_hedges_found_with_the_words(clause: str) -> None:
    assert nonfact.hedged(clause)
    assert nonfact.hedged_or_question(clause)


def test_clause_without_a_word_is_not_scanned() -> None:
    class Refuses:  # a pattern that must not be asked
        def search(self, text: str) -> None:
            raise AssertionError(f"scanned {text!r}")

    refuses = Refuses()
    assert not caseless_hit(refuses, refuses, "I live in Lisbon", nonfact._HEDGE_WORDS)  # type: ignore[arg-type]


def test_every_ascii_reversal_alternative_holds_a_word() -> None:
    from memscribe.lexicon import langs

    pattern = langs._REVERSAL.pattern.removeprefix(r"\b(?:").replace(r")\b|", "|", 1)
    for alternative in _alternatives(pattern):
        if alternative.isascii():
            assert any(word in alternative.lower() for word in langs._REVERSAL_WORDS), alternative


@pytest.mark.parametrize("text", ["Go back to the old one", "revert to tabs", "como antes", "Remets-le"])
def test_reversals_found_with_the_words(text: str) -> None:
    from memscribe.lexicon import langs

    assert langs.reversal_signal(text)
