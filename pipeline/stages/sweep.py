"""Sweep: archive expired profiles (FORMATS.md §2 ``expires``). Pure: entries in, a Plan out.

Each kind says when its entries expire (:meth:`memscribe.kinds.base.Kind.is_expired`): a
profile on its ``expires`` date (``created + ttl``, UTC) and after; playbooks never. Expired files are archived, never deleted, with the reason
``expired <date> (ttl <ttl>)``; the store applies the plan (:meth:`memscribe.store.base.MemoryStore.apply`).
``memscribe sweep`` runs it, and so does every ``memscribe extract`` before it reads memory.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from memscribe import kinds
from memscribe.kinds.frontmatter import utc_stamp
from memscribe.kinds.layout import archive_path
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Operation, Plan

SWEEP_SOURCE = "(sweep)"


def is_expired(entry: MemoryEntry, today: dt.date) -> bool:
    """The entry's kind archives it on ``today`` (profiles: ``expires`` today or earlier)."""
    return kinds.kind(entry.kind).is_expired(entry, today)


def sweep(entries: Sequence[MemoryEntry], *, now: dt.datetime) -> Plan:
    """The plan that archives every expired profile among ``entries`` (active ones)."""
    moment = now.astimezone(dt.UTC) if now.tzinfo else now.replace(tzinfo=dt.UTC)
    today = moment.date()
    ops: list[Operation] = [
        ArchiveOp(
            kind=e.kind,
            id=e.id,
            path=e.path,
            archive_path=archive_path(e.path),
            superseded_by=None,
            reason=f"expired {e.expires} (ttl {e.ttl or 'unknown'})",
        )
        for e in sorted(entries, key=lambda e: e.path)
        if is_expired(e, today)
    ]
    return Plan(
        transcript=SWEEP_SOURCE, format="store", model="none", created=utc_stamp(moment), operations=ops
    )
