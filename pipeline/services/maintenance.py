"""Maintenance of a memory root: sweep, consolidate, lineage, stats (``memscribe sweep``,
``consolidate``, ``history``, ``stats``; every extract sweeps first)."""

from __future__ import annotations

import datetime as dt
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.errors import MemscribeError
from memscribe.index.db import IndexedEntry, MemoryIndex, RefreshStats, open_index
from memscribe.model.base import StructuredModel
from memscribe.relatedness import entry_text
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import Operation, Plan
from memscribe.stages.consolidate import ConsolidateResult, consolidate
from memscribe.stages.sweep import sweep
from memscribe.store.base import Applied, MemoryStore
from memscribe.store.filestore import FileMemoryStore
from memscribe.store.transaction import ApplyResult


@dataclass(frozen=True)
class Swept:
    plan: Plan
    done: Applied


#: Expired entries archived per transaction: a crash or a budget stop keeps what is done, and the
#: next run resumes from what is still expired (the files are the state).
SWEEP_CHUNK = 64
#: Seconds an extract may spend sweeping before it reads memory (the rest waits for later runs
#: or ``memscribe sweep``); at least one chunk is always archived.
EXTRACT_SWEEP_BUDGET_S = 1.0


def sweep_store(
    store: MemoryStore,
    *,
    now: dt.datetime,
    dry_run: bool = False,
    budget_s: float | None = None,
    chunk: int = SWEEP_CHUNK,
    spare: frozenset[str] = frozenset(),
) -> Swept:
    """Archive the expired entries of ``store`` (all namespaces); ``apply`` re-reads each file.

    Applied in chunks of ``chunk`` operations; with ``budget_s``, no new chunk starts once that
    many seconds have passed (bounded, resumable: what is left is swept by a later run). The
    plan returned lists only the operations applied. ``spare``: ids left alone, expired or not
    (the memory an edit replaces: its new version supersedes it)."""
    moment = now.astimezone(dt.UTC) if now.tzinfo else now.replace(tzinfo=dt.UTC)
    if dry_run:
        return Swept(
            sweep([e for e in store.expiring(moment.date()) if e.id not in spare], now=now), Applied()
        )
    # A page of ``chunk`` expired entries at a time (by path), each applied before the next is
    # read: a backlog is never loaded whole, and a budget stops between pages.
    started = time.monotonic()
    written: list[str] = []
    archived: list[str] = []
    journal: str | None = None
    ops: list[Operation] = []
    after: str | None = None
    while after is None or budget_s is None or time.monotonic() - started < budget_s:
        # as many more as are spared: a full page stays full without them (the sweep pages on)
        page = store.expiring(moment.date(), after=after, limit=max(chunk, 1) + len(spare))
        part = sweep([e for e in page if e.id not in spare][: max(chunk, 1)], now=now)
        if not part.operations:
            break
        result = store.apply(part, now=now)
        written += result.written
        archived += result.archived
        journal = result.journal or journal
        elsewhere = set(result.done_elsewhere)  # archived first by another run: not this one's
        ops += [op for op in part.operations if op.id not in elsewhere]
        after = part.operations[-1].path
    done = Applied(written=written, archived=archived, journal=journal)
    return Swept(sweep([], now=now).model_copy(update={"operations": ops}), done)


def sweep_root(root: Path, *, now: dt.datetime, dry_run: bool = False) -> tuple[Plan, ApplyResult]:
    """:func:`sweep_store` on the file store at ``root`` (paths written and archived)."""
    done = sweep_store(FileMemoryStore(root), now=now, dry_run=dry_run)
    return done.plan, ApplyResult(
        written=done.done.written, archived=done.done.archived, journal=done.done.journal
    )


def consolidate_root(
    root: Path,
    *,
    model: StructuredModel,
    now: dt.datetime,
    namespace: str | None = None,
    default: str = "default",
    dry_run: bool = False,
) -> tuple[ConsolidateResult, ApplyResult]:
    """Cluster, decide and (unless ``dry_run``) apply, using the index for neighbours."""
    store = FileMemoryStore(root)
    with open_index(root, in_memory=dry_run and not store.has_memory()) as index:
        entries = index.entries(namespace=namespace, default=default)
        by_id = {e.id: e for e in entries}

        def neighbours(entry: MemoryEntry) -> list[str]:
            items = index.shortlist(
                entry.kind,
                entry.slug,
                entry_text(entry),
                namespace=entry.namespace or default,
                default=default,
                size=8,
            )
            return [i.id for i in items if i.id != entry.id and i.id in by_id]

        result = consolidate(
            entries, model=model, taken_ids=index.taken_ids(), now=now, neighbours=neighbours
        )
    if dry_run or not result.plan.operations:
        return result, ApplyResult()
    done = store.apply(result.plan, now=now)
    return result, ApplyResult(written=done.written, archived=done.archived, journal=done.journal)


@dataclass(frozen=True)
class Version:
    """A previous version of a memory updated in place (a dedup merge): its archived copy and
    when it was replaced (``updated_at``)."""

    found: IndexedEntry
    updated_at: str


@dataclass
class Lineage:
    """The supersession chain around one id: ancestors (what it replaced) and successors, and
    the target's previous versions kept by updates in place (oldest first)."""

    target: IndexedEntry
    ancestors: list[tuple[int, IndexedEntry]] = field(default_factory=list)  # (depth, entry)
    successors: list[IndexedEntry] = field(default_factory=list)
    versions: list[Version] = field(default_factory=list)


