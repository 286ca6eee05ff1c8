"""Direct writes: candidates handed in by an agent (MCP ``reflexio_write_*``), not found in a
transcript. Same guards as extraction — redact-out and the injection / secret screen, dedup
against the namespace's memories through the store's view — then the store applies the Plan.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from memscribe.model.base import StructuredModel
from memscribe.namespace import stored_namespace
from memscribe.run import in_namespace
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.services.maintenance import sweep_store
from memscribe.services.scope import Scope
from memscribe.stages.dedup import dedup
from memscribe.stages.plan import build_operations
from memscribe.stages.screen import screen
from memscribe.store.base import MemoryStore


def write_candidates(
    store: MemoryStore,
    profiles: Sequence[ProfileCandidate],
    playbooks: Sequence[PlaybookCandidate],
    *,
    scope: Scope,
    model: StructuredModel,
    now: dt.datetime,
    source: str,
) -> Plan:
    """Screen, dedup, plan and apply candidates written through a tool; returns the plan.

    Raises:
        MemscribeError: the store refused (lock, disk) or the model failed hard.
    """
    screened = screen(profiles, playbooks, injected_memories=())
    now = now.replace(microsecond=0)
    plan = Plan(
        transcript=source,
        format="text",
        model=model.name,
        created=now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        skipped=list(screened.skipped),
        redactions=list(screened.redactions),
    )
    if not screened.profiles and not screened.playbooks:
        return plan
    store.recover()
    sweep_store(store, now=now)
    with store.view(scope.namespace, scope.default) as view:
        deduped = dedup(screened.profiles, screened.playbooks, [], model=model, view=view)
        wanted = sorted({i for a in deduped.accepted for i in a.supersedes})
        existing = [e for e in (view.get(i) for i in wanted) if e is not None]
        operations = build_operations(deduped.accepted, existing, taken_ids=view.taken_ids(), now=now)
    plan.skipped.extend(deduped.skipped)
    stored = stored_namespace(scope.namespace, scope.default)
    # Written through a tool call, not from a transcript: no turns to cite.
    plan.operations = [
        in_namespace(op.model_copy(update={"evidence": []}) if isinstance(op, WriteOp) else op, stored)
        for op in operations
    ]
    plan.usage = model.usage.model_copy()
    plan = Plan.model_validate(plan.model_dump())
    if plan.operations:
        store.apply(plan)
    return plan
