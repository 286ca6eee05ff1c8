"""The snapshot stage: transcript in, one validated, redacted snapshot block (or a reason) out.

    redact-in → tail window → model (``snapshot`` task, prompts/snapshot.j2) → redact-out → render

Pure: no file system. The block is numbered against the snapshots already stored for the day;
the store renumbers under its lock if another process got there first.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from memscribe.errors import ModelError
from memscribe.model.base import StructuredModel
from memscribe.prompting import render_messages
from memscribe.schemas.plan import Redaction
from memscribe.schemas.snapshot import (
    Decision,
    FileInPlay,
    KeyName,
    SnapshotBlock,
    SnapshotDraft,
    SnapshotRequest,
    SnapshotTrigger,
    StoredSnapshot,
)
from memscribe.schemas.transcript import Transcript
from memscribe.snapshot.render import daily_path, next_snapshot_id, render_block, stamp
from memscribe.snapshot.sanitize import Sanitizer, language_hint
from memscribe.stages.redact import redact_transcript
from memscribe.stages.windows import render_text, split_windows

PROMPT_RESERVE_TOKENS = 3000
MIN_WINDOW_TOKENS = 1000


@dataclass
class SnapshotOutcome:
    """``block`` when a snapshot should be appended; otherwise ``reason`` says why not."""

    block: SnapshotBlock | None = None
    reason: str = ""
    redactions: list[Redaction] = field(default_factory=list)
    draft: SnapshotDraft | None = None
    #: Items the write guard refused (``field: reason (detail)``): never written, reported.
    refused: list[str] = field(default_factory=list)
    #: The model failed (after retries): nothing saved, the caller exits like ``extract`` does.
    model_error: ModelError | None = None


def take_snapshot(
    transcript: Transcript,
    *,
    model: StructuredModel,
    trigger: SnapshotTrigger,
    now: dt.datetime,
    existing: Sequence[StoredSnapshot] = (),
    context_tokens: int = 16000,
    redacted: tuple[Transcript, Sequence[Redaction]] | None = None,
) -> SnapshotOutcome:
    """Fill the eight sections from the latest part of ``transcript`` that fits the model.

    ``redacted``: ``transcript`` already masked (and its redact-in findings) by the caller, so
    it is not redacted a second time.
    """
    clean, redactions = redacted if redacted is not None else redact_transcript(transcript)
    outcome = SnapshotOutcome(redactions=list(redactions))
    if not clean.turns:
        outcome.reason = "empty transcript"
        return outcome
    budget = max(MIN_WINDOW_TOKENS, context_tokens - PROMPT_RESERVE_TOKENS)
    window = split_windows(clean.turns, budget_tokens=budget)[-1]
    messages = render_messages(
        "snapshot.j2",
        turns=[{"index": t.index, "role": t.role, "kind": t.kind, "text": render_text(t)} for t in window],
        trigger=trigger,
        language_hint=language_hint([t.text for t in window if t.role == "user"]),
    )
    request = SnapshotRequest(turns=window, trigger=trigger)
    try:
        draft = model.generate(
            task="snapshot", messages=messages, response_model=SnapshotDraft, request=request
        )
    except ModelError as exc:
        outcome.reason = f"model_error: {exc}"
        outcome.model_error = exc
        return outcome
    if not draft.worth_saving:
        outcome.reason = "no task state to preserve (plain Q&A)"
        return outcome
    sanitizer = Sanitizer()
    draft = sanitize_draft(draft, sanitizer)
    outcome.redactions.extend(sanitizer.redactions)
    outcome.refused = sanitizer.refused
    outcome.draft = draft
    moment = now.replace(microsecond=0, tzinfo=None) if now.tzinfo is None else _naive_utc(now)
    day = f"{moment:%Y-%m-%d}"
    snapshot_id = next_snapshot_id(list(existing), day)
    outcome.block = SnapshotBlock(
        path=daily_path(moment),
        snapshot_id=snapshot_id,
        timestamp=stamp(moment),
        trigger=trigger,
        text=render_block(draft, snapshot_id=snapshot_id, moment=moment),
    )
    return outcome


def _naive_utc(moment: dt.datetime) -> dt.datetime:
    return moment.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0)


def _code_context(value: str, s: Sanitizer) -> str:
    code = s.code(value)  # bounded first (≤ 50 lines), then screened like any other field
    return code if s.keep(code, name="code_context", limit=len(code) + 1) else ""


def sanitize_draft(draft: SnapshotDraft, s: Sanitizer) -> SnapshotDraft:
    """Every text field through the write guard: cleaned, bounded, redacted; env var values
    removed; items that address the agent (or are oversized) dropped whole and reported."""

    def field_(value: str, name: str) -> str:
        return s.text(value, name=name) if s.keep(value, name=name) else ""

    return SnapshotDraft(
        worth_saving=draft.worth_saving,
        active_goal=field_(draft.active_goal, "active_goal"),
        phase=draft.phase,
        branch=field_(draft.branch, "branch"),
        blocked=draft.blocked,
        blocked_reason=field_(draft.blocked_reason, "blocked_reason"),
        progress=field_(draft.progress, "progress"),
        files_in_play=[
            FileInPlay(path=s.text(f.path, name="file"), note=s.text(f.note, name="file_note"))
            for f in draft.files_in_play
            if s.keep(f"{f.path} {f.note}", name="files_in_play")
        ],
        decisions=[
            Decision(
                decision=s.text(d.decision, name="decision"), rationale=s.text(d.rationale, name="rationale")
            )
            for d in draft.decisions
            if s.keep(f"{d.decision} {d.rationale}", name="decisions")
        ],
        code_context=_code_context(draft.code_context, s),
        key_names=[
            KeyName(label=s.text(k.label, name="key_label"), value=s.env_name(k.value))
            for k in draft.key_names
            if s.keep(f"{k.label} {k.value}", name="key_names")
        ],
        blockers=[s.text(b, name="blocker") for b in draft.blockers if s.keep(b, name="blockers")],
        next_steps=[s.text(n, name="next_step") for n in draft.next_steps if s.keep(n, name="next_steps")],
    )
