"""Hook payloads (bounded stdin reads, normalisation) and OpenClaw's workspace / transcript resolution."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from memscribe.errors import InputError
from memscribe.integrations.openclaw import find_session_file, workspace_dir
from memscribe.integrations.payload import normalize, parse_payload, read_stdin_payload


def test_stdin_reads_are_bounded() -> None:
    assert read_stdin_payload(io.BytesIO(b'{"a": 1}'), is_tty=True) == b""
    assert read_stdin_payload(io.BytesIO(b'{"a": 1}'), is_tty=False) == b'{"a": 1}'
    with pytest.raises(InputError, match="larger than"):
        read_stdin_payload(io.BytesIO(b"x" * 100), is_tty=False, cap=10)
    read_end, write_end = os.pipe()  # a writer that never closes: the read gives up
    try:
        with os.fdopen(read_end, "rb", buffering=0) as stream:
            assert read_stdin_payload(stream, is_tty=False, timeout=0.2) == b""
    finally:
        os.close(write_end)


def test_payload_shapes() -> None:
    with pytest.raises(InputError):
        parse_payload(b"[1, 2]")
    with pytest.raises(InputError):
        parse_payload(b"{not json")
    assert parse_payload(b"  ") == {}
    claude = normalize(
        {
            "session_id": "s",
            "transcript_path": "/p/s.jsonl",
            "cwd": "/p",
            "hook_event_name": "SessionStart",
            "source": "compact",
        }
    )
    assert (claude.agent, claude.event, claude.after_compaction) == ("claude-code", "SessionStart", True)
    codex = normalize(
        {
            "session_id": "s",
            "transcript_path": "/h/.codex/sessions/2026/11/30/rollout-x.jsonl",
            "cwd": "/p",
            "hook_event_name": "Stop",
            "turn_id": "t",
        }
    )
    assert codex.agent == "codex"
    openclaw = normalize(
        {
            "type": "session",
            "action": "compact:after",
            "sessionKey": "agent:main:main",
            "context": {"sessionId": "x"},
        }
    )
    assert (openclaw.agent, openclaw.event, openclaw.after_compaction, openclaw.session_id) == (
        "openclaw",
        "session:compact:after",
        True,
        "x",
    )
    received = normalize({"type": "message", "action": "received", "context": {"content": "/remem now"}})
    assert received.prompt == "/remem now"
    assert normalize({}).agent == ""


def test_workspace_resolution_follows_openclaw(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "OPENCLAW_STATE_DIR": str(tmp_path / "state")}
    listed = {"agents": {"list": [{"id": "ops", "workspace": "~/ops-ws"}, {"id": "main", "default": True}]}}
    assert workspace_dir(listed, "ops", env) == (tmp_path / "ops-ws").resolve()
    assert workspace_dir(listed, None, env) == tmp_path / ".openclaw" / "workspace"
    assert workspace_dir(listed, "research", env) == tmp_path / "state" / "workspace-research"
    defaults = {"agents": {"defaults": {"workspace": str(tmp_path / "shared")}}}
    assert workspace_dir(defaults, "main", env) == (tmp_path / "shared").resolve()
    assert (
        workspace_dir({}, "main", {**env, "OPENCLAW_PROFILE": "work"})
        == tmp_path / ".openclaw" / "workspace-work"
    )
    first_listed = {"agents": {"list": [{"id": "alpha"}]}}
    assert workspace_dir(first_listed, "alpha", env) == tmp_path / ".openclaw" / "workspace"


def test_session_files_are_found_as_the_session_memory_hook_finds_them(tmp_path: Path) -> None:
    (tmp_path / "abc.jsonl.reset.2026-11-29T10-00-00.000Z").write_text("old")
    (tmp_path / "abc.jsonl.reset.2026-11-30T10-00-00.000Z").write_text("newer")
    assert (
        find_session_file(tmp_path, str(tmp_path / "abc.jsonl"), None)
        == tmp_path / "abc.jsonl.reset.2026-11-30T10-00-00.000Z"
    )
    assert find_session_file(tmp_path, None, "abc") == tmp_path / "abc.jsonl.reset.2026-11-30T10-00-00.000Z"
    (tmp_path / "abc.jsonl").write_text("live")
    assert find_session_file(tmp_path, None, "abc") == tmp_path / "abc.jsonl"
    (tmp_path / "t1-topic-9.jsonl").write_text("topic")
    assert find_session_file(tmp_path, None, "t1") == tmp_path / "t1-topic-9.jsonl"
    assert find_session_file(tmp_path, None, "missing") is None
