"""``memscribe apply`` applies an ``extract --plan-only`` plan whose transcript it cannot read: a plan piped from
stdin (it names ``-``), or one whose transcript was rotated away before apply. Stop 45 reverted a change (2cfbcf67)
that re-checked each write's evidence against the named transcript: when that file could not be read every write was
refused with exit 0 (RV2 F2, HIGH), and an LLM's merged write was refused for its stored half (RV2 F1, HIGH)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.store.root import MemoryRoot

FACTS = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts" / "openclaw_profile_facts.jsonl"
runner = CliRunner()


def _apply_text(tmp_path: Path, plan_text: str) -> set[str]:
    result = runner.invoke(
        app, ["apply", "-", "--memory-dir", str(tmp_path / "m"), "--json"], input=plan_text
    )
    assert result.exit_code == 0, result.output
    return {e.id for e in MemoryRoot(tmp_path / "m").entries()}


def test_a_plan_made_from_stdin_is_applied_whole(tmp_path: Path) -> None:
    planned = runner.invoke(
        app,
        ["extract", "-", "--memory-dir", str(tmp_path / "x"), "--plan-only"],
        input=FACTS.read_text(encoding="utf-8"),
    )
    assert planned.exit_code == 0, planned.output
    writes = {op["id"] for op in json.loads(planned.stdout)["operations"] if op["op"] == "write"}
    assert writes
    assert _apply_text(tmp_path, planned.stdout) == writes


def test_a_plan_whose_transcript_is_gone_is_applied_whole(tmp_path: Path) -> None:
    session = tmp_path / "session.jsonl"
    session.write_text(FACTS.read_text(encoding="utf-8"), encoding="utf-8")
    planned = runner.invoke(
        app, ["extract", str(session), "--memory-dir", str(tmp_path / "x"), "--plan-only"]
    )
    assert planned.exit_code == 0, planned.output
    session.unlink()
    writes = {op["id"] for op in json.loads(planned.stdout)["operations"] if op["op"] == "write"}
    assert writes
    assert _apply_text(tmp_path, planned.stdout) == writes
