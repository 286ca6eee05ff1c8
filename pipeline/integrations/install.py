"""``memscribe install``: merge the packaged hooks into an agent's settings, never overwriting.

Every change is a merge: a user's own hooks, MCP servers, ``extraPaths`` and feature flags stay
as they are; memscribe's entries are recognised by the hook script's name and are added once
(a second run changes nothing) or brought up to date. A file that is not valid JSON is never
rewritten: the change is reported as manual. Each file changed is backed up once to ``<file>.bak``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from memscribe.errors import UserError

HOOK_SCRIPT = "memscribe-hook.sh"
HOOK_MARK = "memscribe"
AGENTS = ("claude-code", "codex", "openclaw")
MEMORY_PATH = ".reflexio/"


@dataclass
class Change:
    """One file the install touched (or would touch)."""

    path: str
    action: str  # created | updated | unchanged | manual
    detail: list[str] = field(default_factory=list)


@dataclass
class InstallReport:
    agent: str
    scope: str
    dry_run: bool
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "scope": self.scope,
            "dry_run": self.dry_run,
            "changes": [c.__dict__ for c in self.changes],
            "notes": self.notes,
        }


def data_dir() -> Path:
    """The packaged integrations (inside the wheel)."""
    return Path(str(resources.files("memscribe.integrations") / "data"))


def plugin_dir() -> Path:
    """The Claude Code plugin folder (``.claude-plugin/plugin.json``, ``hooks/``, ``.mcp.json``)."""
    return data_dir() / "claude-code"


def hook_script() -> Path:
    return plugin_dir() / "hooks" / HOOK_SCRIPT


def memscribe_bin() -> str | None:
    """The absolute path of this memscribe's executable (next to the interpreter), if any."""
    for candidate in (
        Path(sys.executable).parent / "memscribe",
        Path(sys.executable).parent / "memscribe.exe",
    ):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which("memscribe")
    return str(Path(found).resolve()) if found else None


def _quote(text: str) -> str:
    """POSIX shell single quotes (paths with spaces, quotes, ``$``)."""
    return "'" + text.replace("'", "'\"'\"'") + "'"


def hook_command(agent: str) -> str:
    """The command a settings file runs: ``sh`` on the packaged script (quoted; no exec bit
    needed), with ``MEMSCRIBE_BIN`` naming this memscribe so the hook finds it off PATH too."""
    binary = memscribe_bin()
    prefix = f"MEMSCRIBE_BIN={_quote(binary)} " if binary else ""
    return f"{prefix}sh {_quote(str(hook_script()))} {agent}"


def _read_json(path: Path) -> tuple[dict[str, Any] | None, bool]:
    """(the object, whether the file exists); None when it exists but is not a JSON object."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, False
    if not text.strip():
        return {}, True
    try:
        value = json.loads(text)
    except ValueError:
        return None, True
    return (value if isinstance(value, dict) else None), True


def _write(path: Path, text: str, existed: bool, dry_run: bool) -> None:
    if dry_run:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    backup = path.with_name(path.name + ".bak")
    if existed and not backup.exists():
        shutil.copy2(path, backup)
    tmp = path.with_name(f".{path.name}.memscribe.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _ours(group: Any) -> bool:
    hooks = group.get("hooks") if isinstance(group, dict) else None
    return isinstance(hooks, list) and any(
        isinstance(h, dict) and HOOK_SCRIPT in str(h.get("command", "")) for h in hooks
    )


def merge_hooks(settings: dict[str, Any], wanted: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Merge ``wanted`` (event → matcher groups) into ``settings['hooks']``; returns what changed.

    The user's groups are kept in place; memscribe's group for an event is added when missing and
    replaced when it differs (it is recognised by the hook script's name).
    """
    hooks = settings.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise UserError("settings 'hooks' is not an object; fix it by hand first")
    changed: list[str] = []
    for event, groups in wanted.items():
        current = hooks.setdefault(event, [])
        if not isinstance(current, list):
            raise UserError(f"settings hooks.{event} is not a list; fix it by hand first")
        mine = [g for g in current if _ours(g)]
        if mine == groups:
            continue
        kept = [g for g in current if not _ours(g)]
        hooks[event] = kept + groups
        changed.append(f"{'updated' if mine else 'added'} {event} hook")
    return changed


