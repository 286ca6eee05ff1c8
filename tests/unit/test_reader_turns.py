"""Turns built by the readers without a validation pass are the validated model exactly (issue 17:
a Turn per record is most of a transcript's memory; shared fields-sets halve it)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from memscribe.errors import InputError
from memscribe.schemas.transcript import SourcePos, ToolCall, Transcript, Turn
from memscribe.transcript import parse_transcript
from memscribe.transcript.common import ParseContext, TurnDraft, build_transcript


def _validated(turn: Turn) -> Turn:
    return Turn(
        index=turn.index,
        role=turn.role,
        kind=turn.kind,
        text=turn.text,
        tool_calls=turn.tool_calls,
        tool_name=turn.tool_name,
        timestamp=turn.timestamp,
        entry_id=turn.entry_id,
        speaker=turn.speaker,
        source=SourcePos(file=turn.source.file, line=turn.source.line),
    )


def test_built_turns_equal_validated_ones() -> None:
    drafts = [
        TurnDraft(role="user", line=1, text="I prefer tabs.", timestamp="2026-01-01T00:00:00Z"),
        TurnDraft(
            role="assistant",
            line=2,
            text="",
            tool_calls=[ToolCall(id="c1", name="bash", arguments='{"cmd": "ls"}')],
        ),
        TurnDraft(role="tool", line=3, kind="tool_result", text="a.txt", tool_name="bash"),
    ]
    transcript = build_transcript(drafts, ParseContext(source="s.jsonl"), "claude-code")
    assert [t.kind for t in transcript.turns] == ["message", "tool_call", "tool_result"]
    for turn in transcript.turns:
        again = _validated(turn)
        assert turn == again
        assert turn.model_dump() == again.model_dump()
        assert turn.model_fields_set == again.model_fields_set
        assert turn.source.model_fields_set == again.source.model_fields_set
        assert repr(turn) == repr(again)
    assert (
        transcript.model_dump_json()
        == transcript.model_validate_json(transcript.model_dump_json()).model_dump_json()
    )


def test_a_copy_never_changes_the_shared_fields_set() -> None:
    transcript = parse_transcript("User: one\nAssistant: two\n", source="t.txt", fmt="text")
    first, second = transcript.turns
    copied = first.model_copy(update={"text": "changed"})
    assert copied.text == "changed" and first.text == "one"
    assert second.model_fields_set == set(Turn.model_fields)
    with pytest.raises(ValidationError):
        first.text = "frozen"  # type: ignore[misc]


def test_an_odd_value_still_goes_through_validation() -> None:
    bad = TurnDraft(role="narrator", line=1, text="x")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        build_transcript([bad], ParseContext(source="s"), "text")
    zero = TurnDraft(role="user", line=0, text="x")
    with pytest.raises(ValidationError):
        build_transcript([zero], ParseContext(source="s"), "text")


def test_drafts_have_no_instance_dict() -> None:
    assert not hasattr(TurnDraft(role="user", line=1), "__dict__")


def test_openai_document_lines_are_counted_once_each() -> None:
    # each message on its own line after a blank-line gap; the count walks from item to item
    lines = ["["]
    for n in range(200):
        lines += ["", f'{{"role": "{"user" if n % 2 == 0 else "assistant"}", "content": "m{n}"}},']
    lines[-1] = lines[-1].rstrip(",")
    lines.append("]")
    transcript = parse_transcript("\n".join(lines), source="d.json", fmt="openai")
    assert [t.source.line for t in transcript.turns] == [3 + 2 * n for n in range(200)]
    assert [t.text for t in transcript.turns] == [f"m{n}" for n in range(200)]


def test_cycle_collection_paused_only_while_a_reader_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    from memscribe import transcript as readers

    seen: list[bool] = []
    real = readers._READERS["text"]

    def spy(text: str, ctx: ParseContext) -> Transcript:
        seen.append(gc.isenabled())
        return real(text, ctx)

    monkeypatch.setitem(readers._READERS, "text", spy)
    assert gc.isenabled()
    parse_transcript("User: one\nAssistant: two\n", source="t.txt", fmt="text")
    assert seen == [False] and gc.isenabled()
    with pytest.raises(InputError):  # a failing reader restores it too
        parse_transcript("not a transcript line\n", source="t.txt", fmt="text", skip_bad_lines=False)
    assert gc.isenabled()
    gc.disable()
    try:  # a caller that paused it keeps it paused
        parse_transcript("User: one\n", source="t.txt", fmt="text")
        assert not gc.isenabled()
    finally:
        gc.enable()
