"""A text transcript's pieces are let go as they are read, and its turns are built as they are
read (issue 17): the read's peak is the turns and about one piece, not the whole text beside
them (format detection used to join a file's pieces into one ``str`` to try it as one JSON
document, and that text stayed until the last turn was built)."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from memscribe.transcript import detect_format, parse_transcript
from memscribe.transcript.chunks import Chunks, document_text
from memscribe.transcript.common import ParseContext
from memscribe.transcript.plain_text import parse_text


def _pieces(text: str, size: int) -> list[str]:
    """``text`` in line-aligned pieces of about ``size`` characters (the last: after the last line end)."""
    pieces, start = [], 0
    while True:
        end = text.find("\n", start + size)
        if end < 0:
            break
        pieces.append(text[start : end + 1])
        start = end + 1
    tail = text[start:]
    cut = tail.rfind("\n") + 1
    if cut:
        pieces.append(tail[:cut])
    pieces.append(tail[cut:])
    return pieces


def _session(turns: int) -> str:
    """About 300 characters a turn: the text outweighs a turn's own objects (160 bytes)."""
    filler = " and then the tests passed on the second try after the cache was cleared" * 4
    return "".join(
        f"User: question number {i} about the build{filler}\nAssistant: answer number {i}{filler}\n"
        for i in range(turns // 2)
    )


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("User: hi\nAssistant: hello\n", False),
        ("\n  \n", False),
        ('{"role": "user", "content": "hi"}\n{"role": "assistant", "content": "yo"}\n', False),
        ('[{"role": "user",\n "content": "hi"}]\n', True),
        ('  {"messages": [\n{"role": "user", "content": "hi"}]}', True),
    ],
)
def test_only_what_can_be_one_json_document_is_joined(text: str, joined: bool) -> None:
    chunks = Chunks(_pieces(text, 4))
    pieces = len(chunks._pieces)
    document = document_text(chunks)
    assert (document is not None) == joined
    assert len(chunks._pieces) == (1 if joined else pieces)
    if joined:
        assert document == text


def test_detection_keeps_a_text_transcripts_pieces() -> None:
    text = _session(200)
    chunks = Chunks(_pieces(text, 500))
    before = list(chunks._pieces)
    assert detect_format(chunks) == "text"
    assert chunks._pieces == before and len(before) > 10


def test_read_peak_is_the_turns_and_a_piece_not_the_whole_text() -> None:
    turns = 20_000
    text = _session(turns)
    size = 1 << 15
    expected = parse_transcript(text, source="t.txt", fmt="text")
    chunks = Chunks(_pieces(text, size))
    del text
    tracemalloc.start()
    try:
        owned = [chunks]
        del chunks
        fmt = detect_format(owned[0])
        transcript = parse_text(owned.pop(), ParseContext(source="t.txt"))
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert fmt == "text" and transcript == expected
    # the peak is what stays (the turns) and a piece, the turn list and its tuple (16 bytes a turn):
    # never the whole text (6 MB) beside them
    assert peak - held < 2 * size + 16 * turns + 100_000, peak - held


def test_a_json_document_is_still_read_whole() -> None:
    messages = [{"role": "user" if n % 2 == 0 else "assistant", "content": f"m{n}"} for n in range(40)]
    text = json.dumps(messages, indent=1)
    chunks = Chunks(_pieces(text, 64))
    assert detect_format(chunks) == "openai"
    got = parse_transcript(text, source="d.json")
    assert [t.text for t in got.turns] == [f"m{n}" for n in range(40)]