def _merge_json_file(path: Path, merge: Any, report: InstallReport, manual_hint: str) -> None:
    data, existed = _read_json(path)
    if data is None:
        report.changes.append(Change(str(path), "manual", [f"not a JSON object: left as is; {manual_hint}"]))
        return
    before = json.dumps(data, sort_keys=True)
    detail = merge(data)
    if json.dumps(data, sort_keys=True) == before:  # notes only (a setting kept as the user set it)
        report.changes.append(Change(str(path), "unchanged", detail))
        return
    _write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", existed, report.dry_run)
    report.changes.append(Change(str(path), "updated" if existed else "created", detail))


def _mcp_merge(data: dict[str, Any]) -> list[str]:
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise UserError("'mcpServers' is not an object; fix it by hand first")
    if "memscribe" in servers:
        return []
    servers["memscribe"] = {"command": memscribe_bin() or "memscribe", "args": ["serve"]}
    return ["added MCP server memscribe (memscribe serve)"]


def claude_hooks(agent: str = "claude-code") -> dict[str, list[dict[str, Any]]]:
    """The plugin's hooks.json with the packaged script's absolute, quoted path."""
    manifest = json.loads((plugin_dir() / "hooks" / "hooks.json").read_text(encoding="utf-8"))
    command = hook_command(agent)
    wanted: dict[str, list[dict[str, Any]]] = manifest["hooks"]
    for groups in wanted.values():
        for group in groups:
            for h in group["hooks"]:
                h["command"] = command
    return wanted


def install_claude_code(home: Path, project: Path, scope: str, dry_run: bool) -> InstallReport:
    report = InstallReport("claude-code", scope, dry_run)
    base = home / ".claude" if scope == "user" else project / ".claude"
    wanted = claude_hooks()
    _merge_json_file(
        base / "settings.json", lambda d: merge_hooks(d, wanted), report, "add the hooks by hand"
    )
    mcp = home / ".claude.json" if scope == "user" else project / ".mcp.json"
    _merge_json_file(mcp, _mcp_merge, report, "claude mcp add memscribe -- memscribe serve")
    report.notes.append(f"Or install as a plugin: claude --plugin-dir {_quote(str(plugin_dir()))}")
    return report


def codex_hooks() -> dict[str, list[dict[str, Any]]]:
    text = (data_dir() / "codex" / "hooks.json").read_text(encoding="utf-8")
    manifest = json.loads(text.replace("{hook} codex", json.dumps(hook_command("codex"))[1:-1]))
    wanted: dict[str, list[dict[str, Any]]] = manifest["hooks"]
    return wanted


_TABLE = re.compile(r"^\s*\[(?P<name>[^\[\]]+)\]\s*(?:#.*)?$")


def merge_codex_toml(text: str) -> tuple[str, list[str]]:
    """Turn on ``features.codex_hooks`` and add ``[mcp_servers.memscribe]``, keeping the rest."""
    lines = text.splitlines()
    changed: list[str] = []
    tables = {m["name"].strip(): i for i, line in enumerate(lines) if (m := _TABLE.match(line))}
    if not re.search(r"^\s*codex_hooks\s*=", text, re.MULTILINE):
        if "features" in tables:
            lines.insert(tables["features"] + 1, "codex_hooks = true")
        else:
            lines += ["", "[features]", "codex_hooks = true"]
        changed.append("enabled features.codex_hooks")
    elif re.search(r"^\s*codex_hooks\s*=\s*false", text, re.MULTILINE):
        changed.append("kept features.codex_hooks = false as you set it: the hooks will not run")
    if "mcp_servers.memscribe" not in tables:
        command = json.dumps(memscribe_bin() or "memscribe")
        lines += ["", "[mcp_servers.memscribe]", f"command = {command}", 'args = ["serve"]']
        changed.append("added MCP server memscribe")
    return "\n".join(lines).lstrip("\n") + "\n", changed


def install_codex(home: Path, project: Path, scope: str, dry_run: bool) -> InstallReport:
    report = InstallReport("codex", scope, dry_run)
    base = Path(os.environ.get("CODEX_HOME") or home / ".codex") if scope == "user" else project / ".codex"
    wanted = codex_hooks()
    _merge_json_file(base / "hooks.json", lambda d: merge_hooks(d, wanted), report, "add the hooks by hand")
    toml = base / "config.toml"
    try:
        old = toml.read_text(encoding="utf-8")
        existed = True
    except FileNotFoundError:
        old, existed = "", False
    new, detail = merge_codex_toml(old)
    if new == old:
        report.changes.append(Change(str(toml), "unchanged", detail))
    else:
        _write(toml, new, existed, dry_run)
        report.changes.append(Change(str(toml), "updated" if existed else "created", detail))
    return report


