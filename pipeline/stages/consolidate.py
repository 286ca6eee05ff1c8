"""Consolidate: a full pass over a memory root that merges restatements (``memscribe consolidate``).

1. **Cluster.** Within each (kind, namespace), entries are linked when one is on the other's
   shortlist (similarity at least the dedup SHORTLIST_SCORE, or the same topic slug); linked
   entries form clusters (union-find). Clusters larger than MAX_CLUSTER are split, oldest first.
2. **Decide.** Each cluster of two or more goes to the model (``consolidate.j2``):
   ``merge_all`` / ``merge_subset`` (with the ids) / ``keep_all``, with a reason.
3. **Plan.** A merge writes one new entry that ``supersedes`` the merged ids and archives them
   (``superseded_by`` the new id). A merged profile takes the **shortest TTL** of its sources
   (the most perishable part decides when the whole needs checking again). Model-written text
   is screened like a dedup merge (secrets, injection); unsafe text falls back to the newest
   source's text.

Pure: entries in, a Plan out; ``apply`` writes it, ``--dry-run`` prints it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from memscribe import kinds
from memscribe.errors import ModelError
from memscribe.kinds.base import age_order, newest_entry
from memscribe.kinds.frontmatter import utc_stamp
from memscribe.kinds.ids import new_id
from memscribe.kinds.layout import archive_path, memory_path
from memscribe.kinds.profile import shortest_ttl
from memscribe.model.base import StructuredModel
from memscribe.prompting import render_messages
from memscribe.relatedness import entry_text
from memscribe.relatedness import related as _related
from memscribe.safety.write_guard import archive_reason
from memscribe.schemas.candidates import ConsolidateDecision
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import ArchiveOp, Operation, Plan, WriteOp
from memscribe.schemas.requests import ClusterItem, ConsolidateRequest
from memscribe.stages import guard, redact

MAX_CLUSTER = 8
CONSOLIDATE_SOURCE = "(consolidate)"

#: ``neighbours(entry)`` → ids of entries related to it (same kind and namespace).
Neighbours = Callable[[MemoryEntry], Iterable[str]]


@dataclass(frozen=True)
class ClusterDecision:
    """One cluster and what was decided for it (for reports and ``--dry-run``)."""

    kind: MemoryKind
    namespace: str | None
    ids: tuple[str, ...]
    action: str
    reason: str
    merged_ids: tuple[str, ...] = ()
    new_id: str | None = None


@dataclass
class ConsolidateResult:
    plan: Plan
    clusters: list[ClusterDecision] = field(default_factory=list)


def related(a: MemoryEntry, b: MemoryEntry) -> bool:
    """The relatedness rule (:mod:`memscribe.relatedness`): similar text, or the same topic slug."""
    return _related(a.slug, entry_text(a), b.slug, entry_text(b))


def pairwise_neighbours(entries: Sequence[MemoryEntry]) -> Neighbours:
    """Neighbours by comparing every pair in a scope (small roots; the index does large ones)."""
    groups: dict[tuple[str, str | None], list[MemoryEntry]] = {}
    for e in entries:
        groups.setdefault((e.kind, e.namespace), []).append(e)

    def neighbours(entry: MemoryEntry) -> list[str]:
        scope = groups.get((entry.kind, entry.namespace), [])
        return [o.id for o in scope if o.id != entry.id and related(entry, o)]

    return neighbours


def clusters(entries: Sequence[MemoryEntry], neighbours: Neighbours) -> list[list[MemoryEntry]]:
    """Connected groups (two or more) of related entries, each oldest first (entries of one
    second by text, slug, then id: :func:`~memscribe.kinds.base.age_order`), split at MAX_CLUSTER."""
    by_id = {e.id: e for e in entries}
    parent = {e.id: e.id for e in entries}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in entries:
        for other in neighbours(e):
            o = by_id.get(other)
            if o is None or o.kind != e.kind or o.namespace != e.namespace:
                continue  # never across kinds or namespaces
            ra, rb = find(e.id), find(other)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    groups: dict[str, list[MemoryEntry]] = {}
    for e in entries:
        groups.setdefault(find(e.id), []).append(e)
    out: list[list[MemoryEntry]] = []
    for members in groups.values():
        members.sort(key=age_order)
        for start in range(0, len(members), MAX_CLUSTER):
            chunk = members[start : start + MAX_CLUSTER]
            if len(chunk) >= 2:
                out.append(chunk)
    out.sort(key=lambda c: (c[0].kind, c[0].namespace or "", *age_order(c[0])))
    return out


def consolidate(
    entries: Sequence[MemoryEntry],
    *,
    model: StructuredModel,
    taken_ids: Iterable[str],
    now: dt.datetime,
    neighbours: Neighbours | None = None,
) -> ConsolidateResult:
    """Cluster ``entries`` (active ones), ask the model per cluster, and plan the merges."""
    moment = now.astimezone(dt.UTC) if now.tzinfo else now.replace(tzinfo=dt.UTC)
    moment = moment.replace(microsecond=0)
    taken = set(taken_ids)
    plan = Plan(transcript=CONSOLIDATE_SOURCE, format="store", model=model.name, created=utc_stamp(moment))
    result = ConsolidateResult(plan=plan)
    writes: list[Operation] = []
    archives: list[Operation] = []
    for cluster in clusters(entries, neighbours or pairwise_neighbours(entries)):
        decision = _decide(cluster, model)
        if decision is None:
            result.clusters.append(_report(cluster, "keep_all", "model error: cluster left as it is"))
            continue
        merged = _merged_members(cluster, decision)
        if len(merged) < 2:
            result.clusters.append(_report(cluster, "keep_all", decision.reason))
            continue
        try:
            write = _merge_write(merged, decision, taken, moment)
        except ValueError as exc:  # e.g. a hand-written playbook without its sections
            result.clusters.append(_report(cluster, "keep_all", f"cannot merge: {exc}"))
            continue
        taken.add(write.id)
        writes.append(write)
        reason = archive_reason(f"consolidate {decision.action}: {decision.reason}", write.id)[0]
        archives.extend(
            ArchiveOp(
                kind=m.kind,
                id=m.id,
                path=m.path,
                archive_path=archive_path(m.path),
                superseded_by=write.id,
                reason=reason,
            )
            for m in merged
        )
        result.clusters.append(
            _report(
                cluster,
                decision.action,
                decision.reason,
                merged_ids=tuple(m.id for m in merged),
                new_id=write.id,
            )
        )
    plan.operations = writes + archives
    plan.usage = model.usage.model_copy()
    result.plan = Plan.model_validate(plan.model_dump())
    return result


def _report(
    cluster: Sequence[MemoryEntry],
    action: str,
    reason: str,
    *,
    merged_ids: tuple[str, ...] = (),
    new_id: str | None = None,
) -> ClusterDecision:
    return ClusterDecision(
        kind=cluster[0].kind,
        namespace=cluster[0].namespace,
        ids=tuple(m.id for m in cluster),
        action=action,
        reason=reason,
        merged_ids=merged_ids,
        new_id=new_id,
    )


def _decide(cluster: Sequence[MemoryEntry], model: StructuredModel) -> ConsolidateDecision | None:
    kind = cluster[0].kind
    items = [
        ClusterItem(id=m.id, slug=m.slug, text=entry_text(m), created=m.created, ttl=m.ttl) for m in cluster
    ]
    messages = render_messages(
        "consolidate.j2",
        kind=kind,
        items=[{"id": i.id, "text": i.text, "created": i.created, "ttl": i.ttl} for i in items],
    )
    try:
        return model.generate(
            task="consolidate",
            messages=messages,
            response_model=ConsolidateDecision,
            request=ConsolidateRequest(kind=kind, items=tuple(items)),
        )
    except ModelError:
        return None  # without a decision nothing is merged: the cluster stays as it is


def _merged_members(cluster: Sequence[MemoryEntry], decision: ConsolidateDecision) -> list[MemoryEntry]:
    if decision.action == "keep_all":
        return []
    if decision.action == "merge_all":
        return list(cluster)
    wanted = set(decision.merge_ids)  # never act on ids the model invented
    return [m for m in cluster if m.id in wanted]


def _safe(text: str | None) -> str | None:
    """Model-written text, screened like a dedup merge; None when unusable."""
    if text is None or not text.strip():
        return None
    masked, _ = redact.redact_text(text.strip())
    if redact.is_mostly_secret(masked) or guard.injection_rule(masked):
        return None
    return masked


def _merge_write(
    merged: Sequence[MemoryEntry], decision: ConsolidateDecision, taken: set[str], now: dt.datetime
) -> WriteOp:
    newest = newest_entry(merged)
    spec = kinds.kind(newest.kind)
    mem_id = new_id(spec.name, taken)
    made = spec.merged_file(merged, decision, id=mem_id, created=now, screen=_safe)
    return WriteOp(
        kind=spec.name,
        id=mem_id,
        slug=newest.slug,
        path=memory_path(spec.name, newest.slug, mem_id),
        text=made.text,
        body=made.body,
        ttl=made.ttl,
        evidence=made.evidence,
        supersedes=[m.id for m in merged],
        reason=f"consolidate {decision.action}: {decision.reason}",
        namespace=newest.namespace,
    )


__all__ = [
    "CONSOLIDATE_SOURCE",
    "MAX_CLUSTER",
    "ClusterDecision",
    "ConsolidateResult",
    "Neighbours",
    "clusters",
    "consolidate",
    "pairwise_neighbours",
    "related",
    "shortest_ttl",
]
