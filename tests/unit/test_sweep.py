"""TTL sweep: expired profiles archived (never deleted), playbooks never; also before extract."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.services.maintenance import sweep_root
from memscribe.stages.sweep import is_expired, sweep
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import write_playbook, write_profile

runner = CliRunner()
LONG_AGO = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)


def _root(tmp_path: Path) -> Path:
    write_profile(
        tmp_path,
        "prof_week0001",
        "agenda",
        "User is preparing a demo this week.",
        ttl="one_week",
        created=LONG_AGO,
    )
    write_profile(tmp_path, "prof_diet0001", "diet", "User is vegan.", ttl="infinity", created=LONG_AGO)
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Lisbon.", ttl="one_year")
    write_playbook(
        tmp_path, "pbk_comm0001", "commit", "Composing a commit message", "No trailers.", created=LONG_AGO
    )
    return tmp_path


def test_sweep_plan_archives_only_expired_profiles(tmp_path: Path) -> None:
    entries = MemoryRoot(_root(tmp_path)).entries()
    plan = sweep(entries, now=dt.datetime(2026, 6, 1, tzinfo=dt.UTC))
    assert [op.id for op in plan.operations] == ["prof_week0001"]
    op = plan.operations[0]
    assert op.op == "archive" and op.reason == "expired 2020-01-08 (ttl one_week)"
    week = next(e for e in entries if e.id == "prof_week0001")
    assert is_expired(week, dt.date(2020, 1, 8)) and not is_expired(week, dt.date(2020, 1, 7))


def test_sweep_root_dry_run_then_apply(tmp_path: Path) -> None:
    root = _root(tmp_path)
    now = dt.datetime(2026, 6, 1, tzinfo=dt.UTC)
    plan, applied = sweep_root(root, now=now, dry_run=True)
    assert len(plan.operations) == 1 and applied.archived == []
    assert len(MemoryRoot(root).entries()) == 4
    plan, applied = sweep_root(root, now=now)
    assert applied.archived == [".reflexio/.archive/profiles/agenda-week0001.md"]
    archived = (root / applied.archived[0]).read_text()
    assert "archive_reason: expired 2020-01-08 (ttl one_week)" in archived
    assert "superseded_by" not in archived
    assert {e.id for e in MemoryRoot(root).entries()} == {"prof_diet0001", "prof_city0001", "pbk_comm0001"}
    assert sweep_root(root, now=now)[0].operations == []  # idempotent


def test_cli_sweep(tmp_path: Path) -> None:
    root = _root(tmp_path)
    dry = runner.invoke(app, ["sweep", "--memory-dir", str(root), "--dry-run", "--json"])
    assert dry.exit_code == 0, dry.output
    data = json.loads(dry.stdout)
    assert data["dry_run"] is True and [e["id"] for e in data["expired"]] == ["prof_week0001"]
    assert data["archived"] == []
    done = runner.invoke(app, ["sweep", "--memory-dir", str(root)])
    assert done.exit_code == 0 and "archived 1 expired profile" in done.output
    assert runner.invoke(app, ["sweep", "--memory-dir", str(root)]).output.strip() == "Nothing expired."


def test_extract_sweeps_first(tmp_path: Path) -> None:
    root = _root(tmp_path / "mem")
    transcript = tmp_path / "t.txt"
    transcript.write_text("User: Hello there.\nAssistant: Hi!\n")
    dry = runner.invoke(app, ["extract", str(transcript), "--memory-dir", str(root), "--dry-run"])
    assert dry.exit_code == 0
    assert len(MemoryRoot(root).entries()) == 4  # a dry run writes nothing, not even the sweep
    result = runner.invoke(app, ["extract", str(transcript), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert "swept 1 expired profile" in result.output
    assert "prof_week0001" not in {e.id for e in MemoryRoot(root).entries()}


def test_sweep_root_uses_the_index_when_there_is_one(tmp_path: Path) -> None:
    from memscribe.index import open_index

    root = _root(tmp_path)
    now = dt.datetime(2026, 6, 1, tzinfo=dt.UTC)
    without_index, _ = sweep_root(root, now=now, dry_run=True)
    open_index(root).close()
    with_index, _ = sweep_root(root, now=now, dry_run=True)
    assert with_index.operations == without_index.operations
    plan, applied = sweep_root(root, now=now)
    assert applied.archived == [".reflexio/.archive/profiles/agenda-week0001.md"]
    assert sweep_root(root, now=now)[0].operations == []  # the index saw the archive
    with open_index(root) as index:
        assert index.expiring(now.date()) == []
