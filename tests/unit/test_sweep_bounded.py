"""The TTL sweep is chunked and bounded (issue 17): a budget stops it between chunks, and the
next run resumes with what is still expired."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

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


def test_a_backlog_is_read_a_page_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With an index, each chunk's expired entries are asked of it (``limit``): a backlog of
    expired memories is never loaded whole by a writing sweep; unreadable dates are stepped over."""
    from memscribe.index import open_index
    from memscribe.index.db import MemoryIndex

    _expired(tmp_path, 5)
    for n in range(3):  # first by path, expired by the index's string compare, not a real date
        rel = write_profile(
            tmp_path, f"prof_bad0{n:04d}", f"aaa-{n}", "User is odd.", ttl="one_week", created=LONG_AGO
        )
        text = (tmp_path / rel).read_text(encoding="utf-8")
        (tmp_path / rel).write_text(
            text.replace("expires: 2020-01-08", "expires: 2019-13-01"), encoding="utf-8"
        )
    with open_index(tmp_path):
        pass
    limits: list[int | None] = []
    real = MemoryIndex.expiring

    def paged(self: MemoryIndex, today: dt.date, **kw: object) -> object:
        limits.append(kw.get("limit"))  # type: ignore[arg-type]
        return real(self, today, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(MemoryIndex, "expiring", paged)
    swept = sweep_store(FileMemoryStore(tmp_path), now=NOW, chunk=2)
    assert len(swept.done.archived) == 5 and len(swept.plan.operations) == 5
    assert limits and set(limits) == {2}
    assert sorted(e.slug for e in MemoryRoot(tmp_path).entries()) == ["aaa-0", "aaa-1", "aaa-2"]


@pytest.mark.parametrize("spared", ["prof_week0000", "prof_week0001", "prof_week0004"])
@pytest.mark.parametrize("dry_run", [False, True])
def test_a_spared_id_is_left_and_every_page_stays_full(tmp_path: Path, spared: str, dry_run: bool) -> None:
    """``spare`` (the memory an edit replaces, stop 47): left alone, expired as it is, and a page
    it would have filled still holds ``chunk`` others, so the sweep pages on past it (at 6366907c
    the edit wrapped the whole store in a class of its own to do this)."""
    _expired(tmp_path, 5)
    swept = sweep_store(
        FileMemoryStore(tmp_path), now=NOW, chunk=1, spare=frozenset({spared}), dry_run=dry_run
    )
    ids = sorted(op.id for op in swept.plan.operations)
    assert ids == sorted({f"prof_week{n:04d}" for n in range(5)} - {spared})
    left = sorted(e.id for e in MemoryRoot(tmp_path).entries())
    assert left == ([f"prof_week{n:04d}" for n in range(5)] if dry_run else [spared])
