"""Whether an English clause can match one of the shaped rules at all (issue 17): asked once,
before the rules are tried one by one (:func:`~memscribe.model.embedded.profile_rules.facts_in_clause`).

Every English rule is anchored at the clause's start (``^``), so ``pattern.search`` finds a match
only where ``pattern.match`` does, and the first rule that matches decides. :func:`_any_en_rule` is
the rules' own patterns as one alternation, their groups unnamed (no rule refers back to a group):
it matches a clause exactly when one of the rules does. Most clauses match none (a shaped rule
opens "I live in", "my name is", "no meat"...), and those are then read by one pattern, not by
each of the thirty-odd in turn.
"""

from __future__ import annotations

import functools
import re

from memscribe.lazyre import compile_table
from memscribe.model.embedded.elided import with_elided_subject
from memscribe.model.embedded.profile_rules import _EN_RULES, Fact, facts_in_clause
from memscribe.model.embedded.text import has_cjk


def _unnamed(pattern: str) -> str:
    """``pattern`` with each named group's opening written as a plain group's."""
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


@functools.cache
def _any_en_rule() -> re.Pattern[str]:
    """One of the English rules matches (their flags are one: ``re.IGNORECASE``). Built on first
    use, not at import: the tables compile nothing then, ``re.sub``'s pattern included."""
    return compile_table("|".join(f"(?:{_unnamed(p.pattern)})" for p, _ in _EN_RULES), re.IGNORECASE)


def can_match_rule(clause: str) -> bool:
    """Some shaped rule may match ``clause``: a Chinese clause always may (its rules are few),
    an English one when one of the English rules matches it as ``facts_in_clause`` reads it
    (its dropped subject restored)."""
    return has_cjk(clause) or _any_en_rule().match(with_elided_subject(clause)) is not None


def rule_fact(clause: str, *, correction_turn: bool) -> Fact | None:
    """:func:`~memscribe.model.embedded.profile_rules.facts_in_clause`, None without asking it
    for a clause no rule can match (the same answer: no rule matched, no fact)."""
    if not can_match_rule(clause):
        return None
    return facts_in_clause(clause, correction_turn=correction_turn)


__all__ = ["can_match_rule", "rule_fact"]
