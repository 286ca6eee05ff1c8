"""A transcript file read a block at a time into line-aligned :class:`~.common.Chunks`.

The file's bytes and its text are never both whole in memory (a block of bytes at a time is
decoded, with an incremental decoder that carries a character split between blocks), and the
checks :func:`~memscribe.transcript.read_transcript` made on the whole file are made block by
block with the same results: an empty file, NUL bytes and bytes that are not UTF-8 (strict: the
first NUL anywhere wins over an earlier bad byte, and the line is counted as before), lines with
NULs or undecodable bytes blanked and recorded as bad lines (skipping), a UTF-8 BOM dropped.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from memscribe.errors import InputError
from memscribe.inputs import iter_file_blocks
from memscribe.schemas.transcript import BadLine

from .common import Chunks

#: Bytes read and decoded at a time.
BLOCK = 1 << 20
#: Characters of text gathered into one piece (32 Mi: a large file is a few pieces). Over glibc's
#: largest mmap threshold (32 MiB), so each piece is a mapping of its own, given back to the system
#: as soon as the reader has read it: smaller pieces are holes in the heap once freed, which the
#: records' small objects (in pymalloc's own arenas) cannot reuse, and the peak RSS stays as if
#: the whole text were held (claude_code at 50 MB: 275 MB with 2 MiB pieces, 231 MB with these).
PIECE = 1 << 25

_BOM = codecs.BOM_UTF8
#: Bytes kept from before a block: a bad byte's reported offset is at most 3 (a character split
#: between blocks) + 3 (the BOM ``utf-8-sig`` leaves out of it) bytes before the block.
_TAIL = 8


class _Lines:
    """Newlines counted for the strict errors' line numbers: ``raw[:offset].count(b"\\n") + 1``."""

    def __init__(self) -> None:
        self.before = 0  # newlines in the bytes before ``tail``
        self.start = 0  # offset of ``tail`` in the file
        self.tail = b""

    def push(self, block: bytes) -> None:
        joined = self.tail + block
        keep = joined[-_TAIL:]
        self.before += joined.count(b"\n", 0, len(joined) - len(keep))
        self.start += len(joined) - len(keep)
        self.tail = keep

    def line(self, offset: int, block: bytes) -> int:
        """Line of ``offset`` (in the file), within the tail or ``block`` (not yet pushed)."""
        joined = self.tail + block
        return self.before + joined.count(b"\n", 0, max(0, offset - self.start)) + 1


def _strict_blocks(path: Path, source: str) -> tuple[list[str], bool]:
    """The text in line-aligned pieces; a NUL or a bad byte raises as the whole-file read did."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = _Lines()
    pieces = _Pieces()
    final = ""
    offset = 0  # bytes of the file before ``block``
    bom: bool | None = None
    bad: tuple[int, int] | None = None  # (reported offset, line) of the first bad byte
    head = b""
    for block in iter_file_blocks(path, block=BLOCK):
        if bom is None:
            head += block[:3]
            if len(head) >= 3 or not block:
                bom = head.startswith(_BOM)
        nul = block.find(b"\x00")
        if nul >= 0:
            raise InputError(
                "binary file (NUL bytes), not a transcript", path=source, line=lines.line(offset + nul, block)
            )
        if bad is None:
            pending = len(decoder.getstate()[0])
            try:
                text = decoder.decode(block)
            except UnicodeDecodeError as exc:
                at = offset - pending + exc.start
                # ``bytes.decode("utf-8-sig")`` reports the offset after the BOM; the line is
                # still counted in the file's bytes up to that offset, as before
                reported = at - 3 if (bom or (bom is None and head.startswith(_BOM))) else at
                bad = (reported, lines.line(reported, block))
            else:
                pieces.add(text)
        lines.push(block)
        offset += len(block)
    if bad is None:
        try:
            final = decoder.decode(b"", final=True)
        except UnicodeDecodeError as exc:
            at = offset - len(decoder.getstate()[0]) + exc.start
            reported = at - 3 if bom else at
            bad = (reported, lines.line(reported, b""))
    if bad is not None:
        raise InputError(f"not UTF-8 text (invalid byte at offset {bad[0]})", path=source, line=bad[1])
    return pieces.done(final)


def _lenient_blocks(path: Path) -> tuple[list[str], bool]:
    """The text in line-aligned pieces; bytes that are not UTF-8 become lone surrogates."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")
    pieces = _Pieces()
    for block in iter_file_blocks(path, block=BLOCK):
        pieces.add(decoder.decode(block))
    return pieces.done(decoder.decode(b"", final=True))


