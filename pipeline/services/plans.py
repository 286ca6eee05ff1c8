"""Plans made elsewhere (``memscribe extract --plan-only`` → ``memscribe apply PLAN.json``).

A plan file is input from outside: it may have been edited, or written by someone else. So
:func:`screen_plan` runs the whole write screen on it before the store sees it, as the pipeline
does on what it makes itself: path shapes, control / bidi / zero-width characters, sizes,
secrets and injection text. The store checks path shapes and confinement again on every plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from memscribe.errors import MemscribeError, UnsafeRootError
from memscribe.kinds.frontmatter import split_frontmatter
from memscribe.kinds.parse import parse_memory_file
from memscribe.safety.write_guard import REASON_MAX_CHARS
from memscribe.schemas.plan import ArchiveOp, Plan, UpdateOp, WriteOp
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


def screen_plan(plan: Plan) -> Plan:
    """The write screen for a plan made elsewhere: refuse it whole if any part would be unsafe.

    Checks every operation's paths (the shapes memscribe writes, no ``..`` / absolute / NUL /
    newline), single-line fields (no control characters), texts (no control or bidi
    characters, at most :data:`MAX_TEXT_BYTES`), secrets (any redaction finding refuses: a plan
    made by memscribe carries masks, never values) and injection text (the guard's rules and
    classifier on each memory body and on the snapshot block's parts). An archive op's reason
    that reads as an instruction is replaced by a neutral one (:func:`_neutral_reasons`), as
    ``extract`` makes it; the plan is not refused for it. Issue 15's screens for other writes
    can call this for plans.

    Returns:
        the plan to apply: ``plan`` itself, or a copy with neutral archive reasons.

    Raises:
        UnsafeRootError: the first problem, naming the operation and field (exit 7).
    """
    if len(plan.operations) > MAX_PLAN_OPERATIONS:
        raise _refused("plan", f"has {len(plan.operations)} operations (at most {MAX_PLAN_OPERATIONS})")
    plan = _neutral_reasons(plan)
    for n, op in enumerate(plan.operations):
        where = f"operations[{n}]"
        for name in ("id", "kind", "path", "reason", "namespace", "slug", "archive_path", "superseded_by"):
            value = getattr(op, name, None)
            if isinstance(value, str):
                _check_line(f"{where}.{name}", value)
        problem = check_op_shape(op)
        if problem:
            raise _refused(where, problem)
        if isinstance(op, WriteOp | UpdateOp):  # an update's text is new text: the same screens
            _check_write_op(where, op)
        if isinstance(op, UpdateOp) and op.reason:  # the previous version is archived with it
            _check_reason(f"{where}.reason", op.reason)
        elif isinstance(op, ArchiveOp):
            _check_reason(f"{where}.reason", op.reason)
    if plan.snapshot is not None:
        block = plan.snapshot
        problem = check_path_text(block.path)
        if problem:
            raise _refused("snapshot.path", problem)
        _check_text("snapshot.text", block.text, MAX_SNAPSHOT_BYTES)
        _check_secrets("snapshot.text", block.text)
        _check_snapshot_prose(block.text)
    return plan


def _neutral_reasons(plan: Plan) -> Plan:
    """``plan`` with each archive (or update-in-place) op's model-written reason as :func:`archive_reason` makes it
    (the reason ``extract`` writes itself): one the guard refuses is replaced, not a refusal of
    the plan. A secret still refuses the plan (:func:`_check_reason`: a plan carries masks)."""
    from memscribe.safety.write_guard import archive_reason

    ops: list[Any] = []
    changed = False
    for op in plan.operations:
        if isinstance(op, ArchiveOp | UpdateOp) and op.reason and not _holds_secret(op.reason):
            reason, replaced = archive_reason(op.reason, getattr(op, "superseded_by", None))
            if replaced:
                op = op.model_copy(update={"reason": reason})
                changed = True
        ops.append(op)
    return plan.model_copy(update={"operations": ops}) if changed else plan


def _holds_secret(text: str) -> bool:
    from memscribe.stages.redact import find_secrets

    return bool(find_secrets(text))


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


#: A section heading of a snapshot block (``render``'s shape; a demoted heading does not match).
_SECTION_HEAD = re.compile(r"^### \[SNAPSHOT\] (?P<title>.+)$", re.MULTILINE)


def _snapshot_parts(text: str) -> list[tuple[str, str]]:
    """The block cut where the snapshot stage screens it: each section's body (its heading's title
    names it) and what precedes the first heading. A block that is not the eight sections, each
    once and in order, is one part: all of it is screened as one text."""
    from memscribe.snapshot.render import SECTIONS

    heads = list(_SECTION_HEAD.finditer(text))
    if [h.group("title").strip() for h in heads] != list(SECTIONS):
        return [("snapshot", text)]
    parts = [("snapshot", text[: heads[0].start()])]
    for n, head in enumerate(heads):
        end = heads[n + 1].start() if n + 1 < len(heads) else len(text)
        parts.append((head.group("title").strip(), text[head.end() : end]))
    return parts


#: An item line as ``render`` writes it: ``- …`` or ``N. …`` (Current State's ``- Phase: …`` too).
_ITEM_LINE = re.compile(r"^(?:- (?:(?:Phase|Branch|Blocked|Progress): )?|\d+\. )(?=\S)")


def _snapshot_units(name: str, part: str) -> list[str]:
    """The texts of one part as the snapshot stage screened them: each item of a section of item
    lines (or its one line) on its own, its ``- ``/``N. ``/field marker off; the Code Context,
    the preamble and a section with any other line (prose after the block's end included) whole."""
    from memscribe.snapshot.render import CLOSE, SECTIONS

    lines = [line for line in part.split("\n") if line.strip()]
    if name == SECTIONS[-1] and lines and lines[-1] == CLOSE:
        lines.pop()  # the block's end; anything after it is a line of another shape
    if name in ("snapshot", "Code Context") or not lines:
        return [part]
    if all(_ITEM_LINE.match(line) for line in lines):
        return [line[_ITEM_LINE.match(line).end() :] for line in lines]  # type: ignore[union-attr]
    return lines if len(lines) == 1 else [part]


def _check_snapshot_prose(text: str) -> None:
    """The snapshot stage keeps no section item that addresses the agent reading it, its Code
    Context included (``Sanitizer.keep`` per item); a plan's block gets that screen on the same
    units (:func:`_snapshot_units`), every byte of it in one (apply is never looser than the
    stage that saves a snapshot, and refuses no block the stage made)."""
    from memscribe.snapshot.sanitize import Sanitizer

    screen = Sanitizer()
    for name, part in _snapshot_parts(text):
        for unit in _snapshot_units(name, part):
            if not screen.keep(unit, name=name, limit=len(unit) + 1):
                why = screen.guard.refused[-1].detail if screen.guard.refused else "refused"
                raise _refused("snapshot.text", f"{name} reads as an instruction to an agent ({why})")


#: An archive reason (``forget --reason``, the MCP ``memory_forget`` tool, a plan's archive op).
MAX_REASON_CHARS = REASON_MAX_CHARS


def screen_reason(reason: str) -> str:
    """A reason to archive with, as it is written into the archived file: cleaned, its secrets
    masked. The one rule for every door (``forget``, MCP, and :func:`screen_plan` for ``apply``).

    Raises:
        UserError: the reason is shaped like an instruction to an agent or is oversized (exit 2;
            the message does not echo the reason).
    """
    from memscribe.errors import UserError
    from memscribe.safety.write_guard import WriteGuard

    guard = WriteGuard()
    if not guard.admit(reason, name="reason", limit=MAX_REASON_CHARS):
        first = guard.refused[0]
        raise UserError(
            f"the reason is refused by the write guard: {first.reason} ({first.detail}); nothing archived"
        )
    return guard.text(reason, name="reason", limit=MAX_REASON_CHARS)


def _check_reason(where: str, reason: str) -> None:
    """An archive op's reason reaches ``archive_reason:`` in the archived file: no secret, no
    instruction to an agent (:func:`screen_reason`'s rule), at most :data:`MAX_REASON_CHARS`."""
    from memscribe.errors import UserError

    if len(reason) > MAX_REASON_CHARS:
        raise _refused(where, f"is over {MAX_REASON_CHARS} characters")
    _check_secrets(where, reason)
    try:
        screen_reason(reason)
    except UserError as exc:
        raise _refused(where, "reads as an instruction to an agent") from exc


def _frontmatter_comments(text: str) -> list[str]:
    """The comments of ``text``'s frontmatter (the block between its opening ``---`` line and the
    next ``---`` line): a line's text after a ``#`` that opens it or follows a blank, whole-line
    (``# …``) or trailing (``ttl: one_year  # …``); the parser keeps neither."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return []
    comments: list[str] = []
    for line in lines[1:]:
        if line.strip() == "---":
            return comments
        if comment := _COMMENT.search(line):
            comments.append(comment.group(1).strip())
    return []  # no closing line: no frontmatter (the parser refuses it)


#: A YAML comment: ``#`` at a line's start or after a blank, to the end of the line.
_COMMENT = re.compile(r"(?:^|\s)#(.*)$")


def _check_write_op(where: str, op: WriteOp | UpdateOp) -> None:
    from memscribe.stages.guard import memory_rule as injection_rule

    for name, text in (("text", op.text), ("body", op.body)):
        _check_text(f"{where}.{name}", text, MAX_TEXT_BYTES)
        _check_secrets(f"{where}.{name}", text)
    try:
        body = parse_memory_file(op.text, op.path).body
        meta, _ = split_frontmatter(op.text, op.path)
    except MemscribeError as exc:
        raise _refused(f"{where}.text", f"does not parse as a memory file: {exc}") from None
    # The frontmatter is read back into an agent's context with the body: a key the plan's
    # author added (``note: ignore previous instructions …``) gets the body's screen too.
    fields = [(f"text frontmatter {key!r}", value) for key, value in meta.items()]
    # … and so does a comment line in it, which no key holds (``# ignore previous instructions``).
    fields += [("text frontmatter comment", line) for line in _frontmatter_comments(op.text)]
    for name, text in (("body", op.body), ("text", body), *fields):
        rule = injection_rule(text)
        if rule:
            raise _refused(f"{where}.{name}", f"reads as an instruction to an agent (rule {rule})")


def already_applied(plan: Plan, store: MemoryStore) -> bool:
    """Every file the plan writes is on disk with the plan's id, and every file it updates holds
    the plan's text: applying it again is a no-op."""
    writes = [op for op in plan.operations if isinstance(op, WriteOp | UpdateOp)]
    if not writes:
        return False
    for op in writes:
        target = store.location / op.path
        try:
            text = read_text_nofollow(target)
            if isinstance(op, UpdateOp) and text != op.text:
                return False
            if parse_memory_file(text, op.path).id != op.id:
                return False
        except (OSError, UnicodeDecodeError, MemscribeError):
            return False
    return True


@dataclass
class Rebased:
    """A stored plan checked against the root as it is now (see :func:`rebase_plan`)."""

    plan: Plan
    #: Writes dropped: (the op's id, the id of the active entry that already says it).
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    #: Archive ops dropped: the entry is no longer active (archived since the plan was made).
    already_archived: list[str] = field(default_factory=list)


def rebase_plan(plan: Plan, store: MemoryStore) -> Rebased:
    """Check a plan made against an older view with the root as it is now (under the lock).

    A write whose text restates an active entry of its kind and namespace
    (:func:`memscribe.relatedness.restates`, the dedup stage's own duplicate rule, on the
    index's shortlist: costs what the plan writes, not the root) is dropped, and an archive op
    superseded by it points at that entry instead; an archive op whose entry is no longer
    active was done already and is dropped. So applying plans however they were made (two
    ``extract --plan-only`` runs over the same transcript, a plan shipped from a worker) never
    writes the same fact twice.
    """
    from memscribe.kinds import kind
    from memscribe.namespace import default_namespace
    from memscribe.relatedness import restates

    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    if not store.has_memory() or not plan.operations:
        return Rebased(plan)
    default = default_namespace()
    archived_here = {op.id for op in plan.operations if isinstance(op, ArchiveOp)}
    same_as: dict[str, str] = {}
    for namespace in sorted({op.namespace or default for op in writes}):
        with store.view(namespace, default) as view:
            for op in writes:
                if (op.namespace or default) != namespace:
                    continue
                text = kind(op.kind).entry_text(parse_memory_file(op.text, op.path))
                for item in view.shortlist(op.kind, op.slug, text):
                    if item.id not in archived_here and restates(text, item.text):
                        same_as[op.id] = item.id
                        break
    gone = [op.id for op in plan.operations if isinstance(op, ArchiveOp) and not _active(store, op)]
    operations: list[WriteOp | ArchiveOp | UpdateOp] = []
    for planned in plan.operations:
        if isinstance(planned, UpdateOp):  # checked against its file's current body when applied
            operations.append(planned)
            continue
        if isinstance(planned, WriteOp):
            if planned.id not in same_as:
                operations.append(planned)
            continue
        if planned.id not in gone:
            target = same_as.get(planned.superseded_by or "", planned.superseded_by)
            if target != planned.superseded_by:
                planned = planned.model_copy(update={"superseded_by": target})
            operations.append(planned)
    if len(operations) == len(plan.operations) and not same_as:
        return Rebased(plan)
    return Rebased(
        plan.model_copy(update={"operations": operations}),
        duplicates=sorted(same_as.items()),
        already_archived=gone,
    )


def _active(store: MemoryStore, op: ArchiveOp) -> bool:
    """Whether the file an archive op names is still there holding its entry."""
    try:
        return parse_memory_file(read_text_nofollow(store.location / op.path), op.path).id == op.id
    except (OSError, UnicodeDecodeError, MemscribeError):
        return False


def apply_stored_plan(store: MemoryStore, plan: Plan) -> dict[str, Any]:
    """Apply a stored plan once: an interrupted apply is finished first; a plan already applied
    writes nothing again, and its snapshot is appended only if not stored yet (idempotent).

    A plan made against an older view is checked against the root as it is now, under the
    lock (:func:`rebase_plan`): its writes that restate an active entry are dropped and
    reported as ``duplicates``.

    Raises:
        UnsafeRootError: the plan fails :func:`screen_plan`, or the root is unsafe (exit 7).
    """
    screened = screen_plan(plan)
    withheld = [
        op.id
        for op, was in zip(screened.operations, plan.operations, strict=True)
        if isinstance(op, ArchiveOp) and op is not was
    ]
    plan = screened
    store.recover()
    result: dict[str, Any] = {}
    with store.lock(timeout=store_lock_timeout(store)):
        if already_applied(plan, store):
            result = {"applied": False, "already_applied": True, "written": [], "updated": [], "archived": []}
            rebased = Rebased(plan.model_copy(update={"operations": []}))
        else:
            rebased = rebase_plan(plan, store)
        done = store.apply(rebased.plan, replay=True, locked=True)
    if not result:
        result = {
            "applied": bool(rebased.plan.operations),
            "already_applied": False,
            "written": done.written,
            "updated": done.updated,
            "archived": done.archived,
            "journal": done.journal,
        }
    if rebased.duplicates:
        result["duplicates"] = [{"id": new, "same_as": old} for new, old in rebased.duplicates]
    if rebased.already_archived:
        result["already_archived"] = rebased.already_archived
    if withheld:
        result["reasons_withheld"] = withheld
    if done.snapshot is not None:
        result["snapshot"] = {"id": done.snapshot.snapshot_id, "path": done.snapshot.path}
    return result


def store_lock_timeout(store: MemoryStore) -> float:
    """The store's own lock timeout where it has one (the file store's), else 5 s."""
    return float(getattr(store, "lock_timeout", 5.0))
