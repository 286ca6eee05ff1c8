"""Curation: what people do with stored memories — list, show, forget, export, import.

Thin functions over the index (reads), the memory store (``forget`` is an archive operation in a
Plan, applied by :class:`~memscribe.store.filestore.FileMemoryStore` like any other: the file
moves to ``.reflexio/.archive/`` with the reason, never deleted) and the MCP write tools
(``import`` hands every item to the same screen, dedup and apply as an agent's write). Nothing
here writes a memory file directly.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from memscribe.errors import ALL, PARTLY, InputError, StoreError, UnsafeRootError, UserError
from memscribe.index.db import IndexedEntry, MemoryIndex, open_index, playbook_line
from memscribe.services.import_files import ImportItem

if TYPE_CHECKING:
    from memscribe.schemas.memory import TTL, MemoryEntry, MemoryKind

FORGET_SOURCE = "(forget)"
EDIT_SOURCE = "(edit)"


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
        UserError: no active memory has this id (also: another run archived it between the
            lookup and the apply), or the reason is empty, oversized or shaped like an
            instruction to an agent (its secrets are masked).
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
    if not dry_run and FileMemoryStore(root).apply(plan, now=now).done_elsewhere:
        # a sweep (or another forget) archived it between the lookup and the lock: it is gone, as
        # asked, but with that run's reason; said, not reported as this forget's
        raise UserError(
            f"{memory_id!r} was archived by another run meanwhile (see memscribe list --archived); "
            "this forget did nothing and its reason was not recorded"
        )
    return plan


def export_records(
    index: MemoryIndex, *, namespace: str | None, default: str, archived: bool
) -> list[dict[str, Any]]:
    records = list_memories(index, namespace=namespace, default=default)
    if archived:
        records += list_memories(index, namespace=namespace, default=default, archived=True)
    return records


# -- import -----------------------------------------------------------------------------------------


def import_items(
    items: Iterable[ImportItem],
    write_profile: Callable[[str, str, str], dict[str, Any]],
    write_playbook: Callable[[str, str], dict[str, Any]],
    *,
    ttl: str,
) -> list[dict[str, Any]]:
    """Hand each item to the write tools (screen, dedup, apply); returns each item's answer.

    A plain statement becomes a profile candidate (slug from its words); a record keeps its kind.
    The answer's ``text`` is the item's text with its secrets masked, and a slug made from the
    text is made from that masked text with the masks left out: a refused record (``secret_only``)
    is reported without its secret, and a stored one's file name never spells a key (a record's
    own slug gets the write tools' test: a key-shaped one is replaced, ``secret_slug``). An
    answer that archived a memory stored by an earlier item of the same import names that item
    (``supersedes_this_import``), so "N stored" never hides it.
    """
    from memscribe.redaction import MASK_RE, Masker
    from memscribe.safety.write_guard import clean_chars
    from memscribe.store.files import make_slug

    masker = Masker()
    answers: list[dict[str, Any]] = []
    origin_of: dict[str, str] = {}  # id written by this import -> the item it came from
    for item in items:
        shown, _found = masker.redact(clean_chars(item.text))
        slug = item.slug or make_slug(MASK_RE.sub(" ", shown))
        if item.kind == "playbook":
            answer = write_playbook(slug, item.text)
        else:
            answer = write_profile(slug, item.ttl or ttl, item.text)
        answers.append({"origin": item.origin, "text": shown, **answer} | _replaced_here(answer, origin_of))
        origin_of.update({w["id"]: item.origin for w in answer.get("written", [])})
    return answers


def _replaced_here(answer: dict[str, Any], origin_of: dict[str, str]) -> dict[str, Any]:
    """``{"supersedes_this_import": [origin, …]}`` when ``answer`` archived a memory that this
    same import stored a moment before (one record taken as the update of another); else nothing."""
    ids = [i for w in answer.get("written", []) for i in w.get("supersedes", []) if i in origin_of]
    return {"supersedes_this_import": [origin_of[i] for i in ids]} if ids else {}


class EditWrites(Protocol):
    """The write tools an edit stores through (:class:`~memscribe.mcp_server.tools.MemoryTools`)."""

    def write_profile(
        self, slug: str, ttl: str, body: str, namespace: str | None = None, *, replacing: str | None = None
    ) -> dict[str, Any]: ...

    def write_playbook(
        self, slug: str, body: str, namespace: str | None = None, *, replacing: str | None = None
    ) -> dict[str, Any]: ...


def edit_memory(
    root: Path,
    memory_id: str,
    *,
    edit: Callable[[str], str],
    tools: EditWrites,
    now: dt.datetime,
) -> dict[str, Any]:
    """Let ``edit`` change a memory's file; store the result, archive the old version.

    The edited text is validated (a memory file of the same kind and id). A changed body is
    written like any other write (screen, dedup against the *other* memories of its namespace) as
    a new version that supersedes the edited one in the same transaction (``replacing``): a
    one-word change ("猫" → "犬") is the user's correction, never a duplicate of what it corrects.
    An edit that restates another active memory is not stored, and the result names that memory
    (``repeats``); the edited one is left as it was. A profile whose
    TTL alone changed is updated in place (same id and file, ``expires`` counted from the edit,
    the previous version archived: :func:`_retimed`). Either way the memory is written in the
    store's own layout: hand-written frontmatter comments are kept in the archived copy only,
    and the result says so (``comments_archived``); a comment typed during the edit is in no
    file, and the result says that too (``comments_not_stored``), a change or not.

    Raises:
        UserError: no active memory has this id (also: archived or changed while it was edited,
            by another edit or a forget: nothing written); the edited file is not a valid memory
            file, or changes its kind or id.
        StoreError: the write failed (a read-only root, a full disk); UnsafeRootError (a
            StoreError) where the root is not safe to write.
    """
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
    typed = _typed_comments(text, edited)
    try:
        parsed = parse_memory_file(edited, entry.path)
    except StoreError as exc:
        raise UserError(f"the edited file is not a valid memory file, nothing changed: {exc}") from None
    if (parsed.kind, parsed.id) != (entry.kind, entry.id):
        raise UserError("an edit cannot change a memory's type or id; nothing changed")
    if parsed.body.strip() == entry.body.strip():
        if parsed.ttl != entry.ttl and parsed.kind == "profile" and parsed.ttl is not None:
            return _retimed(root, entry, parsed.ttl, now=now) | _comments_note(text) | typed
        if parsed.expires != entry.expires or parsed.ttl != entry.ttl:
            raise UserError(
                "expires follows ttl (and playbooks have none): change the ttl line; nothing changed"
            )
        return {"changed": False, "id": memory_id} | typed
    if parsed.kind == "playbook":
        answer = tools.write_playbook(parsed.slug, parsed.body, entry.namespace, replacing=memory_id)
    else:
        ttl = parsed.ttl or entry.ttl or "one_year"
        answer = tools.write_profile(parsed.slug, ttl, parsed.body, entry.namespace, replacing=memory_id)
    if answer.get("reason") == "error":  # the write failed or refused (archived meanwhile)
        raise _write_failure(answer)
    if not answer.get("stored"):
        return {"changed": False, "id": memory_id, "refused": answer} | _repeats(answer, memory_id)
    written = answer["written"][0]  # it superseded memory_id in the write's own transaction
    done = {"changed": True, "id": written["id"], "replaces": memory_id, "path": written["path"]}
    return done | _comments_note(text) | typed


def _write_failure(answer: dict[str, Any]) -> UserError | StoreError:
    """The error an edit's failed write ends with, in the family the write met: a store that
    cannot be written (read-only, disk full) is a store error (exit 5), a root that is not safe
    one of its own (7); a refusal (the memory archived meanwhile) a user error (2).

    Exit 5 says what the write left (``answer["changed"]``, from ``StoreError.changed``):
    nothing ("could not be written"), part of it, completed by the next extract, apply or batch
    ("partly written"), or all of it, only the journal's close failed ("written, but")."""
    families: dict[str, type[StoreError]] = {"StoreError": StoreError, "UnsafeRootError": UnsafeRootError}
    family = families.get(str(answer.get("error")))
    detail = answer.get("detail")
    if family is not None:
        changed = answer.get("changed")
        if changed == ALL:
            return family(f"the edit was written, but {detail}", changed=changed)
        if changed == PARTLY:
            return family(f"the edit was partly written: {detail}", changed=changed)
        return family(f"the edit could not be written: {detail}", changed=changed)
    return UserError(f"the edit was not stored: {detail}")


