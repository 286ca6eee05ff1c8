"""Two ``memscribe extract`` runs on one root, each with expired memories to sweep (stop 45, HQ3
item 1): the sweep's page of expired entries is read before the root's lock is taken, so the
run that loses the lock used to apply archive ops for files the other run had just archived,
was refused ("file to archive does not exist", exit 5) and its facts were lost. An archive
that another writer already did is now dropped under the lock as done."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memscribe.schemas.plan import Plan
from memscribe.services.maintenance import sweep_store
from memscribe.stages.sweep import sweep
from memscribe.store.base import Applied
from memscribe.store.filestore import FileMemoryStore
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import write_profile

REPO = Path(__file__).resolve().parents[2]
LONG_AGO = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
NOW = dt.datetime(2026, 6, 1, tzinfo=dt.UTC)
FIXTURES = REPO / "fixtures" / "transcripts"
SESSIONS = ("claude_code_confirmed_correction.jsonl", "openclaw_profile_facts.jsonl")


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


def test_a_sweep_page_archived_meanwhile_is_applied_as_done(tmp_path: Path) -> None:
    """The loser's page, read before the winner swept: applying it archives nothing twice and
    raises nothing; each expired memory is in the archive once."""
    _expired(tmp_path, 4)
    store = FileMemoryStore(tmp_path)
    stale = sweep(store.expiring(NOW.date()), now=NOW)
    assert len(stale.operations) == 4
    winner = sweep_store(store, now=NOW)
    assert len(winner.done.archived) == 4
    done = store.apply(stale, now=NOW)
    assert done.archived == [] and done.journal is None
    assert done.done_elsewhere == [f"prof_week{n:04d}" for n in range(4)]
    archived = MemoryRoot(tmp_path).archived_entries()
    assert sorted(e.id for e in archived) == [f"prof_week{n:04d}" for n in range(4)]
    assert MemoryRoot(tmp_path).entries() == []


def test_an_archive_of_a_missing_file_not_archived_is_still_refused(tmp_path: Path) -> None:
    """Only an archive already done is dropped: a file gone without a trace is still an invalid plan."""
    import pytest

    from memscribe.errors import StoreError

    _expired(tmp_path, 2)
    store = FileMemoryStore(tmp_path)
    stale = sweep(store.expiring(NOW.date()), now=NOW)
    (tmp_path / stale.operations[0].path).unlink()
    with pytest.raises(StoreError, match="file to archive does not exist"):
        store.apply(stale, now=NOW)


def _extract(session: str, root: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("MEMSCRIBE_MODEL", None)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "memscribe.cli",
            "extract",
            str(FIXTURES / session),
            "--memory-dir",
            str(root),
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def test_two_extracts_sweeping_at_once_both_land(tmp_path: Path) -> None:
    """Before: 3 rounds of 5 had a run exit 5 with its facts lost. After: every run exits 0 and
    both runs' memories are on disk, each expired memory archived once."""
    for round_ in range(4):
        root = tmp_path / f"root{round_}"
        root.mkdir()
        _expired(root, 30)
        runs = [_extract(session, root) for session in SESSIONS]
        outcomes = [(run.wait(timeout=120), run.communicate()) for run in runs]
        for code, (_, err) in outcomes:
            assert code == 0, f"round {round_}: exit {code}: {err.strip()[-300:]}"
        active = MemoryRoot(root).entries()
        kinds = {e.kind for e in active}
        assert kinds == {"profile", "playbook"}, f"round {round_}: {sorted(e.path for e in active)}"
        archived = [e.id for e in MemoryRoot(root).archived_entries()]
        assert sorted(archived) == [f"prof_week{n:04d}" for n in range(30)], f"round {round_}"


class _Raced(FileMemoryStore):
    """A store whose first apply finds ``other`` run first (what a run that loses the lock sees)."""

    def __init__(self, root: Path, other: Callable[[], object]) -> None:
        super().__init__(root)
        self.other: Callable[[], object] | None = other

    def apply(self, plan: Plan, **kwargs: Any) -> Applied:
        if self.other is not None:
            self.other, other = None, self.other
            other()
        return super().apply(plan, **kwargs)


def test_the_losing_sweep_reports_only_what_it_archived(tmp_path: Path) -> None:
    """Before (review RV1 F6): the loser's plan listed the winner's archives, so both
    ``memscribe sweep`` runs said "archived 4" and both extracts "swept 4"."""
    _expired(tmp_path, 4)
    winner: list[Any] = []
    loser = sweep_store(
        _Raced(tmp_path, lambda: winner.append(sweep_store(FileMemoryStore(tmp_path), now=NOW))), now=NOW
    )
    assert [op.id for op in winner[0].plan.operations] == [f"prof_week{n:04d}" for n in range(4)]
    assert loser.plan.operations == [] and loser.done.archived == []


def test_a_forget_racing_a_sweep_says_its_reason_was_not_recorded(tmp_path: Path, monkeypatch: Any) -> None:
    """Before: forget printed "forgot … (forgotten: R)" though the sweep's archive holds only
    "expired …" (R written nowhere). Now forget fails as for an id no longer active, and says why."""
    import pytest

    from memscribe.curation import forget_memory
    from memscribe.errors import UserError

    _expired(tmp_path, 1)
    apply = FileMemoryStore.apply
    swept: list[Any] = []

    def raced(self: FileMemoryStore, plan: Plan, **kwargs: Any) -> Applied:
        if not swept:  # the sweep's own applies run unraced
            swept.append(plan)
            sweep_store(FileMemoryStore(self.root), now=NOW)
        return apply(self, plan, **kwargs)

    monkeypatch.setattr(FileMemoryStore, "apply", raced)
    with pytest.raises(UserError, match="archived by another run meanwhile.*reason was not recorded"):
        forget_memory(tmp_path, "prof_week0000", reason="wrong: never worked there", now=NOW)
    [archived] = MemoryRoot(tmp_path).archived_entries()
    text = (tmp_path / archived.path).read_text(encoding="utf-8")
    assert "archive_reason: expired" in text and "never worked there" not in text
