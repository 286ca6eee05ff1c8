"""The embedded profiles' cheaper passes (issue 17), each answering as what it stands for:
a CJK test that reads no character of an ASCII text, interjections matched once at the start
instead of substituted at every position, the help-asking pattern not searched in a text holding
none of its words, a place looked for only in a body that opens on a role, and a chat sentence
whose clauses all fail the shape test (:func:`stating.shaped`) not judged further, and a sentence
holding nothing a code rule needs not asked for one."""

from __future__ import annotations

import re
from unittest.mock import patch

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from memscribe.model.embedded import coderules, places, profiles
from memscribe.model.embedded import text as T
from memscribe.model.embedded.stating import shaped
from memscribe.schemas.transcript import SourcePos, Turn

_ASCII = st.characters(codec="ascii")
_SEPARATORS = (" ", "  ", ", ", ",", ". ", "! ", "? ", ":", " - ", "-", "'", "", "\n", "，", "。")


def _pattern_words(*patterns: str) -> list[str]:
    """The words a pattern's own alternatives name, read from its source."""
    return sorted(set(re.findall(r"(?<![\\])[^\W\d_]+(?:['’][^\W\d_]+)?", "".join(patterns))))


@st.composite
def _runs(draw: st.DrawFn, words: list[str]) -> str:
    picked = draw(st.lists(st.sampled_from(words), min_size=1, max_size=12))
    out = []
    for word in picked:
        case = draw(st.sampled_from((str, str.lower, str.upper, str.title)))
        out.append(case(word) + draw(st.sampled_from(_SEPARATORS)))
    return "".join(out)


_INTERJECTION_WORDS = _pattern_words(T.INTERJECTION.pattern) + "I like tea x 2 我 ok.".split()


@settings(max_examples=1500, deadline=None)
@given(st.one_of(_runs(_INTERJECTION_WORDS), st.text(max_size=40)))
def test_interjections_dropped_as_substituted(text: str) -> None:
    assert T.drop_interjections(text) == T.INTERJECTION.sub("", text), text


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=30), st.text(_ASCII, max_size=30)))
def test_cjk_found_as_the_pattern_finds_it(text: str) -> None:
    assert T.has_cjk(text) == bool(T.HAS_CJK.search(text)), text
    assert T.has_cjk(text + "中") and not T.has_cjk("plain ascii")


_ASKS_FULL = re.compile(profiles._ASKS_FOR_HELP_RE, re.IGNORECASE)
_ASKS_WORDS = _pattern_words(profiles._ASKS_FOR_HELP_RE) + "I me my tea x 2 can you".split()


@settings(max_examples=1500, deadline=None)
@given(st.one_of(st.from_regex(_ASKS_FULL, alphabet=_ASCII), _runs(_ASKS_WORDS)))
def test_asking_for_help_found_as_the_pattern_finds_it(text: str) -> None:
    assert profiles._asks(text) == bool(_ASKS_FULL.search(text)), text


def _place_in_role_read_in_full(body: str) -> str | None:
    """``places.place_in_role`` without its anchored test first: residence, Chinese place, role,
    then the place after the role (the same :func:`places.place_after_role`; the reference once
    re-read the place itself and fell behind the function's own-clause rule, so a random body
    such as 'owns I I I I, their I I I I in Based ' failed CI at 2df65bb6)."""
    if places._RESIDENCE.search(body):
        return None
    if body.startswith("用户"):
        zh = places._zh_place(body)
        if zh is not None:
            return zh
    role = places._ROLE_OR_WORK.match(body)
    if role is None:
        return None
    return places.place_after_role(body, role)


_PLACE_BODIES = [
    "User is a primary teacher in Freiburg.",
    'User, in their words: "I run a bakery in Leeds".',
    "User lives in Berlin and works in Sales.",
    "User works in Marketing.",
    "用户在杭州做跨境电商。",
    "用户住在杭州做电商。",
    "我在杭州做跨境电商",
    "User prefers tabs over spaces.",
    "Soy maestra en Zaragoza",
    "User is based in Leeds.",
]
_PLACE_WORDS = _pattern_words(places._ROLE_OR_WORK.pattern, places._RESIDENCE.pattern)
_PLACE_WORDS += "User User's in en Leeds Freiburg Sales ICU 用户 在 杭州 做 住".split()


