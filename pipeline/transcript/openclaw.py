"""OpenClaw / pi-mono session JSONL (versions 1-3).

Entries form a tree through ``id``/``parentId``: after a rewind or a branch the file
still holds the abandoned branch. Only the live branch — from the last entry back to the
root — is what the conversation ended up being, so only it is read; learning from an
abandoned branch would store things the user walked back. v1 files without ids are
read linearly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memscribe.schemas.transcript import ToolCall, Transcript

from .common import (
    JsonObject,
    ParseContext,
    ShapeError,
    Text,
    TurnDraft,
    arguments_text,
    build_transcript,
    content_text,
    iter_json_lines,
    opt_str,
    timestamp_text,
)

_SUMMARY_ROLES = frozenset({"compactionSummary", "branchSummary"})
_CUSTOM_ROLES = frozenset({"custom", "hookMessage"})


@dataclass
class _Entry:
    line: int
    record: JsonObject


def _live_branch(entries: list[_Entry]) -> list[_Entry]:
    """Entries on the path from the last entry with an id (the leaf) back to the root, in order.

    Files whose entries have no ids at all (v1) have no tree: every entry is live. In a
    tree file, a stray entry without an id is off the tree and ignored.
    """
    with_ids = [e for e in entries if isinstance(e.record.get("id"), str)]
    if not with_ids:
        return entries
    by_id = {e.record["id"]: e for e in with_ids}
    path: list[_Entry] = []
    seen: set[str] = set()
    current: _Entry | None = with_ids[-1]
    while current is not None and current.record["id"] not in seen:
        seen.add(current.record["id"])
        path.append(current)
        parent = current.record.get("parentId")
        current = by_id.get(parent) if isinstance(parent, str) else None
    path.reverse()
    return path


def _summary_position(compaction: _Entry, branch: list[_Entry], all_entries: list[_Entry]) -> int:
    """Where a compaction summary belongs in ``branch``: just before the first kept entry.

    That is where the host puts it in the model's context (summary, then the kept tail).
    When the kept entry cannot be found, the summary stays at the compaction record.
    """
    record = compaction.record
    kept_id = record.get("firstKeptEntryId")
    kept_index = record.get("firstKeptEntryIndex")
    target: _Entry | None = None
    if isinstance(kept_id, str):
        target = next((e for e in branch if e.record.get("id") == kept_id), None)
    elif (
        isinstance(kept_index, int)
        and not isinstance(kept_index, bool)
        and 0 <= kept_index < len(all_entries)
    ):
        target = all_entries[kept_index]
    if target is not None and target in branch and branch.index(target) < branch.index(compaction):
        return branch.index(target)
    return branch.index(compaction)


def _message_drafts(entry: _Entry, ts: str | None, entry_id: str | None) -> list[TurnDraft]:
    """Turns for one ``message`` entry, by its role."""
    message = entry.record.get("message")
    if not isinstance(message, dict):
        raise ShapeError("message entry without a message object")
    role = message.get("role")
    if not isinstance(role, str):
        raise ShapeError("message without a role")
    ts = ts or timestamp_text(message.get("timestamp"))
    base: dict[str, Any] = {"line": entry.line, "timestamp": ts, "entry_id": entry_id}
    content = message.get("content")
    if role == "user":
        return [TurnDraft(role="user", text=content_text(content), **base)]
    if role == "assistant":
        return [
            TurnDraft(role="assistant", text=content_text(content), tool_calls=_tool_calls(content), **base)
        ]
    if role == "toolResult":
        name = opt_str(message, "toolName")
        return [
            TurnDraft(role="tool", kind="tool_result", text=content_text(content), tool_name=name, **base)
        ]
    if role == "bashExecution":
        command = opt_str(message, "command") or ""
        output = opt_str(message, "output") or ""
        text = f"$ {command}\n{output}" if command else output
        return [TurnDraft(role="tool", kind="tool_result", text=text, tool_name="bash", **base)]
    if role in _SUMMARY_ROLES:
        text = opt_str(message, "summary") or content_text(content)
        return [TurnDraft(role="system", kind="summary", text=text, **base)]
    if role in _CUSTOM_ROLES:
        return [TurnDraft(role="system", kind="system", text=content_text(content), **base)]
    raise ShapeError(f"unknown message role {role!r}")


def _tool_calls(content: object) -> list[ToolCall]:
    """``toolCall`` blocks of an assistant message (thinking blocks are dropped elsewhere)."""
    if not isinstance(content, list):
        return []
    calls: list[ToolCall] = []
    for block in content:
        if isinstance(block, dict) and block.get("type") == "toolCall":
            name = block.get("name")
            if not isinstance(name, str):
                raise ShapeError("toolCall block without a name")
            call_id = block.get("id")
            calls.append(
                ToolCall(
                    id=call_id if isinstance(call_id, str) else "",
                    name=name,
                    arguments=arguments_text(block.get("arguments")),
                )
            )
    return calls


def _entry_drafts(entry: _Entry) -> list[TurnDraft]:
    """Turns for one live entry (compactions are placed by the caller)."""
    record = entry.record
    kind = record.get("type")
    ts = timestamp_text(record.get("timestamp"))
    entry_id = opt_str(record, "id")
    if kind == "message":
        return _message_drafts(entry, ts, entry_id)
    if kind == "branch_summary":
        summary = opt_str(record, "summary") or ""
        return [
            TurnDraft(
                role="system", kind="summary", text=summary, line=entry.line, timestamp=ts, entry_id=entry_id
            )
        ]
    if kind == "custom_message":
        text = content_text(record.get("content"))
        return [
            TurnDraft(
                role="system", kind="system", text=text, line=entry.line, timestamp=ts, entry_id=entry_id
            )
        ]
    # custom (never in context), model_change, thinking_level_change, label, session_info...
    return []


def _compaction_draft(entry: _Entry) -> TurnDraft:
    record = entry.record
    return TurnDraft(
        role="system",
        kind="summary",
        text=opt_str(record, "summary") or "",
        line=entry.line,
        timestamp=timestamp_text(record.get("timestamp")),
        entry_id=opt_str(record, "id"),
    )


def parse_openclaw(text: Text, ctx: ParseContext) -> Transcript:
    """Read an OpenClaw session: header, then the live branch of the entry tree."""
    session_id: str | None = None
    entries: list[_Entry] = []
    for line, record in iter_json_lines(text, ctx):
        if record.get("type") == "session":
            value = record.get("id")
            if session_id is None and isinstance(value, str):
                session_id = value
            continue
        if not isinstance(record.get("type"), str):
            ctx.bad(line, "entry without a type")
            continue
        entries.append(_Entry(line, record))
    del text  # decoded: freed before the turns are built (the caller handed it over)
    branch = _live_branch(entries)
    compactions = [e for e in branch if e.record.get("type") == "compaction"]
    inserts: dict[int, list[_Entry]] = {}
    for compaction in compactions:
        inserts.setdefault(_summary_position(compaction, branch, entries), []).append(compaction)
    drafts: list[TurnDraft] = []
    for position, entry in enumerate(branch):
        for compaction in inserts.get(position, []):
            try:  # a compaction with a field of the wrong shape is a bad line, as any entry is
                drafts.append(_compaction_draft(compaction))
            except ShapeError as exc:
                ctx.bad(compaction.line, str(exc))
        try:
            drafts.extend(_entry_drafts(entry))
        except ShapeError as exc:
            ctx.bad(entry.line, str(exc))
    return build_transcript(drafts, ctx, "openclaw", session_id=session_id, compaction_seen=bool(compactions))


def lookup_session_key(path: Path, session_id: str | None) -> str | None:
    """The session key of this file in the ``sessions.json`` index beside it, if any.

    The index is optional metadata: when it is missing or unreadable the key is simply
    unknown, never an error.
    """
    index_path = path.parent / "sessions.json"
    try:
        index = json.loads(index_path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(index, dict):
        return None
    by_id: str | None = None
    for key, entry in index.items():
        if not isinstance(entry, dict):
            continue
        session_file = entry.get("sessionFile")
        if isinstance(session_file, str) and Path(session_file).name == path.name:
            return str(key)
        if by_id is None and session_id is not None and entry.get("sessionId") == session_id:
            by_id = str(key)
    return by_id
