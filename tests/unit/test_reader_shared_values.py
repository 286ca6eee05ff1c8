"""Turns built by the readers share what is equal (issue 17): the turns of one line (an OpenAI
document on one line, a record giving several turns) share its line's int, and a turn's index is
the int of an earlier turn's line of the same value; a turn holds its position's file and line,
no position object (built when asked, equal each time). The turns are the validated ones."""

from __future__ import annotations

import json

from memscribe.schemas.transcript import SourcePos, Turn
from memscribe.transcript import parse_transcript


def _validated(turn: Turn) -> Turn:
    return Turn.model_validate(turn.model_dump())


def test_one_line_document_turns_share_one_line() -> None:
    messages = [{"role": "user" if n % 2 == 0 else "assistant", "content": f"m{n}"} for n in range(600)]
    flat = parse_transcript("\n" + json.dumps(messages), source="d.json", fmt="openai")
    walked = parse_transcript(json.dumps(messages, indent=1), source="d.json", fmt="openai")
    assert len(flat.turns) == 600
    assert all(t.source.line is flat.turns[0].source.line for t in flat.turns)
    assert all(t.source == SourcePos(file="d.json", line=2) for t in flat.turns)
    assert list(flat.turns) == [_validated(t) for t in flat.turns]
    # one line per message when pretty-printed: a line each, as before
    assert [t.source.line for t in walked.turns] == [2 + 4 * n for n in range(600)]
    assert list(walked.turns) == [_validated(t) for t in walked.turns]


def test_several_turns_of_one_record_share_its_position() -> None:
    records: list[dict[str, object]] = []
    for n in range(40):
        records.append({"role": "user", "content": f"run step {n}"})
        content = [{"type": "text", "text": f"ok {n}"}]
        call = {"id": f"c{n}", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
        records.append({"role": "assistant", "content": content, "tool_calls": [call]})
        records.append({"role": "tool", "tool_call_id": f"c{n}", "content": "done"})
    text = "\n".join(json.dumps(r) for r in records)
    transcript = parse_transcript(text, source="m.jsonl", fmt="openai")
    assert [t.source.line for t in transcript.turns] == list(range(1, 121))
    assert list(transcript.turns) == [_validated(t) for t in transcript.turns]


def test_text_turn_indices_are_the_lines_ints() -> None:
    n = 3000
    text = "".join(f"User: question {i}\nAssistant: answer {i}\n" for i in range(n))
    turns = parse_transcript(text, source="t.txt", fmt="text").turns
    assert [t.index for t in turns] == list(range(2 * n))
    assert [t.source.line for t in turns] == list(range(1, 2 * n + 1))
    assert list(turns) == [_validated(t) for t in turns]
    # turn i's index is the int turn i-1 holds as its line (no int of its own above 256)
    assert all(turns[i].index is turns[i - 1].source.line for i in range(300, 2 * n))


def test_lines_out_of_order_or_skipped_keep_their_values() -> None:
    """Continuation lines leave gaps in the lines: indices without a line of their value are
    their own ints, and every index is still its position."""
    text = "".join(f"User: q {i}\nmore\nmore\nAssistant: a {i}\n" for i in range(400))
    turns = parse_transcript(text, source="t.txt", fmt="text").turns
    assert [t.index for t in turns] == list(range(800))
    assert [t.source.line for t in turns] == [1 + 4 * (i // 2) + 3 * (i % 2) for i in range(800)]
    assert list(turns) == [_validated(t) for t in turns]
