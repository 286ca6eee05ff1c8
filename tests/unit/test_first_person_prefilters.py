"""The first-person patterns asked in a cheaper form (issue 17): the gate's "I/we + words"
clauses of an ASCII text found over its lower-cased twin by a pattern opened by the subject's
first letter, and the detector's speaker-word test opened likewise. Each answers as the pattern
it stands for, read in full: the same spans, the same groups (case-folded)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import profile
from memscribe.model.embedded import stating

_SEPARATORS = (" ", "  ", "\n", "\t", ", ", ". ", "-", "'", "’", "(", "_", "", "1", "? ", " — ", "。")
_WORDS = "I i I'm i'M I’m I've we We WE we're WE'LL wE'd we’re me my mine myself us our ours".split()
#: Words holding the subjects' letters inside or after a word character: none is a subject.
_WORDS += "hi wi-fi xi ti fiwe swe awe Iowa ilk it in is were well wee wei us_ ourself sour muse".split()
_WORDS += "am really also love like work have a cat the tests passed so ünd ıt İt ſo 我 und".split()


@st.composite
def _texts(draw: st.DrawFn) -> str:
    n = draw(st.integers(min_value=0, max_value=12))
    parts = []
    for _ in range(n):
        parts.append(draw(st.sampled_from(_WORDS)))
        parts.append(draw(st.sampled_from(_SEPARATORS)))
    return "".join(parts)


_Found = list[tuple[tuple[int, int], str, str, str]]


def _view(matches: Iterable[re.Match[str]]) -> _Found:
    """Each match's span and groups, case-folded."""
    return [(m.span(), *((m.group(g) or "").casefold() for g in ("subj", "aux", "rest"))) for m in matches]


def _full(text: str) -> _Found:
    return _view(profile._FP_CLAUSE.finditer(text))


def _cheap(text: str) -> _Found:
    return _view(profile.first_person_clauses(text))


_KNOWN = (
    "I like tabs. hi there, we’re in Iowa",
    "wi-fi is down; I'm a nurse and WE have two cats",
    "xi we awe swe (I) _I like 1we are",
    "I've\tbeen here, i'M done, We'll see",
)


def test_first_person_clauses_match_the_full_pattern_on_known_texts() -> None:
    for text in _KNOWN:
        assert _cheap(text) == _full(text), text
    assert _cheap("hi there xi ti") == []  # a subject's letter inside a word starts no clause


@settings(max_examples=600, deadline=None)
@given(_texts())
def test_first_person_clauses_match_the_full_pattern(text: str) -> None:
    assert _cheap(text) == _full(text)


def test_first_person_strength_unchanged_on_known_texts() -> None:
    """The gate's cue reads the same clauses: a durable one makes the text STRONG."""
    assert profile.first_person_strength("hi, I work nights as a nurse.") == profile.STRONG
    assert profile.first_person_strength("wi-fi work nights. xi work nights") == profile.NONE


_PLAIN_SPEAKER = re.compile(stating.SPEAKER_PLAIN)


@settings(max_examples=600, deadline=None)
@given(_texts())
def test_speaker_words_match_the_plain_pattern(text: str) -> None:
    low = text.lower()
    cheap, full = stating._SPEAKER.search(low), _PLAIN_SPEAKER.search(low)
    assert (cheap and cheap.span()) == (full and full.span())


def test_speaker_words_on_known_clauses() -> None:
    for clause in ("hi there", "sour muse", "ourself", "myself here", "it is ours", "tell us", "awe we"):
        low = clause.lower()
        cheap, full = stating._SPEAKER.search(low), _PLAIN_SPEAKER.search(low)
        assert (cheap and cheap.span()) == (full and full.span()), clause
