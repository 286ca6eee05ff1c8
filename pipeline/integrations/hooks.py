"""What each hook event does, and the log that says so.

``memscribe hook <agent>`` reads the payload and:

* on a context event (Claude Code / Codex ``SessionStart`` and ``UserPromptSubmit``, OpenClaw
  ``agent:bootstrap``) prints the context block (:mod:`memscribe.integrations.context`);
* on an extract event (``PreCompact``, ``SessionEnd``, Codex ``Stop``; OpenClaw
  ``session:compact:before``, ``command:stop``, ``command:reset``/``new``) starts
  ``memscribe batch`` on the session's transcript in the background (incremental, exactly once),
  and in a group session the group ``flush`` too; before compaction also a task snapshot
  (``snapshot save``), which the first context after compaction restores;
* on OpenClaw ``message:received`` with ``/remem`` flushes the group (the seed's manual trigger);
* on OpenClaw ``session:compact:after`` marks the session so its next bootstrap restores the
  latest task snapshot.

Every run appends a line to ``<memory root>/.reflexio/.logs/hooks.log`` (rotated at 1 MB, three
old files kept): what event, what it did, or why it did nothing.
"""

from __future__ import annotations

import hashlib
import logging
import logging.handlers
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.integrations.payload import EXTRACT_EVENTS, HookPayload
from memscribe.masking import MaskingFilter

LOG_DIR = ".reflexio/.logs"
LOG_NAME = "hooks.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
MARK_DIR = ".reflexio/.hooks"
REMEM = "/remem"
PRE_COMPACTION = frozenset({"PreCompact", "session:compact:before"})
ENV_WAIT = "MEMSCRIBE_HOOK_WAIT"
ENV_TIMEOUT = "MEMSCRIBE_TIMEOUT_S"
#: The debug log (``memscribe --verbose`` / ``--log-file``), apart from the per-root hook log.
DEBUG_LOG = logging.getLogger("memscribe.integrations")


def log_path(root: Path) -> Path:
    return Path(root) / LOG_DIR / LOG_NAME


def hook_logger(root: Path, *, create: bool = True) -> logging.Logger:
    """A logger writing to the root's rotated hook log (falls back to stderr if unwritable).

    ``create=False``: a root that does not exist is not created just to hold the log (a context
    event for a folder that is gone); the record goes to stderr instead.
    """
    logger = logging.getLogger(f"memscribe.hooks.{Path(root).resolve()}")
    if logger.handlers:
        return logger
    logger.setLevel(logging.INFO)
    logger.propagate = False
    handler: logging.Handler
    try:
        if not create and not Path(root).is_dir():
            raise OSError(f"no such memory root: {root}")
        log_path(root).parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            log_path(root), maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True
        )
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    handler.addFilter(MaskingFilter())  # a logged command or error never writes URL credentials
    logger.addHandler(handler)
    return logger


def close_logger(logger: logging.Logger) -> None:
    for handler in list(logger.handlers):
        handler.close()
        logger.removeHandler(handler)


@dataclass
class HookOutcome:
    """What one hook run did (also what ``--json`` prints)."""

    agent: str
    event: str
    root: str
    action: str = "nothing"
    reason: str = ""
    transcript: str | None = None
    commands: list[list[str]] = field(default_factory=list)
    returncodes: list[int] = field(default_factory=list)


def _run_all(commands: list[list[str]], root: Path, *, wait: bool, timeout: float) -> list[int]:
    """Run memscribe ``commands`` in order (:mod:`.background`); in the background unless ``wait``.

    Their output goes to the hook log. Returns the exit codes (none in the background).
    """
    from memscribe.integrations.background import run_commands

    return run_commands(commands, log_path(root), wait=wait, timeout=timeout)


def _marker(root: Path, payload: HookPayload) -> Path:
    key = payload.session_key or payload.session_id or "session"
    return Path(root) / MARK_DIR / f"compacted-{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def mark_compacted(root: Path, payload: HookPayload) -> None:
    path = _marker(root, payload)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(payload.session_key or payload.session_id or "", encoding="utf-8")


def take_compacted(root: Path, payload: HookPayload) -> bool:
    """Whether the session was compacted since its last bootstrap (the mark is consumed)."""
    path = _marker(root, payload)
    try:
        path.unlink()
    except OSError:
        return False
    return True


