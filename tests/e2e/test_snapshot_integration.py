"""Task snapshots through the batch job and through ``extract --plan-only`` + ``apply``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.snapshot.store import stored_snapshots

runner = CliRunner()
COMPACTION = Path(__file__).resolve().parents[2] / "fixtures" / "snapshot" / "claude_code_compaction.jsonl"


def _snapshot_ids(root: Path) -> list[str]:
    return [s.snapshot_id for s in stored_snapshots(root)]


def test_batch_appends_one_snapshot_and_a_rerun_adds_none(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    shutil.copy(COMPACTION, sessions / "s1.jsonl")
    mem = tmp_path / "mem"
    for _ in range(2):
        result = runner.invoke(app, ["batch", str(sessions), "--memory-dir", str(mem), "--json"])
        assert result.exit_code == 0, result.output
    ids = _snapshot_ids(mem)
    assert len(ids) == 1 and ids[0].endswith("-01")
    daily = next((mem / "memory").glob("*.md")).read_text()
    assert daily.count("<!-- BIG-MEMORY-SNAPSHOT v1 -->") == 1


def test_plan_only_then_apply_twice_appends_the_snapshot_once(tmp_path: Path) -> None:
    mem = tmp_path / "mem"
    result = runner.invoke(
        app, ["extract", str(COMPACTION), "--memory-dir", str(mem), "--plan-only", "--json"]
    )
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["snapshot"] is not None
    assert _snapshot_ids(mem) == []  # --plan-only writes nothing
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(result.stdout)
    for _ in range(2):
        applied = runner.invoke(app, ["apply", str(plan_file), "--memory-dir", str(mem), "--json"])
        assert applied.exit_code == 0, applied.output
        assert json.loads(applied.stdout)["snapshot"]["id"] == plan["snapshot"]["snapshot_id"]
    assert _snapshot_ids(mem) == [plan["snapshot"]["snapshot_id"]]
