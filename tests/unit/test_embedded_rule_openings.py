"""The English shaped rules asked as one pattern first (issue 17): a clause none of them can
match is not tried rule by rule, and every clause gets the fact it gets when each rule is tried."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.model.embedded import profile_rules, rule_openings
from tests.support.counting import counting

#: A clause for each English rule, written as people say it, and some no rule reads.
CLAUSES = (
    "my name is Sam",
    "call me Sam",
    "I'm called Sam",
    "my timezone is UTC+1",
    "my editor is Neovim",
    "my favourite band is Low",
    "I'm based in Lisbon",
    "I live in Lisbon",
    "I've just moved to Berlin",
    "we recently moved to Munich",
    "I'm from Porto",
    "I'm vegan",
    "I'm severely allergic to peanuts",
    "I have a peanut allergy",
    "I don't eat pork",
    "no meat",
    "I prefer tabs over spaces",
    "I use Neovim for everything",
    "I work mostly in Rust these days",
    "I'm a backend engineer",
    "please always use tabs",
    "don't use tabs in YAML",
    "moved to Berlin last month",
    "next target is the CKA",
    "我住在成都",
    "我对花生过敏",
    "the build failed again because of the cache",
    "then the tests passed on the second try",
    "I reran it with verbose logging",
    "",
)

#: The words the rules name, read from their source, and the speaker's words in any case.
_WORDS = (
    sorted(
        set(
            re.findall(
                r"(?<![\\?])[A-Za-z]+(?:'[a-z]+)?", " ".join(p.pattern for p, _ in profile_rules._EN_RULES)
            )
        )
    )
    + "I i I'm I've my My MY we We our Berlin GitLab vegan 2 tests the".split()
)


def _same(clause: str) -> None:
    for correction_turn in (False, True):
        fast = rule_openings.rule_fact(clause, correction_turn=correction_turn)
        assert fast == profile_rules.facts_in_clause(clause, correction_turn=correction_turn), clause


def test_written_clauses_get_the_fact_of_every_rule_tried() -> None:
    for clause in CLAUSES:
        _same(clause)
    assert sum(rule_openings.rule_fact(c, correction_turn=False) is not None for c in CLAUSES) >= 20


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=8).map(" ".join))
def test_runs_of_the_rules_words_get_the_fact_of_every_rule_tried(clause: str) -> None:
    _same(clause)


def test_a_clause_no_rule_can_match_is_not_tried_rule_by_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, rule_openings, "facts_in_clause")
    assert (
        rule_openings.rule_fact("the build failed again because of the cache", correction_turn=False) is None
    )
    assert calls.n == 0
    assert rule_openings.rule_fact("I live in Lisbon", correction_turn=False) is not None
    assert calls.n == 1


class _CountedRules(tuple):  # type: ignore[type-arg]
    """The English rules, counting each time they are walked rule by rule."""

    walks = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        type(self).walks += 1
        return super().__iter__()


def test_the_detectors_clause_reading_asks_the_rules_one_by_one_only_where_one_can_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the detector's own clause reading (profiles._clause_facts), whichever function it
    calls: a clause no English rule can match never walks the rules; one that can, does."""
    from memscribe.model.embedded import profiles
    from memscribe.model.embedded.text import split_clauses

    monkeypatch.setattr(profile_rules, "_EN_RULES", _CountedRules(profile_rules._EN_RULES))
    mode = dict(correction_turn=False, plain=False, working=True, dated_task=False, asked=False)
    _CountedRules.walks = 0
    quiet = "I reran it with verbose logging"
    profiles._clause_facts(quiet, split_clauses(quiet), **mode)
    assert _CountedRules.walks == 0
    said = "I live in Lisbon"
    assert profiles._clause_facts(said, split_clauses(said), **mode)
    assert _CountedRules.walks >= 1


_IMPORT_PROBE = """
import re, sys
import memscribe.model.embedded.profile_rules, memscribe.model.embedded.text, memscribe.lazyre
re.purge()
import memscribe.model.embedded.rule_openings as ro
print(len(re._cache) + len(getattr(re, "_cache2", ())))
ro.can_match_rule("I live in Lisbon")
"""


def test_importing_the_openings_compiles_no_pattern() -> None:
    """The alternation is built on first use: importing the module compiles nothing, not even
    the pattern that unnames its groups (``re.sub`` compiles through ``re``'s own cache)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0", out.stdout
