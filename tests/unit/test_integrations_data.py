"""The packaged integrations: manifests that agree with each other and with the package."""

from __future__ import annotations

import json
import os
import stat

import memscribe
from memscribe.integrations.install import data_dir, plugin_dir


def test_claude_code_plugin_layout() -> None:
    manifest = json.loads((plugin_dir() / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["name"] == "memscribe" and manifest["version"] == memscribe.__version__
    hooks = json.loads((plugin_dir() / "hooks" / "hooks.json").read_text())["hooks"]
    assert set(hooks) == {"SessionStart", "UserPromptSubmit", "PreCompact", "SessionEnd"}
    assert hooks["SessionStart"][0]["matcher"] == "startup|resume|compact"
    commands = [h["command"] for groups in hooks.values() for g in groups for h in g["hooks"]]
    assert all(c == 'sh "${CLAUDE_PLUGIN_ROOT}/hooks/memscribe-hook.sh" claude-code' for c in commands)
    mcp = json.loads((plugin_dir() / ".mcp.json").read_text())
    assert mcp["mcpServers"]["memscribe"] == {"command": "memscribe", "args": ["serve"]}
    script = plugin_dir() / "hooks" / "memscribe-hook.sh"
    assert os.stat(script).st_mode & stat.S_IXUSR
    assert 'exec "$bin" hook "$agent"' in script.read_text()


def test_codex_and_openclaw_packs() -> None:
    codex = json.loads((data_dir() / "codex" / "hooks.json").read_text())["hooks"]
    assert set(codex) == {"SessionStart", "UserPromptSubmit", "PreCompact", "Stop"}
    hook_md = (data_dir() / "openclaw" / "hook" / "HOOK.md").read_text()
    events = json.loads(hook_md.split("events: ", 1)[1].split("\n", 1)[0])
    handler = (data_dir() / "openclaw" / "hook" / "handler.js").read_text()
    for event in events:
        assert f'"{event}"' in handler or event == "message:received"
    assert "export default handler" in handler and 'child.on("error"' in handler
