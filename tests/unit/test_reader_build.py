"""The readers' one-pass build and compact turns give what the three passes and ordinary turns
gave (issue 17): the same turns, blocks and memories; turns whose field values are stored once per
turn, names shared; OpenAI documents on one line not walked twice."""

from __future__ import annotations

import json
import tracemalloc

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.schemas.transcript import SourcePos, ToolCall, Turn
from memscribe.transcript import common, noise, parse_transcript
from memscribe.transcript.common import ParseContext, TurnDraft, build_transcript


def _three_passes(drafts: list[TurnDraft], source: str) -> tuple[list[Turn], int, tuple[str, ...]]:
    """The build as it was: clean every draft, then drop flush exchanges, then index."""
    memories: list[str] = []
    blocks = 0
    cleaned: list[TurnDraft] = []
    for draft in drafts:
        if draft.speaker is None and draft.role == "user" and draft.kind == "message":
            draft.speaker = noise.sender_name(draft.text)
        text, removed = noise.strip_memory_blocks(draft.text, memories)
        if draft.role == "user" and draft.kind == "message":
            text, more = noise.strip_user_noise(text)
            removed += more
        text = noise.strip_reply_tags(text).strip()
        blocks += removed
        if not text and not draft.tool_calls:
            continue
        draft.text = text
        if draft.kind == "message" and draft.role == "assistant" and not text:
            draft.kind = "tool_call"
        cleaned.append(draft)
    kept: list[TurnDraft] = []
    in_flush = False
    for draft in cleaned:
        if draft.role == "user" and draft.kind == "message":
            in_flush = noise.is_memory_flush(draft.text)
            if in_flush:
                continue
        if in_flush and draft.role in ("assistant", "tool"):
            continue
        if draft.role == "assistant" and not draft.tool_calls and draft.text in ("NO_REPLY", "NO_FLUSH"):
            continue
        kept.append(draft)
    turns = [
        Turn(
            index=i,
            role=d.role,
            kind=d.kind,
            text=d.text,
            tool_calls=tuple(d.tool_calls),
            tool_name=d.tool_name,
            timestamp=d.timestamp,
            entry_id=d.entry_id,
            speaker=d.speaker,
            source=SourcePos(file=source, line=d.line),
        )
        for i, d in enumerate(kept)
    ]
    return turns, blocks, tuple(dict.fromkeys(memories))


_PIECES = st.sampled_from(
    [
        "hi",
        " ",
        "\n",
        "\n\n\n",
        "[",
        "[[reply_to_current]]",
        "System: [cron] ok\n",
        "[Mon 2026-01-05 10:00 UTC] ",
        "<relevant-memories>\n1. User likes tea\n</relevant-memories>\n",
        "</",
        'Sender (untrusted metadata):\n```json\n{"name": "Ana", "id": "7"}\n```\n',
        "(untrusted",
        "Pre-compaction memory flush.",
        "NO_REPLY",
    ]
)
_DRAFTS = st.lists(
    st.tuples(
        st.sampled_from(["user", "assistant", "tool", "system"]),
        st.sampled_from(["message", "message", "tool_result", "summary"]),
        st.lists(_PIECES, max_size=5).map("".join),
        st.booleans(),
    ),
    max_size=12,
)


def _drafts(specs: list[tuple[str, str, str, bool]]) -> list[TurnDraft]:
    return [
        TurnDraft(
            role=role,  # type: ignore[arg-type]
            kind=kind,  # type: ignore[arg-type]
            line=n + 1,
            text=text,
            tool_calls=[ToolCall(id=f"c{n}", name="bash")] if call else [],
        )
        for n, (role, kind, text, call) in enumerate(specs)
    ]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DRAFTS)
def test_one_pass_build_matches_the_three_passes(specs: list[tuple[str, str, str, bool]]) -> None:
    built = build_transcript(_drafts(specs), ParseContext(source="s.jsonl"), "openclaw")
    turns, blocks, memories = _three_passes(_drafts(specs), "s.jsonl")
    assert [t.model_dump() for t in built.turns] == [t.model_dump() for t in turns]
    assert list(built.turns) == turns
    assert (built.stripped_blocks, built.injected_memories) == (blocks, memories)


def _traced_bytes(make: object) -> int:
    tracemalloc.start()
    try:
        kept = make()  # type: ignore[operator]
        size = tracemalloc.get_traced_memory()[0]
        del kept
        return size
    finally:
        tracemalloc.stop()


def test_built_turns_are_slotted_records_not_models_with_dicts() -> None:
    """The same turns (texts shared) built by the reader's fast path and as the pydantic models
    Turn and SourcePos were (their twins: an instance dict each beside pydantic's slots): the
    records hold their values in slots, under half the models' bytes (issue 17)."""
    n = 2000
    text = "".join(f"User: question {i}\nAssistant: answer {i}\n" for i in range(n // 2))
    transcript = parse_transcript(text, source="t.txt", fmt="text")
    drafts = [TurnDraft(role=t.role, kind=t.kind, text=t.text, line=t.source.line) for t in transcript.turns]

    def fast_path() -> list[Turn]:
        return [common._turn(i, d, "t.txt", True) for i, d in enumerate(drafts)]

    def as_models() -> list[object]:
        pos_model, turn_model = SourcePos._twin, Turn._twin
        return [
            turn_model.model_construct(
                **{name: getattr(t, name) for name in Turn._fields}
                | {"source": pos_model.model_construct(file=t.source.file, line=t.source.line)}
            )
            for t in transcript.turns
        ]

    built, models = _traced_bytes(fast_path), _traced_bytes(as_models)
    assert fast_path() == list(transcript.turns)
    first = transcript.turns[0]
    assert not hasattr(first, "__dict__") and not hasattr(first.source, "__dict__")
    # a turn holds its position's file and line, no position object (built when asked)
    assert not any(isinstance(getattr(first, slot), SourcePos) for slot in Turn.__slots__)
    assert first.source == SourcePos(file="t.txt", line=1) and first.source is not first.source
    assert built < 0.5 * models, (built / n, models / n)


def test_openai_document_on_one_line_keeps_its_line_and_messages() -> None:
    messages = [{"role": "user" if n % 2 == 0 else "assistant", "content": f"m{n}"} for n in range(50)]
    one_line = "\n\n" + json.dumps(messages) + " \n\n"
    pretty = json.dumps(messages, indent=1)
    flat = parse_transcript(one_line, source="d.json", fmt="openai")
    walked = parse_transcript(pretty, source="d.json", fmt="openai")
    assert [t.source.line for t in flat.turns] == [3] * 50
    assert [t.source.line for t in walked.turns] == [2 + 4 * n for n in range(50)]
    assert [(t.role, t.text) for t in flat.turns] == [(t.role, t.text) for t in walked.turns]
    assert [t.text for t in flat.turns] == [f"m{n}" for n in range(50)]
