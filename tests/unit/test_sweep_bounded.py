"""The TTL sweep is chunked and bounded (issue 17): a budget stops it between chunks, and the
next run resumes with what is still expired."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memscribe.services.maintenance import sweep_store
from memscribe.store.filestore import FileMemoryStore
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import write_profile

LONG_AGO = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
NOW = dt.datetime(2026, 6, 1, tzinfo=dt.UTC)


def _expired(root: Path, count: int) -> None:
    for n in range(count):
        write_profile(
            root,
            f"prof_week{n:04d}",
            f"demo-{n}",
            f"User is preparing demo {n}.",
            ttl="one_week",
            created=LONG_AGO,
        )


def test_budget_stops_between_chunks_and_the_next_run_resumes(tmp_path: Path) -> None:
    _expired(tmp_path, 5)
    store = FileMemoryStore(tmp_path)
    first = sweep_store(store, now=NOW, budget_s=0.0, chunk=2)
    assert len(first.plan.operations) == 2 and len(first.done.archived) == 2  # one chunk, then the budget
    assert len(MemoryRoot(tmp_path).entries()) == 3
    rest = sweep_store(store, now=NOW, chunk=2)  # no budget: every chunk
    assert len(rest.plan.operations) == 3 and len(rest.done.archived) == 3
    assert MemoryRoot(tmp_path).entries() == []
    assert sweep_store(store, now=NOW).plan.operations == []


def test_dry_run_lists_every_expired_entry(tmp_path: Path) -> None:
    _expired(tmp_path, 3)
    swept = sweep_store(FileMemoryStore(tmp_path), now=NOW, dry_run=True, budget_s=0.0, chunk=1)
    assert len(swept.plan.operations) == 3 and swept.done.archived == []
