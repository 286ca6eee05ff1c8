"""Could the memory changes since a plan was made change that plan?

A plan is checked at commit against what changed in the memory between the view it was planned
against and the memory now. Only changes the plan could relate to count: an entry it archives,
updates in place or was judged a duplicate of that went away or was updated in place since
(another version than the one it saw), or a new entry (or new version) of the same kind on the
same topic or with text similar enough for the dedup stage to look at it. Conservative by
design: a "stale" plan is only planned again, never wrong.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from memscribe.batch.board import ViewBase
from memscribe.batch.view import MemoryState, Snapshot
from memscribe.relatedness import SHORTLIST_SCORE
from memscribe.relatedness import may_shortlist as related_text
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Plan, UpdateOp, WriteOp

#: Similarity at which a memory that changed since the snapshot may alter a plan's dedup: the
#: one relatedness rule's shortlist threshold (below it, dedup never looks at the entry).
RELATED_SCORE = SHORTLIST_SCORE


def related(op: WriteOp | UpdateOp, entry: MemoryEntry) -> bool:
    """Would the dedup stage look at ``entry`` for the candidate ``op`` writes (or merges in)?"""
    return entry.kind == op.kind and related_text(op.slug, op.body, entry.slug, entry.body)


def _unseen(
    plan: Plan, added: Iterable[MemoryEntry], seen: Iterable[tuple[str, str]] = ()
) -> list[MemoryEntry]:
    """``added`` less the versions the plan was made against: an entry whose body now is the one
    the plan looked up (``seen``: (id, body) pairs) or updates from (an earlier plan of the run
    updated it and this plan was made against that update) is not a change under the plan."""
    known = {(i, body.strip()) for i, body in seen}
    known |= {(op.id, op.previous_body.strip()) for op in plan.operations if isinstance(op, UpdateOp)}
    return [e for e in added if (e.id, e.body.strip()) not in known]


def changed_under(
    plan: Plan,
    added: Iterable[MemoryEntry],
    removed: Collection[str],
    taken: Collection[str],
    seen: Iterable[tuple[str, str]] = (),
) -> bool:
    """Stale when ``added`` / ``removed`` (relative to the plan's view) could change it.

    ``added`` holds new entries and new versions of entries the view held (an update in
    place since): a plan that archives or updates such an entry, or was judged a duplicate
    of it, was made against a version that is no longer there (unless ``seen`` says the plan
    looked that version up)."""
    added = _unseen(plan, added, seen)
    changed = set(removed) | {e.id for e in added}
    for op in plan.operations:
        if isinstance(op, ArchiveOp | UpdateOp) and op.id in changed:
            return True
        if isinstance(op, WriteOp) and op.id in taken:
            return True
        if isinstance(op, WriteOp | UpdateOp) and any(related(op, entry) for entry in added):
            return True
    return any(old in s.detail for s in plan.skipped for old in changed)


def is_stale(plan: Plan, before: Snapshot, now: Snapshot) -> bool:
    """Could the memory changes between ``before`` and ``now`` change this plan?"""
    before_ids, now_ids = before.ids, now.ids
    was = {e.id: e for e in before.entries}
    # new entries, and new versions of entries ``before`` held (updated in place since)
    added = [e for e in now.entries if was.get(e.id) != e]
    if (
        not added
        and before_ids == now_ids
        and not any(isinstance(op, WriteOp) and op.id in now.taken_ids for op in plan.operations)
    ):
        return False
    return changed_under(plan, added, before_ids - now_ids, now.taken_ids)


def is_stale_since(
    plan: Plan, base: ViewBase | None, state: MemoryState, seen: Iterable[tuple[str, str]] = ()
) -> bool:
    """:func:`is_stale` for a plan made against ``base`` (a committed version plus the pending
    plans of earlier transcripts), checked against ``state``: costs what changed since.
    ``seen``: the (id, body) of the entries the plan looked up (:attr:`UnitResult.seen`)."""
    if base is None:  # the plan never looked at the memory
        return False
    changes = state.since(base.version)
    # Only changes in the plan's namespace can change it (dedup compares nothing else).
    added = [e for i, e in changes.added.items() if i not in base.added_ids and base.in_scope(e)]
    removed = set(changes.removed - base.removed_ids)
    for memory_id in base.added_ids:  # assumed written by an earlier plan: is it there?
        if memory_id not in changes.added:
            removed.add(memory_id)
    for memory_id in base.removed_ids:  # assumed archived by an earlier plan: is it gone?
        if memory_id not in changes.removed:
            entry = state.active(memory_id)
            if entry is not None and base.in_scope(entry):
                added.append(entry)
    # The entries the plan archives or updates, as it looked them up: the version it saw may
    # be one an earlier plan of the run was to write and then did not (re-planned since).
    seen = tuple(seen)
    listed = {e.id for e in added}
    for memory_id, body in seen:
        entry = state.active(memory_id)
        if entry is None:
            removed.add(memory_id)
        elif entry.body.strip() != body.strip() and memory_id not in listed:
            added.append(entry)
    return changed_under(plan, added, removed, state.taken_ids, seen)
