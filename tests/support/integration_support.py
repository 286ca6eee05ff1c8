"""Helpers for the integration tests: memory roots with memories and snapshots, hook payloads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from memscribe.cli import app
from tests.support.e2e_support import TRANSCRIPTS

runner = CliRunner()
DEMO = TRANSCRIPTS / "claude_code_confirmed_correction.jsonl"


def invoke(args: list[str], payload: dict[str, Any] | None = None) -> Any:
    """Run the CLI with ``payload`` as JSON on stdin."""
    return runner.invoke(app, args, input=json.dumps(payload) if payload is not None else "")


def root_with_memories(root: Path) -> Path:
    """A memory root holding the demo's playbook (commit messages) and profile."""
    result = runner.invoke(app, ["extract", str(DEMO), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    return root


def save_snapshot(root: Path, transcript: Path = DEMO) -> None:
    result = runner.invoke(app, ["snapshot", "save", str(transcript), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output


def claude_payload(event: str, cwd: Path, transcript: Path | None = None, **extra: Any) -> dict[str, Any]:
    """A Claude Code hook payload as Claude Code sends it on stdin."""
    payload: dict[str, Any] = {
        "session_id": "0b7c8a2e-3f1d-4c55-9e0a-7f9b1c2d3e4f",
        "transcript_path": str(transcript or cwd / "missing.jsonl"),
        "cwd": str(cwd),
        "hook_event_name": event,
    }
    payload.update(extra)
    return payload


def codex_payload(event: str, cwd: Path, transcript: Path | None = None, **extra: Any) -> dict[str, Any]:
    """A Codex hook payload (session-start/stop command input schema)."""
    payload: dict[str, Any] = {
        "session_id": "019a1b2c-3d4e-7f00-8a9b-0c1d2e3f4a5b",
        "transcript_path": str(transcript) if transcript else None,
        "cwd": str(cwd),
        "hook_event_name": event,
        "model": "gpt-5-codex",
        "permission_mode": "default",
    }
    payload.update(extra)
    return payload


OPENCLAW_FACTS = TRANSCRIPTS / "openclaw_profile_facts.jsonl"
CODEX_SESSION = TRANSCRIPTS / "codex_unconfirmed_correction.jsonl"


def make_openclaw_db(
    path: Path, session_id: str, session_key: str, transcript: Path = OPENCLAW_FACTS
) -> Path:
    """An OpenClaw agent database (``transcript_events`` + ``session_windows``) holding one session."""
    import contextlib
    import sqlite3

    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [line for line in transcript.read_text(encoding="utf-8").splitlines() if line.strip()]
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(
            "CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, "
            "event_json TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (session_id, seq))"
        )
        conn.execute(
            "CREATE TABLE session_windows (session_id TEXT PRIMARY KEY, session_key TEXT, updated_at INTEGER, "
            "transcript_updated_at INTEGER, ended_at INTEGER, channel TEXT, chat_type TEXT, display_name TEXT)"
        )
        conn.executemany(
            "INSERT INTO transcript_events VALUES (?, ?, ?, ?)",
            [(session_id, seq, line, 1_700_000_000 + seq) for seq, line in enumerate(lines)],
        )
        conn.execute(
            "INSERT INTO session_windows VALUES (?, ?, 0, 0, NULL, 'telegram', 'direct', NULL)",
            (session_id, session_key),
        )
        conn.commit()
    return path


def memory_files(root: Path) -> list[str]:
    """Profiles and playbooks under ``root`` (relative paths)."""
    base = root / ".reflexio"
    return sorted(p.relative_to(root).as_posix() for p in base.glob("*/*.md")) if base.is_dir() else []
