"""The profile cues' prefilters (issue 17): a pattern asked only of a turn holding one of the words
every match of it holds, the answers of profile_strength and first_person_strength unchanged."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import caseless, profile
from memscribe.lexicon.langs import self_statements
from tests.support.folds import unplain_folds

_SEPARATORS = (
    " ",
    "  ",
    "\n",
    "\t",
    ", ",
    ",",
    ". ",
    ".",
    "? ",
    "?",
    "! ",
    ": ",
    ";",
    " — ",
    "。",
    "？",
    " (",
)

#: Each prefiltered pattern and the words one of which every match of it holds.
_FILTERED: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (profile._PROFILE_EN, profile._PROFILE_WORDS),
    (profile._STANDING_EN, profile._STANDING_WORDS),
    (profile._POSSESSIVE, profile._POSSESSIVE_WORDS),
    (profile._SUBJECT_POSSESSIVE, profile._POSSESSIVE_WORDS),
    (profile._EPHEMERAL, profile._EPHEMERAL_WORDS),
    (profile._ME_TOO, profile._ME_TOO_WORDS),
)


def _words_of(*patterns: str) -> list[str]:
    """The words written in ``patterns`` (what their matches are made of)."""
    source = re.sub(r"\\[sSbwWd]", " ", " ".join(patterns))
    return sorted(set(re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", source)))


_VOCABULARY = _words_of(*(pattern.pattern for pattern, _ in _FILTERED))
#: Fillers: other words, words holding a pattern's word ("because"), and non-ASCII words ("ſ" is "s").
_FILL = "x I I'm we my our because use today 'x' don't ſtay İ ıt NEVER Use 我 je soy ich".split()
_CASES: tuple[Callable[[str], str], ...] = (str.lower, str.upper, str.title, str)


@st.composite
def _turns(draw: st.DrawFn) -> str:
    """A turn made of the patterns' own words (any case) and of fillers, between separators."""
    words = draw(st.lists(st.sampled_from(_VOCABULARY + _FILL), min_size=1, max_size=12))
    cases = draw(st.lists(st.sampled_from(_CASES), min_size=len(words), max_size=len(words)))
    seps = draw(st.lists(st.sampled_from(_SEPARATORS), min_size=len(words), max_size=len(words)))
    return "".join(case(word) + sep for word, case, sep in zip(words, cases, seps, strict=True)).strip()


def _body(pattern: re.Pattern[str]) -> str:
    """``pattern`` without the zero-width test :func:`~memscribe.lexicon.langs.led_by` puts before it."""
    text = pattern.pattern
    return text[text.index(")(?:") + 1 :] if text.startswith("(?>") else text


@st.composite
def _turns_with_a_match(draw: st.DrawFn) -> tuple[int, str]:
    """A turn holding a string one of the filtered patterns matches (any whitespace, any case),
    between turns of words and separators; and which pattern."""
    which = draw(st.integers(0, len(_FILTERED) - 1))
    pattern = _FILTERED[which][0]
    inner = draw(st.from_regex(re.compile(_body(pattern), pattern.flags), fullmatch=True))
    before, after = draw(st.one_of(st.just(""), _turns())), draw(st.one_of(st.just(""), _turns()))
    seps = draw(st.lists(st.sampled_from(("", *_SEPARATORS)), min_size=2, max_size=2))
    return which, before + seps[0] + inner + seps[1] + after


def _profile_read_in_full(text: str) -> int:
    """:func:`profile.profile_strength` read without its prefilters."""
    if profile._PROFILE_ZH.search(text) or profile._STANDING_ZH.search(text):
        return profile.STRONG
    statements = profile._statements(text)
    if any(profile._PROFILE_EN.search(s) or profile._STANDING_EN.search(s) for s in statements):
        return profile.STRONG
    if self_statements(text):
        return profile.STRONG
    return _first_person_read_in_full(statements)


