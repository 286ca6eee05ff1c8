"""Helpers shared by every reader: line splitting, JSON decoding with line numbers, turn drafts.

Readers build :class:`TurnDraft` objects (mutable, unindexed) and hand them to
:func:`build_transcript`, which applies the noise rules once for all formats and
assigns the stable indices. Keeping that in one place is why the format modules
stay small and why every format drops noise the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, get_args

from memscribe.errors import InputError
from memscribe.groups.speakers import CONFIGURED_MARK
from memscribe.schemas.transcript import (
    BadLine,
    Role,
    SourcePos,
    ToolCall,
    Transcript,
    TranscriptFormat,
    Turn,
    TurnKind,
)

from . import noise
from .chunks import Chunks as Chunks
from .chunks import Text as Text

JsonObject = dict[str, Any]


class ShapeError(ValueError):
    """A record parsed as JSON but has the wrong shape (a list, a message without role...).

    Readers raise it from deep inside a record conversion; the per-record loop turns it
    into an :class:`InputError` or a :class:`BadLine`, so a strange record never becomes
    a traceback.
    """


@dataclass
class ParseContext:
    """What a reader needs besides the text: where it came from and how strict to be."""

    source: str
    skip_bad_lines: bool = False
    bad_lines: list[BadLine] = field(default_factory=list)
    #: The whole text's JSON value when format detection decoded it already (``[value]``), for
    #: the reader to take (popped, so no name here holds it after): never decoded twice.
    decoded: list[Any] = field(default_factory=list)

    def bad(self, line: int, message: str) -> None:
        """Report a bad record: raise, or record it when the caller asked to skip bad lines."""
        if not self.skip_bad_lines:
            raise InputError(message, path=self.source, line=line)
        self.bad_lines.append(BadLine(file=self.source, line=line, error=message))


#: A relay header's mark of the person who configured the assistant, before a plain-text
#: transcript's first turn: "(configured user: Hana Kowalczyk)" (the words are the group reader's,
#: which reads the name from that system turn).
CONFIGURED_HEADER = re.compile(CONFIGURED_MARK, re.IGNORECASE)


@dataclass(slots=True)
class TurnDraft:
    """A turn before noise stripping and indexing (slots: a large file has one per record)."""

    role: Role
    line: int
    text: str = ""
    kind: TurnKind = "message"
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_name: str | None = None
    timestamp: str | None = None
    entry_id: str | None = None
    #: Who sent a user message (display name); filled from the host's sender envelope when unset.
    speaker: str | None = None
    #: Reader-private tag (e.g. Codex marks ``event_msg`` copies for deduplication); not exported.
    origin: str = ""


def split_lines(text: str) -> list[str]:
    """Split on ``\\n`` only (``str.splitlines`` also splits on U+2028 etc., which JSON allows
    inside strings and which would shift the line numbers we report)."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def iter_lines(text: Text) -> Iterator[str]:
    """:func:`split_lines`, one line at a time: a large JSONL file is never held twice."""
    if isinstance(text, Chunks):  # each piece let go once its lines are read
        pieces = text.take()
        while pieces:
            piece = pieces.pop()
            start = 0
            while True:
                end = piece.find("\n", start)
                if end < 0:
                    if not piece.endswith("\n"):  # the last piece: the file's last line
                        yield piece[start:].removesuffix("\r")
                    break
                yield piece[start:end].removesuffix("\r")
                start = end + 1
        return
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:].removesuffix("\r")
            return
        yield text[start:end].removesuffix("\r")
        start = end + 1


def decode_json(raw: str) -> Any:
    """``json.loads`` whose every failure is a ``ValueError`` with a short reason.

    Deep nesting raises ``RecursionError`` and huge integers a plain ``ValueError``;
    both must end up as "malformed JSON", never as a traceback.
    """
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise ValueError("nesting too deep") from None
    except ValueError as exc:
        raise ValueError(str(exc).split("\n")[0][:120]) from None


def iter_json_lines(text: Text, ctx: ParseContext) -> Iterator[tuple[int, JsonObject]]:
    """Yield ``(line_number, object)`` for each non-blank JSONL line.

    Malformed JSON and non-object values are bad lines (raised or recorded per ``ctx``).
    """
    for number, raw in enumerate(iter_lines(text), start=1):
        if not raw.strip():
            continue
        try:
            value = decode_json(raw)
        except ValueError as exc:
            ctx.bad(number, f"malformed JSON: {exc}")
            continue
        if not isinstance(value, dict):
            ctx.bad(number, f"record is a JSON {type(value).__name__}, expected an object")
            continue
        if _ESCAPED_ODD.search(raw) and _odd_strings(value):
            ctx.bad(number, "record holds a NUL or a lone surrogate escape")
            continue
        yield number, value


#: JSON escapes that decode to a NUL or to a surrogate (a pair decodes to one character).
_ESCAPED_ODD = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")


