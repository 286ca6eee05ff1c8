"""Detect merges the windows' answers in one pass: each reported candidate is keyed once, not
the whole result again per window (issue 17: that was quadratic in the transcript's length)."""

from __future__ import annotations

import pytest

from memscribe.model.base import Message
from memscribe.schemas.plan import Usage
from memscribe.stages import detect as detect_stage
from tests.support.turns import make_transcript


class PerWindowModel:
    """Answers window ``n`` with a profile of its own, the first window's again, and a playbook
    on one correction turn whose confirmation only the later windows see."""

    name = "scripted"

    def __init__(self) -> None:
        self.usage = Usage()
        self.calls = 0

    def generate(self, *, task, messages: list[Message], response_model, request):  # type: ignore[no-untyped-def]
        self.calls += 1
        n = self.calls
        profiles = [
            {"slug": f"fact-{n}", "ttl": "infinity", "body": f"User has fact {n}.", "evidence_turns": [0]},
            {"slug": "fact-1", "ttl": "infinity", "body": "User has  FACT 1.", "evidence_turns": [0]},
        ]
        playbook = {
            "slug": "use-pytest",
            "when": "writing tests",
            "what": "use pytest",
            "correction_turn": 0,
            "adjustment_turn": 1,
            "confirmation": "none" if n == 1 else "explicit",
            "confirmation_turn": None if n == 1 else n,
            "why": "the user asked for it",
        }
        return response_model.model_validate({"profiles": profiles, "playbooks": [playbook]})


def test_windows_are_merged_keying_each_answer_once(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = [("user" if i % 2 == 0 else "assistant", f"turn {i} " + "words " * 300) for i in range(80)]
    keyed: list[str] = []
    real = detect_stage.normalize

    def counted(text: str) -> str:
        keyed.append(text)
        return real(text)

    monkeypatch.setattr(detect_stage, "normalize", counted)
    model = PerWindowModel()
    result = detect_stage.detect(
        make_transcript(*turns), model=model, signal_turns=tuple(range(0, 80, 2)), context_tokens=4200
    )
    assert model.calls == result.calls > 20
    # the first of each (slug, normalised body), in window order; the playbook once, upgraded to
    # the first confirmation a later window saw
    assert [p.slug for p in result.profiles] == [f"fact-{n}" for n in range(1, model.calls + 1)]
    assert [(b.slug, b.confirmation, b.confirmation_turn) for b in result.playbooks] == [
        ("use-pytest", "explicit", 2)
    ]
    assert len(keyed) == 2 * model.calls  # each answer's profiles keyed once
