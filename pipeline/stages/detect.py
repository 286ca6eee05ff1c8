"""Detect: one model call per window that has a signal, serving profiles and playbooks together."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from memscribe.errors import ModelError
from memscribe.model.base import StructuredModel
from memscribe.prompting import render_messages
from memscribe.schemas.candidates import Detection, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.plan import Skipped
from memscribe.schemas.requests import DetectRequest
from memscribe.schemas.transcript import Transcript, Turn
from memscribe.stages.windows import render_text, split_windows
from memscribe.textsim import normalize

#: Tokens kept free for the system prompt (~1.5k) and the model's answer.
PROMPT_RESERVE_TOKENS = 3000
MIN_WINDOW_TOKENS = 1000


@dataclass
class DetectResult:
    profiles: list[ProfileCandidate] = field(default_factory=list)
    playbooks: list[PlaybookCandidate] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    windows: int = 0
    calls: int = 0


def detect(
    transcript: Transcript,
    *,
    model: StructuredModel,
    signal_turns: tuple[int, ...],
    context_tokens: int,
) -> DetectResult:
    """Run the detector over each window holding a signal turn; merge and de-duplicate results.

    A window whose call fails (after the model layer's retries and re-asks) is skipped and
    reported with reason ``model_error``; the other windows still count.
    """
    budget = max(MIN_WINDOW_TOKENS, context_tokens - PROMPT_RESERVE_TOKENS)
    windows = split_windows(transcript.turns, budget_tokens=budget)
    signals = set(signal_turns)
    worth = [w for w in windows if any(t.index in signals for t in w)]
    result = DetectResult(windows=len(windows))
    for number, window in enumerate(worth, start=1):
        request = DetectRequest(turns=window, window=number, windows=len(worth))
        messages = render_messages(
            "detect.j2",
            turns=[_view(t) for t in window],
            window=number,
            windows=len(worth),
            language_hint=_language_hint(window),
        )
        result.calls += 1
        try:
            found = model.generate(
                task="detect", messages=messages, response_model=Detection, request=request
            )
        except ModelError as exc:
            result.skipped.append(
                Skipped(
                    kind="window",
                    reason="model_error",
                    evidence=[window[0].index, window[-1].index],
                    detail=str(exc),
                )
            )
            continue
        for field_name, reason in _drain_invalid(model):
            result.skipped.append(
                Skipped(
                    kind="playbook" if field_name == "playbooks" else "profile",
                    reason="invalid_candidate",
                    evidence=[window[0].index, window[-1].index],
                    detail=reason,
                )
            )
        _merge(result, found)
    return result


def _drain_invalid(model: StructuredModel) -> list[tuple[str, str]]:
    """Items the model layer dropped as invalid from the last answer (kept valid ones came back)."""
    drain = getattr(model, "drain_invalid", None)
    return list(drain()) if callable(drain) else []


def _view(turn: Turn) -> dict[str, object]:
    return {"index": turn.index, "role": turn.role, "kind": turn.kind, "text": render_text(turn)}


def _language_hint(window: tuple[Turn, ...]) -> str:
    text = "".join(t.text for t in window if t.role == "user")
    cjk = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
    if text and cjk / max(1, len(text)) > 0.2:
        return " The user writes in Chinese/Japanese/Korean: keep memory text in the user's language."
    return ""


def _merge(result: DetectResult, found: Detection) -> None:
    """Overlapping windows report the same candidate twice: keep the first of each."""
    seen_profiles = {(p.slug, normalize(p.body)) for p in result.profiles}
    for p in found.profiles:
        key = (p.slug, normalize(p.body))
        if key not in seen_profiles:
            seen_profiles.add(key)
            result.profiles.append(p)
    seen_corrections = {b.correction_turn: i for i, b in enumerate(result.playbooks)}
    for b in found.playbooks:
        at = seen_corrections.get(b.correction_turn)
        if at is None:
            seen_corrections[b.correction_turn] = len(result.playbooks)
            result.playbooks.append(b)
        elif result.playbooks[at].confirmation == "none" and b.confirmation != "none":
            # A later window saw the confirmation the earlier one was cut off before.
            result.playbooks[at] = b
