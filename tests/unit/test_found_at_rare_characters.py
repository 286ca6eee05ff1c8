"""The word prefilters' one-pattern form looks for each word at its least common character
(issue 17): ``re`` skips to the few places such a character stands instead of trying the words at
every blank and common letter, and the lists a turn or a sentence is asked of are each read in
one scan (the standing words of a directive, the hedges, the reversals), with the answer of
looking for each word."""

from __future__ import annotations

import random
import re
from re import _constants, _parser  # type: ignore[attr-defined]

import pytest

from memscribe.lexicon import caseless, dialogue, langs, nonfact, profile, teaching
from memscribe.model.embedded import directives

_LISTS = [
    ("standing rule", directives._STANDING_WORDS, directives._STANDING_FOUND),
    ("unsure", nonfact._UNSURE_WORDS, nonfact._UNSURE_FOUND),
    ("hedge", nonfact._HEDGE_WORDS, nonfact._HEDGE_FOUND),
    ("reversal", langs._REVERSAL_WORDS, langs._REVERSAL_FOUND),
    ("profile standing", profile._STANDING_WORDS, profile._STANDING_FOUND),
    ("profile", profile._PROFILE_WORDS, profile._PROFILE_FOUND),
    ("correction anywhere", dialogue._ANYWHERE_WORDS, dialogue._ANYWHERE_FOUND),
    *((f"norm {lang}", words, teaching._NORM_FOUND[lang]) for lang, words in teaching._NORM_WORDS.items()),
]
_IDS = [name for name, _, _ in _LISTS]


def _openings(pattern: str) -> set[str]:
    """The characters every match of ``pattern`` (a :func:`caseless.one_of` pattern) opens with."""
    parsed = _parser.parse(pattern)
    op, av = parsed[0]
    branches = av[1] if op is _constants.BRANCH else [parsed]
    out = set()
    for branch in branches:
        first_op, first_av = branch[0]
        assert first_op is _constants.LITERAL
        out.add(chr(first_av))
    return out


@pytest.mark.parametrize(("name", "words", "found"), _LISTS, ids=_IDS)
def test_found_exactly_when_a_word_is_there(
    name: str, words: tuple[str, ...], found: re.Pattern[str]
) -> None:
    pieces = sorted({w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)})
    texts = [t for w in words for t in (w, f" x{w}y ", f"{w}{w}", f" a {w[:-1]} b", w[1:], w[:-1])]
    rng = random.Random(name)
    for _ in range(400):
        texts.append("".join(rng.choice([*pieces, " ", ",", "é", "x"]) for _ in range(rng.randint(0, 8))))
    assert any(caseless.holds_any(t, words) for t in texts) and not all(
        caseless.holds_any(t, words) for t in texts
    )
    for text in texts:
        assert (found.search(text) is not None) == caseless.holds_any(text, words), (name, text)


def test_the_english_lists_are_looked_for_at_rarer_characters() -> None:
    common = set(caseless.BY_FREQUENCY[:5])  # the blank, e, t, a, o
    for words in (teaching._NORM_WORDS["en"], dialogue._ANYWHERE_WORDS, directives._STANDING_WORDS):
        # before: a trie opening with each word's first character (" ", "a", "e", "t" among them)
        assert _openings(caseless.one_of(words)).isdisjoint(common)
    assert _openings(caseless.one_of(("always", "never"))) == {"y", "v"}
    assert caseless.one_of(()) == "(?!)" and caseless.one_of(("x", "")) == ""


def test_a_sentence_is_read_once_for_each_of_these_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    holds_any = caseless.holds_any

    def counted(text: str, words: tuple[str, ...]) -> bool:
        asked.append(len(words))
        return holds_any(text, words)

    monkeypatch.setattr(caseless, "holds_any", counted)
    sentence = "I then reran the build with verbose logging and checked the config file"
    assert not directives.names_standing(sentence)
    assert not nonfact.hedged_or_question(sentence)
    assert not nonfact.unsure_or_question(sentence)
    assert not langs.reversal_signal(sentence)
    assert profile.profile_strength("the build failed again because of the cache") == profile.NONE
    # before: each list's words looked for one by one (22, 21 and 14, 10 and 17 words)
    assert asked == [] or set(asked).isdisjoint(
        {len(directives._STANDING_WORDS), len(nonfact._HEDGE_WORDS), len(nonfact._UNSURE_WORDS)}
        | {len(langs._REVERSAL_WORDS), len(profile._STANDING_WORDS)}
    )
