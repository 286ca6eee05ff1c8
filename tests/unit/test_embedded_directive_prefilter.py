"""A turn's directives (issue 17): its sentences are read for one only when the turn names a
standing rule somewhere (every directive needs one in its sentence or a neighbour); the
directives found are those read sentence by sentence."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon.caseless import holds_any
from memscribe.model.embedded import directives as D
from memscribe.model.embedded.profiles import _directives_in_turn
from memscribe.model.embedded.text import split_sentences
from memscribe.schemas.transcript import SourcePos, Turn


@settings(max_examples=600, deadline=None)
@given(st.from_regex(re.compile(D._STANDING_RE, re.I), fullmatch=True).filter(str.isascii))
def test_every_standing_match_in_ascii_text_holds_one_of_the_standing_words(found: str) -> None:
    assert holds_any(found.lower(), D._STANDING_WORDS), found


def _read_sentence_by_sentence(text: str) -> list[str]:
    sentences = split_sentences(text)
    rules = [D.directive(s, " ".join(sentences[max(0, i - 1) : i + 2])) for i, s in enumerate(sentences)]
    return [r for r in rules if r is not None]


def test_directives_of_written_turns_are_those_read_sentence_by_sentence() -> None:
    texts = [
        "Please use snake_case for names. We do that on every project.",
        "Make sure to prefix private helpers with an underscore. It is our convention.",
        "Always run the linter before you commit.",
        "the build failed again because of the cache so I reran it",
        "I want you to write tests first. This is a rule from now on.",
        "Start test names with test_. In general keep them short.",
        "Use tabs. Whenever you indent, use tabs.",
        "以后都用中文回答。",
    ]
    for n, text in enumerate(texts):
        turn = Turn(index=n, role="user", kind="message", text=text, source=SourcePos(file="t", line=n + 1))
        found = [c.body for c in _directives_in_turn(turn, split_sentences(text))[0]]
        expected = _read_sentence_by_sentence(text)
        assert [b for b in found if b.startswith("User's standing instruction")] == [
            f"User's standing instruction: {r[:160].rstrip(' ,;')}." for r in expected
        ], text
