"""Sweep: archive expired profiles (FORMATS.md §2 ``expires``). Pure: entries in, a Plan out.

A profile is expired on its ``expires`` date (``created + ttl``, UTC) and after. Playbooks
never expire. Expired files are archived, never deleted, with the reason
``expired <date> (ttl <ttl>)``; :func:`memscribe.stages.apply.apply_plan` executes the plan.
``memscribe sweep`` runs it, and so does every ``memscribe extract`` before it reads memory.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from memscribe.store.files import archive_path, utc_stamp
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import ArchiveOp, Operation, Plan

SWEEP_SOURCE = "(sweep)"


def is_expired(entry: MemoryEntry, today: dt.date) -> bool:
    """A profile whose ``expires`` date is ``today`` or earlier (``never``/missing: no)."""
    if entry.kind != "profile" or not entry.expires or entry.expires == "never":
        return False
    try:
        return dt.date.fromisoformat(entry.expires) <= today
    except ValueError:
        return False  # an unreadable date is left alone, not guessed at


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
