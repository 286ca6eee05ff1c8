"""Plan: turn accepted candidates into validated file operations (nothing touches disk here)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from memscribe.stages import guard, redact
from memscribe.stages.dedup import Accepted
from memscribe.store.files import (
    archive_path,
    make_slug,
    memory_path,
    playbook_body,
    render_playbook,
    render_profile,
)
from memscribe.store.ids import new_id
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import SLUG_RE, MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Operation, WriteOp


def build_operations(
    accepted: Sequence[Accepted],
    existing: Sequence[MemoryEntry],
    *,
    taken_ids: Iterable[str],
    now: dt.datetime,
) -> list[Operation]:
    """One write per accepted candidate, then one archive per memory it supersedes."""
    taken = set(taken_ids)
    by_id = {e.id: e for e in existing}
    writes: list[Operation] = []
    archives: list[Operation] = []
    archived: set[str] = set()
    for item in accepted:
        write = _write_op(item, taken, now)
        taken.add(write.id)
        writes.append(write)
        for old_id in write.supersedes:
            old = by_id.get(old_id)
            if old is None or old_id in archived:
                continue  # dedup never assigns one old entry twice; be safe anyway
            archived.add(old_id)
            archives.append(
                ArchiveOp(
                    kind=old.kind,
                    id=old.id,
                    path=old.path,
                    archive_path=archive_path(old.path),
                    superseded_by=write.id,
                    reason=item.reason,
                )
            )
    return writes + archives


def _safe_slug(slug: str, fallback_text: str) -> str:
    if SLUG_RE.match(slug) and not redact.redact_text(slug)[1]:
        return slug
    return make_slug(fallback_text)


def _merged_body(item: Accepted, body: str) -> str:
    """A model-written merge is new text: it gets the same secret and injection screening."""
    if not item.merged_body:
        return body
    merged, _ = redact.redact_text(item.merged_body)
    if redact.is_mostly_secret(merged) or guard.injection_rule(merged):
        return body
    return merged


def _write_op(item: Accepted, taken: set[str], now: dt.datetime) -> WriteOp:
    cand = item.candidate
    supersedes = list(item.supersedes)
    if isinstance(cand, ProfileCandidate):
        mem_id = new_id("profile", taken)
        body = _merged_body(item, cand.body.strip())
        slug = _safe_slug(cand.slug, body)
        text = render_profile(id=mem_id, created=now, ttl=cand.ttl, body=body, supersedes=supersedes)
        return WriteOp(
            kind="profile",
            id=mem_id,
            slug=slug,
            path=memory_path("profile", slug, mem_id),
            text=text,
            body=body,
            ttl=cand.ttl,
            evidence=sorted(set(cand.evidence_turns)),
            supersedes=supersedes,
            reason=item.reason,
        )
    assert isinstance(cand, PlaybookCandidate)
    mem_id = new_id("playbook", taken)
    slug = _safe_slug(cand.slug, cand.when)
    text = render_playbook(
        id=mem_id,
        created=now,
        when=cand.when.strip(),
        what=cand.what.strip(),
        why=cand.why.strip(),
        supersedes=supersedes,
    )
    evidence = [cand.correction_turn, cand.adjustment_turn]
    if cand.confirmation_turn is not None:
        evidence.append(cand.confirmation_turn)
    return WriteOp(
        kind="playbook",
        id=mem_id,
        slug=slug,
        path=memory_path("playbook", slug, mem_id),
        text=text,
        body=playbook_body(when=cand.when, what=cand.what, why=cand.why),
        ttl=None,
        evidence=evidence,
        supersedes=supersedes,
        reason=item.reason,
    )
