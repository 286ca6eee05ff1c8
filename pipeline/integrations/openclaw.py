"""OpenClaw on its real events: which workspace, which transcript, which agent.

Mirrors OpenClaw's own resolution so memories land where OpenClaw's memory search looks:

* the agent id comes from the session key (``agent:<id>:…``; anything else: the default agent);
* the workspace is ``resolveAgentWorkspaceDir``'s: the agent's ``workspace`` in ``agents.list``,
  else for the default agent ``agents.defaults.workspace`` or ``~/.openclaw/workspace``
  (``workspace-<profile>`` under ``OPENCLAW_PROFILE``), else ``<state>/workspace-<id>``;
* on ``command:reset`` / ``command:new`` the session to extract is ``previousSessionEntry`` (the
  one that just ended; ``sessionEntry`` is the new, empty one), whose file may already be renamed
  ``<file>.reset.<timestamp>`` — found as the session-memory hook's ``findPreviousSessionFile``;
* a session only in the SQLite store is mirrored to a JSONL file first
  (:mod:`memscribe.transcript.openclaw_sqlite`).

The real ``command:stop`` and ``session:compact:*`` contexts carry no workspace or file, only a
session id (and the config): everything above is derived, never the gateway's working directory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from memscribe.integrations.payload import HookPayload

DEFAULT_AGENT = "main"
RESET_EVENTS = frozenset({"command:reset", "command:new"})


def state_dir(env: dict[str, str] | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    return Path(env.get("OPENCLAW_STATE_DIR") or Path(env.get("HOME") or Path.home()) / ".openclaw")


def _user_path(value: str, env: dict[str, str]) -> Path:
    if value.startswith("~"):
        value = str(Path(env.get("HOME") or Path.home())) + value[1:]
    return Path(value).resolve()


def agent_id(session_key: str | None) -> str | None:
    """``<id>`` of ``agent:<id>:…`` (lower case), else None (OpenClaw: the default agent)."""
    if session_key and session_key.startswith("agent:"):
        part = session_key.split(":")[1].strip().lower()
        return part or None
    return None


def load_config(env: dict[str, str] | None = None) -> dict[str, Any]:
    """``openclaw.json`` (``$OPENCLAW_CONFIG_PATH``, else in the state dir); ``{}`` if unreadable.

    OpenClaw accepts JSON5; plain JSON is what ``openclaw config set`` writes. A file this parser
    cannot read leaves the defaults in place (the hook pack forwards the live config anyway).
    """
    env = dict(os.environ) if env is None else env
    path = Path(env.get("OPENCLAW_CONFIG_PATH") or state_dir(env) / "openclaw.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _agents(cfg: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    agents = cfg.get("agents") if isinstance(cfg.get("agents"), dict) else {}
    assert isinstance(agents, dict)
    listed = [a for a in agents.get("list") or [] if isinstance(a, dict)]
    defaults = agents.get("defaults") if isinstance(agents.get("defaults"), dict) else {}
    assert isinstance(defaults, dict)
    return listed, defaults


def default_agent(cfg: dict[str, Any]) -> str:
    """The entry marked ``default: true``, else the first listed agent, else ``main``."""
    listed, _ = _agents(cfg)
    marked = [a for a in listed if a.get("default") is True and isinstance(a.get("id"), str)]
    first = marked or [a for a in listed if isinstance(a.get("id"), str)]
    return str(first[0]["id"]).strip().lower() if first else DEFAULT_AGENT


def workspace_dir(cfg: dict[str, Any], agent: str | None, env: dict[str, str] | None = None) -> Path:
    """The agent's workspace, resolved as OpenClaw's ``resolveAgentWorkspaceDir`` does."""
    env = dict(os.environ) if env is None else env
    listed, defaults = _agents(cfg)
    wanted = (agent or default_agent(cfg)).strip().lower()
    for entry in listed:
        workspace = entry.get("workspace")
        if (
            str(entry.get("id", "")).strip().lower() == wanted
            and isinstance(workspace, str)
            and workspace.strip()
        ):
            return _user_path(workspace.strip(), env)
    if wanted == default_agent(cfg):
        fallback = defaults.get("workspace")
        if isinstance(fallback, str) and fallback.strip():
            return _user_path(fallback.strip(), env)
        profile = (env.get("OPENCLAW_PROFILE") or "").strip()
        home = Path(env.get("HOME") or Path.home())
        name = f"workspace-{profile}" if profile and profile.lower() != "default" else "workspace"
        return home / ".openclaw" / name
    return state_dir(env) / f"workspace-{wanted}"


def _entry(payload: HookPayload) -> dict[str, Any]:
    ctx = payload.context
    keys = ("previousSessionEntry", "sessionEntry") if payload.event in RESET_EVENTS else ("sessionEntry",)
    for key in keys:
        value = ctx.get(key)
        if isinstance(value, dict) and (value.get("sessionId") or value.get("sessionFile")):
            return value
    return {}


def _latest_reset(folder: Path, name: str) -> Path | None:
    variants = sorted(folder.glob(f"{name}.reset.*"))
    return variants[-1] if variants else None


def find_session_file(sessions: Path, session_file: str | None, session_id: str | None) -> Path | None:
    """The session's transcript in ``sessions``: the file, its renamed ``.reset.`` copy, by id."""
    if session_file:
        given = Path(session_file)
        if given.is_file():
            return given
        base = given.name.split(".reset.")[0]
        folder = given.parent if given.parent != Path(".") else sessions
        if (folder / base).is_file():
            return folder / base
        renamed = _latest_reset(folder, base)
        if renamed is not None:
            return renamed
    if not session_id:
        return None
    canonical = sessions / f"{session_id}.jsonl"
    if canonical.is_file():
        return canonical
    renamed = _latest_reset(sessions, canonical.name)
    if renamed is not None:
        return renamed
    topics = sorted(p for p in sessions.glob(f"{session_id}-topic-*.jsonl") if p.is_file())
    return topics[-1] if topics else None


