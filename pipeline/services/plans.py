"""Plans made elsewhere (``memscribe extract --plan-only`` → ``memscribe apply PLAN.json``)."""

from __future__ import annotations

from typing import Any

from memscribe.errors import MemscribeError
from memscribe.kinds.parse import parse_memory_file
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.store.base import MemoryStore


def already_applied(plan: Plan, store: MemoryStore) -> bool:
    """Every file the plan writes is on disk with the plan's id: applying it again is a no-op."""
    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    if not writes:
        return False
    for op in writes:
        target = store.location / op.path
        try:
            if parse_memory_file(target.read_text(encoding="utf-8"), op.path).id != op.id:
                return False
        except (OSError, UnicodeDecodeError, MemscribeError):
            return False
    return True


def apply_stored_plan(store: MemoryStore, plan: Plan) -> dict[str, Any]:
    """Apply a stored plan once: an interrupted apply is finished first; a plan already applied
    writes nothing again, and its snapshot is appended only if not stored yet (idempotent)."""
    store.recover()
    result: dict[str, Any]
    if already_applied(plan, store):
        result = {"applied": False, "already_applied": True, "written": [], "archived": []}
        ops_done = plan.model_copy(update={"operations": []})
    else:
        ops_done = plan
        result = {}
    done = store.apply(ops_done, replay=True)
    if not result:
        result = {
            "applied": bool(plan.operations),
            "already_applied": False,
            "written": done.written,
            "archived": done.archived,
            "journal": done.journal,
        }
    if done.snapshot is not None:
        result["snapshot"] = {"id": done.snapshot.snapshot_id, "path": done.snapshot.path}
    return result
