"""Plans made elsewhere (``memscribe extract --plan-only`` → ``memscribe apply PLAN.json``).

A plan file is input from outside: it may have been edited, or written by someone else. So
:func:`screen_plan` runs the whole write screen on it before the store sees it, as the pipeline
does on what it makes itself: path shapes, control / bidi / zero-width characters, sizes,
secrets and injection text. The store checks path shapes and confinement again on every plan.
"""

from __future__ import annotations

import re
from typing import Any

from memscribe.errors import MemscribeError, UnsafeRootError
from memscribe.kinds.parse import parse_memory_file
from memscribe.schemas.plan import ArchiveOp, Plan, WriteOp
from memscribe.store.base import MemoryStore
from memscribe.store.confine import check_op_shape, check_path_text, read_text_nofollow

#: The most operations one plan may carry (a long transcript makes tens).
MAX_PLAN_OPERATIONS = 10_000
#: The largest memory file a plan may write (memories are short statements; 64 KiB is generous).
MAX_TEXT_BYTES = 64 * 1024
#: The largest task snapshot block a plan may append.
MAX_SNAPSHOT_BYTES = 256 * 1024
#: Single-line fields (slug, id, namespace, reasons) hold no control character at all.
_LINE_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: Text keeps newlines and tabs; no other C0/C1 control (ANSI escapes included), no NUL.
_TEXT_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: Bidi embeddings/overrides/isolates and invisible marks: text that reads differently than it runs.
_BIDI = re.compile(
    r"[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\U000e0000-\U000e007f]"
)


def screen_plan(plan: Plan) -> None:
    """The write screen for a plan made elsewhere: refuse it whole if any part would be unsafe.

    Checks every operation's paths (the shapes memscribe writes, no ``..`` / absolute / NUL /
    newline), single-line fields (no control characters), texts (no control or bidi
    characters, at most :data:`MAX_TEXT_BYTES`), secrets (any redaction finding refuses: a plan
    made by memscribe carries masks, never values) and injection text (the guard's rules and
    classifier on each memory body). The snapshot block gets the character, size and secret
    checks. Issue 15's screens for other writes can call this for plans.

    Raises:
        UnsafeRootError: the first problem, naming the operation and field (exit 7).
    """
    if len(plan.operations) > MAX_PLAN_OPERATIONS:
        raise _refused("plan", f"has {len(plan.operations)} operations (at most {MAX_PLAN_OPERATIONS})")
    for n, op in enumerate(plan.operations):
        where = f"operations[{n}]"
        for name in ("id", "kind", "path", "reason", "namespace", "slug", "archive_path", "superseded_by"):
            value = getattr(op, name, None)
            if isinstance(value, str):
                _check_line(f"{where}.{name}", value)
        problem = check_op_shape(op)
        if problem:
            raise _refused(where, problem)
        if isinstance(op, WriteOp):
            _check_write_op(where, op)
        elif isinstance(op, ArchiveOp) and len(op.reason) > 500:
            raise _refused(f"{where}.reason", "is over 500 characters")
    if plan.snapshot is not None:
        block = plan.snapshot
        problem = check_path_text(block.path)
        if problem:
            raise _refused("snapshot.path", problem)
        _check_text("snapshot.text", block.text, MAX_SNAPSHOT_BYTES)
        _check_secrets("snapshot.text", block.text)


def _refused(where: str, why: str) -> UnsafeRootError:
    return UnsafeRootError(f"plan refused: {where} {why} (nothing written)", path=where)


def _check_line(where: str, value: str) -> None:
    if _LINE_CONTROLS.search(value):
        raise _refused(where, "contains a control character (NUL, newline or escape)")
    if _BIDI.search(value):
        raise _refused(where, "contains a bidi or invisible character")


def _check_text(where: str, text: str, limit: int) -> None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise _refused(where, f"is {size} bytes (at most {limit})")
    if _TEXT_CONTROLS.search(text):
        raise _refused(where, "contains a control character (NUL or terminal escape)")
    if _BIDI.search(text):
        raise _refused(where, "contains a bidi or invisible character")


def _check_secrets(where: str, text: str) -> None:
    from memscribe.stages.redact import find_secrets

    found = find_secrets(text)
    if found:
        raise _refused(where, f"holds a secret ({found[0].type}); a plan carries masks, never values")


def _check_write_op(where: str, op: WriteOp) -> None:
    from memscribe.stages.guard import memory_rule as injection_rule

    for name, text in (("text", op.text), ("body", op.body)):
        _check_text(f"{where}.{name}", text, MAX_TEXT_BYTES)
        _check_secrets(f"{where}.{name}", text)
    try:
        body = parse_memory_file(op.text, op.path).body
    except MemscribeError as exc:
        raise _refused(f"{where}.text", f"does not parse as a memory file: {exc}") from None
    for name, text in (("body", op.body), ("text", body)):
        rule = injection_rule(text)
        if rule:
            raise _refused(f"{where}.{name}", f"reads as an instruction to an agent (rule {rule})")


def already_applied(plan: Plan, store: MemoryStore) -> bool:
    """Every file the plan writes is on disk with the plan's id: applying it again is a no-op."""
    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    if not writes:
        return False
    for op in writes:
        target = store.location / op.path
        try:
            if parse_memory_file(read_text_nofollow(target), op.path).id != op.id:
                return False
        except (OSError, UnicodeDecodeError, MemscribeError):
            return False
    return True


def apply_stored_plan(store: MemoryStore, plan: Plan) -> dict[str, Any]:
    """Apply a stored plan once: an interrupted apply is finished first; a plan already applied
    writes nothing again, and its snapshot is appended only if not stored yet (idempotent).

    Raises:
        UnsafeRootError: the plan fails :func:`screen_plan`, or the root is unsafe (exit 7).
    """
    screen_plan(plan)
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