def _without_bom(pieces: list[str]) -> tuple[list[str], bool]:
    bom = pieces[0].startswith("\ufeff")
    if bom:  # one dropped by the decoding, one more by the parsing, as when read whole
        pieces[0] = pieces[0][1:].removeprefix("\ufeff")
    return pieces, bom


class _Pieces:
    """Decoded text gathered into line-aligned pieces of at least :data:`PIECE` characters (a
    line longer than that is one piece), joined once from the blocks' parts, not re-copied at
    every block."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self._parts: list[str] = []
        self._size = 0

    def add(self, text: str) -> None:
        self._parts.append(text)
        self._size += len(text)
        if self._size < PIECE:
            return
        end = text.rfind("\n") + 1
        if end == 0:
            return  # no line end in this block: the line goes on
        self._parts[-1] = text[:end] if end < len(text) else text
        self.pieces.append("".join(self._parts))  # the text copied once, not joined then cut
        rest = text[end:]
        self._parts = [rest] if rest else []
        self._size = len(rest)

    def done(self, text: str) -> tuple[list[str], bool]:
        """The pieces, the last being the text after the last line end; and whether a BOM led."""
        self._parts.append(text)
        whole = "".join(self._parts)
        self._parts = []
        end = whole.rfind("\n") + 1
        if end:
            self.pieces.append(whole[:end])
        self.pieces.append(whole[end:])
        return _without_bom(self.pieces)


#: What ``bytes.isspace`` counts as space (``str.isspace`` counts more).
_ASCII_SPACE = " \t\n\r\x0b\x0c"
_SURROGATE = re.compile("[\ud800-\udfff]")


def _unreadable(line: str) -> bool:
    return "\x00" in line or (not line.isascii() and _SURROGATE.search(line) is not None)


def _blank_unreadable(pieces: list[str], source: str) -> list[BadLine]:
    """Lines with NULs or undecodable bytes blanked in place (line numbers kept) and returned.

    Raises:
        InputError: most lines are unreadable: a binary file, not a transcript.
    """
    bad: list[BadLine] = []
    before = 0  # lines in the pieces before this one
    for index, piece in enumerate(pieces):
        if _unreadable(piece):
            lines = piece.split("\n")
            for number, line in enumerate(lines, start=before + 1):
                if _unreadable(line):
                    what = "NUL bytes" if "\x00" in line else "bytes that are not UTF-8"
                    bad.append(BadLine(file=source, line=number, error=f"unreadable record ({what})"))
                    lines[number - before - 1] = ""
            pieces[index] = "\n".join(lines)
        before += piece.count("\n")
    if bad:
        filled = sum(1 for piece in pieces for line in piece.split("\n") if line.strip())
        if filled == 0 or len(bad) > filled:
            raise InputError(
                f"binary file (NUL bytes or not UTF-8 from line {bad[0].line}), not a transcript", path=source
            )
    return bad


def read_chunks(path: Path, source: str, *, skip_bad_lines: bool) -> tuple[Chunks, list[BadLine]]:
    """The file's text (BOM dropped) and, when skipping, its unreadable lines (blanked).

    Raises:
        InputError: unreadable or too large; empty; strict: NULs or bytes that are not UTF-8;
            skipping: most lines unreadable (a binary file).
    """
    pieces, bom = _strict_blocks(path, source) if not skip_bad_lines else _lenient_blocks(path)
    if not bom and all(not piece.strip(_ASCII_SPACE) for piece in pieces):
        raise InputError("empty file", path=source)
    bad = _blank_unreadable(pieces, source) if skip_bad_lines else []
    return Chunks(pieces), bad
