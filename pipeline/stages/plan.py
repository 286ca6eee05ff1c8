"""Plan: turn accepted candidates into validated file operations (nothing touches disk here).

Each kind (:mod:`memscribe.kinds`) renders its own file; this stage draws the ids, settles the
slugs and pairs every write with the archives of what it supersedes.

A dedup ``merge`` with exactly one stored memory of the candidate's kind (``Accepted.in_place``)
becomes an :class:`~memscribe.schemas.plan.UpdateOp`: the stored memory keeps its id, file and
``created``; its body becomes the screened merged text (the candidate's when that is unusable),
with an ``updated`` stamp, and the store archives the previous version before replacing it. A
restatement plus a detail is the same fact: a new id would read as a new memory that replaced
an old one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Iterator, Sequence

from memscribe import kinds
from memscribe.kinds.ids import new_id
from memscribe.kinds.layout import archive_path, make_slug, memory_path
from memscribe.safety.write_guard import archive_reason
from memscribe.schemas.memory import SLUG_RE, MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Operation, UpdateOp, WriteOp
from memscribe.stages import guard, redact
from memscribe.stages.dedup import Accepted


def build_operations(
    accepted: Sequence[Accepted],
    existing: Sequence[MemoryEntry],
    *,
    taken_ids: Iterable[str],
    now: dt.datetime,
) -> list[Operation]:
    """One write per accepted candidate, then one archive per memory it supersedes; an update
    in place for a merge with one stored memory (see the module docstring).

    ``taken_ids``: ids in use; a collection (a store's, answering per id) is asked, not copied.
    """
    taken = _Taken(taken_ids if isinstance(taken_ids, Collection) else set(taken_ids))
    by_id = {e.id: e for e in existing}
    writes: list[Operation | None] = []
    archives: list[Operation] = []
    archived: set[str] = set()
    #: stored memories narrowed so far (their update's place in ``writes``): a later candidate
    #: may narrow one again (its part of the narrowed body) or replace what is left of it
    narrowed_at: dict[str, int] = {}
    for item in accepted:
        update = _update_op(item, by_id, archived, now)
        if update is not None:
            archived.add(update.id)
            writes.append(update)
            continue
        standing = _standing(item, by_id, archived - narrowed_at.keys())
        write = _write_op(item, taken, now, standing)
        taken.add(write.id)
        writes.append(write)
        for old_id, (rest, created) in standing.items():
            archived.add(old_id)
            op = _in_place(item, by_id[old_id], created, now, merged_body=rest, narrowed_by=write.id)
            if old_id in narrowed_at:
                writes[narrowed_at[old_id]] = op
            else:
                narrowed_at[old_id] = len(writes)
                writes.append(op)
        for old_id in write.supersedes:
            old = by_id.get(old_id)
            if old is None or (old_id in archived and old_id not in narrowed_at):
                continue  # dedup never assigns one old entry twice; be safe anyway
            if old_id in narrowed_at:  # what was left standing is replaced too: archived whole
                writes[narrowed_at.pop(old_id)] = None
            archived.add(old_id)
            archives.append(
                ArchiveOp(
                    kind=old.kind,
                    id=old.id,
                    path=old.path,
                    archive_path=archive_path(old.path),
                    superseded_by=write.id,
                    reason=archive_reason(item.reason, write.id)[0],
                )
            )
    return [op for op in writes if op is not None] + archives


class _Taken(Collection[str]):
    """The ids in use (asked one at a time) plus the ids this plan drew."""

    def __init__(self, known: Collection[str]) -> None:
        self.known = known
        self.drawn: set[str] = set()

    def add(self, memory_id: str) -> None:
        self.drawn.add(memory_id)

    def __contains__(self, memory_id: object) -> bool:
        return memory_id in self.drawn or memory_id in self.known

    def __iter__(self) -> Iterator[str]:
        yield from self.drawn
        yield from (i for i in self.known if i not in self.drawn)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _safe_slug(slug: str, fallback_text: str) -> str:
    if SLUG_RE.match(slug) and not redact.redact_text(slug)[1]:
        return slug
    return make_slug(fallback_text)


def _screened_merge(merged_body: str | None) -> str | None:
    """A model-written merge is new text: it gets the same secret and injection screening
    (None: no merge, or unsafe text — the candidate's own text is written)."""
    if not merged_body:
        return None
    merged, _ = redact.redact_text(merged_body)
    if redact.is_mostly_secret(merged) or guard.injection_rule(merged):
        return None
    return merged


def _write_op(
    item: Accepted, taken: Collection[str], now: dt.datetime, standing: Collection[str] = ()
) -> WriteOp:
    """The new file of ``item``, superseding what it replaces whole (not the memories in
    ``standing``, updated in place to the part it leaves standing)."""
    cand = item.candidate
    spec = kinds.kind(item.kind)
    supersedes = [i for i in item.supersedes if i not in standing]
    mem_id = new_id(spec.name, taken)
    made = spec.new_file(
        cand, id=mem_id, created=now, supersedes=supersedes, merged_body=_screened_merge(item.merged_body)
    )
    slug = _safe_slug(cand.slug, spec.slug_source(cand, made.body))
    return WriteOp(
        kind=spec.name,
        id=mem_id,
        slug=slug,
        path=memory_path(spec.name, slug, mem_id),
        text=made.text,
        body=made.body,
        ttl=made.ttl,
        evidence=made.evidence,
        supersedes=supersedes,
        reason=item.reason,
    )


def _created(entry: MemoryEntry) -> dt.datetime | None:
    """A stored entry's ``created`` as a time (None when it cannot be read back)."""
    try:
        moment = dt.datetime.fromisoformat(entry.created.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _update_op(
    item: Accepted, by_id: dict[str, MemoryEntry], done: Collection[str], now: dt.datetime
) -> UpdateOp | None:
    """The update in place of the one stored memory a merge names, or None (replace as before):
    not a one-memory merge, the memory is not known here, of another kind, already acted on,
    or its ``created`` cannot be kept."""
    if not item.in_place or len(item.supersedes) != 1:
        return None
    old = by_id.get(item.supersedes[0])
    created = _created(old) if old is not None else None
    if old is None or created is None or old.kind != item.kind or old.id in done:
        return None
    return _in_place(item, old, created, now, merged_body=_screened_merge(item.merged_body))


def _standing(
    item: Accepted, by_id: dict[str, MemoryEntry], done: Collection[str]
) -> dict[str, tuple[str, dt.datetime]]:
    """The stored memories ``item``'s candidate updates only in part (``Accepted.narrowed``), each
    with the screened body of the part left standing and its ``created``. One that is not known here, of another
    kind, already acted on, whose ``created`` cannot be kept, or whose part is unusable text is
    archived whole, as before."""
    out: dict[str, tuple[str, dt.datetime]] = {}
    for old_id, rest in item.narrowed:
        old = by_id.get(old_id)
        created = _created(old) if old is not None else None
        body = _screened_merge(rest)
        if old is None or created is None or body is None or old_id in done or old.kind != item.kind:
            continue
        out[old_id] = (body, created)
    return out


def _in_place(
    item: Accepted,
    old: MemoryEntry,
    created: dt.datetime,
    now: dt.datetime,
    *,
    merged_body: str | None,
    narrowed_by: str | None = None,
) -> UpdateOp:
    """The update in place of the stored memory ``old`` by ``item``'s candidate: its id, file and
    ``created`` kept, the store archiving the whole previous body with the reason. A merge
    (``merged_body``: the screened merged text, the candidate's when None) takes the candidate's
    TTL and evidence. A narrowing (``narrowed_by``: the id of the new memory that updates part of
    ``old``; ``merged_body``: the part left standing, :func:`_standing`) keeps what ``old`` was
    said with: its TTL (a missing one is infinity, as stored), its text being of the old session's
    words; the evidence is the candidate's turns, the ones that narrow it (the store records no
    evidence or source in the file: the plan's report and a batch unit's new-turn filter read it)."""
    cand = item.candidate
    if narrowed_by is not None:
        cand = cand.model_copy(update={"ttl": old.ttl or "infinity"})
    made = kinds.kind(item.kind).updated_file(
        cand, old, created=created, updated=now, merged_body=merged_body
    )
    said = archive_reason(item.reason)[0]  # the model's words reach the archived file's reason line
    reason = said if narrowed_by is None else f"narrowed: {narrowed_by} updates part of it ({said})"
    return UpdateOp(
        kind=old.kind,
        id=old.id,
        slug=old.slug,
        path=old.path,
        text=made.text,
        body=made.body,
        previous_body=old.body,
        archive_path=archive_path(old.path),
        ttl=made.ttl,
        evidence=made.evidence,
        reason=reason,
        namespace=old.namespace,
    )
