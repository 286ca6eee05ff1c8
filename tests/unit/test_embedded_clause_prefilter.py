"""A clause that names no speaker and opens none of the shaped rules is not read for a fact
(issue 17): every fact a sentence's clauses give is one they give when each clause is read in
full. Checked on written clauses (one for each rule that opens without "I" or "my") and on runs
of the rules' own words, in every mode of reading (chat, working session, correction)."""

from __future__ import annotations

import itertools
import re
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.model.embedded import chat, elided, holds_now, profile_rules
from memscribe.model.embedded import profiles as P
from memscribe.model.embedded.text import split_clauses
from memscribe.schemas.transcript import SourcePos, Turn

#: (correction_turn, plain, working, dated_task, asked): the ways _profiles_from_turn reads.
_MODES = [
    dict(correction_turn=c, plain=p, working=w, dated_task=d, asked=a)
    for c, p, w, d, a in itertools.product((False, True), repeat=5)
    if not (p and w) and not (c and w)
]


def _facts(sentence: str, mode: dict[str, bool]) -> list[profile_rules.Fact]:
    return P._clause_facts(sentence, split_clauses(sentence), **mode)


def _same(sentence: str) -> int:
    """Asserts the facts are those read in full in every mode; how many there were."""
    found = 0
    for mode in _MODES:
        fast = _facts(sentence, mode)
        with mock.patch.object(P, "may_state", lambda clause: True):
            full = _facts(sentence, mode)
        assert fast == full, (sentence, mode)
        found += len(full)
    return found


def test_written_clauses_give_the_facts_read_in_full() -> None:
    given_facts = [
        "no meat or fish",
        "the repo is on GitLab",
        "the repo lives on GitHub",
        "please always use tabs",
        "moved to Berlin last month",
        "recently moved to Lisbon",
        "next target is the CKA",
        "current role is SRE",
        "I prefer tabs over spaces",
        "my sister is a nurse in Leeds",
        "George Clooney is my favorite actor",
        "all my homework goes out as Teams assignments now",
        "we have two dogs and a cat",
        "call me Sam",
        "Since May I've been a data analyst",
    ]
    for sentence in given_facts:
        assert _same(sentence), sentence  # each gives a fact in some mode: the rule is exercised
    for sentence in (
        "The docs live at docs.example.com",
        "use ruff for linting",
        "don't use tabs in YAML",
        "never use var",
        "do not use semicolons",
        "Switched to Linux in May",
        "the build failed again because of the cache",
        "then the tests passed on the second try",
        "passed the AWS exam",
        "the the config",
        "(the repo is on GitLab)",
        "",
    ):
        _same(sentence)


#: The words the rules name, read from their source, and the speaker's words in any case.
_WORDS = sorted(
    set(
        re.findall(
            r"(?<![\\?])[A-Za-z]+(?:'[a-z]+)?",
            " ".join(p.pattern for p, _ in profile_rules._EN_RULES)
            + elided._ELIDED_I.pattern
            + elided._ELIDED_MY.pattern
            + chat.WISH.pattern
            + chat._OWNED_SUBJECT.pattern
            + chat._FAVOURITE_NAMED_FIRST.pattern
            + holds_now._NOW.pattern,
        )
    )
)
_WORDS += "I i I'm I've my My MY me we We our us mine ours Berlin GitLab Leeds CKA vegan 2 tests".split()
_SEPARATORS = (" ", " ", " ", ", ", ". ", " and ", " but ", "'", "")


def _same_turn(text: str) -> int:
    """As :func:`_same`, for a whole turn read by :func:`profiles_from_turn` (a sentence none of
    whose clauses may give a fact is not judged at all)."""
    turn = Turn(index=0, role="user", kind="message", text=text, source=SourcePos(file="t", line=1))
    found = 0
    for correction_turn, conversation, asked in itertools.product((False, True), repeat=3):
        mode = dict(correction_turn=correction_turn, conversation=conversation, asked=asked)
        fast = P.profiles_from_turn(turn, **mode)
        with mock.patch.object(P, "may_state", lambda clause: True):
            full = P.profiles_from_turn(turn, **mode)
        assert fast == full, (text, mode)
        found += len(full)
    return found


def test_written_turns_give_the_profiles_read_in_full() -> None:
    turns = [
        "I used to be vegan, now no meat at all.",
        "Formerly vegan, now no meat at all.",
        "the build failed again because of the cache. I prefer tabs over spaces.",
        "I might move to Berlin, maybe next year. My sister is a nurse in Leeds.",
        "Used to live in Paris; now I live in Lyon.",
        "then the tests passed on the second try, so I reran it with verbose logging",
        "No, use pytest instead of unittest for the tests.",
    ]
    assert sum(_same_turn(text) for text in turns)


@st.composite
def _sentences(draw: st.DrawFn) -> str:
    picked = draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=9))
    seps = draw(st.lists(st.sampled_from(_SEPARATORS), min_size=len(picked), max_size=len(picked)))
    return "".join(w + s for w, s in zip(picked, seps, strict=True)).strip()


@settings(max_examples=600, deadline=None)
@given(_sentences())
def test_runs_of_the_rules_words_give_the_facts_read_in_full(sentence: str) -> None:
    _same(sentence)


@settings(max_examples=300, deadline=None)
@given(_sentences())
def test_turns_of_the_rules_words_give_the_profiles_read_in_full(text: str) -> None:
    _same_turn(text)