@settings(max_examples=1500, deadline=None)
@given(st.one_of(st.sampled_from(_PLACE_BODIES), _runs(_PLACE_WORDS)))
@example("owns I I I I, their I I I I in Based ")
def test_place_in_role_answers_as_read_in_full(body: str) -> None:
    assert places.place_in_role(body) == _place_in_role_read_in_full(body), body


_CHAT_WORDS = "I i I'm we my our me the a and so then again because it of for with Since May now".split()
_CHAT_WORDS += "maybe think used to love teacher Ohio tabs live cook weekends config cache tests".split()


@settings(max_examples=1500, deadline=None)
@given(_runs(_CHAT_WORDS))
def test_a_chat_sentence_of_unshaped_clauses_gives_no_fact(sentence: str) -> None:
    """Where every clause of a chat sentence fails :func:`shaped`, the sentence's clauses (or the
    ones before a hedge) give no fact: the sentence is skipped before it is judged. Where some
    pass, the facts read with the clauses' shapes given are the facts read without them."""
    split = T.split_clauses(sentence)
    clauses = [part for clause in split for part in profiles.hedge_apart(clause)]
    shapes = {c: shaped(c) for c in clauses}
    for kept in (clauses, profiles.before_hedge(clauses)):
        for asked in (False, True):
            read = profiles._clause_facts(
                sentence, kept, correction_turn=False, plain=True, working=False, asked=asked
            )
            given_shapes = profiles._clause_facts(
                sentence, kept, correction_turn=False, plain=True, working=False, asked=asked, shapes=shapes
            )
            assert read == given_shapes, sentence
            if all(f is None for f in shapes.values()):
                assert read == [], sentence


_RULE_WORDS = _pattern_words(
    coderules._RULE_CUE_RE,
    coderules._QUOTED.pattern,
    coderules._CASES.pattern,
    coderules._DECORATOR.pattern,
    coderules._IMPORT.pattern,
    coderules._PRACTICE.pattern,
    coderules._OBJECT.pattern,
)
_RULE_WORDS += "'y_' 'q' _x @cache typing digit number names variables I the".split()


@settings(max_examples=1500, deadline=None)
@given(st.lists(_runs(_RULE_WORDS), min_size=1, max_size=3))
def test_code_rules_read_as_when_every_sentence_is_asked(parts: list[str]) -> None:
    """A sentence without one of ``coderules._RULE_MARKS`` is not asked for a rule: the turn's
    rules (and the sentences they used) are those read when every sentence is asked."""
    turn = Turn(
        index=0, role="user", kind="message", text=". ".join(parts), source=SourcePos(file="t", line=1)
    )
    found = coderules.code_rules_in_turn(turn)
    with patch.object(coderules, "_may_rule", lambda sentence: True):
        assert coderules.code_rules_in_turn(turn) == found, turn.text


@pytest.mark.parametrize(
    "text",
    [
        "Always start variable names with 'y_'.",
        'From now on, end function names with "_fn" please.',
        "Please use type hints in all functions.",
        "Always add the @cache decorator from functools to methods.",
        "Always import the `typing` module.",
        "Use snake_case for function names. Use PascalCase for classes.",
        "Make sure every class name includes a single digit.",
        "Make sure to add comments to all functions, and always include docstrings in methods.",
        "Always include try-except blocks in every method.",
        "We always include assert statements in functions.",
    ],
)
def test_written_code_rules_read_as_when_every_sentence_is_asked(text: str) -> None:
    turn = Turn(index=0, role="user", kind="message", text=text, source=SourcePos(file="t", line=1))
    found = coderules.code_rules_in_turn(turn)
    assert found[0], text  # each gives a rule
    with patch.object(coderules, "_may_rule", lambda sentence: True):
        assert coderules.code_rules_in_turn(turn) == found, text