def _first_person_read_in_full(statements: list[str]) -> int:
    best = profile.NONE
    for s in statements:
        if profile._SUBJECT_POSSESSIVE.search(s) or profile._ME_TOO.search(s):
            return profile.STRONG
        if profile._EPHEMERAL.search(s):
            continue
        for m in profile._FP_CLAUSE.finditer(s):
            if profile._durable_clause(
                m.group("subj").casefold(), m.group("aux") or "", m.group("rest") or ""
            ):
                return profile.STRONG
        if profile._FIRST_PERSON_ZH.search(s) and not profile._ZH_REACTIVE.search(s):
            return profile.STRONG
        if profile._POSSESSIVE.search(s):
            best = profile.WEAK
    return best


def _sentences_read_in_full(text: str) -> list[str]:
    parts = (s.strip() for s in profile._CLAUSE_END.split(text))
    return [s for s in parts if s and not profile._INTERROGATIVE.match(s)]


@settings(max_examples=500, deadline=None)
@given(_turns())
def test_every_match_in_a_statement_holds_one_of_its_words_in_the_flat_turn(text: str) -> None:
    flat = caseless.flat_words(text)
    for statement in profile._statements(text):
        for pattern, words in _FILTERED:
            found = pattern.search(statement)
            if found:
                assert caseless.holds(flat, words), (pattern.pattern[:40], found.group(), text)


@settings(max_examples=1000, deadline=None)
@given(_turns_with_a_match())
def test_every_match_of_a_written_match_holds_one_of_its_words_in_the_flat_turn(
    case: tuple[int, str],
) -> None:
    which, text = case
    pattern, words = _FILTERED[which]
    flat = caseless.flat_words(text)
    for statement in profile._statements(text):
        found = pattern.search(statement)
        if found:
            assert caseless.holds(flat, words), (pattern.pattern[:40], found.group(), text)
    assert profile.profile_strength(text) == _profile_read_in_full(text)


@settings(max_examples=500, deadline=None)
@given(_turns())
def test_profile_and_first_person_strength_answer_as_read_in_full(text: str) -> None:
    assert profile._statements(text) == _sentences_read_in_full(text)
    assert profile.profile_strength(text) == _profile_read_in_full(text)
    assert profile.first_person_strength(text) == _first_person_read_in_full(profile._statements(text))


def test_strengths_answer_as_read_in_full_on_written_turns() -> None:
    turns = [
        "the build failed again because of the cache so I reran it",
        "I prefer tabs over spaces.",
        "ok.use pnpm for installs",
        "Done?use ruff",
        "我们用 pnpm。use bun",
        "please  use\tuv",
        "ALWAYS pin versions",
        "My wife is a nurse",
        "ſo I alwayſ use tabs",
        "İ live in Izmir",
        "what do you use?",
        "I don't have much to do today, my dog is sick",
        "we deploy on fridays",
    ]
    for turn in turns:
        assert profile.profile_strength(turn) == _profile_read_in_full(turn), turn


def test_every_match_holds_one_of_its_words_on_written_turns() -> None:
    turns = [
        "I am vegan",
        "I've been coding for years",
        "I can't eat nuts",
        "ok.use pnpm",
        "my name is Ana",
        "We always deploy on fridays",
        "we deploy on fridays",
        "our api runs on k8s",
        "The repo lives at github",
        "No dairy please",
        "it's important that you check",
        "I'd want you to ask first",
        "this morning I ran",
        "and our dog is old",
    ]
    for text in turns:
        flat = caseless.flat_words(text)
        for pattern, words in _FILTERED:
            if any(pattern.search(s) for s in profile._statements(text)):
                assert caseless.holds(flat, words), (pattern.pattern[:40], text)


def test_a_letter_matched_case_insensitively_lowers_to_the_word_letter_unless_set_apart() -> None:
    # _flat lowers the text: a letter a pattern's letter matches must lower to it
    words = [w for _, ws in _FILTERED for w in ws]
    assert {other for _, other in unplain_folds(words)} <= caseless.ODD_FOLDS
