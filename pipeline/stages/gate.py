"""Gate: a cheap deterministic filter before any model call.

It finds the user turns that may carry a profile or playbook signal (the seeds' trigger phrases,
high recall). A transcript with none is stopped here: zero model calls for nothing to learn.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline import triggers
from schemas.transcript import Transcript


@dataclass(frozen=True)
class GateResult:
    passed: bool
    signal_turns: tuple[int, ...]
    reason: str


def gate(transcript: Transcript) -> GateResult:
    """Return which user turns carry a signal; ``passed`` is False when none do."""
    user_turns = transcript.user_turns()
    if not user_turns:
        return GateResult(False, (), "no user turns")
    profile = [t.index for t in user_turns if triggers.profile_signal(t.text)]
    correction = [t.index for t in user_turns if triggers.correction_signal(t.text)]
    signals = tuple(sorted(set(profile) | set(correction)))
    if not signals:
        return GateResult(False, (), f"no profile or correction signal in {len(user_turns)} user turns")
    return GateResult(
        True,
        signals,
        f"{len(profile)} profile and {len(correction)} correction signal(s) in {len(user_turns)} user turns",
    )
