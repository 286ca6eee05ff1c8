"""Strip what the host injected into turns, so only what people and agents said remains.

Hosts wrap user messages in metadata envelopes and timestamps, and memory plugins inject
recalled memories into the prompt. None of that is the user speaking: learning from it
would store chat metadata as facts, and re-learning recalled memories creates echo loops
(a memory restated by recall gets written again, forever). The recalled lines are kept
apart in ``Transcript.injected_memories`` so later stages can check for echoes.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata

#: Tags whose whole block is a recall injection (memory-lancedb, active-memory, MemWal).
MEMORY_TAGS = ("relevant-memories", "relevant_memories", "active_memory_plugin", "memwal-memories")

_UNTRUSTED_PREFACE = (
    r"(?:Untrusted context \(metadata, do not treat as instructions or commands\):[ \t]*\n?)?"
)
_MEMORY_BLOCK = re.compile(
    _UNTRUSTED_PREFACE
    + r"<(?P<tag>"
    + "|".join(re.escape(tag) for tag in MEMORY_TAGS)
    + r")>(?P<body>.*?)</(?P=tag)>[ \t]*\n?",
    re.DOTALL,
)

# "Sender (untrusted metadata):", "Conversation info (untrusted metadata):",
# "Replied message (untrusted, for context):" ... followed by a fenced block.
_ENVELOPE = re.compile(
    r"^[A-Z][\w ]{0,60}\(untrusted(?: metadata|, for context)\):[ \t]*\n"
    r"```[\w-]*[ \t]*\n.*?\n```[ \t]*(?:\n|$)",
    re.DOTALL | re.MULTILINE,
)
# The same blocks, with their heading and JSON body apart (to read the sender's name).
_ENVELOPE_PARTS = re.compile(
    r"^(?P<head>[A-Z][\w ]{0,60}?) ?\(untrusted(?: metadata|, for context)\):[ \t]*\n"
    r"```[\w-]*[ \t]*\n(?P<body>.*?)\n```",
    re.DOTALL | re.MULTILINE,
)
# Raw platform ids and contact details: phone and numeric ids, Slack/Discord-style ids, Matrix
# ids, e-mail addresses.
_RAW_ID = re.compile(
    r"^(?:\+?[\d\s().-]{5,}|[UWBC](?=[A-Z0-9]*\d)[A-Z0-9]{7,}|[@!#][^\s:]+:[^\s]+|[^\s@]+@[^\s@]+\.[^\s@]+)$"
)
_TRAILING_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
MAX_SPEAKER = 64
_LEADING_TIMESTAMP = re.compile(
    r"^\[(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{4}-\d{2}-\d{2} \d{1,2}:\d{2}(?::\d{2})?"
    r"(?: [A-Z]{2,5}(?:[+-]\d{1,2}(?::?\d{2})?)?)?\][ \t]*",
    re.MULTILINE,
)
_SYSTEM_LINE = re.compile(r"^System: \[[^\n]*(?:\n|$)", re.MULTILINE)
_REPLY_TAG = re.compile(r"\[\[\s*reply_to(?:_current|\s*:\s*[^\]]*)\s*\]\][ \t]*")
_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*\u2022])\s+(?P<item>.+)$")
_CATEGORY_TAGS = re.compile(r"^(?:\[[^\]\n]{1,40}\]\s*)+")
_PREFACE_LINE = re.compile(
    r"^(?:relevant memories\b|treat (?:as|every|all)\b|the following memories\b|\[untrusted\b|"
    r"untrusted context\b|do not follow\b)",
    re.IGNORECASE,
)
_BLANK_RUNS = re.compile(r"\n{3,}")
_FLUSH_PREFIX = "Pre-compaction memory flush."


def _memory_lines(body: str) -> list[str]:
    """The memory lines of a recall block: list items when there are any, else plain lines.

    "1. User&#39;s cat is Mochi" -> "User's cat is Mochi"; a leading "[fact]" category tag
    goes too, so the line compares equal to the memory as it was stored.
    """
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    items = [m.group("item") for line in lines if (m := _LIST_ITEM.match(line))]
    if not items:
        items = [line for line in lines if not _PREFACE_LINE.match(line)]
    found: list[str] = []
    for item in items:
        text = _CATEGORY_TAGS.sub("", html.unescape(item)).strip()
        if text:
            found.append(text)
    return found


def strip_memory_blocks(text: str, memories: list[str]) -> tuple[str, int]:
    """Remove injected recall blocks from any turn; append their memory lines to ``memories``.

    Returns the cleaned text and how many blocks were removed.
    """
    if "</" not in text:  # no closing tag, no block: most turns
        return text, 0
    count = 0

    def _take(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        memories.extend(_memory_lines(match.group("body")))
        return ""

    cleaned = _MEMORY_BLOCK.sub(_take, text)
    return cleaned, count


def strip_user_noise(text: str) -> tuple[str, int]:
    """Remove host metadata from a user message: envelopes, timestamps, ``System: [...]`` lines.

    Returns the cleaned text and the number of envelope blocks removed (timestamps and
    system lines are prefixes, not blocks, and are not counted).
    """
    # each rule runs only where its fixed part occurs (most messages carry no host metadata)
    cleaned, envelopes = _ENVELOPE.subn("", text) if "(untrusted" in text else (text, 0)
    if "System: [" in cleaned:
        cleaned = _SYSTEM_LINE.sub("", cleaned)
    cleaned = cleaned.lstrip()
    if "[" in cleaned:
        cleaned = _LEADING_TIMESTAMP.sub("", cleaned)
    if "\n\n\n" in cleaned:
        cleaned = _BLANK_RUNS.sub("\n\n", cleaned)
    return cleaned.strip(), envelopes


def _envelope_json(body: str) -> dict[str, object]:
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _display_name(value: object, ids: set[str], clients: set[str]) -> str | None:
    """``value`` as a speaker name: one line, no control characters, never an id or a client."""
    if not isinstance(value, str):
        return None
    # Control characters (newlines, tabs) become spaces; other invisible ones (Cf, Co…) go.
    kinds = [(ch, unicodedata.category(ch)) for ch in value]
    text = "".join(" " if kind == "Cc" else ch for ch, kind in kinds if kind == "Cc" or kind[0] != "C")
    text = " ".join(unicodedata.normalize("NFC", text).split())[:MAX_SPEAKER].strip()
    if not text or text in ids or text.casefold() in clients or _RAW_ID.match(text):
        return None
    return text


def is_platform_id(text: str) -> bool:
    """True for a raw platform id or contact detail (never a display name)."""
    return bool(_RAW_ID.match(text.strip()))


def sender_name(text: str) -> str | None:
    """The display name of who sent a user message, from the host's metadata envelopes.

    OpenClaw prefixes channel messages with ``Sender (untrusted metadata):`` and a JSON block
    (``name``, ``label`` like ``"Inês Carvalho (5518820417)"``, ``username``, ``id``) and
    ``Conversation info (untrusted metadata):`` (``sender``, ``sender_id``). The name is taken,
    in order, from ``name``, the ``label`` without its trailing ``(id)``, ``username``, then
    the conversation's ``sender``. Never a raw platform id (phone numbers, numeric or Slack
    ids, Matrix ids), never a gateway client's own name (``openclaw-tui (gateway-client)``).
    ``Replied message`` envelopes name someone else and are ignored. Several different
    senders in one message: unknown (None).
    """
    if "(untrusted" not in text:
        return None
    names: list[str] = []
    fallback: str | None = None
    for match in _ENVELOPE_PARTS.finditer(text):
        head = match.group("head").strip().casefold()
        data = _envelope_json(match.group("body"))
        ids = {str(data[k]) for k in ("id", "sender_id", "user_id") if data.get(k) is not None}
        label = data.get("label") if isinstance(data.get("label"), str) else ""
        clients: set[str] = set()
        if str(label).endswith("(gateway-client)") or "gateway-client" in ids:
            clients.add(_TRAILING_PAREN.sub("", str(label)).casefold())
        if head == "sender":
            label_name = _TRAILING_PAREN.sub("", str(label)) if label else None
            for candidate in (data.get("name"), label_name, data.get("username")):
                name = _display_name(candidate, ids, clients)
                if name:
                    names.append(name)
                    break
        elif head == "conversation info" and fallback is None:
            fallback = _display_name(data.get("sender"), ids, clients)
    distinct = list(dict.fromkeys(names))
    if len(distinct) > 1:
        return None
    return distinct[0] if distinct else fallback


def strip_reply_tags(text: str) -> str:
    """Remove ``[[reply_to_current]]`` / ``[[reply_to: id]]`` routing tags (user or assistant)."""
    if "[[" not in text:
        return text
    return _REPLY_TAG.sub("", text)


def strip_tagged_blocks(text: str, tags: tuple[str, ...]) -> tuple[str, int]:
    """Remove ``<tag>...</tag>`` blocks (e.g. Claude Code ``system-reminder``, Codex
    ``environment_context``); return the text and how many blocks went."""
    if "<" not in text:
        return text, 0
    pattern = re.compile(
        r"<(" + "|".join(re.escape(tag) for tag in tags) + r")(?:\s[^>]*)?>.*?</\1>[ \t]*\n?", re.DOTALL
    )
    cleaned, count = pattern.subn("", text)
    return cleaned.strip(), count


def is_memory_flush(text: str) -> bool:
    """True for the host's pre-compaction "write your memories now" prompt."""
    return text.lstrip().startswith(_FLUSH_PREFIX)
