"""Two short working sessions a month apart, extracted by the embedded default into one memory
root: what the first wrote, and what is active and archived after the second. Shared by the dedup
tests that check a restatement, an update or a second fact said in the next session."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memscribe.model.embedded import EmbeddedModel
from memscribe.schemas.plan import Plan
from memscribe.services.extract import extract_unscoped
from memscribe.store import open_store
from memscribe.store.root import MemoryRoot
from memscribe.transcript import parse_transcript

FIRST_DAY = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)
LATER_DAY = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)


def work_session(root: Path, said: str, now: dt.datetime) -> Plan:
    """``said`` in a session that then asks for help, extracted into ``root`` at ``now``."""
    transcript = parse_transcript(
        f"User: {said}\nAssistant: Noted.\nUser: Can you help me with an email?\nAssistant: Sure.\n",
        source="t.txt",
        fmt="text",
    )
    return extract_unscoped(open_store(root), transcript, EmbeddedModel(), context_tokens=16000, now=now)


def two_sessions(root: Path, first: str, then: str) -> tuple[list[str], list[str], list[str]]:
    """The bodies ``first`` wrote, then the active and the archived ones once ``then`` is said a
    month later."""
    work_session(root, first, FIRST_DAY)
    stored = sorted(e.body for e in MemoryRoot(root).entries())
    assert stored, first
    work_session(root, then, LATER_DAY)
    memory = MemoryRoot(root)
    return stored, sorted(e.body for e in memory.entries()), sorted(e.body for e in memory.archived_entries())
