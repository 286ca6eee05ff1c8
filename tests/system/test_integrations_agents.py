"""Claude Code and Codex, end to end: install, then drive the installed hook commands with the
payloads each agent sends on stdin, and check the right session lands in the right memory root
and the read side prints the recall block and, after compaction, the snapshot."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from memscribe.integrations.install import install
from tests.support.integration_support import (
    CODEX_SESSION,
    DEMO,
    claude_payload,
    codex_payload,
    memory_files,
    save_snapshot,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home dir"  # a space: the hook path must be quoted
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    monkeypatch.delenv("MEMSCRIBE_MEMORY_DIR", raising=False)
    return home


def _commands(settings: Path, event: str) -> list[str]:
    data = json.loads(settings.read_text())
    return [
        h["command"] for g in data["hooks"][event] for h in g["hooks"] if "memscribe-hook.sh" in h["command"]
    ]


def _fire(command: str, payload: dict[str, Any], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "MEMSCRIBE_HOOK_WAIT": "1", **env}
    return subprocess.run(
        ["sh", "-c", command],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environ,
        timeout=300,
        check=False,
    )


def _context(proc: subprocess.CompletedProcess[str], event: str) -> str:
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["hookSpecificOutput"]["hookEventName"] == event
    return str(data["hookSpecificOutput"]["additionalContext"])


def test_claude_code_every_event(home: Path, tmp_path: Path) -> None:
    project = tmp_path / "my project"
    project.mkdir()
    session = project / "session.jsonl"
    shutil.copy(DEMO, session)
    report = install("claude-code", scope="project", project=project)
    assert {c.action for c in report.changes} == {"created"}
    settings = project / ".claude" / "settings.json"
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["memscribe"]["args"] == ["serve"]
    start = _commands(settings, "SessionStart")[0]
    assert (
        json.loads(settings.read_text())["hooks"]["SessionStart"][-1]["matcher"] == "startup|resume|compact"
    )

    # Nothing stored yet: SessionStart prints nothing, and says so in the log.
    proc = _fire(start, claude_payload("SessionStart", project, session, source="startup"), project)
    assert proc.returncode == 0 and proc.stdout == ""

    # PreCompact extracts this session into the project's memory root.
    pre = _commands(settings, "PreCompact")[0]
    proc = _fire(
        pre, claude_payload("PreCompact", project, session, trigger="auto", custom_instructions=""), project
    )
    assert proc.returncode == 0, proc.stderr
    files = memory_files(project)
    assert any("playbooks/" in f for f in files) and any("profiles/" in f for f in files)

    # UserPromptSubmit: the recall block for the prompt.
    prompt = _commands(settings, "UserPromptSubmit")[0]
    text = _context(
        _fire(
            prompt,
            claude_payload("UserPromptSubmit", project, session, prompt="commit these changes"),
            project,
        ),
        "UserPromptSubmit",
    )
    assert text.startswith("<memwal-memories>") and "Co-Authored-By" in text

    # PreCompact also saved the task snapshot; after compaction it comes back.
    assert list((project / "memory").glob("*.md"))
    text = _context(
        _fire(start, claude_payload("SessionStart", project, session, source="compact"), project),
        "SessionStart",
    )
    assert "<task-snapshot>" in text and "[SNAPSHOT] Next Steps" in text

    # SessionEnd: incremental, nothing new written twice.
    end = _commands(settings, "SessionEnd")[0]
    proc = _fire(end, claude_payload("SessionEnd", project, session, reason="exit"), project)
    assert proc.returncode == 0 and memory_files(project) == files

    log = (project / ".reflexio" / ".logs" / "hooks.log").read_text()
    for event in ("SessionStart", "PreCompact", "UserPromptSubmit", "SessionEnd"):
        assert f"claude-code {event}" in log
    assert "action=extract" in log and "action=context" in log


def test_install_is_idempotent_and_keeps_the_users_hooks(home: Path) -> None:
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir()
    mine = {"type": "command", "command": "echo mine"}
    settings.write_text(json.dumps({"model": "opus", "hooks": {"SessionStart": [{"hooks": [mine]}]}}))
    dry = install("claude-code", dry_run=True)
    assert [c.action for c in dry.changes] == ["updated", "created"]
    assert json.loads(settings.read_text())["hooks"]["SessionStart"] == [{"hooks": [mine]}]
    install("claude-code")
    first = settings.read_text()
    again = install("claude-code")
    assert [c.action for c in again.changes] == ["unchanged", "unchanged"]
    assert settings.read_text() == first
    data = json.loads(first)
    assert data["model"] == "opus" and data["hooks"]["SessionStart"][0] == {"hooks": [mine]}
    assert (settings.parent / "settings.json.bak").is_file()


def test_memscribe_missing_from_path_is_reported_not_silent(home: Path, tmp_path: Path) -> None:
    project = tmp_path / "p"
    project.mkdir()
    install("claude-code", scope="project", project=project)
    command = _commands(project / ".claude" / "settings.json", "PreCompact")[0]
    command = command.split(" ", 1)[1]  # drop the MEMSCRIBE_BIN= prefix install wrote
    assert command.startswith("sh '")
    proc = _fire(
        command,
        claude_payload("PreCompact", project, DEMO),
        project,
        PATH="/usr/bin:/bin",
        CLAUDE_PROJECT_DIR=str(project),
    )
    assert proc.returncode == 0
    assert "not found on PATH" in proc.stderr
    assert "not found on PATH" in (project / ".reflexio" / ".logs" / "hooks.log").read_text()


def test_codex_hooks(home: Path, tmp_path: Path) -> None:
    project = tmp_path / "repo"
    project.mkdir()
    codex_dir = home / ".codex"
    codex_dir.mkdir()
    (codex_dir / "config.toml").write_text('model = "gpt-5-codex"\n\n[features]\nweb_search = true\n')
    report = install("codex")
    toml = (codex_dir / "config.toml").read_text()
    assert 'model = "gpt-5-codex"' in toml and "web_search = true" in toml
    assert "codex_hooks = true" in toml and "[mcp_servers.memscribe]" in toml
    assert [c.action for c in install("codex").changes] == ["unchanged", "unchanged"]
    assert report.changes[0].path.endswith("hooks.json")
    hooks = codex_dir / "hooks.json"
    session = project / "rollout-2026-11-30T10-00-00-019a.jsonl"
    shutil.copy(CODEX_SESSION, session)

    stop = _commands(hooks, "Stop")[0]
    proc = _fire(stop, codex_payload("Stop", project, session, turn_id="t1", stop_hook_active=False), project)
    assert proc.returncode == 0, proc.stderr
    log = (project / ".reflexio" / ".logs" / "hooks.log").read_text()
    assert "codex Stop" in log and f"transcript={session}" in log
    assert f'"path": "{session}"' in log and '"status": "processed"' in log  # the batch report
    assert '"correction_without_confirmation": 2' in log

    shutil.copy(DEMO, project / "claude.jsonl")
    proc = _fire(
        stop, codex_payload("PreCompact", project, project / "claude.jsonl", trigger="auto"), project
    )
    assert proc.returncode == 0 and memory_files(project)
    start = _commands(hooks, "SessionStart")[0]
    save_snapshot(project, project / "claude.jsonl")
    text = _context(
        _fire(start, codex_payload("SessionStart", project, session, source="compact"), project),
        "SessionStart",
    )
    assert "<memwal-memories>" in text and "<task-snapshot>" in text