def resolve_transcript(payload: HookPayload) -> tuple[Path | None, str | None]:
    """(transcript, agent namespace) of an extract event."""
    if payload.agent == "openclaw":
        from memscribe.integrations.openclaw import find_transcript

        found, agent = find_transcript(payload)
        return found, agent
    if payload.transcript and Path(payload.transcript).is_file():
        return Path(payload.transcript), None
    return None, None


def extract(payload: HookPayload, root: Path, outcome: HookOutcome, *, wait: bool) -> None:
    """Start the batch job (and a group flush) on the event's transcript."""
    transcript, agent = resolve_transcript(payload)
    DEBUG_LOG.debug("transcript resolved to %s (namespace agent %s)", transcript, agent)
    if transcript is None:
        outcome.reason = "no transcript found for this session"
        return
    timeout = float(os.environ.get(ENV_TIMEOUT) or 120)
    outcome.transcript = str(transcript)
    argv = [
        "batch",
        str(transcript),
        "--memory-dir",
        str(root),
        "--timeout",
        f"{timeout:g}",
        "--json",
        "--no-progress",
    ]
    if ".reset." in transcript.name:
        argv.append("--include-resets")
    if agent:
        argv += ["--agent", agent]
    outcome.commands.append(argv)
    from memscribe.integrations.openclaw import is_group

    if payload.event in PRE_COMPACTION:
        # Big Memory's recovery point: the task state, saved before the context is summarised.
        outcome.commands.append(["snapshot", "save", str(transcript), "--memory-dir", str(root), "--json"])
    if payload.agent == "openclaw" and is_group(payload) and payload.event == "session:compact:before":
        outcome.commands.append(_flush_argv(payload, transcript, root))
    outcome.action = "extract"
    outcome.returncodes = _run_all(outcome.commands, root, wait=wait, timeout=timeout)


def _flush_argv(payload: HookPayload, transcript: Path, root: Path) -> list[str]:
    """``memscribe flush`` for the event's group: named from the session key the event carries
    (the transcript alone may not know it), as the read side names it."""
    from memscribe.groups.names import resolve_group
    from memscribe.groups.store import read_names

    name, _, _ = resolve_group(read_names(root), session_key=payload.session_key, group=None)
    return ["flush", str(transcript), "--group", name, "--memory-dir", str(root), "--json"]


def flush_group(payload: HookPayload, root: Path, outcome: HookOutcome, *, wait: bool) -> None:
    """The seed's ``/remem``: flush the group session while its context is still whole."""
    transcript, _ = resolve_transcript(payload)
    if transcript is None:
        outcome.reason = "no transcript found for this group session"
        return
    outcome.transcript = str(transcript)
    argv = _flush_argv(payload, transcript, root)
    outcome.commands.append(argv)
    outcome.action = "flush"
    outcome.returncodes = _run_all([argv], root, wait=wait, timeout=float(os.environ.get(ENV_TIMEOUT) or 120))


def dispatch(payload: HookPayload, root: Path, *, wait: bool | None = None) -> HookOutcome:
    """Do what the event calls for (extract, flush, mark) and log it. Context events: see the caller."""
    DEBUG_LOG.debug(
        "hook %s %s: root=%s session_id=%s session_key=%s transcript=%s",
        payload.agent,
        payload.event,
        root,
        payload.session_id,
        payload.session_key,
        payload.transcript,
    )
    wait = bool(os.environ.get(ENV_WAIT)) if wait is None else wait
    outcome = HookOutcome(agent=payload.agent, event=payload.event, root=str(root))
    from memscribe.integrations.openclaw import is_group

    if payload.event in EXTRACT_EVENTS:
        extract(payload, root, outcome, wait=wait)
    elif payload.event == "session:compact:after":
        mark_compacted(root, payload)
        outcome.action = "marked_compacted"
    elif payload.event == "message:received" and is_group(payload):
        if (payload.prompt or "").strip().split(maxsplit=1)[:1] == [REMEM]:
            flush_group(payload, root, outcome, wait=wait)
        else:
            outcome.reason = "not a /remem message"
    else:
        outcome.reason = f"event {payload.event or '(none)'} needs nothing"
    return outcome


def memory_root_for(payload: HookPayload, explicit: Path | None) -> Path:
    """``--memory-dir`` / ``MEMSCRIBE_MEMORY_DIR``, else OpenClaw's agent workspace, else the project."""
    if explicit is not None:
        return Path(explicit)
    if payload.agent == "openclaw":
        from memscribe.integrations.openclaw import memory_root

        return Path(memory_root(payload))
    return Path(payload.cwd) if payload.cwd else Path(".")
