"""OpenClaw on its real event contexts (shapes from OpenClaw's source): the right session is
extracted into the agent's workspace, group flushes run on the seed's triggers, the snapshot comes
back after compaction, and the hook pack's handler never takes the gateway down."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from memscribe.integrations.install import data_dir, install
from tests.support.integration_support import (
    DEMO,
    OPENCLAW_FACTS,
    invoke,
    make_openclaw_db,
    memory_files,
)

OLD = "5b1c2d3e-0000-4000-8000-000000000001"
NEW = "9f8e7d6c-0000-4000-8000-000000000002"


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    state = home / ".openclaw"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    monkeypatch.setenv("MEMSCRIBE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MEMSCRIBE_HOOK_WAIT", "1")
    monkeypatch.delenv("OPENCLAW_PROFILE", raising=False)
    monkeypatch.delenv("OPENCLAW_CONFIG_PATH", raising=False)
    monkeypatch.delenv("MEMSCRIBE_MEMORY_DIR", raising=False)
    monkeypatch.chdir(tmp_path)  # the gateway's working directory: nothing may land here
    return state


def _sessions(state: Path, agent: str = "main") -> Path:
    folder = state / "agents" / agent / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _hook(event: dict[str, Any]) -> dict[str, Any]:
    result = invoke(["hook", "openclaw", "--json"], event)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_reset_extracts_the_previous_session_even_when_renamed(state: Path, tmp_path: Path) -> None:
    sessions = _sessions(state)
    renamed = sessions / f"{OLD}.jsonl.reset.2026-11-30T10-00-00.000Z"
    shutil.copy(OPENCLAW_FACTS, renamed)  # OpenClaw already renamed the ended session
    (sessions / f"{NEW}.jsonl").write_text(json.dumps({"type": "session", "version": 3, "id": NEW}) + "\n")
    workspace = tmp_path / "agent workspace"
    event = {
        "type": "command",
        "action": "reset",
        "sessionKey": "agent:main:main",
        "context": {
            "sessionEntry": {"sessionId": NEW, "sessionFile": str(sessions / f"{NEW}.jsonl"), "updatedAt": 2},
            "previousSessionEntry": {
                "sessionId": OLD,
                "sessionFile": str(sessions / f"{OLD}.jsonl"),
                "updatedAt": 1,
            },
            "commandSource": "telegram",
            "senderId": "42",
            "cfg": {"agents": {"defaults": {"workspace": str(workspace)}}},
        },
    }
    outcome = _hook(event)
    assert outcome["action"] == "extract" and outcome["transcript"] == str(renamed)
    assert outcome["returncodes"] == [0]
    files = memory_files(workspace)
    assert any(f.startswith(".reflexio/profiles/sql-") for f in files)
    assert memory_files(tmp_path) == []  # not the gateway's working directory
    assert "command:reset" in (workspace / ".reflexio" / ".logs" / "hooks.log").read_text()


def test_stop_without_workspace_resolves_it_as_openclaw_and_reads_sqlite(state: Path) -> None:
    make_openclaw_db(
        state / "agents" / "research" / "agent" / "openclaw-agent.sqlite", OLD, "agent:research:main"
    )
    event = {  # the real command:stop context: no workspaceDir, no sessionFile
        "type": "command",
        "action": "stop",
        "sessionKey": "agent:research:main",
        "context": {"sessionId": OLD, "commandSource": "cli", "senderId": "owner"},
    }
    outcome = _hook(event)
    workspace = state / "workspace-research"  # a non-default agent: <state>/workspace-<id>
    assert outcome["root"] == str(workspace) and outcome["returncodes"] == [0]
    [profile] = [f for f in memory_files(workspace) if "sql-" in f]
    assert "namespace: research" in (workspace / profile).read_text()


def test_compact_before_of_the_default_agent_uses_the_config_file(state: Path, tmp_path: Path) -> None:
    sessions = _sessions(state)
    shutil.copy(OPENCLAW_FACTS, sessions / f"{OLD}.jsonl")
    workspace = tmp_path / "ws-main"
    state.mkdir(exist_ok=True)
    (state / "openclaw.json").write_text(
        json.dumps({"agents": {"list": [{"id": "main", "workspace": str(workspace)}]}})
    )
    event = {
        "type": "session",
        "action": "compact:before",
        "sessionKey": "agent:main:main",
        "context": {"sessionId": OLD, "missingSessionKey": False, "messageCount": 12, "tokenCount": 4000},
    }
    outcome = _hook(event)
    assert outcome["root"] == str(workspace) and memory_files(workspace)


def test_group_flush_on_precompaction_and_remem(state: Path, tmp_path: Path) -> None:
    sessions = _sessions(state)
    shutil.copy(OPENCLAW_FACTS, sessions / f"{OLD}.jsonl")
    workspace = tmp_path / "ws"
    key = "agent:main:telegram:group:-100200300"
    base = {"sessionKey": key}
    ctx = {"sessionId": OLD, "workspaceDir": str(workspace)}
    outcome = _hook({**base, "type": "session", "action": "compact:before", "context": ctx})
    assert [c[0] for c in outcome["commands"]] == ["batch", "snapshot", "flush"]
    outcome = _hook(
        {**base, "type": "message", "action": "received", "context": {**ctx, "content": "/remem"}}
    )
    assert outcome["action"] == "flush" and outcome["returncodes"] == [0]
    outcome = _hook({**base, "type": "message", "action": "received", "context": {**ctx, "content": "hello"}})
    assert outcome["action"] == "nothing"


def test_snapshot_is_restored_at_the_bootstrap_after_compaction(state: Path, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    shutil.copy(DEMO, _sessions(state) / f"{OLD}.jsonl")
    key = "agent:main:main"
    before = {"type": "session", "action": "compact:before", "sessionKey": key, "context": {"sessionId": OLD}}
    before["context"]["workspaceDir"] = str(workspace)
    assert _hook(before)["returncodes"] == [0, 0]  # batch, snapshot save
    bootstrap = {
        "type": "agent",
        "action": "bootstrap",
        "sessionKey": key,
        "context": {"workspaceDir": str(workspace), "sessionId": OLD},
    }
    first = invoke(["hook", "openclaw"], bootstrap)
    assert "<memwal-memories>" in first.output and "<task-snapshot>" not in first.output
    after = {
        "type": "session",
        "action": "compact:after",
        "sessionKey": key,
        "context": {"sessionId": OLD, "compactedCount": 8},
    }
    assert (
        _hook({**after, "context": {**after["context"], "workspaceDir": str(workspace)}})["action"]
        == "marked_compacted"
    )
    restored = invoke(["hook", "openclaw"], bootstrap)
    assert "<task-snapshot>" in restored.output and "[SNAPSHOT] Active Goal" in restored.output
    assert "<task-snapshot>" not in invoke(["hook", "openclaw"], bootstrap).output  # once


def test_install_merges_extra_paths_and_copies_the_pack(state: Path) -> None:
    state.mkdir(exist_ok=True)
    config = state / "openclaw.json"
    config.write_text(json.dumps({"agents": {"defaults": {"memorySearch": {"extraPaths": ["notes/"]}}}}))
    report = install("openclaw")
    data = json.loads(config.read_text())
    assert data["agents"]["defaults"]["memorySearch"]["extraPaths"] == ["notes/", ".reflexio/"]
    assert data["hooks"]["internal"]["entries"]["memscribe"] == {"enabled": True}
    assert (state / "hooks" / "memscribe" / "handler.js").is_file()
    assert {c.action for c in report.changes} == {"created", "updated"}
    assert {c.action for c in install("openclaw").changes} == {"unchanged"}
    config.write_text("{ // JSON5 the merge cannot read\n}")
    assert [c.action for c in install("openclaw").changes][-1] == "manual"


NODE = shutil.which("node")
DRIVER = """
import { pathToFileURL } from "node:url";
const handler = (await import(pathToFileURL(process.argv[2]).href)).default;
const events = JSON.parse(process.argv[3]);
for (const event of events) {
  event.messages = [];
  await handler(event);
  if (event.context && event.context.bootstrapFiles) console.log(JSON.stringify(event.context.bootstrapFiles));
}
console.log("gateway alive");
"""


def _node(tmp_path: Path, events: list[dict[str, Any]], **env: str) -> subprocess.CompletedProcess[str]:
    driver = tmp_path / "driver.mjs"
    driver.write_text(DRIVER)
    handler = data_dir() / "openclaw" / "hook" / "handler.js"
    assert NODE is not None
    return subprocess.run(
        [NODE, str(driver), str(handler), json.dumps(events)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
        check=False,
    )


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_handler_survives_a_wrong_memscribe_bin(state: Path, tmp_path: Path) -> None:
    event = {
        "type": "session",
        "action": "compact:before",
        "sessionKey": "agent:main:main",
        "context": {"sessionId": OLD},
    }
    proc = _node(tmp_path, [event, event], MEMSCRIBE_BIN=str(tmp_path / "no such memscribe"))
    assert proc.returncode == 0, proc.stderr
    assert "gateway alive" in proc.stdout
    assert "not found" in (state / "hooks" / "memscribe" / "errors.log").read_text()


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_handler_drives_memscribe_on_reset_and_bootstrap(state: Path, tmp_path: Path) -> None:
    sessions = _sessions(state)
    shutil.copy(OPENCLAW_FACTS, sessions / f"{OLD}.jsonl")
    workspace = tmp_path / "ws"
    binary = shutil.which("memscribe") or str(Path(os.sys.executable).parent / "memscribe")
    cfg = {"agents": {"defaults": {"workspace": str(workspace)}}, "secrets": {"apiKey": "sk-never-forwarded"}}
    reset = {
        "type": "command",
        "action": "reset",
        "sessionKey": "agent:main:main",
        "context": {
            "sessionEntry": {"sessionId": NEW},
            "previousSessionEntry": {"sessionId": OLD, "sessionFile": str(sessions / f"{OLD}.jsonl")},
            "cfg": cfg,
        },
    }
    bootstrap = {
        "type": "agent",
        "action": "bootstrap",
        "sessionKey": "agent:main:main",
        "context": {"workspaceDir": str(workspace), "bootstrapFiles": [], "cfg": cfg},
    }
    proc = _node(tmp_path, [reset, bootstrap], MEMSCRIBE_BIN=binary, MEMSCRIBE_HOOK_WAIT="1")
    assert proc.returncode == 0, proc.stderr
    assert any("sql-" in f for f in memory_files(workspace))
    files = json.loads(proc.stdout.splitlines()[0])
    assert files[0]["name"] == "MEMSCRIBE_MEMORY.md" and "lowercase keywords" in files[0]["content"]
    assert "sk-never-forwarded" not in (workspace / ".reflexio" / ".logs" / "hooks.log").read_text()


def test_install_keeps_a_disabled_hook_disabled_and_says_so(state: Path) -> None:
    state.mkdir(exist_ok=True)
    config = state / "openclaw.json"
    data = {
        "agents": {"defaults": {"memorySearch": {"extraPaths": [".reflexio/"]}}},
        "hooks": {"internal": {"enabled": True, "entries": {"memscribe": {"enabled": False}}}},
    }
    config.write_text(json.dumps(data))
    report = install("openclaw")
    [change] = [c for c in report.changes if c.path == str(config)]
    assert change.action == "unchanged" and "enabled = false" in change.detail[0]
    assert json.loads(config.read_text()) == data
