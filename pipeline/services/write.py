"""Direct writes: candidates handed in by an agent (MCP ``reflexio_write_*``), not found in a
transcript. Same guards as extraction — redact-out and the injection / secret screen, dedup
against the namespace's memories through the store's view — then the store applies the Plan.

An edit (``memscribe edit``) is a write that *replaces* one memory (``replacing``): the memory being
edited is no dedup target of its own new version (a one-word change is a restatement of it by
every similarity rule, and the user's explicit edit would be dropped as a duplicate), and the
new version supersedes it in the same transaction: archived with the reason, linked in history.
The edited memory must still be active when the write commits (checked under the store's lock,
against the entry dedup saw): one archived or changed meanwhile (another edit, a forget) makes the
write refuse, and the write's own expiry sweep leaves it to the edit.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace

from memscribe.errors import ALL, PARTLY, StoreError, UserError
from memscribe.model.base import StructuredModel
from memscribe.namespace import stored_namespace
from memscribe.relatedness import MemoryView
from memscribe.run import in_namespace
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.schemas.requests import ShortlistItem
from memscribe.services.maintenance import sweep_store
from memscribe.services.scope import Scope
from memscribe.stages.dedup import Accepted, dedup
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
    replacing: str | None = None,
) -> Plan:
    """Screen, dedup, plan and apply candidates written through a tool; returns the plan.

    ``replacing``: the id of an active memory of the namespace that this write is a new version
    of (an edit). Dedup does not see it; an accepted candidate supersedes it (archived with the
    reason ``edited``). A candidate dropped as a duplicate of another memory leaves it as it is.

    Raises:
        UserError: ``replacing`` is no longer active (archived or changed meanwhile, before the
            view or between the view and the lock): nothing written.
        MemscribeError: the store refused (lock, disk) or the model failed hard. A
            :class:`StoreError` whose write changed the memory (``changed`` ``"partly"`` /
            ``"all"``) carries the plan (``StoreError.plan``).
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
    # the memory an edit replaces is the edit's to archive, not the sweep's (expired or not)
    sweep_store(store, now=now, spare=frozenset() if replacing is None else frozenset({replacing}))
    edited: MemoryEntry | None = None
    with store.view(scope.namespace, scope.default) as view:
        seen: MemoryView = view
        if replacing is not None:
            edited = view.get(replacing)
            if edited is None:
                raise UserError(_gone(replacing))
            kinds = {"profile"} if screened.profiles else set()
            _check_same_scope(edited, scope, kinds | ({"playbook"} if screened.playbooks else set()))
            seen = _Without(view, replacing)
        deduped = dedup(screened.profiles, screened.playbooks, [], model=model, view=seen)
        if replacing is not None:
            deduped.accepted[:] = [_replaces(a, replacing) for a in deduped.accepted]
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
    plan = _validated(plan)
    try:
        if plan.operations and replacing is None:
            store.apply(plan)
        elif plan.operations and replacing is not None:
            from memscribe.services.plans import store_lock_timeout

            with store.lock(timeout=store_lock_timeout(store)):
                with store.view(scope.namespace, scope.default) as current:
                    if current.get(replacing) != edited:  # another edit or a forget came between
                        raise UserError(_gone(replacing))
                store.apply(plan, locked=True)
    except StoreError as exc:
        if exc.changed in (PARTLY, ALL):
            exc.plan = plan  # stored (or completed by the next run): the door says what
        raise
    return plan


def _validated(plan: Plan) -> Plan:
    """``plan`` validated whole (its operations were copied into their namespace, its lists
    extended in place), with what each skipped duplicate restates (``Skipped.same_as``, which
    every dump leaves out) put back into that record's data before validation, not afterwards."""
    data = plan.model_dump()
    for record, skipped in zip(data["skipped"], plan.skipped, strict=True):
        record["same_as"] = list(skipped.same_as)
    return Plan.model_validate(data)


def _check_same_scope(edited: MemoryEntry, scope: Scope, kinds: set[str]) -> None:
    """An edit replaces a memory of its own namespace and kind, never another's (an agent's view
    shows the default namespace too).

    Raises:
        UserError: ``edited`` is of another namespace or kind than the candidates.
    """
    namespace = edited.namespace or scope.default
    if namespace != scope.namespace or kinds != {edited.kind}:
        raise UserError(
            f"{edited.id!r} is a {edited.kind} of namespace {namespace!r}; this write is a"
            f" {' and '.join(sorted(kinds))} of"
            f" namespace {scope.namespace!r}: a write replaces a memory of its own namespace and kind;"
            " nothing written"
        )


def _gone(memory_id: str) -> str:
    return (
        f"the edited memory {memory_id!r} is no longer active (archived or changed meanwhile: another"
        " edit, a forget); nothing written (see memscribe list --archived)"
    )


def _replaces(item: Accepted, memory_id: str) -> Accepted:
    """``item`` as the new version of ``memory_id`` (an edit): it supersedes that memory too."""
    if memory_id in item.supersedes:
        return item
    reason = "edited" if item.reason == "new" else f"edited; {item.reason}"
    # an update in place names one memory; the edit replaces two: written as a new version
    return replace(item, supersedes=(memory_id, *item.supersedes), reason=reason, in_place=False)


class _Without:
    """A :class:`~memscribe.relatedness.MemoryView` that does not show one memory (the one an
    edit replaces)."""

    def __init__(self, view: MemoryView, memory_id: str) -> None:
        self._view = view
        self._hidden = memory_id

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        return [s for s in self._view.shortlist(kind, slug, text) if s.id != self._hidden]

    def get(self, memory_id: str) -> MemoryEntry | None:
        return None if memory_id == self._hidden else self._view.get(memory_id)

    def entries(self, kind: MemoryKind | None = None) -> list[MemoryEntry]:
        return [e for e in self._view.entries(kind) if e.id != self._hidden]
