"""Verify: every candidate must be grounded in the transcript it claims to come from.

Deterministic checks, independent of what the detector claims:
- profiles cite turns that exist, are the USER speaking (not assistant, tool or summary turns),
  and share content with the body;
- playbooks follow correction (user) → adjustment (assistant, later) → confirmation (user, later):
  an explicit confirmation phrase, or two further user turns that move on without correcting
  again or giving up (:mod:`memscribe.lexicon.chain`, the rule the embedded extractor uses too).
  Verify is a veto: a playbook is kept only when the detector reports a confirmation with its
  turn *and* the transcript agrees. Re-corrected, abandoned or unconfirmed corrections are skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from memscribe.lexicon.chain import confirmation, is_user_speech
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import SLUG_RE
from memscribe.schemas.plan import Skipped, SkipReason
from memscribe.schemas.transcript import Transcript, Turn
from memscribe.textsim import containment, content_tokens

#: Share of a profile body's content words that must appear in its evidence turns. Low on
#: purpose: the body is a third-person paraphrase, but it must not be made up.
MIN_SUPPORT = 0.25


@dataclass
class Verified:
    profiles: list[ProfileCandidate] = field(default_factory=list)
    playbooks: list[PlaybookCandidate] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def verify(
    profiles: Sequence[ProfileCandidate], playbooks: Sequence[PlaybookCandidate], transcript: Transcript
) -> Verified:
    out = Verified()
    turns = transcript.turns
    for p in profiles:
        problem = _profile_problem(p, turns)
        if problem:
            reason, detail = problem
            out.skipped.append(
                Skipped(kind="profile", reason=reason, evidence=list(p.evidence_turns), detail=detail)
            )
        else:
            out.profiles.append(p)
    for b in playbooks:
        evidence = [b.correction_turn, b.adjustment_turn] + (
            [b.confirmation_turn] if b.confirmation_turn is not None else []
        )
        problem = _playbook_problem(b, turns)
        if problem:
            reason, detail = problem
            out.skipped.append(Skipped(kind="playbook", reason=reason, evidence=evidence, detail=detail))
        else:
            confirmed = _confirmation_turn(b, turns)
            out.playbooks.append(b.model_copy(update={"confirmation_turn": confirmed}))
    return out


def _turn(turns: Sequence[Turn], index: int) -> Turn | None:
    return turns[index] if 0 <= index < len(turns) else None


def _profile_problem(p: ProfileCandidate, turns: Sequence[Turn]) -> tuple[SkipReason, str] | None:
    if not SLUG_RE.match(p.slug) or not p.body.strip():
        return ("invalid_candidate", f"slug {p.slug!r} or empty body")
    if not p.evidence_turns:
        return ("ungrounded", "no evidence turns cited")
    cited = [_turn(turns, i) for i in p.evidence_turns]
    if any(t is None for t in cited):
        return ("ungrounded", "cites a turn that does not exist")
    if not all(is_user_speech(t) for t in cited):
        return ("not_user_evidence", "evidence includes assistant, tool or summary turns")
    evidence_text = "\n".join(t.text for t in cited if t is not None)
    # grounding is never skipped: every script tokenises (memscribe.textsim), so a body without
    # content words has nothing the evidence could support
    if not content_tokens(p.body) or containment(p.body, evidence_text) < MIN_SUPPORT:
        return ("ungrounded", "the cited turns do not support the text")
    return None


def _playbook_problem(b: PlaybookCandidate, turns: Sequence[Turn]) -> tuple[SkipReason, str] | None:
    if not SLUG_RE.match(b.slug) or not b.what.strip() or not b.when.strip():
        return ("invalid_candidate", f"slug {b.slug!r} or empty when/what")
    correction = _turn(turns, b.correction_turn)
    adjustment = _turn(turns, b.adjustment_turn)
    if correction is None or adjustment is None:
        return ("ungrounded", "cites a turn that does not exist")
    if not is_user_speech(correction):
        return ("not_user_evidence", "the correction is not a user turn")
    if adjustment.role != "assistant" or b.adjustment_turn <= b.correction_turn:
        return ("ungrounded", "no assistant adjustment after the correction")
    if not content_tokens(b.what) or containment(b.what, correction.text) == 0.0:
        return ("ungrounded", "the correction turn does not support the rule")
    if _tautology(b):
        return ("tautology", "'when' restates 'what'")
    # A veto, never an override: the detector must report the confirmation (with its turn) AND
    # the transcript must show it; either one saying "none" keeps the playbook out.
    if b.confirmation == "none" or b.confirmation_turn is None:
        return ("correction_without_confirmation", "the detector reported no confirmation")
    if _confirmation_turn(b, turns) is None:
        return ("correction_without_confirmation", "re-corrected, given up on or never confirmed")
    return None


def _tautology(b: PlaybookCandidate) -> bool:
    when, what = content_tokens(b.when), content_tokens(b.what)
    return not when or when == what or (len(when) >= 3 and when <= what)


def _confirmation_turn(b: PlaybookCandidate, turns: Sequence[Turn]) -> int | None:
    """The user turn that confirms the adjustment, judged from the transcript itself (:mod:`memscribe.lexicon.chain`)."""
    return confirmation(turns, b.adjustment_turn)[0]
