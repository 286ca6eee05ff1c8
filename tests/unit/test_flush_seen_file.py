"""The memory-flush marker is looked for in the raw file a chunk at a time (issue 17: the file is
not held twice), with the answers of reading it whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.services.extract import _file_flush_seen
from memscribe.snapshot.trigger import FLUSH_MARKER, raw_flush_seen


@pytest.mark.parametrize("chunk", [1, 3, 7, 64, 1 << 20])
@pytest.mark.parametrize(
    "text",
    [
        "x" * 50 + FLUSH_MARKER + "y" * 50,
        FLUSH_MARKER,
        "head\r\n" + FLUSH_MARKER[:5] + "\r\n" + FLUSH_MARKER[5:],
        "no marker here\r\n" * 20,
        "é" * 40 + FLUSH_MARKER[:-1],
    ],
)
def test_chunked_search_answers_as_the_whole_text(tmp_path: Path, text: str, chunk: int) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(text.encode("utf-8"))
    whole = raw_flush_seen(path.read_text(encoding="utf-8"))
    assert _file_flush_seen(path, raw_flush_seen, chunk=chunk) == whole


def test_an_undecodable_file_raises_as_read_text_does(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(FLUSH_MARKER.encode() + b"\n\xff\xfe\n")
    with pytest.raises(UnicodeDecodeError):
        path.read_text(encoding="utf-8")
    with pytest.raises(UnicodeDecodeError):
        _file_flush_seen(path, raw_flush_seen, chunk=4)
