"""Property tests: hostile input either parses or raises InputError — never anything else."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.errors import InputError
from memscribe.schemas.transcript import Transcript
from memscribe.transcript import FORMATS, parse_transcript

KEYS = [
    "type",
    "id",
    "parentId",
    "message",
    "role",
    "content",
    "text",
    "summary",
    "payload",
    "uuid",
    "sessionId",
    "isMeta",
    "isSidechain",
    "isCompactSummary",
    "subtype",
    "tool_calls",
    "function",
    "name",
    "arguments",
    "call_id",
    "output",
    "toolName",
    "firstKeptEntryId",
    "firstKeptEntryIndex",
    "timestamp",
    "messages",
    "tool_use_id",
    "input",
    "command",
]
TYPES = [
    "session",
    "message",
    "compaction",
    "branch_summary",
    "custom_message",
    "user",
    "assistant",
    "summary",
    "system",
    "session_meta",
    "response_item",
    "event_msg",
    "compacted",
    "text",
    "toolCall",
    "tool_use",
    "tool_result",
    "function_call",
    "function_call_output",
    "input_text",
    "user_message",
    "agent_message",
    "toolResult",
    "bashExecution",
    "compactionSummary",
    "tool",
]
TEXTS = st.one_of(
    st.sampled_from(TYPES),
    st.text(max_size=30),
    st.sampled_from(
        ["<memwal-memories>\n1. x\n</memwal-memories>", "Pre-compaction memory flush.", "NO_REPLY"]
    ),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**70),
    st.floats(allow_nan=False),
    TEXTS,
)
VALUES = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(KEYS), children, max_size=6),
    ),
    max_leaves=25,
)
RECORDS = st.one_of(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=8), VALUES)


def _check(text: str, fmt: str | None, skip: bool) -> None:
    try:
        result = parse_transcript(text, source="prop.jsonl", fmt=fmt, skip_bad_lines=skip)
    except InputError as exc:
        assert exc.path == "prop.jsonl"
        if skip:  # with skip_bad_lines only whole-input problems remain (empty, unknown format)
            assert exc.line is None
        return
    assert isinstance(result, Transcript)
    assert [t.index for t in result.turns] == list(range(len(result.turns)))
    for turn in result.turns:
        assert turn.text or turn.tool_calls


FMT = st.one_of(st.none(), st.sampled_from(FORMATS))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=400), fmt=FMT, skip=st.booleans())
def test_arbitrary_text(text: str, fmt: str | None, skip: bool) -> None:
    _check(text, fmt, skip)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=st.lists(RECORDS, min_size=1, max_size=8), fmt=FMT, skip=st.booleans(), garbage=st.booleans())
def test_arbitrary_jsonl(records: list[Any], fmt: str | None, skip: bool, garbage: bool) -> None:
    lines = [json.dumps(r) for r in records]
    if garbage:
        lines.insert(len(lines) // 2, lines[0][:-1] if len(lines[0]) > 1 else "{")
    _check("\n".join(lines), fmt, skip)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=st.lists(RECORDS, max_size=6), wrap=st.booleans(), fmt=FMT, skip=st.booleans())
def test_arbitrary_json_document(records: list[Any], wrap: bool, fmt: str | None, skip: bool) -> None:
    document: Any = {"messages": records} if wrap else records
    _check(json.dumps(document, indent=1), fmt, skip)


def test_deep_nesting_is_an_input_error() -> None:
    text = "[" * 100_000 + "]" * 100_000
    for skip in (False, True):
        _check(text, None, skip)
        _check(text, "openai", skip)
        _check(text, "codex", skip)


def test_a_compaction_with_a_field_of_the_wrong_shape_is_a_bad_line() -> None:
    """Found by test_arbitrary_jsonl in CI: the compaction's summary turn was built outside the
    per-entry handling, so its ShapeError escaped as a traceback."""
    text = json.dumps({"id": [], "type": "compaction"})
    _check(text, None, False)
    _check(text, None, True)
