"""Issue 17: the first-person clause pattern of the profile cues matches a subject only with a word
after it. The subject alone ("in", "it", "were": their "i", their "we") states nothing; its matches
gone, the cues read the same matches with a word after the subject as before, and answer the same."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import profile

#: The pattern as it was: a subject with no word after it matched too.
_BEFORE = re.compile(
    r"\b(?P<subj>I|we)(?P<aux>'m|’m|'ve|’ve|'d|’d|'ll|’ll|'re|’re)?(?P<rest>(?:\s+[\w'’-]+){0,4})",
    re.IGNORECASE,
)

_WORDS = (
    "I i I'm i'm I’ve I'd I'll we We we're WE’re in it is if into were well web weird wei İ ı "
    "İn ıt love hiking have two cats tabs think prefer 'm 've re ll - -I I- don't 'd i-th"
).split()
_GLUE = (" ", "  ", "\n", "\t", "", "'", "’", "-", ", ", ". ", "?", "(", ")")


@st.composite
def _texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=3)), max_size=14))
    return "".join(p + draw(st.sampled_from(_GLUE)) for p in parts)


def _groups(pattern: re.Pattern[str], text: str) -> list[tuple[int, int, str | None, str | None, str | None]]:
    return [
        (m.start(), m.end(), m.group("subj"), m.group("aux"), m.group("rest")) for m in pattern.finditer(text)
    ]


def _durable_opening_before(clause: str) -> bool:
    m = _BEFORE.match(clause)
    if m is None or profile._EPHEMERAL.search(clause):
        return False
    return profile._durable_clause(m.group("subj").casefold(), m.group("aux") or "", m.group("rest") or "")


@settings(max_examples=3000, deadline=None)
@given(_texts())
def test_first_person_matches_are_those_with_a_word_after_the_subject(text: str) -> None:
    now = _groups(profile._FP_CLAUSE, text)
    assert all(rest for *_, rest in now)
    assert now == [g for g in _groups(_BEFORE, text) if g[-1]]
    assert profile.durable_opening(text) == _durable_opening_before(text)


def test_a_subject_alone_states_nothing() -> None:
    # what the matches dropped were never read as durable: no word, no claim
    for subj, aux in (("i", ""), ("we", ""), ("i", "'m"), ("we", "'re"), ("i", "’ve")):
        assert not profile._durable_clause(subj, aux, "")
    assert _groups(profile._FP_CLAUSE, "it is in the web, they were well") == []
    assert [g[2:] for g in _groups(profile._FP_CLAUSE, "in it I love hiking, we're in")] == [
        ("I", None, " love hiking"),
        ("we", "'re", " in"),
    ]
