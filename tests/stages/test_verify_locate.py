"""Verify locates a profile that cites nothing through an index of the user turns: the same turn
as measuring every user turn, with a measure only for the turns that may reach LOCATE_SUPPORT."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.lexicon.chain import is_user_speech
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.transcript import Turn
from memscribe.stages import verify as verify_module
from memscribe.stages.verify import LOCATE_SUPPORT, verify
from memscribe.textsim import SupportIndex, support
from tests.support.turns import make_transcript

#: Words that meet in every way support counts: as they are, stemmed ("activities" /
#: "activity"), by a word they begin ("kiné" / "kinésithérapeute", "wohn" / "wohnt"), by their
#: first letters ("preferred" / "prefers"), as CJK bigrams (Japanese with and without kana,
#: Chinese, Korean), as the subject word support sets aside, and as function words of one
#: language that are words of another ("war", "la", "mit").
WORDS = (
    "data database datum engineer engineering engineers porto sql dark mode kiné kinésithérapeute "
    "wohn wohnt wohnung activities activity preferred prefers prefer climb climbing climbed "
    "node.js c++ war la mit den the is a und ich ist je suis una es Köln koeln "
    "東京 東京都 住んで います 書いている 書くの 用户 喜欢 咖啡 사용자 커피 좋아해요 ユーザー コーヒー "
    "User usuaria La Nutzer I my"
).split()

_text = st.lists(st.sampled_from(WORDS), min_size=0, max_size=8).map(" ".join)
_turn = st.tuples(st.sampled_from(["user", "user", "assistant", "tool"]), _text)


class _Scan:
    """The locator as it was: every user turn measured, in order."""

    def __init__(self, turns: Sequence[Turn]) -> None:
        self._turns = turns

    def __call__(self, p: ProfileCandidate) -> int | None:
        if not verify_module.content_tokens(p.body):
            return None
        best, best_score = None, LOCATE_SUPPORT
        for t in self._turns:
            if is_user_speech(t):
                value = support(p.body, t.text)
                if value > best_score or (best is None and value >= best_score):
                    best, best_score = t.index, value
        return best


def _uncited(bodies: Sequence[str]) -> list[ProfileCandidate]:
    return [
        ProfileCandidate(slug=f"fact-{i}", ttl="infinity", body=b, evidence_turns=[])
        for i, b in enumerate(bodies)
    ]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_text, min_size=1, max_size=6),
    st.lists(_text, min_size=0, max_size=8),
    st.sampled_from([0.01, 0.25, 0.5, LOCATE_SUPPORT, 1.0]),
)
def test_index_never_leaves_out_a_text_that_reaches_the_support(
    statements: list[str], texts: list[str], least: float
) -> None:
    index = SupportIndex(texts)
    for statement in statements:
        reaching = set(index.reaching(statement, least))
        assert {at for at, text in enumerate(texts) if support(statement, text) >= least} <= reaching


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_turn, min_size=1, max_size=10), st.lists(_text, min_size=1, max_size=5))
def test_located_as_by_measuring_every_user_turn(turns: list[tuple[str, str]], bodies: list[str]) -> None:
    transcript = make_transcript(*turns)
    profiles = _uncited(bodies)
    fast = verify(profiles, [], transcript)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(verify_module, "_Locator", _Scan)
        scanned = verify(profiles, [], transcript)
    assert fast == scanned


def _words(count: int) -> list[str]:
    """``count`` made-up words, no two with the same first four letters."""
    return [
        "".join(letters) + "ox"
        for letters in itertools.islice(itertools.product("bcdfgkmprt", repeat=4), count)
    ]


def test_many_uncited_candidates_measure_each_turn_about_once(monkeypatch: pytest.MonkeyPatch) -> None:
    n = 150
    words = _words(2 * n)
    turns: list[tuple[str, str]] = []
    for i in range(n):
        turns += [("user", f"I collect {words[2 * i]} and {words[2 * i + 1]}."), ("assistant", "Nice.")]
    bodies = [f"User collects {words[2 * i]} {words[2 * i + 1]}." for i in range(n)]
    calls = 0

    def counted(statement: str, evidence: str) -> float:
        nonlocal calls
        calls += 1
        return support(statement, evidence)

    monkeypatch.setattr(verify_module, "textual_support", counted)
    out = verify(_uncited(bodies), [], make_transcript(*turns))
    assert [p.evidence_turns for p in out.profiles] == [[2 * i] for i in range(n)]
    assert calls <= 4 * n  # a few per candidate, not one per candidate and user turn (n * n)