def _extra_paths_merge(data: dict[str, Any]) -> list[str]:
    changed: list[str] = []
    agents = data.setdefault("agents", {})
    defaults = agents.setdefault("defaults", {}) if isinstance(agents, dict) else None
    search = defaults.setdefault("memorySearch", {}) if isinstance(defaults, dict) else None
    if not isinstance(search, dict):
        raise UserError("openclaw.json: agents.defaults.memorySearch is not an object; fix it by hand first")
    paths = search.get("extraPaths")
    if paths is None:
        paths = []
    if not isinstance(paths, list):
        raise UserError("openclaw.json: memorySearch.extraPaths is not a list; fix it by hand first")
    if MEMORY_PATH not in paths and MEMORY_PATH.rstrip("/") not in paths:
        search["extraPaths"] = [*paths, MEMORY_PATH]
        changed.append(
            f"added {MEMORY_PATH} to agents.defaults.memorySearch.extraPaths (kept {len(paths)} of yours)"
        )
    hooks = data.setdefault("hooks", {})
    internal = hooks.setdefault("internal", {}) if isinstance(hooks, dict) else None
    if not isinstance(internal, dict):
        raise UserError("openclaw.json: hooks.internal is not an object; fix it by hand first")
    if internal.get("enabled") is None:
        internal["enabled"] = True
        changed.append("enabled internal hooks")
    elif internal.get("enabled") is False:
        changed.append("kept hooks.internal.enabled = false as you set it: no hook runs until you enable it")
    entries = internal.setdefault("entries", {})
    if isinstance(entries, dict) and "memscribe" not in entries:
        entries["memscribe"] = {"enabled": True}
        changed.append("enabled hook memscribe")
    elif (
        isinstance(entries, dict)
        and isinstance(entries["memscribe"], dict)
        and entries["memscribe"].get("enabled") is False
    ):
        changed.append("kept hooks.internal.entries.memscribe.enabled = false as you set it")
    return changed


def install_openclaw(home: Path, scope: str, dry_run: bool) -> InstallReport:
    report = InstallReport("openclaw", scope, dry_run)
    state = Path(os.environ.get("OPENCLAW_STATE_DIR") or home / ".openclaw")
    target = state / "hooks" / "memscribe"
    source = data_dir() / "openclaw" / "hook"
    for name in ("HOOK.md", "handler.js"):
        text = (source / name).read_text(encoding="utf-8")
        path = target / name
        try:
            old: str | None = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            old = None
        if old == text:
            report.changes.append(Change(str(path), "unchanged"))
            continue
        _write(path, text, False, dry_run)
        report.changes.append(Change(str(path), "updated" if old is not None else "created", ["hook pack"]))
    config = Path(os.environ.get("OPENCLAW_CONFIG_PATH") or state / "openclaw.json")
    _merge_json_file(
        config,
        _extra_paths_merge,
        report,
        'run: openclaw config get agents.defaults.memorySearch.extraPaths, add ".reflexio/", then '
        "openclaw hooks enable memscribe",
    )
    report.notes.append("Restart the gateway to load the hook: openclaw gateway restart")
    return report


def install(
    agent: str, *, scope: str = "user", dry_run: bool = False, project: Path | None = None
) -> InstallReport:
    """Install the integration for ``agent`` (see the module docstring).

    Raises:
        UserError: unknown agent or scope, or a settings file whose shape cannot be merged.
    """
    if scope not in ("user", "project"):
        raise UserError(f"unknown --scope {scope!r}; choose user or project")
    home = Path.home()
    project = Path(project or Path.cwd())
    if agent == "claude-code":
        return install_claude_code(home, project, scope, dry_run)
    if agent == "codex":
        return install_codex(home, project, scope, dry_run)
    if agent == "openclaw":
        return install_openclaw(home, scope, dry_run)
    raise UserError(f"unknown agent {agent!r}; choose one of {', '.join(AGENTS)}")
