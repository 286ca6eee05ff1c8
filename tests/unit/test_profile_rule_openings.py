"""The English profile rules asked of a clause are those that may open as it does (issue 17):
the letter a rule opens with is read off its pattern soundly, and a clause gets the same fact
from the rules kept for its first letter as from all of them."""

from __future__ import annotations

import re
import re._constants as sre  # noqa: PLC2701 - the parser's own reading, to check against
import re._parser as sre_parse  # noqa: PLC2701

import pytest

from memscribe.model.embedded import profile_rules
from memscribe.model.embedded.text import by_opening, opening_letter


def _parser_opening(pattern: str) -> str:
    data = sre_parse.parse(pattern, re.I).data
    if len(data) > 1 and data[0] == (sre.AT, sre.AT_BEGINNING) and data[1][0] == sre.LITERAL:
        return chr(data[1][1]).lower()
    return ""


@pytest.mark.parametrize("number", range(len(profile_rules._EN_RULES)))
def test_a_rules_opening_is_one_the_parser_reads(number: int) -> None:
    pattern = profile_rules._EN_RULES[number][0].pattern
    assert opening_letter(pattern) in ("", _parser_opening(pattern))


@pytest.mark.parametrize(
    ("pattern", "letter"),
    [
        ("^ab", "a"),
        ("^a|b", ""),
        ("^a?b", ""),
        ("^[a]b", ""),
        ("^a[|]b", "a"),
        ("^a[]|]b|c", ""),
        (r"^a\|b", "a"),
        ("^a(?:b|c)", "a"),
        ("a", ""),
        ("^我", ""),
    ],
)
def test_opening_letter(pattern: str, letter: str) -> None:
    assert opening_letter(pattern) == letter


@pytest.mark.parametrize(
    "clause",
    [
        "I live in Lisbon",
        "i live in Lisbon",
        "my timezone is UTC+1",
        "My editor is Neovim",
        "no dairy please",
        "our stack is Rust",
        "the repo is at github.com/x",
        "call me Sam",
        "we moved to Porto",
        "İ live in Izmir",
        "use pytest for the tests",
        "Moved to Berlin last month",
        "current role is SRE",
        "",
        "1 live in Lisbon",
    ],
)
def test_a_clause_gets_the_fact_all_rules_give(clause: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = profile_rules.facts_in_clause(clause, correction_turn=False)
    every = {c: profile_rules._EN_RULES for c in profile_rules._EN_BY_OPENING}
    monkeypatch.setattr(profile_rules, "_EN_BY_OPENING", every)
    assert kept == profile_rules.facts_in_clause(clause, correction_turn=False)
    assert len(by_opening(profile_rules._EN_RULES)["x"]) < len(profile_rules._EN_RULES)
