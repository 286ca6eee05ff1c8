"""The OpenClaw SQLite transcript store: sessions read as OpenClaw JSONL, mirrored for the batch job."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from memscribe.batch.discovery import default_sources
from memscribe.errors import InputError
from memscribe.transcript.openclaw_sqlite import (
    export_sessions,
    list_sessions,
    read_sqlite_session,
    split_session_ref,
)
from tests.support.integration_support import OPENCLAW_FACTS, make_openclaw_db

SID = "5b1c2d3e-0000-4000-8000-000000000001"
KEY = "agent:research:telegram:direct:42"


def test_a_session_reads_like_its_jsonl_file(tmp_path: Path) -> None:
    db = make_openclaw_db(tmp_path / "agents" / "research" / "agent" / "openclaw-agent.sqlite", SID, KEY)
    [session] = list_sessions(db)
    assert (session.agent, session.session_id, session.session_key) == ("research", SID, KEY)
    transcript = read_sqlite_session(db, SID)
    from memscribe.transcript import read_transcript

    from_file = read_transcript(OPENCLAW_FACTS)
    assert [t.text for t in transcript.turns] == [t.text for t in from_file.turns]
    assert transcript.session_key == KEY
    assert transcript.source == f"{db}#{SID}"


def test_unknown_session_and_foreign_database_are_input_errors(tmp_path: Path) -> None:
    db = make_openclaw_db(tmp_path / "openclaw-agent.sqlite", SID, KEY)
    with pytest.raises(InputError):
        read_sqlite_session(db, "nope")
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    with pytest.raises(InputError, match="transcript_events"):
        list_sessions(other)
    (tmp_path / "junk.sqlite").write_text("not a database")
    with pytest.raises(InputError):
        list_sessions(tmp_path / "junk.sqlite")


def test_export_mirrors_sessions_with_their_keys_and_only_rewrites_changes(tmp_path: Path) -> None:
    state = tmp_path / "state"
    make_openclaw_db(state / "agents" / "research" / "agent" / "openclaw-agent.sqlite", SID, KEY)
    cache = tmp_path / "cache"
    [path] = export_sessions(state, cache)
    assert path == cache / "openclaw-sqlite" / "agents" / "research" / "sessions" / f"{SID}.jsonl"
    assert path.read_text() == OPENCLAW_FACTS.read_text().rstrip("\n") + "\n"
    mtime = path.stat().st_mtime_ns
    assert export_sessions(state, cache) == [path]
    assert path.stat().st_mtime_ns == mtime
    from memscribe.transcript import read_transcript

    assert read_transcript(path).session_key == KEY  # through the mirrored sessions.json


def test_discovery_finds_sessions_in_either_store_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "state"
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    monkeypatch.setenv("MEMSCRIBE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex"))
    make_openclaw_db(state / "agents" / "research" / "agent" / "openclaw-agent.sqlite", SID, KEY)
    legacy = state / "agents" / "research" / "sessions"
    legacy.mkdir(parents=True)
    (legacy / f"{SID}.jsonl").write_text(OPENCLAW_FACTS.read_text())  # migrated: the database wins
    (legacy / "older.jsonl").write_text(OPENCLAW_FACTS.read_text())  # only in JSONL
    found = default_sources()
    names = [p.name for p in found]
    assert names.count(f"{SID}.jsonl") == 1 and "older.jsonl" in names
    assert any("openclaw-sqlite" in str(p) for p in found)


def test_session_refs() -> None:
    assert split_session_ref("/x/openclaw-agent.sqlite#abc") == (Path("/x/openclaw-agent.sqlite"), "abc")
    assert split_session_ref("/x/session.jsonl") is None


def test_extract_reads_a_session_ref(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from memscribe.cli import app

    db = make_openclaw_db(tmp_path / "agents" / "research" / "agent" / "openclaw-agent.sqlite", SID, KEY)
    result = CliRunner().invoke(
        app, ["extract", f"{db}#{SID}", "--memory-dir", str(tmp_path / "root"), "--json"]
    )
    assert result.exit_code == 0, result.output
    import json

    plan = json.loads(result.output)
    assert any("lowercase keywords" in op["text"] for op in plan["operations"])
