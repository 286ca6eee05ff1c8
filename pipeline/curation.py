"""Curation: what people do with stored memories — list, show, forget, export, import.

Thin functions over the index (reads), the memory store (``forget`` is an archive operation in a
Plan, applied by :class:`~memscribe.store.filestore.FileMemoryStore` like any other: the file
moves to ``.reflexio/.archive/`` with the reason, never deleted) and the MCP write tools
(``import`` hands every item to the same screen, dedup and apply as an agent's write). Nothing
here writes a memory file directly.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from memscribe.errors import InputError, UserError
from memscribe.index.db import IndexedEntry, MemoryIndex, open_index, playbook_line

if TYPE_CHECKING:
    from memscribe.schemas.memory import TTL, MemoryEntry, MemoryKind

FORGET_SOURCE = "(forget)"
EDIT_SOURCE = "(edit)"
IMPORT_FORMATS = ("jsonl", "markdown", "mem0")


def open_root_index(root: Path) -> MemoryIndex:
    """The root's index, refreshed (in memory when the root has no ``.reflexio/`` yet)."""
    return open_index(root, in_memory=not (Path(root) / ".reflexio").is_dir())


def unreadable(index: MemoryIndex) -> list[tuple[str, str]]:
    """Memory files the index could not parse: (path, why). Reported, never skipped silently."""
    rows = index.conn.execute("SELECT path, error FROM files WHERE ok = 0 ORDER BY path").fetchall()
    return [(str(p), str(e or "unreadable")) for p, e in rows]


def _record(found: IndexedEntry, default: str) -> dict[str, Any]:
    e = found.entry
    return {
        "id": e.id,
        "kind": e.kind,
        "namespace": e.namespace or default,
        "slug": e.slug,
        "created": e.created,
        "ttl": e.ttl,
        "expires": e.expires,
        "supersedes": list(e.supersedes),
        "path": e.path,
        "archived": found.archived,
        "superseded_by": found.superseded_by,
        "archive_reason": found.archive_reason,
        "summary": " ".join((playbook_line(e.body) if e.kind == "playbook" else e.body).split()),
        "body": e.body,
    }


def list_memories(
    index: MemoryIndex,
    *,
    namespace: str | None,
    default: str,
    kind: str | None = None,
    expiring_days: int | None = None,
    superseded: bool = False,
    archived: bool = False,
    today: dt.date | None = None,
) -> list[dict[str, Any]]:
    """Memories as records, filtered.

    Args:
        namespace: one namespace, or None for all.
        expiring_days: only active profiles expiring within this many days (0: today or earlier).
        superseded: only archived entries that a newer memory superseded.
        archived: archived entries (superseded, expired, forgotten) instead of active ones.
    """
    today = today or dt.datetime.now(dt.UTC).date()
    wants_archive = archived or superseded
    entries = index.entries(
        archived=wants_archive,
        namespace=namespace,
        default=default,
        kind=cast("MemoryKind | None", kind),  # checked by the command (check_kind)
    )
    out: list[dict[str, Any]] = []
    for entry in entries:
        found = next((f for f in index.lookup(entry.id) if f.archived == wants_archive), None)
        if found is None:
            continue
        if superseded and not found.superseded_by:
            continue
        if expiring_days is not None:
            if entry.kind != "profile" or not entry.expires or entry.expires == "never":
                continue
            try:
                if dt.date.fromisoformat(entry.expires) > today + dt.timedelta(days=expiring_days):
                    continue
            except ValueError:
                continue
        out.append(_record(found, default))
    return out


@dataclass
class Shown:
    record: dict[str, Any]
    text: str
    history: list[dict[str, Any]] = field(default_factory=list)