def _repeats(answer: dict[str, Any], memory_id: str) -> dict[str, Any]:
    """``{"repeats": [id, …]}``: the other active memories an edit was dropped as restating."""
    if answer.get("reason") != "duplicate":
        return {}
    ids = [i for i in dict.fromkeys(answer.get("same_as") or ()) if i != memory_id]
    return {"repeats": ids} if ids else {}


def _comments_note(text: str) -> dict[str, Any]:
    """``{"comments_archived": True}`` when ``text``'s frontmatter holds a ``#`` comment (a
    whole line or trailing), which the rewritten memory does not keep; else nothing."""
    return {"comments_archived": True} if _frontmatter_comments(text) else {}


def _typed_comments(text: str, edited: str) -> dict[str, Any]:
    """``{"comments_not_stored": True}`` when ``edited``'s frontmatter holds a ``#`` comment that
    ``text``'s did not: typed during the edit, it reaches neither the new file nor the archive."""
    before = set(_frontmatter_comments(text))
    added = [c for c in _frontmatter_comments(edited) if c not in before]
    return {"comments_not_stored": True} if added else {}


def _frontmatter_comments(text: str) -> list[str]:
    """The ``#`` comments (whole lines, or the trailing part of one) of ``text``'s frontmatter."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return []
    found: list[str] = []
    for line in lines[1:]:
        if line.strip() == "---":
            break
        trailing = re.search(r"(?:^|\s)(#.*)$", line)
        if trailing:
            found.append(" ".join(trailing[1].split()))
    return found


def _retimed(root: Path, entry: MemoryEntry, ttl: TTL, *, now: dt.datetime) -> dict[str, Any]:
    """A profile's TTL changed and nothing else: an update in place (its id, file, ``created``
    and body kept; ``updated`` is the edit, and ``expires`` counts from it as for every update in
    place, so a new TTL on a fact stated long ago does not expire it at once), the previous
    version archived with the reason. Not a new version through the write path, where the
    unchanged body is a duplicate of itself and the change was lost."""
    from memscribe.kinds.profile import render_profile
    from memscribe.schemas.plan import Plan, UpdateOp
    from memscribe.store.files import archive_path, utc_stamp
    from memscribe.store.filestore import FileMemoryStore

    made = render_profile(
        id=entry.id,
        created=dt.datetime.fromisoformat(entry.created),
        ttl=ttl,
        body=entry.body,
        supersedes=entry.supersedes,
        namespace=entry.namespace,
        updated=now,
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
