"""The change cue and the left-behind scope, asked in cheaper passes (issue 17): an ASCII text
holding none of the words every match needs is not searched, and one that holds some is searched
in lower case. Each answers as the pattern it stands for, read in full: on texts drawn to match
the pattern (ASCII, any case), on runs of the patterns' own words, and on written statements."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.semantic import updates as U

_CHANGE_FULL = re.compile(U._CHANGE.pattern, re.IGNORECASE)
_LEFT_FULL = re.compile(U._LEFT_BEHIND.pattern, re.IGNORECASE)
_ASCII = st.characters(codec="ascii")


def _left_read_in_full(text: str) -> str:
    return " ".join(m.group("scope").strip() for m in _LEFT_FULL.finditer(text)).strip()


#: Every word the two patterns name, read from their source, and some others.
_WORDS = sorted(
    set(re.findall(r"(?<![\\])[^\W\d_]+(?:['’][^\W\d_]+)?", U._CHANGE.pattern + U._LEFT_BEHIND.pattern))
)
_WORDS += "I User User's the a an to on from of partir de ab ve have has en adelante x 0 2024".split()
_SEPARATORS = (" ", "  ", "\t", "\n", ", ", ". ", "-", "'", "’", "", " (", "; ")


@st.composite
def _runs(draw: st.DrawFn) -> str:
    picked = draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=12))
    cases = draw(
        st.lists(
            st.sampled_from((str, str.lower, str.upper, str.title)),
            min_size=len(picked),
            max_size=len(picked),
        )
    )
    seps = draw(st.lists(st.sampled_from(_SEPARATORS), min_size=len(picked), max_size=len(picked)))
    return "".join(case(w) + sep for w, case, sep in zip(picked, cases, seps, strict=True))


def _same(text: str) -> None:
    assert U.change_cue(text) == bool(_CHANGE_FULL.search(text)), text
    assert U.left_behind(text) == _left_read_in_full(text), text


@settings(max_examples=1500, deadline=None)
@given(st.from_regex(_CHANGE_FULL, alphabet=_ASCII))
def test_an_ascii_change_cue_is_found(text: str) -> None:
    assert U.change_cue(text)
    _same(text)


@settings(max_examples=1500, deadline=None)
@given(st.from_regex(_LEFT_FULL, alphabet=_ASCII))
def test_an_ascii_left_behind_scope_is_found(text: str) -> None:
    _same(text)


@settings(max_examples=2000, deadline=None)
@given(_runs())
def test_runs_of_the_patterns_words_answer_as_read_in_full(text: str) -> None:
    _same(text)


def test_written_statements_answer_as_read_in_full() -> None:
    texts = [
        "I switched from Android to an iPhone",
        "User no longer eats meat",
        "I'm back to five days a week",
        "from now on use tabs",
        "the left side of the screen",
        "I don't use Jira anymore",
        "Ich wohne jetzt in Köln",
        "Je ne mange plus de viande",
        "je n'utilise plus Vim",
        "Ya no soy vegana",
        "he vendido el coche",
        "我现在在上海工作",
        "I prefer tabs over spaces",
        "the build failed again because of the cache",
        "User lives in Lisbon",
        "I ſtopped smoking",  # "ſ" folds to "s": not an ASCII text
        "",
    ]
    for text in texts:
        _same(text)
    assert U.change_cue("I got married") and not U.change_cue("I have got a cat")
    assert U.left_behind("I cancelled YNAB in the spring") == "YNAB in the spring"