def show_memory(index: MemoryIndex, root: Path, memory_id: str, *, default: str) -> Shown:
    """One memory (active or archived) with its file text and its supersession history.

    Raises:
        UserError: no memory has this id.
    """
    from memscribe.services.maintenance import lineage

    chain = lineage(index, memory_id)
    if chain is None:
        raise UserError(f"no memory with id {memory_id!r}")
    # the memory itself: not one of the previous versions an update in place archived (same id)
    target = chain.target
    try:
        text = (Path(root) / target.entry.path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read: {exc}", path=target.entry.path) from None
    shown = Shown(record=_record(target, default), text=text)
    for depth, older in chain.ancestors:
        shown.history.append({"relation": "supersedes", "depth": depth, **_record(older, default)})
    for version in chain.versions:  # oldest first
        shown.history.append(
            {
                "relation": "previous_version",
                "updated_at": version.updated_at,
                **_record(version.found, default),
            }
        )
    for newer in chain.successors:
        shown.history.append({"relation": "superseded_by", **_record(newer, default)})
    return shown


def forget_memory(root: Path, memory_id: str, *, reason: str, now: dt.datetime, dry_run: bool = False) -> Any:
    """Archive an active memory with ``reason`` (a Plan with one archive operation, applied).

    Raises:
        UserError: no active memory has this id, or the reason is empty, oversized or shaped
            like an instruction to an agent (its secrets are masked).
    """
    from memscribe.schemas.plan import ArchiveOp, Plan
    from memscribe.services.plans import screen_reason
    from memscribe.store.files import archive_path, utc_stamp
    from memscribe.store.filestore import FileMemoryStore

    if not reason.strip():
        raise UserError("forget needs a --reason (it is kept with the archived file)")
    reason = screen_reason(reason)  # written into the archived file: one rule for every door
    with open_root_index(root) as index:
        active = [f for f in index.lookup(memory_id) if not f.archived]
    if not active:
        raise UserError(f"no active memory with id {memory_id!r} (see memscribe list --archived)")
    entry = active[0].entry
    op = ArchiveOp(
        kind=entry.kind,
        id=entry.id,
        path=entry.path,
        archive_path=archive_path(entry.path),
        superseded_by=None,
        reason=f"forgotten: {' '.join(reason.split())}",
    )
    plan = Plan(
        transcript=FORGET_SOURCE, format="store", model="none", created=utc_stamp(now), operations=[op]
    )
    if not dry_run:
        FileMemoryStore(root).apply(plan, now=now)
    return plan


def export_records(
    index: MemoryIndex, *, namespace: str | None, default: str, archived: bool
) -> list[dict[str, Any]]:
    records = list_memories(index, namespace=namespace, default=default)
    if archived:
        records += list_memories(index, namespace=namespace, default=default, archived=True)
    return records


# -- import -----------------------------------------------------------------------------------------

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(?P<text>.+?)\s*$")
_HEADING = re.compile(r"^\s*#{1,6}\s")


@dataclass(frozen=True)
class ImportItem:
    """One thing to import: a memscribe record (kind, slug, ttl, body) or a plain statement."""

    text: str
    kind: str | None = None
    slug: str | None = None
    ttl: str | None = None
    origin: str = ""


def detect_format(path: Path, text: str) -> str:
    if path.suffix.lower() in (".md", ".markdown", ".txt"):
        return "markdown"
    stripped = text.lstrip()
    if stripped.startswith("["):
        return "mem0"
    # Records are read a "\n" at a time (json_items): the first line that parses says which
    # export it is, so a bad first record does not turn the file into markdown statements.
    lines = [line for line in text.split("\n") if line.strip()]
    if not (path.suffix.lower() in (".jsonl", ".ndjson", ".json") or stripped.startswith("{")):
        return "markdown"
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            return "mem0" if "memory" in record and "body" not in record else "jsonl"
    return "jsonl"


def markdown_items(text: str, origin: str) -> list[ImportItem]:
    """One item per list entry or paragraph of a CLAUDE.md / MEMORY.md (headings and code skipped)."""
    items: list[ImportItem] = []
    in_code = False
    paragraph: list[str] = []

    def flush(line_no: int) -> None:
        if paragraph:
            items.append(ImportItem(text=" ".join(paragraph), origin=f"{origin}:{line_no}"))
            paragraph.clear()

    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("```"):
            in_code = not in_code
            flush(n)
            continue
        if in_code or _HEADING.match(line) or line.strip().startswith(("<!--", "---", "|", ">")):
            flush(n)
            continue
        bullet = _BULLET.match(line)
        if bullet:
            flush(n)
            items.append(ImportItem(text=bullet["text"], origin=f"{origin}:{n}"))
        elif line.strip():
            paragraph.append(line.strip())
        else:
            flush(n)
    flush(len(text.splitlines()))
    return [i for i in items if len(i.text) >= 3]


def json_items(
    text: str, fmt: str, origin: str, *, strict: bool = False
) -> tuple[list[ImportItem], list[str]]:
    """Items of a memscribe export (JSONL records) or a mem0 export (``memory`` fields), and the
    JSONL lines skipped (``<origin>:<line>: <why>``, the file's own line numbers; never the
    line's text, which may quote a secret).

    Raises:
        InputError: a JSON document that does not parse, a JSONL file with no good record, or
            (``strict``) the first bad JSONL line; each names its line.
    """
    stripped = text.strip()
    if stripped.startswith("[") or (stripped.startswith("{") and "\n" not in stripped):
        try:
            loaded = json.loads(stripped)
        except json.JSONDecodeError as exc:
            at = exc.lineno + text[: len(text) - len(text.lstrip())].count("\n")
            raise InputError(f"not JSON: {exc.msg} (column {exc.colno})", path=origin, line=at) from None
        if isinstance(loaded, dict):
            loaded = loaded.get("results") or loaded.get("memories") or [loaded]
        records = list(enumerate(loaded if isinstance(loaded, list) else [], start=1))
        return [i for n, r in records if (i := _json_item(r, fmt, f"{origin}:{n}")) is not None], []
    items: list[ImportItem] = []
    bad: list[tuple[int, str]] = []
    # "\n" only: a record may hold U+2028 or other characters str.splitlines breaks at
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            bad.append((n, f"bad JSON: {exc.msg} (column {exc.colno})"))
        else:
            item = _json_item(record, fmt, f"{origin}:{n}")
            if item is not None:
                items.append(item)
            else:
                bad.append((n, "no memory in the record (a profile or playbook body, or a memory text)"))
        if bad and strict:
            break
    if bad and (strict or not items):
        first, why = bad[0]
        raise InputError(
            why if strict else f"{why} (no record in the file could be imported)", path=origin, line=first
        )
    return items, [f"{origin}:{n}: {why}" for n, why in bad]


def _json_item(record: Any, fmt: str, origin: str) -> ImportItem | None:
    """One record's item (None: not an object, or no memory text in it)."""
    if not isinstance(record, dict):
        return None
    if fmt == "mem0" or ("memory" in record and "body" not in record):
        memory = record.get("memory") or record.get("text")
        if isinstance(memory, str) and memory.strip():
            return ImportItem(text=memory.strip(), origin=origin)
        return None
    body = record.get("body")
    if isinstance(body, str) and body.strip() and record.get("kind") in ("profile", "playbook"):
        return ImportItem(
            text=body.strip(),
            kind=str(record["kind"]),
            slug=record.get("slug") if isinstance(record.get("slug"), str) else None,
            ttl=record.get("ttl") if isinstance(record.get("ttl"), str) else None,
            origin=origin,
        )
    return None


def read_import(
    path: Path, fmt: str | None = None, *, strict: bool = False
) -> tuple[str, list[ImportItem], list[str]]:
    """The format, the items of an import file and the JSONL lines skipped (see :func:`json_items`).

    Raises:
        InputError: unreadable, or not the format named (naming the line where known).
        UserError: unknown format.
    """
    from memscribe.inputs import read_file_bytes

    try:
        text = read_file_bytes(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", path=str(path)) from None
    fmt = fmt or detect_format(path, text)
    if fmt not in IMPORT_FORMATS:
        raise UserError(f"unknown --format {fmt!r}; choose one of {', '.join(IMPORT_FORMATS)}")
    if fmt == "markdown":
        return fmt, markdown_items(text, str(path)), []
    items, bad = json_items(text, fmt, str(path), strict=strict)
    return fmt, items, bad


def import_items(
    items: Iterable[ImportItem],
    write_profile: Callable[[str, str, str], dict[str, Any]],
    write_playbook: Callable[[str, str], dict[str, Any]],
    *,
    ttl: str,
) -> list[dict[str, Any]]:
    """Hand each item to the write tools (screen, dedup, apply); returns each item's answer.

    A plain statement becomes a profile candidate (slug from its words); a record keeps its kind.
    """
    from memscribe.store.files import make_slug

    answers: list[dict[str, Any]] = []
    for item in items:
        slug = item.slug or make_slug(item.text) or "imported"
        if item.kind == "playbook":
            answer = write_playbook(slug, item.text)
        else:
            answer = write_profile(slug, item.ttl or ttl, item.text)
        answers.append({"origin": item.origin, "text": item.text, **answer})
    return answers


def edit_memory(
    root: Path,
    memory_id: str,
    *,
    edit: Callable[[str], str],
    write_profile: Callable[[str, str, str], dict[str, Any]],
    write_playbook: Callable[[str, str], dict[str, Any]],
    now: dt.datetime,
) -> dict[str, Any]:
    """Let ``edit`` change a memory's file; store the result as a new version, archive the old.

    Memory files are never rewritten in place: the edited text is validated (a memory file of
    the same kind and id), then written like any other write (screen, dedup) and the old version
    is archived with ``edited: replaced by <new id>`` unless the write already superseded it.

    Raises:
        UserError: no active memory has this id; the edited file is not a valid memory file, or
            changes its kind or id.
    """
    from memscribe.errors import StoreError
    from memscribe.store.files import parse_memory_file

    with open_root_index(root) as index:
        active = [f for f in index.lookup(memory_id) if not f.archived]
    if not active:
        raise UserError(f"no active memory with id {memory_id!r}")
    entry = active[0].entry
    text = (Path(root) / entry.path).read_text(encoding="utf-8")
    edited = edit(text)
    if edited == text:
        return {"changed": False, "id": memory_id}
    try:
        parsed = parse_memory_file(edited, entry.path)
    except StoreError as exc:
        raise UserError(f"the edited file is not a valid memory file, nothing changed: {exc}") from None
    if (parsed.kind, parsed.id) != (entry.kind, entry.id):
        raise UserError("an edit cannot change a memory's type or id; nothing changed")
    if parsed.body.strip() == entry.body.strip():
        if parsed.ttl != entry.ttl and parsed.kind == "profile" and parsed.ttl is not None:
            return _retimed(root, entry, text, parsed.ttl, now=now)
        if parsed.expires != entry.expires or parsed.ttl != entry.ttl:
            raise UserError(
                "expires follows ttl (and playbooks have none): change the ttl line; nothing changed"
            )
        return {"changed": False, "id": memory_id}
    if parsed.kind == "playbook":
        answer = write_playbook(parsed.slug, parsed.body)
    else:
        answer = write_profile(parsed.slug, parsed.ttl or entry.ttl or "one_year", parsed.body)
    if not answer.get("stored"):
        return {"changed": False, "id": memory_id, "refused": answer}
    written = answer["written"][0]
    if memory_id not in written.get("supersedes", []):
        forget_memory(root, memory_id, reason=f"edited: replaced by {written['id']}", now=now)
    return {"changed": True, "id": written["id"], "replaces": memory_id, "path": written["path"]}


def _retimed(root: Path, entry: MemoryEntry, text: str, ttl: TTL, *, now: dt.datetime) -> dict[str, Any]:
    """A profile's TTL changed and nothing else: an update in place (its id, file, ``created``,
    ``updated`` and body kept; ``expires`` counted anew from when the fact was stated), the
    previous version archived with the reason. Not a new version through the write path, where
    the unchanged body is a duplicate of itself and the change was lost."""
    from memscribe.kinds.frontmatter import split_frontmatter
    from memscribe.kinds.profile import render_profile
    from memscribe.schemas.plan import Plan, UpdateOp
    from memscribe.store.files import archive_path, utc_stamp
    from memscribe.store.filestore import FileMemoryStore

    meta, _ = split_frontmatter(text, entry.path)
    updated = meta.get("updated")
    made = render_profile(
        id=entry.id,
        created=dt.datetime.fromisoformat(entry.created),
        ttl=ttl,
        body=entry.body,
        supersedes=entry.supersedes,
        namespace=entry.namespace,
        updated=dt.datetime.fromisoformat(updated) if updated else None,
    )
    op = UpdateOp(
        kind=entry.kind,
        id=entry.id,
        slug=entry.slug,
        path=entry.path,
        text=made,
        body=entry.body,
        previous_body=entry.body,
        archive_path=archive_path(entry.path),
        ttl=ttl,
        evidence=[],
        reason=f"edited: ttl {entry.ttl or 'none'} -> {ttl}",
        namespace=entry.namespace,
    )
    plan = Plan(transcript=EDIT_SOURCE, format="store", model="none", created=utc_stamp(now), operations=[op])
    FileMemoryStore(root).apply(plan, now=now)
    return {
        "changed": True,
        "id": entry.id,
        "replaces": entry.id,
        "path": entry.path,
        "in_place": True,
        "ttl": [entry.ttl, ttl],
    }
