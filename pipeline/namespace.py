"""Memory namespaces: one per agent, as in MemWal's multi-agent isolation (seed 001).

The namespace derives from the OpenClaw session key: ``agent:<id>:…`` → ``<id>``; the main
agent (``agent:main:…``, ``main:…``) and keys without an agent (``cron:…``, ``hook:…``, none)
→ the default namespace, named ``default`` unless ``MEMSCRIBE_DEFAULT_NAMESPACE`` says
otherwise. Without a key, an OpenClaw path ``…/agents/<id>/sessions/<file>`` names the agent.
``--agent`` (``MEMSCRIBE_AGENT``) overrides all of this.

On disk the namespace is a frontmatter line, ``namespace: <name>``, written only for
entries outside the default namespace: files of a single-agent user stay byte-identical to
the Reflexio layout, and the folder layout (``.reflexio/profiles/<slug>-<id>.md``) never
changes. Every search, dedup shortlist and write is scoped to one namespace.
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath

from memscribe.schemas.memory import NAMESPACE_RE, MemoryEntry

ENV_AGENT = "MEMSCRIBE_AGENT"
ENV_DEFAULT_NAMESPACE = "MEMSCRIBE_DEFAULT_NAMESPACE"
DEFAULT_NAMESPACE = "default"
MAIN_AGENT = "main"

_KEY_AGENT = re.compile(r"^agent:(?P<agent>[^:]+):")


def normalize_namespace(name: str) -> str:
    """Lowercase ``name`` and check it against :data:`memscribe.schemas.memory.NAMESPACE_RE`.

    Raises:
        ValueError: the name cannot be a namespace (empty, path characters, too long).
    """
    folded = name.strip().lower()
    if not NAMESPACE_RE.match(folded):
        raise ValueError(f"invalid namespace {name!r}: use letters, digits, '-' or '_' (at most 64)")
    return folded


def default_namespace() -> str:
    """The main agent's namespace name (``MEMSCRIBE_DEFAULT_NAMESPACE``, else ``default``)."""
    return normalize_namespace(os.environ.get(ENV_DEFAULT_NAMESPACE) or DEFAULT_NAMESPACE)


def agent_of_session_key(session_key: str | None) -> str | None:
    """``researcher`` for ``agent:researcher:…``; None for the main agent or keys without one."""
    if not session_key:
        return None
    match = _KEY_AGENT.match(session_key)
    if not match or match["agent"].lower() == MAIN_AGENT:
        return None
    return match["agent"]


def agent_of_path(source: str) -> str | None:
    """``<id>`` from an OpenClaw session path ``…/agents/<id>/sessions/<file>`` (main → None)."""
    parts = PurePath(source).parts
    for i in range(len(parts) - 3, -1, -1):
        if parts[i] == "agents" and parts[i + 2] == "sessions":
            agent = parts[i + 1]
            return None if agent.lower() == MAIN_AGENT else agent
    return None


def resolve_namespace(
    *,
    agent: str | None = None,
    session_key: str | None = None,
    source: str | None = None,
    default: str | None = None,
) -> str:
    """The namespace a run is scoped to: ``agent`` if given, else the session key, else the path.

    Raises:
        ValueError: the agent name cannot be a namespace.
    """
    default = normalize_namespace(default) if default else default_namespace()
    if agent:
        name = normalize_namespace(agent)
        return default if name == MAIN_AGENT else name
    derived = agent_of_session_key(session_key) or (agent_of_path(source) if source else None)
    if derived is None:
        return default
    try:
        return normalize_namespace(derived)
    except ValueError:
        return normalize_namespace(re.sub(r"[^a-z0-9_-]+", "-", derived.lower()).strip("-_") or default)


def entry_namespace(entry: MemoryEntry, default: str) -> str:
    """The namespace an entry belongs to: its frontmatter line, else the default namespace."""
    return entry.namespace or default


def stored_namespace(namespace: str, default: str) -> str | None:
    """What goes into the frontmatter: None (no line) for the default namespace."""
    return None if namespace == default else namespace
