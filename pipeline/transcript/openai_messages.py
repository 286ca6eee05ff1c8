"""OpenAI chat messages: a JSON array, ``{"messages": [...]}``, or one message per line.

Whole-document JSON has no records per line, so the line of each message is found by
walking the document with ``raw_decode``: a turn can still point at its place in the file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from memscribe.schemas.transcript import Role, ToolCall, Transcript

from .chunks import document_text
from .common import (
    JsonObject,
    ParseContext,
    ShapeError,
    Text,
    TurnDraft,
    arguments_text,
    as_str,
    build_transcript,
    content_text,
    decode_json,
    iter_json_lines,
    opt_str,
)

_ROLES: dict[str, Role] = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "tool",
    "function": "tool",
}
_TEXT_TYPES = frozenset({"text", "input_text", "output_text"})
_DECODER = json.JSONDecoder()
_WS = " \t\n\r"
_WS_RUN = re.compile(r"[ \t\n\r]*")


def _skip_ws(text: str, pos: int) -> int:
    run = _WS_RUN.match(text, pos) if pos < len(text) else None
    return run.end() if run else pos


def _array_items(text: str, pos: int) -> Iterator[tuple[int, Any]]:
    """Yield ``(offset, value)`` for each element of the JSON array starting at ``pos``."""
    pos = _skip_ws(text, pos + 1)
    if pos < len(text) and text[pos] == "]":
        return
    while pos < len(text):
        value, end = _DECODER.raw_decode(text, pos)
        yield pos, value
        pos = _skip_ws(text, end)
        if pos < len(text) and text[pos] == ",":
            pos = _skip_ws(text, pos + 1)
            continue
        return


def _messages_offset(text: str, start: int) -> int | None:
    """Offset of the ``messages`` array inside the top-level object starting at ``start``."""
    pos = _skip_ws(text, start + 1)
    while pos < len(text) and text[pos] == '"':
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip_ws(text, pos)
        pos = _skip_ws(text, pos + 1)  # the colon
        if key == "messages":
            return pos
        _, pos = _DECODER.raw_decode(text, pos)
        pos = _skip_ws(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos = _skip_ws(text, pos + 1)
    return None


def _document_messages(text: str, ctx: ParseContext) -> Iterator[tuple[int, Any]] | None:
    """``(line, message)`` pairs for a whole-document array or messages object, else None (the
    document decoded by format detection taken, not decoded again)."""
    if ctx.decoded:
        document = ctx.decoded.pop()
    else:
        try:
            document = decode_json(text)
        except ValueError:
            return None
    if isinstance(document, dict) and isinstance(document.get("messages"), list):
        start = _skip_ws(text, 0)
        offset = _messages_offset(text, start)
    elif isinstance(document, list):
        offset = _skip_ws(text, 0)
        end = len(text)
        while end > offset and text[end - 1] in _WS:
            end -= 1
        if text.find("\n", offset, end) < 0:  # on one line (``json.dumps``): nothing to walk
            return _taken(document, line=1 + text.count("\n", 0, offset))
    else:
        return None
    if offset is None:  # pragma: no cover - the document parsed, so the key is there
        return _taken(document["messages"], line=1)
    is_list = isinstance(document, list)
    del document  # the items are decoded again with their offsets: the document is not held twice
    try:
        return _taken(list(_with_lines(text, _array_items(text, offset))))
    except (ValueError, RecursionError):
        document = decode_json(text)
        return _taken(document if is_list else document["messages"], line=1)


def _taken(items: list[Any], line: int | None = None) -> Iterator[tuple[int, Any]]:
    """``items`` (``(line, message)`` pairs, or messages all on ``line``) one at a time, each let
    go once yielded: the list is emptied as the drafts are made, not held until they all are."""
    items.reverse()
    while items:
        yield items.pop() if line is None else (line, items.pop())


def _with_lines(text: str, items: Iterator[tuple[int, Any]]) -> Iterator[tuple[int, Any]]:
    """``(line, value)`` for each ``(offset, value)``: newlines counted once, from item to item."""
    line, last = 1, 0
    for pos, value in items:
        line += text.count("\n", last, pos)
        last = pos
        yield line, value


def _tool_calls(message: JsonObject) -> list[ToolCall]:
    calls: list[ToolCall] = []
    raw_calls = message.get("tool_calls")
    if isinstance(raw_calls, list):
        for raw in raw_calls:
            function = raw.get("function") if isinstance(raw, dict) else None
            if not isinstance(function, dict) or not isinstance(function.get("name"), str):
                raise ShapeError("tool call without a function name")
            call_id = as_str(raw.get("id"))
            calls.append(
                ToolCall(
                    id=call_id, name=function["name"], arguments=arguments_text(function.get("arguments"))
                )
            )
    legacy = message.get("function_call")
    if isinstance(legacy, dict) and isinstance(legacy.get("name"), str):
        calls.append(ToolCall(name=legacy["name"], arguments=arguments_text(legacy.get("arguments"))))
    return calls


def _message_draft(message: object, line: int, names: dict[str, str]) -> TurnDraft:
    if not isinstance(message, dict):
        raise ShapeError(f"message is a JSON {type(message).__name__}, expected an object")
    raw_role = message.get("role")
    role = _ROLES.get(raw_role) if isinstance(raw_role, str) else None
    if role is None:
        raise ShapeError("message without a known role")
    content = message.get("content")
    text = content if type(content) is str else content_text(content, text_types=_TEXT_TYPES)
    if role == "assistant":
        calls = _tool_calls(message) if "tool_calls" in message or "function_call" in message else []
        for call in calls:
            names[call.id] = call.name
        return TurnDraft(role="assistant", text=text, tool_calls=calls, line=line)
    if role == "tool":
        call_id = opt_str(message, "tool_call_id")
        name = opt_str(message, "name") or (names.get(call_id) if call_id else None)
        return TurnDraft(role="tool", kind="tool_result", text=text, tool_name=name, line=line)
    if role == "system":
        return TurnDraft(role="system", kind="system", text=text, line=line)
    # a user message's ``name`` is its sender's (several people in one chat: a relayed group)
    name = message.get("name") if role == "user" else None  # not a string: no sender, as before
    speaker = name.strip()[:64] or None if isinstance(name, str) else None
    return TurnDraft(role=role, text=text, line=line, speaker=speaker)


def parse_openai(text: Text, ctx: ParseContext) -> Transcript:
    """Read OpenAI chat messages (document or JSONL)."""
    document = document_text(text)
    items = None if document is None else _document_messages(document, ctx)
    del document
    if items is None:
        items = _taken(list(iter_json_lines(text, ctx)))
    del text  # decoded: freed before the turns are built (the caller handed it over)
    names: dict[str, str] = {}
    drafts: list[TurnDraft] = []
    for line, message in items:
        try:
            drafts.append(_message_draft(message, line, names))
        except ShapeError as exc:
            ctx.bad(line, str(exc))
    del items
    return build_transcript(drafts, ctx, "openai")
