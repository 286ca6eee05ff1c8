"""A transcript file is read a block at a time (issue 17): every result and error the same as
reading it whole, wherever the block boundaries fall (inside a multi-byte character, a ``\\r\\n``,
the BOM, a bad line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.errors import InputError
from memscribe.transcript import parse_transcript, read_transcript, stream
from memscribe.transcript.chunks import Chunks
from memscribe.transcript.common import iter_lines, split_lines

_BOM = b"\xef\xbb\xbf"


def _whole(path: Path, skip: bool, fmt: str | None = None) -> object:
    """The reference: the file read whole, checked and decoded at once (the reader before blocks)."""
    source = str(path)
    data = path.read_bytes()
    if not data or data.isspace():
        raise InputError("empty file", path=source)
    if b"\x00" in data and not skip:
        raise InputError(
            "binary file (NUL bytes), not a transcript",
            path=source,
            line=data[: data.index(b"\x00")].count(b"\n") + 1,
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        if not skip:
            raise InputError(
                f"not UTF-8 text (invalid byte at offset {exc.start})", path=source, line=line
            ) from None
        text = data.decode("utf-8", errors="surrogateescape").removeprefix("\ufeff")
    return parse_transcript(text, source=source, fmt=fmt, skip_bad_lines=skip)


def _outcome(read: object) -> object:
    try:
        return read()  # type: ignore[operator]
    except InputError as exc:
        return ("error", type(exc).__name__, str(exc), exc.line)


def _same(
    path: Path,
    monkeypatch: pytest.MonkeyPatch,
    block: int,
    skip: bool,
    fmt: str | None = None,
    piece: int = 1,
) -> None:
    expected = _outcome(lambda: _whole(path, skip, fmt))
    monkeypatch.setattr(stream, "BLOCK", block)
    monkeypatch.setattr(stream, "PIECE", block * piece)  # pieces cut after every block or few
    got = _outcome(lambda: read_transcript(path, fmt=fmt, skip_bad_lines=skip))
    assert got == expected


_TEXT = "User: café ☕ — naïve 𝄞 résumé\r\nAssistant: 日本語のテキスト\r\nmore 😀 here\n".encode()


@pytest.mark.parametrize("block", [1, 2, 3, 4, 5, 7, 64])
@pytest.mark.parametrize("skip", [True, False])
@pytest.mark.parametrize(
    "data",
    [
        _TEXT,
        _BOM + _TEXT,
        _TEXT + b"User: bad \xff\xfe byte\r\nAssistant: after\r\n",
        _BOM + b"User: a\r\n\r\nUser: b \xe2\x82\n\xe2\x82\xacAssistant: c\n",  # a cut character
        b"User: a\nAssistant: b\x00c\r\nUser: d\r\n",
        b"User: a\nAssistant: \xed\xa0\x80 surrogate\nUser: e \xf0\x9f\x98\x80",
        _BOM,
        b" \r\n\t\x0b\n",
        b"\xc2\xa0\n",  # not space to bytes.isspace, space to str.isspace
        b"\x00\x00\n\xff\n",
        _BOM + b"ab\xffc\nUser: x\n",  # the offset utf-8-sig reports leaves the BOM out
    ],
)
def test_blocks_read_like_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, block: int, skip: bool
) -> None:
    path = tmp_path / "t.txt"
    path.write_bytes(data)
    _same(path, monkeypatch, block, skip)


@pytest.mark.parametrize("block", [1, 3, 8, 33])
@pytest.mark.parametrize("skip", [True, False])
def test_jsonl_bad_lines_keep_their_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int, skip: bool
) -> None:
    records = [{"role": "user", "content": "héllo ☕"}, {"role": "assistant", "content": "wörld 𝄞"}]
    lines = [json.dumps(r, ensure_ascii=False).encode() for r in records * 3]
    lines[2] = b'{"role": "user", "content": "cut'  # malformed JSON
    lines[4] = b'{"role": "user", "content": "\xff"}'  # not UTF-8
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\r\n".join(lines) + b"\r\n")
    _same(path, monkeypatch, block, skip)
    if skip:
        monkeypatch.setattr(stream, "BLOCK", block)
        monkeypatch.setattr(stream, "PIECE", block)
        assert [b.line for b in read_transcript(path).bad_lines] == [3, 5]


@pytest.mark.parametrize("block", [1, 5, 1 << 20])
def test_openai_document_across_blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    messages = [{"role": "user", "content": "I live in Lisbon ☀"}, {"role": "assistant", "content": "Noted."}]
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"messages": messages}, indent=2, ensure_ascii=False), encoding="utf-8")
    _same(path, monkeypatch, block, True)
    monkeypatch.setattr(stream, "BLOCK", block)
    monkeypatch.setattr(stream, "PIECE", block)
    transcript = read_transcript(path)
    assert [t.text for t in transcript.turns] == ["I live in Lisbon ☀", "Noted."]
    assert [t.source.line for t in transcript.turns] == [3, 7]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    parts=st.lists(
        st.sampled_from(
            [
                b"User: ",
                b"Assistant: ",
                b"\n",
                b"\r\n",
                b"\r",
                "é".encode(),
                "😀".encode(),
                b"\xff",
                b"\x00",
                b"x",
                b" ",
                _BOM,
                b'{"role": "user", "content": "a"}',
            ]
        ),
        max_size=30,
    ),
    block=st.integers(min_value=1, max_value=9),
    piece=st.integers(min_value=0, max_value=3),
    skip=st.booleans(),
    fmt=st.sampled_from([None, "text", "openai"]),
)
def test_any_bytes_any_blocks(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    parts: list[bytes],
    block: int,
    piece: int,
    skip: bool,
    fmt: str | None,
) -> None:
    path = tmp_path / "t.txt"
    path.write_bytes(b"".join(parts))
    _same(path, monkeypatch, block, skip, fmt, piece)


def test_size_cap_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.txt"
    path.write_bytes(b"User: hello\n" * 10)
    monkeypatch.setenv("MEMSCRIBE_MAX_INPUT_BYTES", "50")
    monkeypatch.setattr(stream, "BLOCK", 7)
    with pytest.raises(InputError, match="50-byte limit"):
        read_transcript(path)


@pytest.mark.parametrize("text", ["", "a", "a\n", "a\r\nb", "a\n\nb\r\n", "\n", "x\ny\nz"])
def test_chunks_split_like_the_text(text: str) -> None:
    for cut in range(len(text) + 1):
        end = text.rfind("\n", 0, cut) + 1  # pieces cut at line ends only
        head, tail = text[:end], text[end:]
        rest = tail.rfind("\n") + 1
        pieces = [p for p in (head, tail[:rest]) if p] + [tail[rest:]]
        chunks = Chunks(pieces)
        assert list(chunks.peek_lines()) == split_lines(text)
        assert list(iter_lines(chunks)) == split_lines(text)
        assert list(chunks.peek_lines()) == []  # taken: the pieces are let go
