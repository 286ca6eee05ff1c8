"""Verify hands screen the evidence texts it assembled (issue 17): screen asks them again, the
same verdicts, without assembling them anew."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from memscribe.schemas.transcript import Turn
from memscribe.stages import screen as screen_stage
from memscribe.stages import verify as verify_stage
from memscribe.stages.screen import screen
from memscribe.stages.verify import verify
from tests.stages.test_verify import REPLIES, profile

BODIES = [
    ("User is applying for jobs at hospitals in California.", [3]),
    ("User has a spouse.", [5]),
    ("User likes sushi.", [7]),
]


def _screened(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    checked = verify([profile(b, t, slug=f"fact-{n}") for n, (b, t) in enumerate(BODIES)], [], REPLIES)
    assembled: list[str] = []
    original = verify_stage.with_questions

    def counted(text: str, cited: Sequence[Turn], turns: Sequence[Turn]) -> str:
        assembled.append(text)
        return original(text, cited, turns)

    monkeypatch.setattr(verify_stage, "with_questions", counted)
    monkeypatch.setattr(screen_stage, "with_questions", counted)
    out = screen(checked.profiles, [], injected_memories=[], transcript=REPLIES, evidence=checked.evidence)
    return [p.slug for p in out.profiles] + [s.reason for s in out.skipped], list(assembled)


def test_screen_asks_the_evidence_verify_assembled(monkeypatch: pytest.MonkeyPatch) -> None:
    verdicts, assembled = _screened(monkeypatch)
    alone = verify([profile(b, t, slug=f"fact-{n}") for n, (b, t) in enumerate(BODIES)], [], REPLIES)
    without = screen(alone.profiles, [], injected_memories=[], transcript=REPLIES)
    assert verdicts == [p.slug for p in without.profiles] + [s.reason for s in without.skipped]
    assert verdicts == ["fact-0", "fact-1"]
    assert assembled == []  # every candidate's evidence was verify's


def test_evidence_for_other_turns_is_assembled_anew() -> None:
    checked = verify([profile(*BODIES[0])], [], REPLIES)
    assert checked.evidence is not None
    other = list(REPLIES.turns)  # equal turns, another sequence: never answered from the memo
    cited = [other[3]]
    before = dict(checked.evidence.texts)
    text = checked.evidence.of(BODIES[0][0], cited, other)
    assert text == verify_stage.with_questions(BODIES[0][0], cited, other)
    assert checked.evidence.texts == before
