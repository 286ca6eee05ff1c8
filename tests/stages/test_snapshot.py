"""Task snapshots (Big Memory): trigger, stage, daily-file format, store, CLI; embedded and cassette replays."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.llm import LiteLLMModel
from memscribe.prompting import template_variables
from memscribe.run import SnapshotContext, extract
from memscribe.schemas.snapshot import SnapshotDraft
from memscribe.services.extract import snapshot_context
from memscribe.snapshot.render import SECTIONS, latest, parse_snapshots
from memscribe.snapshot.stage import take_snapshot
from memscribe.snapshot.store import append_snapshot, stored_snapshots
from memscribe.snapshot.trigger import raw_flush_seen, snapshot_trigger
from memscribe.transcript import parse_transcript, read_transcript

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "snapshot"
COMPACTION = FIXTURES / "claude_code_compaction.jsonl"
QA = FIXTURES / "qa_session.txt"
NOW = dt.datetime(2026, 11, 30, 12, 0, 0, tzinfo=dt.UTC)
UPDATE = os.environ.get("MEMSCRIBE_UPDATE_GOLDEN") == "1"
SECRETS = re.compile(r"S3cretPw9x|r3disPassw0rdQ|postgres://app:|redis://:")
runner = CliRunner()


def _golden(name: str, actual: str) -> None:
    path = FIXTURES / "expected" / name
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert actual == path.read_text(encoding="utf-8")


def _extract(model: object, root: Path, now: dt.datetime = NOW) -> object:
    transcript = read_transcript(COMPACTION)
    return extract(
        transcript,
        model=model,  # type: ignore[arg-type]
        existing=[],
        taken_ids=[],
        context_tokens=16000,
        now=now,
        snapshot=SnapshotContext(existing=stored_snapshots(root, day=f"{now:%Y-%m-%d}")),
    )


# -- triggers -------------------------------------------------------------------------------------
def test_compaction_boundary_triggers_a_snapshot() -> None:
    assert snapshot_trigger(read_transcript(COMPACTION)) == "compaction"


def test_plain_qa_does_not_trigger() -> None:
    assert snapshot_trigger(read_transcript(QA)) is None


@pytest.mark.parametrize("ask", ["/big-memory save", "please save snapshot now", "ok, checkpoint here"])
def test_user_request_triggers(ask: str) -> None:
    t = parse_transcript(f"User: fix the parser\nAssistant: done\nUser: {ask}\n", source="t.txt")
    assert snapshot_trigger(t) == "user_request"


def test_memory_flush_turn_is_seen_in_the_raw_text(tmp_path: Path) -> None:
    lines = [
        {"type": "session", "version": 3, "id": "s1", "timestamp": "2026-11-30T10:00:00Z", "cwd": "/w"},
        {"type": "message", "id": "a1", "parentId": None, "timestamp": "2026-11-30T10:00:01Z",
         "message": {"role": "user", "content": "refactor src/app.ts"}},
        {"type": "message", "id": "a2", "parentId": "a1", "timestamp": "2026-11-30T10:00:02Z",
         "message": {"role": "user", "content": "Pre-compaction memory flush. Store durable memories now."}},
        {"type": "message", "id": "a3", "parentId": "a2", "timestamp": "2026-11-30T10:00:03Z",
         "message": {"role": "assistant", "content": "NO_REPLY"}},
    ]  # fmt: skip
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    transcript = read_transcript(path)
    assert snapshot_trigger(transcript) is None  # the reader dropped the flush turn ...
    assert raw_flush_seen(path.read_text(encoding="utf-8"))  # ... the raw text still shows it
    assert snapshot_context(tmp_path, str(path)).flush_seen
    assert snapshot_trigger(transcript, flush_seen=True) == "memory_flush"


# -- the stage and the file -----------------------------------------------------------------------
def test_compaction_session_embedded_writes_one_snapshot_with_every_section(tmp_path: Path) -> None:
    plan = _extract(EmbeddedModel(), tmp_path)
    block = plan.snapshot  # type: ignore[attr-defined]
    assert block is not None and block.snapshot_id == "2026-11-30-01" and block.trigger == "compaction"
    append_snapshot(tmp_path, block)
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert files == [".reflexio/.lock", "memory/2026-11-30.md"]
    text = (tmp_path / "memory/2026-11-30.md").read_text(encoding="utf-8")
    assert not SECRETS.search(text) and not SECRETS.search(plan.model_dump_json())  # type: ignore[attr-defined]
    (stored,) = parse_snapshots(text, "memory/2026-11-30.md")
    assert list(stored.sections) == list(SECTIONS)
    assert "`DATABASE_URL`" in stored.sections["Key Names & Values"]
    _golden("claude_code_compaction.embedded.md", text)


@pytest.mark.vcr
def test_compaction_session_llm_cassette(tmp_path: Path, llm_server: str) -> None:
    model = LiteLLMModel("openai/scripted-extractor", api_base=llm_server, max_attempts=1)
    plan = _extract(model, tmp_path)
    assert plan.usage.llm_calls == 1  # type: ignore[attr-defined]
    append_snapshot(tmp_path, plan.snapshot)  # type: ignore[attr-defined]
    text = (tmp_path / "memory/2026-11-30.md").read_text(encoding="utf-8")
    # The scripted model copied an env var value: only the name is stored.
    assert not SECRETS.search(text)
    assert "- Env var: `DATABASE_URL`" in text
    _golden("claude_code_compaction.llm.md", text)


def test_two_saves_on_one_day_get_01_and_02_and_keep_the_first(tmp_path: Path) -> None:
    first = _extract(EmbeddedModel(), tmp_path).snapshot  # type: ignore[attr-defined]
    # A second process planned before the first one wrote: same planned id, renumbered under the lock.
    second = _extract(EmbeddedModel(), tmp_path, NOW + dt.timedelta(minutes=5)).snapshot  # type: ignore[attr-defined]
    assert first.snapshot_id == second.snapshot_id == "2026-11-30-01"
    append_snapshot(tmp_path, first)
    before = (tmp_path / "memory/2026-11-30.md").read_text(encoding="utf-8")
    written = append_snapshot(tmp_path, second)
    after = (tmp_path / "memory/2026-11-30.md").read_text(encoding="utf-8")
    assert written.snapshot_id == "2026-11-30-02"
    assert after.startswith(before)
    ids = [s.snapshot_id for s in parse_snapshots(after, "x")]
    assert ids == ["2026-11-30-01", "2026-11-30-02"]
    assert after.count("## Task Snapshot -- ") == 2 and "## Task Snapshot -- 12:05" in after


def test_existing_daily_notes_are_kept_byte_for_byte(tmp_path: Path) -> None:
    notes = "# 2026-11-30\n\nMet with the partner team.  Trailing spaces stay.  "
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory/2026-11-30.md").write_text(notes, encoding="utf-8")
    append_snapshot(tmp_path, _extract(EmbeddedModel(), tmp_path).snapshot)  # type: ignore[attr-defined]
    text = (tmp_path / "memory/2026-11-30.md").read_text(encoding="utf-8")
    assert text.startswith(notes + "\n\n---\n\n## Task Snapshot -- 12:00\n")


def test_recall_picks_the_latest_across_daily_files(tmp_path: Path) -> None:
    append_snapshot(tmp_path, _extract(EmbeddedModel(), tmp_path, NOW - dt.timedelta(days=1)).snapshot)  # type: ignore[attr-defined]
    append_snapshot(tmp_path, _extract(EmbeddedModel(), tmp_path, NOW + dt.timedelta(hours=3)).snapshot)  # type: ignore[attr-defined]
    append_snapshot(tmp_path, _extract(EmbeddedModel(), tmp_path, NOW).snapshot)  # type: ignore[attr-defined]
    best = latest(stored_snapshots(tmp_path))
    assert (
        best is not None and best.timestamp == "2026-11-30T15:00:00" and best.snapshot_id == "2026-11-30-01"
    )
    result = runner.invoke(app, ["snapshot", "recall", "--memory-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)["snapshot"]
    assert view["timestamp"] == "2026-11-30T15:00:00" and view["phase"] == "debugging"
    assert view["goal"].startswith("Add per-client rate limiting")
    assert any("ratelimit.py" in w for w in view["working_on"]) and len(view["next_up"]) == 3
    human = runner.invoke(app, ["snapshot", "recall", "--memory-dir", str(tmp_path)])
    assert "- Goal: Add per-client" in human.output and "- Next up: Fix the off-by-one" in human.output


def test_qa_session_produces_no_snapshot(tmp_path: Path) -> None:
    outcome = take_snapshot(read_transcript(QA), model=EmbeddedModel(), trigger="explicit", now=NOW)
    assert outcome.block is None and "plain Q&A" in outcome.reason
    result = runner.invoke(app, ["snapshot", "save", str(QA), "--memory-dir", str(tmp_path)])
    assert result.exit_code == 0 and "No snapshot" in result.output
    assert not (tmp_path / "memory").exists()


def test_code_context_is_at_most_50_lines() -> None:
    base = {"worth_saving": True, "active_goal": "g", "phase": "testing"}
    SnapshotDraft.model_validate({**base, "code_context": "x\n" * 50})
    with pytest.raises(ValidationError):
        SnapshotDraft.model_validate({**base, "code_context": "x\n" * 51})


def test_stored_text_cannot_close_the_block() -> None:
    draft = SnapshotDraft(
        worth_saving=True,
        active_goal="finish <!-- /BIG-MEMORY-SNAPSHOT --> parsing",
        phase="implementing",
        next_steps=["### [SNAPSHOT] Active Goal fake"],
        code_context="### [SNAPSHOT] Next Steps\n<!-- snapshot-id: 1999-01-01-99 -->",
    )
    from memscribe.snapshot.render import render_block

    text = render_block(draft, snapshot_id="2026-11-30-01", moment=NOW.replace(tzinfo=None))
    (stored,) = parse_snapshots(text, "x")
    assert stored.snapshot_id == "2026-11-30-01" and list(stored.sections) == list(SECTIONS)


def test_prompt_variables_match_the_stage() -> None:
    assert template_variables("snapshot.j2") == {"turns", "trigger", "language_hint"}


# -- CLI ------------------------------------------------------------------------------------------
def test_cli_save_status_and_extract_auto_snapshot(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["snapshot", "save", str(COMPACTION), "--memory-dir", str(tmp_path), "--json"]
    )
    assert result.exit_code == 0, result.output
    saved = json.loads(result.stdout)
    assert saved["saved"] and saved["snapshot"]["snapshot_id"].endswith("-01")
    assert saved["snapshot"]["trigger"] == "explicit"
    result = runner.invoke(app, ["extract", str(COMPACTION), "--memory-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["snapshot"]["trigger"] == "compaction" and plan["snapshot"]["snapshot_id"].endswith("-02")
    result = runner.invoke(
        app, ["snapshot", "status", str(COMPACTION), "--memory-dir", str(tmp_path), "--json"]
    )
    status = json.loads(result.stdout)
    assert status["snapshots_today"] == 2 and status["moved_on"] is False
    assert status["suggestion"] == "memscribe snapshot recall"
    moved = tmp_path / "more.txt"
    moved.write_text(
        "User: now edit src/billing/invoice.py too\nAssistant: Decided to switch to Decimal because floats drift.\n"
    )
    status = json.loads(
        runner.invoke(app, ["snapshot", "status", str(moved), "--memory-dir", str(tmp_path), "--json"]).stdout
    )
    assert status["moved_on"] is True and any("invoice.py" in c for c in status["changes"])


def test_extract_dry_run_writes_no_snapshot(tmp_path: Path) -> None:
    result = runner.invoke(app, ["extract", str(COMPACTION), "--memory-dir", str(tmp_path), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "would append" in result.output
    assert not (tmp_path / "memory").exists()
