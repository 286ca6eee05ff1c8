"""Compose the stages for one transcript: a pure function of (transcript, memory, config) → Plan.

    gate → redact-in → detect → verify → redact-out (screen) → dedup → plan

Nothing here touches the file system; ``apply`` (pipeline.stages.apply) executes the plan.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from pipeline.model.base import StructuredModel
from pipeline.stages.dedup import dedup
from pipeline.stages.detect import detect
from pipeline.stages.gate import gate
from pipeline.stages.plan import build_operations
from pipeline.stages.redact import redact_transcript
from pipeline.stages.screen import screen
from pipeline.stages.verify import verify
from schemas.memory import MemoryEntry
from schemas.plan import Plan
from schemas.transcript import Transcript


def extract(
    transcript: Transcript,
    *,
    model: StructuredModel,
    existing: Sequence[MemoryEntry],
    taken_ids: Iterable[str],
    context_tokens: int,
    now: dt.datetime | None = None,
) -> Plan:
    """Build the plan for one transcript against the current memory (``existing``)."""
    now = (now or dt.datetime.now(dt.UTC)).replace(microsecond=0)
    plan = Plan(
        transcript=transcript.source,
        format=transcript.format,
        model=model.name,
        created=now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        bad_lines=[f"{b.file}:{b.line}: {b.error}" for b in transcript.bad_lines],
    )
    gated = gate(transcript)
    plan.gate = gated.reason
    if not gated.passed:
        return plan

    clean, redactions = redact_transcript(transcript)
    plan.redactions.extend(redactions)

    found = detect(clean, model=model, signal_turns=gated.signal_turns, context_tokens=context_tokens)
    plan.skipped.extend(found.skipped)

    checked = verify(found.profiles, found.playbooks, clean)
    plan.skipped.extend(checked.skipped)

    screened = screen(checked.profiles, checked.playbooks, injected_memories=clean.injected_memories)
    plan.skipped.extend(screened.skipped)
    plan.redactions.extend(screened.redactions)

    deduped = dedup(screened.profiles, screened.playbooks, existing, model=model)
    plan.skipped.extend(deduped.skipped)

    plan.operations = build_operations(deduped.accepted, existing, taken_ids=taken_ids, now=now)
    plan.usage = model.usage.model_copy()
    return Plan.model_validate(plan.model_dump())
