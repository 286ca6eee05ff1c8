"""Detect: one model call per window that has a signal, serving profiles and playbooks together."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from memscribe.errors import ModelError
from memscribe.model.base import StructuredModel
from memscribe.prompting import render_messages
from memscribe.relatedness import MemoryView, entry_text, scores
from memscribe.schemas.candidates import Detection, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import Skipped
from memscribe.schemas.requests import DetectRequest
from memscribe.schemas.transcript import Transcript, Turn
from memscribe.stages.windows import render_text, split_windows
from memscribe.textsim import normalize, similarity

#: Tokens kept free for the system prompt (~1.5k) and the model's answer.
PROMPT_RESERVE_TOKENS = 3000
MIN_WINDOW_TOKENS = 1000
#: At most this many stored slugs are shown to the detector (~150 tokens): all of a small
#: namespace, else the ones most related to the window's user turns.
MAX_TOPICS = 30
#: Above this many stored entries the topics are ranked lexically (no embedding of each entry).
SEMANTIC_RANK_LIMIT = 2000


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
    memory: MemoryView | None = None,
) -> DetectResult:
    """Run the detector over each window holding a signal turn; merge and de-duplicate results.

    ``memory`` (the namespace's stored memory) lets the prompt list the stored topics, so the
    model reuses a topic's slug for a restatement or an update; None or empty: no topics section.

    A window whose call fails (after the model layer's retries and re-asks) is skipped and
    reported with reason ``model_error``; the other windows still count.
    """
    budget = max(MIN_WINDOW_TOKENS, context_tokens - PROMPT_RESERVE_TOKENS)
    windows = split_windows(transcript.turns, budget_tokens=budget)
    signals = set(signal_turns)
    worth = [w for w in windows if any(t.index in signals for t in w)]
    result = DetectResult(windows=len(windows))
    stored = memory.entries() if memory is not None else []
    for number, window in enumerate(worth, start=1):
        request = DetectRequest(turns=window, window=number, windows=len(worth))
        messages = render_messages(
            "detect.j2",
            turns=[_view(t) for t in window],
            window=number,
            windows=len(worth),
            language_hint=_language_hint(window),
            topics=stored_topics(stored, window),
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


def stored_topics(
    entries: Sequence[MemoryEntry], window: tuple[Turn, ...], *, limit: int = MAX_TOPICS
) -> list[dict[str, object]]:
    """The stored slugs to show for ``window``, grouped by kind (profiles first).

    A namespace with at most ``limit`` distinct slugs is shown whole; a larger one by the
    ``limit`` entries whose text is most related to the window's user turns.
    """
    if not entries:
        return []
    if len({(e.kind, e.slug) for e in entries}) > limit:
        text = " ".join(t.text for t in window if t.role == "user")
        texts = [entry_text(e) for e in entries]
        # Lexical only on a large namespace: one window must not embed every stored memory.
        values = (
            scores(text, texts) if len(texts) <= SEMANTIC_RANK_LIMIT else [similarity(text, o) for o in texts]
        )
        ranked = sorted(
            zip(values, range(len(entries)), strict=True),
            key=lambda pair: (-pair[0], pair[1]),
        )
        picked = [entries[i] for _, i in ranked]
    else:
        picked = list(entries)
    groups: dict[str, list[str]] = {}
    count = 0
    for entry in picked:
        slugs = groups.setdefault(entry.kind, [])
        if entry.slug in slugs:
            continue
        if count >= limit:
            break
        slugs.append(entry.slug)
        count += 1
    order = sorted(groups, key=lambda k: (k != "profile", k))
    return [{"kind": f"{k}s", "slugs": sorted(groups[k])} for k in order if groups[k]]


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
