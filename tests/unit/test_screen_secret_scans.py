"""Screen: a candidate whose fields ``redact_text`` found no secret in, holding no mask, is not
scanned for secrets a second time (issue 17); the ``secret_only`` verdicts are those of
``is_mostly_secret`` asked of every candidate."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.stages import redact, screen
from tests.support.counting import counting

KEY = "sk-proj-4fJ9kL2mN8pQ1rS5tU7vW0xY3zA6bC9dE2fG5hJ8"
BODIES = (
    "User prefers tabs over spaces.",  # no secret: not scanned again
    f"User's key is {KEY}.",  # a secret, masked by redact-out: mostly secret
    "User's key is [REDACTED:openai_key].",  # a mask already: read as a secret
    f"User deploys with {KEY} on the staging cluster every Friday after lunch.",  # masked, kept
)


def _profiles() -> list[ProfileCandidate]:
    return [
        ProfileCandidate(slug=f"fact-{n}", ttl="one_year", body=body, evidence_turns=[0])
        for n, body in enumerate(BODIES)
    ]


def _playbook(what: str) -> PlaybookCandidate:
    return PlaybookCandidate(
        slug="rule",
        when="Writing a config file",
        what=what,
        why="User corrected this.",
        correction_turn=2,
        adjustment_turn=3,
        confirmation_turn=None,
        confirmation="none",
    )


def _screened() -> screen.Screened:
    playbooks = [_playbook("Use two spaces in YAML."), _playbook(f"Use {KEY}.")]
    return screen.screen(_profiles(), playbooks, injected_memories=[])


def test_only_a_candidate_holding_a_secret_or_a_mask_is_scanned_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = counting(monkeypatch, redact, "is_mostly_secret")
    _screened()
    # three profiles and one playbook hold a secret or a mask; the clean two are not asked
    assert calls.n == 4


def test_the_verdicts_are_those_of_asking_every_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _screened()
    asked = counting(monkeypatch, redact, "is_mostly_secret")
    # the full reading: every candidate's core asked, whatever redact-out found
    monkeypatch.setattr(screen, "_verdict", _asking_every(screen._verdict))
    full = _screened()
    assert asked.n == len(BODIES) + 2
    assert fast == full
    assert [s.reason for s in fast.skipped] == ["secret_only", "secret_only", "secret_only"]
    assert [p.body for p in fast.profiles] == [
        "User prefers tabs over spaces.",
        "User deploys with [REDACTED:openai_key] on the staging cluster every Friday after lunch.",
    ]


def _asking_every(verdict: Callable[..., Any]) -> Callable[..., Any]:
    def asked(*args: Any, **kwargs: Any) -> Any:
        kwargs.pop("secret_free", None)
        return verdict(*args, **kwargs)

    return asked
