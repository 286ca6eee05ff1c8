"""Codex CLI rollout JSONL.

Codex logs each user and agent message twice: once as a ``response_item`` (what the
model saw) and once as an ``event_msg`` (what the UI showed). Reading both would double
every statement — and a doubled statement looks like a restated, confirmed fact — so
``event_msg`` copies are used only for messages that have no ``response_item``.
Environment and instruction blocks Codex injects as user messages are dropped.
"""

from __future__ import annotations

from collections import Counter

from memscribe.schemas.transcript import Role, ToolCall, Transcript

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
    decode_json,
    opt_str,
    timestamp_text,
)

_NOISE_TAGS = ("environment_context", "user_instructions", "INSTRUCTIONS", "user_shell_command")
_TEXT_TYPES = frozenset({"input_text", "output_text", "text"})
_MESSAGE_ROLES: dict[str, Role] = {
    "user": "user",
    "assistant": "assistant",
    "developer": "system",
    "system": "system",
}
_EVENT_ROLES: dict[str, Role] = {"user_message": "user", "agent_message": "assistant"}


class _State:
    """Reader memory: call names by id, counts of response_item texts for event dedup."""

    def __init__(self) -> None:
        self.tool_names: dict[str, str] = {}
        self.session_id: str | None = None
        self.compaction_seen = False
        self.blocks = 0


def _clean_message_text(text: str, state: _State) -> str:
    cleaned, removed = noise.strip_tagged_blocks(text, _NOISE_TAGS)
    state.blocks += removed
    if cleaned.startswith("# AGENTS.md instructions"):
        state.blocks += 1
        return ""
    return cleaned


def _tool_output_text(output: object) -> str:
    """Function output is often JSON ``{"output": ..., "metadata": ...}``: keep the output."""
    if isinstance(output, str):
        if output.startswith("{"):
            try:
                value = decode_json(output)
            except ValueError:
                return output
            if isinstance(value, dict) and isinstance(value.get("output"), str):
                return str(value["output"])
        return output
    if isinstance(output, dict) and isinstance(output.get("content"), str):
        return str(output["content"])
    return arguments_text(output)


def _response_item(payload: JsonObject, base: JsonObject, state: _State) -> list[TurnDraft]:
    kind = payload.get("type")
    if kind == "message":
        role = _MESSAGE_ROLES.get(as_str(payload.get("role")))
        if role is None:
            raise ShapeError("message without a known role")
        text = _clean_message_text(content_text(payload.get("content"), text_types=_TEXT_TYPES), state)
        return [TurnDraft(role=role, kind="system" if role == "system" else "message", text=text, **base)]
    if kind in ("function_call", "custom_tool_call", "local_shell_call"):
        name = payload.get("name") if kind != "local_shell_call" else "shell"
        if not isinstance(name, str):
            raise ShapeError(f"{kind} without a name")
        call_id = opt_str(payload, "call_id") or ""
        state.tool_names[call_id] = name
        args = payload.get("arguments", payload.get("input", payload.get("action")))
        call = ToolCall(id=call_id, name=name, arguments=arguments_text(args))
        return [TurnDraft(role="assistant", kind="tool_call", tool_calls=[call], **base)]
    if kind in ("function_call_output", "custom_tool_call_output"):
        call_id = opt_str(payload, "call_id") or ""
        text = _tool_output_text(payload.get("output"))
        name = state.tool_names.get(call_id)
        return [TurnDraft(role="tool", kind="tool_result", text=text, tool_name=name, **base)]
    return []  # reasoning, web_search_call, ...: not conversation


def _record_drafts(record: JsonObject, line: int, state: _State) -> list[TurnDraft]:
    kind = record.get("type")
    payload = record.get("payload")
    if not isinstance(payload, dict):
        raise ShapeError("record without a payload object")
    base: JsonObject = {"line": line, "timestamp": timestamp_text(record.get("timestamp"))}
    if kind == "session_meta":
        if state.session_id is None:
            state.session_id = opt_str(payload, "id")
        return []
    if kind == "compacted":
        state.compaction_seen = True
        return [TurnDraft(role="system", kind="summary", text=opt_str(payload, "message") or "", **base)]
    if kind == "response_item":
        return _response_item(payload, base, state)
    event_role = _EVENT_ROLES.get(as_str(payload.get("type"))) if kind == "event_msg" else None
    if event_role is not None:
        role = event_role
        text = _clean_message_text(opt_str(payload, "message") or "", state)
        return [TurnDraft(role=role, text=text, origin=_EVENT_ORIGIN, **base)]
    return []


_EVENT_ORIGIN = "event_msg"


def _dedup_events(drafts: list[TurnDraft]) -> list[TurnDraft]:
    """Drop each event_msg copy that matches a response_item message of the same role and text."""
    available = Counter(
        (d.role, d.text.strip()) for d in drafts if d.origin != _EVENT_ORIGIN and d.kind == "message"
    )
    kept: list[TurnDraft] = []
    for draft in drafts:
        if draft.origin == _EVENT_ORIGIN:
            key = (draft.role, draft.text.strip())
            if available[key] > 0:
                available[key] -= 1
                continue
        kept.append(draft)
    return kept


def parse_codex(text: Text, ctx: ParseContext) -> Transcript:
    """Read a Codex rollout: response items, with event copies deduplicated."""
    state = _State()
    drafts = collect_drafts(text, ctx, lambda record, line: _record_drafts(record, line, state))
    del text  # decoded: freed before the turns are built (the caller handed it over)
    drafts = _dedup_events(drafts)
    return build_transcript(
        drafts,
        ctx,
        "codex",
        session_id=state.session_id,
        compaction_seen=state.compaction_seen,
        extra_blocks=state.blocks,
    )