def _split_versions(root: Path, found: list[IndexedEntry]) -> tuple[list[IndexedEntry], list[Version]]:
    """The files holding one id: the memory itself (active first) and its previous versions (an
    archived copy marked ``updated_at``: :func:`memscribe.store.update.is_previous_version`)."""
    from memscribe.store.confine import read_text_nofollow
    from memscribe.store.files import split_frontmatter
    from memscribe.store.update import VERSION_KEY

    rest: list[IndexedEntry] = []
    versions: list[Version] = []
    for one in found:
        stamp = None
        if one.archived:
            try:
                meta, _ = split_frontmatter(read_text_nofollow(root / one.entry.path), one.entry.path)
                stamp = meta.get(VERSION_KEY)
            except (OSError, MemscribeError):
                stamp = None
        if stamp:
            versions.append(Version(one, str(stamp)))
        else:
            rest.append(one)
    # oldest first: by time, then by archive name (``x.md`` before ``x-2.md``, ``-9`` before ``-10``)
    versions.sort(key=lambda v: (v.updated_at, len(v.found.entry.path), v.found.entry.path))
    return rest, versions


def lineage(index: MemoryIndex, memory_id: str) -> Lineage | None:
    """Follow ``supersedes`` back and ``superseded_by`` forward from ``memory_id`` (cycle-safe)."""
    found = index.lookup(memory_id)
    if not found:
        return None
    rest, versions = _split_versions(index.root, found)
    result = Lineage(target=rest[0] if rest else found[-1], versions=versions)
    seen = {memory_id}
    stack: list[tuple[int, str]] = [(1, old) for old in reversed(result.target.entry.supersedes)]
    while stack:
        depth, old_id = stack.pop()
        if old_id in seen:
            continue
        seen.add(old_id)
        older = index.lookup(old_id)
        if not older:
            continue
        result.ancestors.append((depth, older[0]))
        stack.extend((depth + 1, o) for o in reversed(older[0].entry.supersedes))
    current = result.target
    while True:
        nxt_id = current.superseded_by
        if nxt_id is None:
            later = [e for e in index.superseding(current.entry.id) if e.entry.id not in seen]
            nxt = later[0] if later else None
        else:
            hits = index.lookup(nxt_id)
            nxt = hits[0] if hits and nxt_id not in seen else None
        if nxt is None:
            break
        seen.add(nxt.entry.id)
        result.successors.append(nxt)
        current = nxt
    return result


def mask_secret(value: str) -> str:
    """``****abcd`` for long values, ``****`` for short ones: enough to tell keys apart."""
    return f"****{value[-4:]}" if len(value) >= 16 else "****"


def configuration() -> dict[str, str]:
    """The configuration in effect (MEMSCRIBE_* and provider key variables), secrets masked."""
    from memscribe.namespace import default_namespace
    from memscribe.stages.redact import redact_text

    shown: dict[str, str] = {"default_namespace": default_namespace()}
    for name in sorted(os.environ):
        value = os.environ[name]
        if name.startswith("MEMSCRIBE_"):
            shown[name] = redact_text(value)[0]
        elif name.endswith(("_API_KEY", "_TOKEN", "_SECRET", "_SECRET_KEY")) and value:
            shown[name] = mask_secret(value)
    return shown


def store_stats(
    index: MemoryIndex, *, namespace: str | None, default: str, today: dt.date
) -> dict[str, object]:
    """Counts per kind and namespace, expired, archived, index freshness, configuration."""
    counts = index.counts(default=default, today=today)
    return {
        "memory_dir": str(index.root),
        "namespace": namespace or default,
        **counts,
        "index": {
            "path": str(index.location) if index.location else "(in memory)",
            "refreshed_at": index.meta("refreshed_at"),
            "stale_files": index.stale_files(),
        },
        "configuration": configuration(),
    }


def root_stats(root: Path, *, namespace: str, default: str, today: dt.date) -> dict[str, object]:
    """:func:`store_stats` after a refresh, with the index's staleness as found before it."""
    with open_index(root, in_memory=not FileMemoryStore(root).has_memory(), refresh=False) as index:
        stale = index.stale_files()
        found_at = index.meta("refreshed_at")
        index.refresh()
        data = store_stats(index, namespace=namespace, default=default, today=today)
    info = data["index"]
    assert isinstance(info, dict)
    info["stale_files"] = stale  # as found, before this refresh
    info["refreshed_before"] = found_at
    return data


def reindex(root: Path, *, rebuild: bool = False) -> tuple[RefreshStats, str]:
    """Refresh (full verify) or rebuild the root's index; returns the stats and where it lives."""
    with open_index(root, refresh=False) as index:
        stats = index.refresh(rebuild=rebuild, full=True)
        index.warm_text_vectors()  # the shortlists' semantic pools, encoded once here
        return stats, str(index.location) if index.location else "(in memory)"


def history(root: Path, memory_id: str) -> Lineage | None:
    """The lineage of ``memory_id`` in the root (None: no such id, active or archived)."""
    with open_index(root, in_memory=not FileMemoryStore(root).has_memory()) as index:
        return lineage(index, memory_id)
