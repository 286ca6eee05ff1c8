"""Hook payloads: read from stdin without hanging, normalised across the three agents.

Claude Code and Codex send one JSON object on stdin (``session_id``, ``transcript_path``, ``cwd``,
``hook_event_name``, plus ``source`` for ``SessionStart`` and ``prompt`` for
``UserPromptSubmit``). OpenClaw's hook pack forwards its internal event (``type``, ``action``,
``sessionKey``, ``context``) the same way. A terminal on stdin means no payload; a stream that
never closes is abandoned after a timeout; a payload larger than the cap is refused.
"""

from __future__ import annotations

import json
import os
import select
import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any

from memscribe.errors import InputError

#: The largest payload accepted (hook payloads are a few hundred bytes; prompts can be long).
MAX_PAYLOAD_BYTES = 4 * 1024 * 1024
#: How long to wait for a payload before going on without one (seconds).
READ_TIMEOUT_S = 5.0

#: Events on which the agent is about to lose or close its context: extract the session.
EXTRACT_EVENTS = frozenset(
    {
        "PreCompact",
        "SessionEnd",
        "Stop",
        "session:compact:before",
        "command:stop",
        "command:reset",
        "command:new",
    }
)
#: Events whose hook output is read back into the agent's context.
CONTEXT_EVENTS = frozenset({"SessionStart", "UserPromptSubmit", "agent:bootstrap"})


def read_stdin_payload(
    stream: IO[bytes], *, is_tty: bool, timeout: float = READ_TIMEOUT_S, cap: int = MAX_PAYLOAD_BYTES
) -> bytes:
    """The bytes of a payload on ``stream`` (``b""`` for a terminal or a stream that stays silent).

    A stdin nobody closes (a hook runner that keeps the pipe open, a forgotten ``| cat``) costs at
    most ``timeout`` seconds, never a hang: on POSIX the file descriptor is polled with
    ``select``; elsewhere (Windows pipes cannot be polled) a daemon thread reads it.

    Raises:
        InputError: more than ``cap`` bytes.
    """
    if is_tty:
        return b""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        fd = -1
    if fd < 0:  # an in-memory stream (tests, embedding): reading it cannot block
        data = stream.read(cap + 1)
    elif os.name == "posix":
        data = _read_fd(fd, timeout, cap)
    else:  # pragma: no cover - Windows
        data = _read_thread(stream, timeout, cap)
    if len(data) > cap:
        raise InputError(f"hook payload larger than {cap:,} bytes", path="-")
    return data


def _read_fd(fd: int, timeout: float, cap: int) -> bytes:
    deadline = time.monotonic() + timeout
    chunks: list[bytes] = []
    size = 0
    while size <= cap:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            ready, _, _ = select.select([fd], [], [], left)
        except (OSError, ValueError):  # not a pollable descriptor (a regular file is always ready)
            ready = [fd]
        if not ready:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _read_thread(stream: IO[bytes], timeout: float, cap: int) -> bytes:  # pragma: no cover - Windows
    box: list[bytes] = []

    def _read() -> None:
        try:
            box.append(stream.read(cap + 1))
        except (OSError, ValueError):
            box.append(b"")

    reader = threading.Thread(target=_read, name="memscribe-stdin", daemon=True)
    reader.start()
    reader.join(timeout)
    return box[0] if box else b""


def parse_payload(data: bytes) -> dict[str, Any]:
    """The JSON object in ``data`` (``{}`` when empty).

    Raises:
        InputError: not UTF-8 JSON, or not an object.
    """
    text = data.decode("utf-8", errors="replace").strip()
    if not text:
        return {}
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise InputError(f"hook payload is not JSON: {exc}", path="-") from None
    if not isinstance(value, dict):
        raise InputError("hook payload is not a JSON object", path="-")
    return value


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


@dataclass(frozen=True)
class HookPayload:
    """One hook invocation, whichever agent sent it.

    Attributes:
        agent: ``claude-code``, ``codex``, ``openclaw`` or ``""`` (no payload: a person typing).
        event: ``SessionStart``, ``UserPromptSubmit``, ``PreCompact``… or OpenClaw's
            ``<type>:<action>`` (``command:reset``, ``session:compact:after``…).
        source: how the session started (``startup``, ``resume``, ``clear``, ``compact``).
        prompt: the user's prompt (``UserPromptSubmit``; OpenClaw ``message:received`` content).
        cwd: the project directory (Claude Code, Codex) or the agent workspace (OpenClaw).
        transcript: the session's transcript file, when the payload names one.
        session_id: the session id.
        session_key: OpenClaw's session key (``agent:<id>:…``): the namespace and group chats.
        context: OpenClaw's event context, as sent.
    """

    agent: str = ""
    event: str = ""
    source: str | None = None
    prompt: str | None = None
    cwd: str | None = None
    transcript: str | None = None
    session_id: str | None = None
    session_key: str | None = None
    context: dict[str, Any] = field(default_factory=dict)

    @property
    def after_compaction(self) -> bool:
        """The context was just compacted: the latest task snapshot should be restored."""
        return self.source == "compact" or self.event == "session:compact:after"


def normalize(raw: dict[str, Any], *, agent: str | None = None) -> HookPayload:
    """A :class:`HookPayload` from a raw payload (``agent`` forces the sender when known)."""
    if not raw:
        return HookPayload(agent=agent or "")
    if isinstance(raw.get("type"), str) and ("action" in raw or "context" in raw):
        ctx = raw.get("context") if isinstance(raw.get("context"), dict) else {}
        assert isinstance(ctx, dict)
        action = _str(raw.get("action"))
        event = f"{raw['type']}:{action}" if action else str(raw["type"])
        return HookPayload(
            agent=agent or "openclaw",
            event=event,
            source="compact" if event == "session:compact:after" else None,
            prompt=_str(ctx.get("content")) or _str(ctx.get("prompt")),
            cwd=_str(ctx.get("workspaceDir")),
            transcript=_str(ctx.get("sessionFile")),
            session_id=_str(ctx.get("sessionId")),
            session_key=_str(raw.get("sessionKey")),
            context=ctx,
        )
    transcript = _str(raw.get("transcript_path"))
    sender = agent or (
        "codex" if transcript and ("/.codex/" in transcript or "rollout-" in transcript) else ""
    )
    if not sender:
        sender = "codex" if "turn_id" in raw else "claude-code"
    return HookPayload(
        agent=sender,
        event=_str(raw.get("hook_event_name")) or "",
        source=_str(raw.get("source")),
        prompt=_str(raw.get("prompt")),
        cwd=_str(raw.get("cwd")),
        transcript=transcript,
        session_id=_str(raw.get("session_id")),
        session_key=_str(raw.get("session_key")),
    )
