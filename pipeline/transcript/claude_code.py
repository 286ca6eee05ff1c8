"""Claude Code session JSONL.

Tool results arrive as ``user`` records, and slash-command echoes, caveats and system
reminders are ``user`` records too. None of that is the user speaking, so it must never
become a user turn: tool results become ``tool`` turns and the rest is skipped.
"""

from __future__ import annotations

from memscribe.schemas.transcript import ToolCall, Transcript

from . import noise
from .common import (
    JsonObject,
    ParseContext,
    ShapeError,
    Text,
    TurnDraft,
    arguments_text,
    as_str,
    build_transcript,
    collect_drafts,
    content_text,
    opt_str,
    timestamp_text,
)

#: User text that is a local slash command or its output, not the user speaking.
_COMMAND_PREFIXES = (
    "<command-name>",
    "<command-message>",
    "<command-args>",
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<bash-input>",
    "<bash-stdout>",
    "<bash-stderr>",
)
_INTERRUPTED = "[Request interrupted by user"
_REMINDER_TAGS = ("system-reminder",)


class _State:
    """What the reader remembers between records."""

    def __init__(self) -> None:
        self.tool_names: dict[str, str] = {}
        self.compaction_seen = False
        self.blocks = 0
        self.session_id: str | None = None


def _is_command_noise(text: str) -> bool:
    stripped = text.lstrip()
    return stripped.startswith(_COMMAND_PREFIXES) or stripped.startswith(_INTERRUPTED)


def _tool_result_text(block: JsonObject) -> str:
    return content_text(block.get("content"))


def _user_drafts(record: JsonObject, content: object, base: JsonObject, state: _State) -> list[TurnDraft]:
    """A user record: tool results become tool turns; real text becomes one user turn."""
    if record.get("isCompactSummary") is True:
        state.compaction_seen = True
        return [TurnDraft(role="system", kind="summary", text=content_text(content), **base)]
    drafts: list[TurnDraft] = []
    texts: list[str] = []
    blocks = [content] if isinstance(content, str) else content
    if not isinstance(blocks, list):
        raise ShapeError("content must be a string or a list of blocks")
    for block in blocks:
        if isinstance(block, str):
            texts.append(block)
        elif isinstance(block, dict) and block.get("type") == "tool_result":
            use_id = block.get("tool_use_id")
            name = state.tool_names.get(use_id) if isinstance(use_id, str) else None
            text, removed = noise.strip_tagged_blocks(_tool_result_text(block), _REMINDER_TAGS)
            state.blocks += removed
            drafts.append(TurnDraft(role="tool", kind="tool_result", text=text, tool_name=name, **base))
        elif isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str):
            texts.append(block["text"])
    text, removed = noise.strip_tagged_blocks("\n".join(texts), _REMINDER_TAGS)
    state.blocks += removed
    if text and not _is_command_noise(text):
        drafts.append(TurnDraft(role="user", text=text, **base))
    return drafts


def _assistant_drafts(content: object, base: JsonObject, state: _State) -> list[TurnDraft]:
    """An assistant record: text and ``tool_use`` calls; thinking is dropped."""
    calls: list[ToolCall] = []
    if isinstance(content, list):
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_use":
                name = block.get("name")
                if not isinstance(name, str):
                    raise ShapeError("tool_use block without a name")
                call_id = as_str(block.get("id"))
                state.tool_names[call_id] = name
                calls.append(ToolCall(id=call_id, name=name, arguments=arguments_text(block.get("input"))))
    return [TurnDraft(role="assistant", text=content_text(content), tool_calls=calls, **base)]


def _record_drafts(record: JsonObject, line: int, state: _State) -> list[TurnDraft]:
    kind = record.get("type")
    base: JsonObject = {
        "line": line,
        "timestamp": timestamp_text(record.get("timestamp")),
        "entry_id": opt_str(record, "uuid"),
    }
    if state.session_id is None and isinstance(record.get("sessionId"), str):
        state.session_id = record["sessionId"]
    if kind == "summary":
        return [TurnDraft(role="system", kind="summary", text=opt_str(record, "summary") or "", **base)]
    if kind == "system":
        if record.get("subtype") == "compact_boundary":
            state.compaction_seen = True
        return []
    if kind not in ("user", "assistant") or record.get("isSidechain") is True or record.get("isMeta") is True:
        return []
    message = record.get("message")
    if not isinstance(message, dict):
        raise ShapeError(f"{kind} record without a message object")
    if "content" not in message:
        raise ShapeError(f"{kind} message without a 'content' field")
    content = message.get("content")
    if kind == "user":
        return _user_drafts(record, content, base, state)
    if record.get("isApiErrorMessage") is True:
        return []
    return _assistant_drafts(content, base, state)


def parse_claude_code(text: Text, ctx: ParseContext) -> Transcript:
    """Read a Claude Code session file in record order (sidechains skipped)."""
    state = _State()
    drafts = collect_drafts(text, ctx, lambda record, line: _record_drafts(record, line, state))
    del text  # decoded: freed before the turns are built (the caller handed it over)
    return build_transcript(
        drafts,
        ctx,
        "claude-code",
        session_id=state.session_id,
        compaction_seen=state.compaction_seen,
        extra_blocks=state.blocks,
    )
