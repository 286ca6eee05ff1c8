"""The embedded detector's word scans (issue 17): a word list read in one pass of an Aho-Corasick
automaton answers as looking for each word does (with pyahocorasick and without it), the standing
rule test reads a turn with it instead of the list's one-pattern form, and a session with one
sender is not split into its senders' messages."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon.caseless import caseless_hit, holds_any
from memscribe.model.embedded import coderules, detect, directives, wordscan
from memscribe.model.embedded.wordscan import WordScan
from memscribe.schemas.transcript import SourcePos, Turn
from tests.support.counting import counting

_ALPHABET = "aeilnorstuwyh dcgpv',.\n!?é"


def _texts(words: tuple[str, ...], rng: random.Random, n: int) -> list[str]:
    """Texts of random letters with some of ``words`` (and their pieces) put in."""
    out = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(0, 8)):
            if rng.random() < 0.3:
                word = rng.choice(words)
                parts.append(word[: rng.randint(0, len(word))] if rng.random() < 0.5 else word)
            else:
                parts.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 7))))
        out.append(rng.choice(["", " ", "  "]).join(parts))
    return out


@pytest.mark.parametrize("automaton", [True, False])
def test_scan_answers_as_each_word_looked_for(automaton: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not automaton:
        monkeypatch.setattr(wordscan, "_automaton_type", lambda: None)
    rng = random.Random(17)
    lists = (directives._STANDING_WORDS, coderules._RULE_MARKS, ("you", "please", "help", "need"), ("",))
    for words in lists:
        scan = WordScan(words)
        for text in [*_texts(words, rng, 400), "", "all", "xall", "policy here"]:
            assert scan(text) == holds_any(text, words), (words, text)
    empty = WordScan(())  # no words: in no text (an automaton with no words cannot be read)
    assert [empty(text) for text in ("", "all", "policy here")] == [False, False, False]


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *directives._STANDING_WORDS,
                "Always",
                "NEVER",
                "from now on",
                "Going Forward",
                "I",
                "use",
                "tabs",
            ]
            + ["the", "rule", "rules", "is", ",", ".", "\n", "以后", "每次", "é", "İ", "ſ"]
        ),
        max_size=12,
    ).map(" ".join)
)
def test_names_standing_answers_as_the_case_blind_pattern(text: str) -> None:
    full = caseless_hit(directives._STANDING, directives._STANDING_LOWER, text, directives._STANDING_FOUND)
    assert directives.names_standing(text) == full
    assert full == (directives._STANDING.search(text) is not None)


def test_names_standing_reads_a_turn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The list's one-pattern form is not asked (it tried most of a text's letters): with the
    earlier code, once per ASCII text."""
    asked: list[str] = []
    real = directives._STANDING_FOUND.search

    def search(text: str) -> object:
        asked.append(text)
        return real(text)

    monkeypatch.setattr(directives._STANDING_FOUND, "search", search)
    assert not directives.names_standing("the build failed again because of the cache")
    assert directives.names_standing("Always use tabs in this repo")
    assert asked == []


def _turn(i: int, role: str, text: str) -> Turn:
    return Turn(index=i, role=role, kind="message", text=text, source=SourcePos(file="t", line=i + 1))  # type: ignore[arg-type]


def test_one_sender_session_is_not_split_into_senders(monkeypatch: pytest.MonkeyPatch) -> None:
    owners = counting(monkeypatch, detect, "owner_turns")
    turns = [
        _turn(0, "user", "I live in Lisbon. Note: I prefer tabs over spaces."),
        _turn(1, "assistant", "Noted."),
        _turn(2, "user", "My timezone is UTC+1."),
    ]
    found = detect.extract(turns)
    assert owners.n == 0
    assert {p.body for p in found.profiles} >= {"User lives in Lisbon.", "User prefers tabs over spaces."}
    group = [
        _turn(0, "user", "Ana: I live in Lisbon.\nBruno: I live in Porto."),
        _turn(1, "assistant", "Hi both."),
        _turn(2, "user", "Ana: I prefer tabs over spaces."),
    ]
    bodies = {p.body for p in detect.extract(group).profiles}
    assert owners.n == 1
    assert "User lives in Lisbon." in bodies and "User lives in Porto." not in bodies


def test_a_clause_without_a_comma_is_not_scanned_for_a_hedge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cut :func:`chat.hedge_apart` makes is at a comma (issue 17): the same parts, and a
    clause without one is not scanned."""
    from memscribe.model.embedded import chat

    real = chat._HEDGE_OPENS.split
    scanned: list[str] = []

    def split(text: str) -> list[str]:
        scanned.append(text)
        return real(text)

    monkeypatch.setattr(chat._HEDGE_OPENS, "split", split)
    for clause in ("I love country music", "  ", "I live in Ohio maybe"):
        assert chat.hedge_apart(clause) == [p for p in real(clause) if p.strip()]
    assert scanned == []
    assert chat.hedge_apart("I love country music, maybe you could cover it") == [
        "I love country music",
        "maybe you could cover it",
    ]
    assert len(scanned) == 1