def _odd_strings(value: object) -> bool:
    """Whether a decoded JSON value holds a NUL or a lone surrogate in any string (key or value)."""
    if isinstance(value, str):
        return "\x00" in value or any("\ud800" <= ch <= "\udfff" for ch in value)
    if isinstance(value, dict):
        return any(_odd_strings(k) or _odd_strings(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_odd_strings(v) for v in value)
    return False


def opt_str(record: JsonObject, key: str) -> str | None:
    """A string field, or None when absent/null; any other type is a shape error."""
    value = record.get(key)
    if value is None or isinstance(value, str):
        return value
    raise ShapeError(f"field {key!r} must be a string")


def as_str(value: object, default: str = "") -> str:
    """``value`` when it is a string, else ``default`` (for optional ids and names)."""
    return value if isinstance(value, str) else default


def timestamp_text(value: object) -> str | None:
    """Normalise a timestamp field: ISO strings kept, epoch milliseconds converted to ISO UTC."""
    if isinstance(value, str):
        return value or None
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value / 1000, tz=UTC).isoformat().replace("+00:00", "Z")
        except (OverflowError, OSError, ValueError):
            return None
    return None


def arguments_text(value: object) -> str:
    """Tool-call arguments as text: strings kept verbatim, anything else as compact JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def content_text(content: object, *, text_types: frozenset[str] = frozenset({"text"})) -> str:
    """Join the text of a ``content`` that is a string, null, or a list of blocks.

    Blocks of other types (images, thinking, tool calls) contribute nothing; the caller
    extracts what it needs from them separately.
    """
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise ShapeError("content must be a string or a list of blocks")
    parts: list[str] = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and as_str(block.get("type")) in text_types:
            text = block.get("text")
            if isinstance(text, str):
                parts.append(text)
    return "\n".join(parts)


_FLUSH_ANSWERS = frozenset({"NO_REPLY", "NO_FLUSH"})


def _clean(text: str, user_message: bool, memories: list[str]) -> tuple[str, int]:
    """Apply the noise rules for this turn's role; return cleaned text and blocks removed (each
    rule returns at once where its fixed part does not occur: most turns carry no host noise).

    A turn holding none of the rules' fixed parts (``</``, ``[``, and for a user message
    ``(untrusted`` and a blank-line run) is only stripped: the rules, asked, would change
    nothing else (a ``System: [`` line, a leading timestamp and a reply tag all hold ``[``)."""
    if "</" not in text and (
        "[" not in text and "(untrusted" not in text and "\n\n\n" not in text
        if user_message
        else "[[" not in text
    ):
        return text.strip(), 0
    text, blocks = noise.strip_memory_blocks(text, memories)
    if user_message:
        text, more = noise.strip_user_noise(text)
        blocks += more
    return noise.strip_reply_tags(text).strip(), blocks


def collect_drafts(
    text: Text, ctx: ParseContext, record_drafts: Callable[[JsonObject, int], list[TurnDraft]]
) -> list[TurnDraft]:
    """The drafts of every JSONL record; a record of the wrong shape is a bad line, not a crash."""
    drafts: list[TurnDraft] = []
    for line, record in iter_json_lines(text, ctx):
        try:
            drafts.extend(record_drafts(record, line))
        except ShapeError as exc:
            ctx.bad(line, str(exc))
    return drafts


_ROLES: frozenset[str] = frozenset(get_args(Role))
_KINDS: frozenset[str] = frozenset(get_args(TurnKind))
_new = object.__new__
#: Each of a Turn's slots set through its own descriptor (``object.__setattr__`` would look the
#: name up first, half the cost of building a turn; a slot renamed fails here, at import).
_SETTERS: dict[str, Callable[[Turn, Any], None]] = {name: vars(Turn)[name].__set__ for name in Turn.__slots__}
_set_index, _set_role, _set_kind, _set_text = (_SETTERS[n] for n in ("index", "role", "kind", "text"))
_set_tool_calls, _set_tool_name = _SETTERS["tool_calls"], _SETTERS["tool_name"]
_set_timestamp, _set_entry_id, _set_speaker = (_SETTERS[n] for n in ("timestamp", "entry_id", "speaker"))
_set_file, _set_line = _SETTERS["_file"], _SETTERS["_line"]


def _checked(draft: TurnDraft) -> bool:
    """Whether the draft's values are exactly what validating a Turn would keep unchanged."""
    return (
        draft.role in _ROLES
        and draft.kind in _KINDS
        and type(draft.text) is str
        and type(draft.line) is int
        and draft.line >= 1
        and (draft.tool_name is None or type(draft.tool_name) is str)
        and (draft.timestamp is None or type(draft.timestamp) is str)
        and (draft.entry_id is None or type(draft.entry_id) is str)
        and (draft.speaker is None or type(draft.speaker) is str)
        and (not draft.tool_calls or all(type(call) is ToolCall for call in draft.tool_calls))
    )


def _turn(index: int, draft: TurnDraft, source: str, fast: bool, line: int | None = None) -> Turn:
    """The Turn of a draft, built without a validation pass when the values are already what
    validation would keep (a Turn per record is most of a transcript's memory, and most of the
    reader's time after parsing). Anything else (a reader handing an odd value, a source that is
    not a str: ``fast`` false) is validated as before, errors included.

    ``line``: the draft's line, as an int an earlier turn holds where one has its value (shared
    by the turns of one line), else the draft's own. The turn holds its position's file and
    line (:attr:`Turn.source` is built when asked)."""
    if not (fast and _checked(draft)):
        return Turn(
            index=index,
            role=draft.role,
            kind=draft.kind,
            text=draft.text,
            tool_calls=tuple(draft.tool_calls),
            tool_name=draft.tool_name,
            timestamp=draft.timestamp,
            entry_id=draft.entry_id,
            speaker=draft.speaker,
            source=SourcePos(file=source, line=draft.line),
        )
    turn = _new(Turn)
    _set_index(turn, index)
    _set_role(turn, draft.role)
    _set_kind(turn, draft.kind)
    _set_text(turn, draft.text)
    _set_tool_calls(turn, tuple(draft.tool_calls) if draft.tool_calls else ())
    _set_tool_name(turn, draft.tool_name)
    _set_timestamp(turn, draft.timestamp)
    _set_entry_id(turn, draft.entry_id)
    _set_speaker(turn, draft.speaker)
    _set_file(turn, source)
    _set_line(turn, draft.line if line is None else line)
    return turn


def _handed_over(drafts: Iterable[TurnDraft]) -> Iterator[TurnDraft]:
    """The drafts in order; a list's popped as they go (the caller holds no other reference)."""
    if isinstance(drafts, list):
        drafts.reverse()
        while drafts:
            yield drafts.pop()
    else:
        yield from drafts


def build_transcript(
    drafts: Iterable[TurnDraft],
    ctx: ParseContext,
    fmt: TranscriptFormat,
    *,
    session_id: str | None = None,
    compaction_seen: bool = False,
    extra_blocks: int = 0,
) -> Transcript:
    """Strip noise, drop empty turns and flush exchanges, index what is left (one pass).

    A flush is the host asking the agent to write its own memories (pre-compaction); the
    agent's writes and answers in that exchange are echoes, not new evidence, so the whole
    exchange up to the next real user turn goes, and so do NO_REPLY / NO_FLUSH answers.

    ``drafts`` is handed over: a list is emptied, and each draft is let go once its turn is
    built (drafts and turns of a large file are not all held at once); a reader that can hand
    them as it reads them (an iterator) never holds them all (:mod:`.plain_text`)."""
    memories: list[str] = []
    blocks = extra_blocks
    source = ctx.source
    fast = type(source) is str
    built: list[Turn] = []
    #: The built turns' lines, and the first that may still equal a later index (lines rise with
    #: the file): a turn's index is that line's int where one has its value, not an int of its
    #: own (above 256 each is 28 bytes; a text transcript has a line for nearly every index).
    lines: list[int] = []
    cursor = 0
    #: The last turn's line: the turns of one line (an OpenAI document on one line, a record
    #: giving several turns) share its int (28 bytes each above 256).
    last_line: object = None
    in_flush = False
    for draft in _handed_over(drafts):
        role = draft.role
        user_message = role == "user" and draft.kind == "message"
        if user_message and draft.speaker is None and "(untrusted" in draft.text:  # no envelope: no name
            draft.speaker = noise.sender_name(draft.text)
        text, removed = _clean(draft.text, user_message, memories)
        blocks += removed
        if not text and not draft.tool_calls:
            continue
        draft.text = text
        if user_message:
            in_flush = noise.is_memory_flush(text)
            if in_flush:
                continue
        elif in_flush and role in ("assistant", "tool"):
            continue
        if role == "assistant" and not draft.tool_calls and text in _FLUSH_ANSWERS:
            continue
        if not text and role == "assistant" and draft.kind == "message":
            draft.kind = "tool_call"
        index = len(built)
        while cursor < index and lines[cursor] < index:
            cursor += 1
        if cursor < index and lines[cursor] == index:
            index = lines[cursor]
        line = draft.line
        if type(line) is int and type(last_line) is int and line == last_line:
            line = last_line
        last_line = line
        # a reader's odd line (not an int) is validated by _turn, never shared
        lines.append(line if fast and type(line) is int else -1)
        built.append(_turn(index, draft, source, fast, line))
    turns = tuple(built)
    del built, lines
    return Transcript(
        source=ctx.source,
        format=fmt,
        session_id=session_id,
        turns=turns,
        compaction_seen=compaction_seen,
        stripped_blocks=blocks,
        injected_memories=tuple(dict.fromkeys(memories)),
        bad_lines=tuple(ctx.bad_lines),
    )
