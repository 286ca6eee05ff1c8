"""The lexicon's word lists read together (issue 17): within a turn (:func:`caseless.per_turn`),
the first list asked of a flat form reads it once for the words of every list
(:class:`~memscribe.lexicon.caseless.WordList`), and the gate asks no list's own pattern; the
answers are :func:`caseless.holds`' in every case (a list made later, no automaton)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lazyre import lazy_compile
from memscribe.lexicon import caseless, dialogue, profile, teaching
from memscribe.schemas.transcript import Transcript
from memscribe.stages.gate import gate
from memscribe.transcript import parse_transcript

_GATE_LISTS = [
    profile._PROFILE_LIST,
    profile._STANDING_LIST,
    profile._POSSESSIVE_LIST,
    profile._EPHEMERAL_LIST,
    dialogue._ANYWHERE_LIST,
    *teaching._NORM_LIST.values(),
]


def _transcript(users: list[str]) -> Transcript:
    text = "".join(f"User: {u}\nAssistant: Done.\n" for u in users)
    return parse_transcript(text, source="t.txt", fmt="text")


_USERS = [
    "the build failed again because of the cache so I reran it",
    "No, use pytest instead of unittest for the tests.",
    "Perfect, thanks.",
    "Please always answer in Spanish from now on.",
    "my editor is Neovim and I work mostly in Rust these days",
    "reran build passed logging verbose",
]


class _Counted:
    """An automaton whose passes over a text are counted."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.passes: list[str] = []

    def iter(self, text: str) -> Any:
        self.passes.append(text)
        return self.real.iter(text)


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each search of a gate list's own pattern (the texts asked)."""
    asked: list[str] = []
    for listed in _GATE_LISTS:
        found: Any = listed.found
        real = found.compiled.search  # compiled first: compiling sets the attribute anew

        def counted(text: str, *args: Any, _real: Any = real) -> Any:
            asked.append(text)
            return _real(text, *args)

        monkeypatch.setattr(found, "search", counted)
    return asked


def test_the_gate_reads_each_turn_once_for_every_list(monkeypatch: pytest.MonkeyPatch) -> None:
    transcript = _transcript(_USERS)
    expected = gate(transcript)
    asked = _searches(monkeypatch)
    reader = caseless._reader(max(w.bit for w in _GATE_LISTS))
    assert reader is not None
    counted = _Counted(reader[0])
    monkeypatch.setattr(caseless, "_READER", (counted, reader[1]))
    assert gate(transcript) == expected
    # before: the norm and correction lists' patterns were searched in every turn, the profile
    # and standing lists' in each turn without a durable first-person clause
    assert asked == []
    flats = [caseless._flat_words(t) for t in _USERS]
    assert len(counted.passes) == len(set(counted.passes)) <= len(_USERS)
    assert set(counted.passes) <= set(flats)


_PIECES = sorted(
    {w[i:j] for x in _GATE_LISTS for w in x.words for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
)
_PIECES += [" ", ",", "x", "q", "é", "İ"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12))
def test_a_list_answers_as_holds_within_a_turn_and_outside(pieces: list[str]) -> None:
    text = "".join(pieces)
    flat = caseless._flat_words(text)
    expected = [caseless.holds(flat, x.words) for x in _GATE_LISTS]
    assert [x.in_text(text) for x in _GATE_LISTS] == expected
    with caseless.per_turn():
        assert [x.in_text(text) for x in _GATE_LISTS] == expected
        assert [x.in_flat(flat) for x in reversed(_GATE_LISTS)] == expected[::-1]


def test_a_list_made_after_a_reading_is_read_anew() -> None:
    text = "We deploy with zebra-tools on Fridays"
    flat = caseless.flat_words(text)
    with caseless.per_turn():
        assert not profile._EPHEMERAL_LIST.in_flat(flat)  # the turn read for the lists made so far
        late = caseless.WordList(("zebra",), lazy_compile(caseless.one_of(("zebra",))))
        never = caseless.WordList(("quokka",), lazy_compile(caseless.one_of(("quokka",))))
        try:
            assert late.in_flat(flat)
            assert not never.in_flat(flat)
        finally:
            caseless._LISTS.remove(late)
            caseless._LISTS.remove(never)
            caseless._READER = None  # (built with them)


def test_without_an_automaton_each_list_is_asked_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(caseless, "automaton_type", lambda: None)
    monkeypatch.setattr(caseless, "_READER", None)
    for text in _USERS:
        flat = caseless._flat_words(text)
        with caseless.per_turn():
            assert [x.in_text(text) for x in _GATE_LISTS] == [
                caseless.holds(flat, x.words) for x in _GATE_LISTS
            ]


def test_an_empty_word_is_held_by_every_text() -> None:
    listed = caseless.WordList(("", "zebra"), lazy_compile(caseless.one_of(("", "zebra"))))
    try:
        assert listed.in_text("nothing here") and listed.in_flat(" nothing")
        with caseless.per_turn():
            assert listed.in_text("nothing here")
    finally:
        caseless._LISTS.remove(listed)
        caseless._READER = None


_FLAT_PIECES = [*"aZ. '", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x7f", "\x85", "é", "ſ"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_FLAT_PIECES), max_size=10).map("".join))
def test_a_flat_form_is_the_words_single_spaced(text: str) -> None:
    # printable ASCII without a run of spaces or one at an end is only lowered (no split and join)
    if not text.isascii() and not caseless.ODD_FOLDS.isdisjoint(text):
        assert caseless._flat_words(text) is None
    else:
        assert caseless._flat_words(text) == " " + " ".join(text.lower().split())


_LEADS = [
    "hmm",
    "HMmm",
    "hm",
    "uh",
    "uhm",
    "um",
    "erm",
    "er",
    "eh",
    "ehh",
    "well",
    "oh",
    "ah",
    "so",
    "ok",
    "okay",
]
_LEADS += ["look", "listen", "meh", "naja", "no", ", ", " ", "…", "-", "!", "x", "ſo", "İ", "ok.", "soo"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_LEADS), max_size=6).map("".join))
def test_a_reply_the_any_filler_lead_leaves_has_no_english_filler(text: str) -> None:
    # correction_signal asks FILLER_LEAD only of a turn _ANY_FILLER cuts something from
    from memscribe.lexicon import langs

    if dialogue._ANY_FILLER.match(text) is None:
        assert langs.FILLER_LEAD.match(text) is None


def test_correction_signal_asks_no_english_filler_of_a_turn_without_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from memscribe.lexicon import langs

    asked: list[str] = []
    real = langs.FILLER_LEAD.compiled.match

    def counted(text: str, *args: Any) -> Any:
        asked.append(text)
        return real(text, *args)

    monkeypatch.setattr(langs.FILLER_LEAD, "match", counted)
    assert not dialogue.correction_signal("the build failed again because of the cache so I reran it")
    assert dialogue.correction_signal("hmm no, use pytest instead")
    assert asked == ["hmm no, use pytest instead"]
