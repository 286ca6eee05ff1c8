"""The lexicon's prefilters (issue 17): a cheap test that a turn holds none of the words every
match of a pattern needs, asked before the pattern, changes no answer."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import caseless, dialogue, teaching
from memscribe.lexicon.langs import language_of
from tests.support.folds import unplain_folds

_SEPARATORS = (" ", "  ", "\n", "\t", ", ", ",", ". ", " - ", "? ", "! ", ": ", "; ", " — ")


def _words_of(*tables: dict[str, str]) -> list[str]:
    """The words written in the patterns of ``tables`` (what their matches are made of)."""
    source = " ".join(pattern for table in tables for pattern in table.values())
    source = re.sub(r"\\[sSbwWd]", " ", source)
    return sorted(set(re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", source)))


_NORM_VOCABULARY = _words_of(teaching._STANDING, teaching._PROHIBITS, teaching._ANSWER_IN, teaching._CONTRAST)
#: Fillers: other words, a quoted word, contractions, and non-ASCII words ("ſ" matches "s").
_FILL = "x the I you we it que el der und je le ok 'x' don't that's ſtop jamás NİE ALWAYS İnstead".split()


_CASES: tuple[Callable[[str], str], ...] = (str.lower, str.upper, str.title, str)


@st.composite
def _turns(draw: st.DrawFn, vocabulary: list[str]) -> str:
    """A turn made of the patterns' own words (any case) and of fillers, between separators."""
    words = draw(st.lists(st.sampled_from(vocabulary + _FILL), min_size=1, max_size=10))
    cases = draw(st.lists(st.sampled_from(_CASES), min_size=len(words), max_size=len(words)))
    seps = draw(st.lists(st.sampled_from(_SEPARATORS), min_size=len(words), max_size=len(words)))
    return "".join(case(word) + sep for word, case, sep in zip(words, cases, seps, strict=True)).strip()


def test_a_letter_matched_case_insensitively_lowers_to_the_word_letter_unless_set_apart() -> None:
    # holds_one_of lowers the text: a letter a pattern's letter matches must lower to it
    words = [*(w for ws in teaching._NORM_WORDS.values() for w in ws), *dialogue._ANYWHERE_WORDS]
    assert {other for _, other in unplain_folds(words)} <= caseless.ODD_FOLDS


def _norm_read_in_full(text: str) -> bool:
    """:func:`teaching.sets_norm` read without its prefilters: every sentence's clauses."""
    said = teaching._QUOTED.sub('"x"', text)
    lang = language_of(said)
    if lang not in teaching._DIRECTIVE_OF or teaching._UNSURE_OF[lang].search(said):
        return False
    contrast = teaching._CONTRAST_OF.get(lang)
    return any(
        teaching._NORM_OF[lang].search(part) or (contrast is not None and contrast.search(part))
        for parts in teaching._directives_in(said, lang)
        for part in parts
    ) and not teaching.gives_up(said)


@settings(max_examples=400, deadline=None)
@given(_turns(_NORM_VOCABULARY))
def test_every_norm_or_contrast_match_holds_one_of_the_norm_words(text: str) -> None:
    # a match may start at any clause of the turn: each suffix after a separator is tried
    starts = [0] + [m.end() for m in re.finditer(r"[\s,;:.!?—-]+", text)]
    for lang, words in teaching._NORM_WORDS.items():
        for start in starts:
            for pattern in (teaching._NORM_OF[lang], teaching._CONTRAST_OF[lang]):
                found = pattern.search(text[start:])
                if found:
                    assert caseless.holds_one_of(found.group(), words), (lang, found.group())


@settings(max_examples=400, deadline=None)
@given(_turns(_NORM_VOCABULARY))
def test_sets_norm_answers_as_read_in_full(text: str) -> None:
    assert teaching.sets_norm(text) == _norm_read_in_full(text)


def test_sets_norm_answers_as_read_in_full_on_written_turns() -> None:
    turns = [
        "Please always put --context on kubectl commands",
        "Bitte Beträge immer in Euro",
        "grams, not cups",
        "No,  don't\tuse tabs in the YAML files",
        "the build failed again because of the cache so I reran it",
        "I'd rather have 'no emojis' in the header",
        "pas de f-strings dans ce projet",
        "STOP adding docstrings",
        "请用中文回答",
        "ſtop adding docstrings",
    ]
    for turn in turns:
        assert teaching.sets_norm(turn) == _norm_read_in_full(turn), turn


_CORRECTION_VOCABULARY = _words_of({"": dialogue._CORRECTION_ANYWHERE.pattern}) + [
    "grams",
    "cups",
    "`x`",
    "7",
]


@settings(max_examples=400, deadline=None)
@given(_turns(_CORRECTION_VOCABULARY))
def test_every_correction_anywhere_match_holds_one_of_its_words(text: str) -> None:
    found = dialogue._CORRECTION_ANYWHERE.search(text)
    if found:
        assert caseless.holds_one_of(found.group(), dialogue._ANYWHERE_WORDS), found.group()


@settings(max_examples=400, deadline=None)
@given(_turns(_CORRECTION_VOCABULARY))
def test_correction_signal_answers_as_read_in_full(text: str) -> None:
    stripped = text.strip()
    in_full = bool(dialogue._CORRECTION_ANYWHERE.search(stripped) or dialogue._CORRECTION_ZH.search(stripped))
    assert dialogue._corrects_anywhere(stripped) == in_full
    if in_full:
        assert dialogue.correction_signal(text)


def test_correction_signal_answers_as_read_in_full_on_written_turns() -> None:
    turns = [
        "use 24-hour times please",
        "grams, not cups",
        "That's  not what I asked",
        "we don't use\tmocks here",
        "I\nsaid tabs",
        "you SHOULD ALWAYS pin versions",
        "always do it this way",
        "not like that",
        "pytest instead of unittest",
        "the build failed again because of the cache so I reran it",
        "不对，应该用毫升",
        "ſhould always pin",
    ]
    for turn in turns:
        in_full = bool(dialogue._CORRECTION_ANYWHERE.search(turn) or dialogue._CORRECTION_ZH.search(turn))
        assert dialogue._corrects_anywhere(turn) == in_full, turn


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=" \t\n,;:、，；：—–-ab.", max_size=24))
def test_clauses_part_a_sentence_as_the_clause_pattern_does(sentence: str) -> None:
    assert teaching._clauses(sentence) == teaching._CLAUSE.split(sentence)
