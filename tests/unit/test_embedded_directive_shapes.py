"""Issue 17: a directive's shape is asked of lowered ASCII text first (case-sensitive, cheaper);
the shape found, its match and the rule are those of the case-insensitive search alone."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.model.embedded import directives
from memscribe.model.embedded.directives import directive


def _first_shape(text: str) -> tuple[int, tuple[int, int], dict[str, str | None]] | None:
    for n, pattern in enumerate(directives._DIRECTIVE_PATTERNS):
        if m := pattern.search(text):
            return n, m.span(), m.groupdict()
    return None


def test_every_shape_names_its_letters_in_lower_case() -> None:
    # a capital outside an escape would match nothing in lowered text: the filter would drop it
    for source in directives._DIRECTIVE_SHAPES:
        assert not re.search(r"(?<!\\)(?<!\(\?)[A-Z]", source), source
    assert len(directives._LOWERED_SHAPES) == len(directives._DIRECTIVE_PATTERNS)


_WORDS = (
    "I i I'd I’d want need you everyone to always never Always NEVER please Please make sure remember "
    "It's IT'S it is important ESSENTIAL key that our Conventions convention rule RULES is are the use "
    "Prefix prefix name files with snake_case tabs . , ? ! maybe Could could K ſ İ é 我 Use write tests"
).split()


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=3)), max_size=14))
def test_the_shape_found_is_the_case_insensitive_one(words: list[str]) -> None:
    text = " ".join(words)
    found = directives._shape_of(text)
    assert (None if found is None else (found[0], found[1].span(), found[1].groupdict())) == _first_shape(
        text
    )


def test_directives_read_as_before() -> None:
    said = {
        "I want you to always prefix private helpers with an underscore": "the rule",
        "It's IMPORTANT that you run the linter before every commit": "the rule",
        "Our convention is to name branches after the ticket": "the rule",
        "Please always write tests first": "the rule",
        "maybe always write tests first?": None,
        "I like pizza": None,
    }
    for sentence, expected in said.items():
        rule = directive(sentence, sentence)
        assert (rule is None) == (expected is None), (sentence, rule)