def find_transcript(payload: HookPayload, env: dict[str, str] | None = None) -> tuple[Path | None, str]:
    """The transcript the event is about, and the agent id (``main`` when the key names none).

    Looks in the JSONL sessions folder first, then in the agent's SQLite database (mirrored to the
    cache so the batch job can read it).
    """
    env = dict(os.environ) if env is None else env
    entry = _entry(payload)
    agent = agent_id(payload.session_key) or default_agent(_config_of(payload, env))
    session_file = (
        entry.get("sessionFile") if isinstance(entry.get("sessionFile"), str) else payload.transcript
    )
    session_id = entry.get("sessionId") if isinstance(entry.get("sessionId"), str) else payload.session_id
    sessions = state_dir(env) / "agents" / agent / "sessions"
    found = find_session_file(sessions, session_file, session_id)
    if found is not None or not session_id:
        return found, agent
    from memscribe.errors import InputError
    from memscribe.transcript.openclaw_sqlite import DB_NAME, export_session, list_sessions

    database = state_dir(env) / "agents" / agent / "agent" / DB_NAME
    if not database.is_file():
        return None, agent
    try:
        for session in list_sessions(database, agent):
            if session.session_id == session_id:
                return export_session(session, _cache_dir(env)), agent
    except (InputError, OSError):
        return None, agent
    return None, agent


def _cache_dir(env: dict[str, str]) -> Path:
    from memscribe.transcript.openclaw_sqlite import default_cache_dir

    return Path(env["MEMSCRIBE_CACHE_DIR"]) if env.get("MEMSCRIBE_CACHE_DIR") else default_cache_dir()


def _config_of(payload: HookPayload, env: dict[str, str]) -> dict[str, Any]:
    """The config the gateway passed along (``context.cfg``), else ``openclaw.json``."""
    cfg = payload.context.get("cfg")
    return cfg if isinstance(cfg, dict) and cfg else load_config(env)


def memory_root(payload: HookPayload, env: dict[str, str] | None = None) -> Path:
    """Where this event's memories live: the context's ``workspaceDir``, else the agent's workspace."""
    env = dict(os.environ) if env is None else env
    if payload.cwd:
        return Path(payload.cwd)
    cfg = _config_of(payload, env)
    return workspace_dir(cfg, agent_id(payload.session_key), env)


def is_group(payload: HookPayload) -> bool:
    from memscribe.groups.names import parse_group_key

    return parse_group_key(payload.session_key) is not None
