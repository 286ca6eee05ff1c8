"""Issue 17: :func:`well_formed_tail` reads each word's bare form once per clause and skips the
clash scan when no word can clash; its answers are those of the word-by-word reading it replaces
(a reference copy below), for any clause: quotes, brackets, names, stutters, salads, any script."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.model.embedded import clause_shape
from memscribe.model.embedded.clause_shape import well_formed_tail

_QUOTES = "\"'“”()[]"


def _reference(clause: str) -> str | None:
    """The reading before issue 17's change: each token found by ``\\S+``, stripped, casefolded."""
    tokens = re.findall(r"\S+", clause)
    bare = [t.strip(_QUOTES).casefold() for t in tokens]
    if tokens and bare[-1] in clause_shape._NO_END and not (len(tokens) > 1 and tokens[-1][:1].isupper()):
        return None
    clashes = [
        i
        for i in range(1, len(tokens))
        if clause_shape._clash(tokens[i - 1], tokens[i], bare[i - 1], bare[i])
    ]
    if not clashes:
        return clause
    stutters = [i for i in clashes if bare[i] in clause_shape._NEVER_TWICE and bare[i - 1] == bare[i]]
    words = list(re.finditer(r"\S+", clause))
    if stutters and len(stutters) == len(clashes):
        for i in reversed(stutters):
            start = len(clause[: words[i].start()].rstrip())
            clause = clause[:start] + clause[words[i].end() :]
        return clause
    if len(clashes) < clause_shape.SALAD_CLASHES:
        return clause
    for m in words[clashes[-1] : -1]:
        if re.fullmatch(r"[Ii](?:['’](?:m|ve))?", m.group()):
            return clause[m.start() :]
    return None


_WORDS = (
    "the The THE a A an every of for with at from into onto via I i I'm I’ve it IT they he we "
    "and or but so while that this to to in on config tabs spaces prefer like cook Walla Duran "
    "very ha Straße STRASSE İstanbul ﬁle 我 喜欢 \"the the\" (for) [the] “a” 'of' , . ; ! ? "
    "the, for. again then too no yes"
).split()
_BLANKS = [" ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "\x1c"]


@st.composite
def _clauses(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=4)), max_size=12))
    out = draw(st.sampled_from(["", " "]))
    for w in words:
        out += w + draw(st.sampled_from(_BLANKS))
    return out + draw(st.sampled_from(["", "the", "The", "The The"]))


@settings(max_examples=3000, deadline=None)
@given(_clauses())
def test_well_formed_tail_answers_as_the_word_by_word_reading(clause: str) -> None:
    assert well_formed_tail(clause) == _reference(clause)


def test_well_formed_tail_on_written_cases() -> None:
    cases = [
        "I like to to cook on on weekends",
        "… config the I prefer tabs over spaces",
        "the and the I for for salad",
        "I listen to The The",
        "I fix the for loop",
        'I love "the the" band',
        "I moved to Walla Walla",
        "I prefer tabs",
        "cache the",
        "",
    ]
    for clause in cases:
        assert well_formed_tail(clause) == _reference(clause), clause


def test_well_formed_tail_reads_a_long_salad_from_its_end() -> None:
    """The clashes are read from the end, only as far as they decide (issue 17): a salad's last
    clash, or stutters all along; the same answers as the reading of every pair."""
    cases = [
        "I like to to cook on on weekends with with friends and and family",
        "the the I try with for build of the I like to to ski",
        "to to the for I try with the I use vim on on Mondays",
        "the the for for I prefer tabs",
        "I the I of I with with the I prefer tabs over over spaces",
        "with the the of I cook",
        "the of the for I then again because the and again try verbose failed of tests the I prefer tabs",
    ]
    for clause in cases:
        assert well_formed_tail(clause) == _reference(clause), clause


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from("the a of for with I i we it and to cook tabs on".split()), max_size=30))
def test_well_formed_tail_on_long_runs_of_function_words(words: list[str]) -> None:
    clause = " ".join(words)
    assert well_formed_tail(clause) == _reference(clause)
