"""Tell the transcript formats apart from their first records.

Each JSONL format has a distinctive record shape (OpenClaw ``session`` headers and
``message`` entries, Codex ``payload`` envelopes, Claude Code ``user``/``assistant`` types
with ``uuid``), so a handful of records is enough. Malformed lines are skipped while
detecting: the reader reports them later with a precise line number, which is more
useful than "unknown format".
"""

from __future__ import annotations

import re
from typing import Any

from memscribe.errors import InputError, UnknownFormatError
from memscribe.schemas.transcript import TranscriptFormat

from .chunks import Chunks, Text, document_text
from .common import CONFIGURED_HEADER, decode_json, iter_lines

#: How many non-blank lines to look at before giving up.
_PROBE_LINES = 50

_OPENCLAW_TYPES = frozenset(
    {
        "session",
        "message",
        "compaction",
        "branch_summary",
        "custom",
        "custom_message",
        "model_change",
        "thinking_level_change",
        "label",
        "session_info",
    }
)
_CODEX_TYPES = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})
_CLAUDE_TYPES = frozenset(
    {"user", "assistant", "summary", "system", "file-history-snapshot", "queue-operation"}
)
_CLAUDE_KEYS = ("uuid", "parentUuid", "sessionId", "leafUuid", "isSidechain")
_TEXT_PREFIX = re.compile(r"^(?:User|Human|Assistant|AI)\s*:")


def _record_format(record: dict[str, Any]) -> TranscriptFormat | None:
    """The format one JSON object belongs to, or None when it says nothing."""
    kind = record.get("type")
    if not isinstance(kind, str):
        return "openai" if kind is None and isinstance(record.get("role"), str) else None
    if kind in _CODEX_TYPES and "payload" in record:
        return "codex"
    if kind in _CLAUDE_TYPES and any(key in record for key in _CLAUDE_KEYS):
        return "claude-code"
    if kind in _OPENCLAW_TYPES and (
        kind == "session" or "message" in record or "parentId" in record or "id" in record
    ):
        return "openclaw"
    return None


#: Leading whitespace as ``str.lstrip`` sees it (``\s`` is ``str.isspace`` for str patterns).
_LEADING_SPACE = re.compile(r"\s*")


def _whole_json_document(text: str) -> list[Any]:
    """``[value]``, the decoded document, when the whole text is one JSON array or
    ``{"messages": [...]}`` document (the ``openai`` format); else ``[]``."""
    lead = _LEADING_SPACE.match(text)  # always matches (maybe empty)
    if not text.startswith(("[", "{"), lead.end() if lead else 0):  # no stripped copy of the text
        return []
    try:
        value = decode_json(text)
    except ValueError:
        return []
    if isinstance(value, list):
        return [value]
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        return [value]
    return []


def detect_format(text: Text, *, source: str = "<input>") -> TranscriptFormat:
    """Guess the transcript format from its first records.

    Raises:
        InputError: no record matches a known format.
    """
    return detect_format_decoding(text, source=source)[0]


def detect_format_decoding(text: Text, *, source: str = "<input>") -> tuple[TranscriptFormat, list[Any]]:
    """:func:`detect_format`, and the whole text's decoded JSON value when telling the format
    decoded it (``[value]``, an ``openai`` document; else ``[]``): for the reader to take
    (:attr:`~memscribe.transcript.common.ParseContext.decoded`), not decode a second time.

    Raises:
        InputError: no record matches a known format.
    """
    document = document_text(text)
    whole = [] if document is None else _whole_json_document(document)
    del document
    if whole:
        return "openai", whole
    seen = 0
    first_line: str | None = None
    for raw in text.peek_lines() if isinstance(text, Chunks) else iter_lines(text):
        line = raw.strip()
        if not line:
            continue
        if first_line is None:
            if CONFIGURED_HEADER.search(line) and not line.startswith(("{", "[")):
                continue  # a relay's header before the text's first turn (plain_text reads it)
            first_line = line
            if _TEXT_PREFIX.match(line):
                return "text", []
        seen += 1
        if seen > _PROBE_LINES:
            break
        try:
            value = decode_json(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            fmt = _record_format(value)
            if fmt is not None:
                return fmt, []
    if first_line is None:
        raise InputError("empty input", path=source)
    raise UnknownFormatError(
        "unknown transcript format (expected OpenClaw, Claude Code or Codex JSONL, "
        "OpenAI messages JSON, or User:/Assistant: text)",
        path=source,
    )
