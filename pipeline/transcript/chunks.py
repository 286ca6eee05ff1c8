"""A file's text in line-aligned pieces (:class:`Chunks`), read by the readers like a ``str``."""

from __future__ import annotations

import json
from collections.abc import Iterator

_DECODER = json.JSONDecoder()


class Chunks:
    """A file's text in pieces cut at line ends (every piece but the last ends with ``\\n``, the
    last never does: it is the text after the last line end, maybe empty), read a block at a time
    so that the whole file is never one ``str`` nor held beside its bytes.

    The readers take it in place of a ``str`` (:data:`Text`); :func:`iter_lines` hands each piece
    over as it goes (the text is freed while the turns grow), :meth:`peek_lines` keeps it.
    """

    __slots__ = ("_pieces",)

    def __init__(self, pieces: list[str]) -> None:
        self._pieces = pieces or [""]

    def peek_lines(self) -> Iterator[str]:
        """The lines, as :func:`iter_lines` yields them, the pieces kept (format detection)."""
        for piece in self._pieces:
            yield from _piece_lines(piece)

    def take(self) -> list[str]:
        """The pieces, last first (popped in order), handed over: this object is left empty."""
        pieces = self._pieces
        pieces.reverse()
        self._pieces = []
        return pieces

    def blank(self) -> bool:
        """``not text.strip()`` for the whole text, without a copy."""
        return all(not piece or piece.isspace() for piece in self._pieces)

    def joined(self) -> str:
        """The whole text as one ``str`` (a JSON document), kept as the only piece from then on."""
        if len(self._pieces) > 1:
            pieces = self._pieces
            self._pieces = []
            whole = "".join(pieces)
            del pieces[:]
            self._pieces = [whole]
        return self._pieces[0]


#: A reader's input: the text, or a file's text in line-aligned pieces.
Text = str | Chunks


def document_text(text: Text) -> str | None:
    """The whole text, to be tried as one JSON document; None for :class:`Chunks` that cannot be
    one (a document is an array or an object): blank, or whose first non-blank line does not open
    with ``[`` or ``{`` (a ``User:`` transcript), or is a whole JSON value with more lines after it
    (JSONL: as one document it cannot parse). Those are never joined into one ``str``: a file's
    pieces are let go as they are read (joined, the whole text stayed until its last turn)."""
    if isinstance(text, str):
        return text
    lines = (line for line in text.peek_lines() if line.strip())
    first = next(lines, None)
    if first is None or not first.lstrip().startswith(("[", "{")):
        return None
    if next(lines, None) is not None:
        stripped = first.strip()
        try:
            _, end = _DECODER.raw_decode(stripped)
        except (ValueError, RecursionError):
            end = -1
        if end == len(stripped):
            return None
    return text.joined()


def _piece_lines(piece: str) -> Iterator[str]:
    start = 0
    while True:
        end = piece.find("\n", start)
        if end < 0:
            if not piece.endswith("\n"):  # the last piece: its tail is the file's last line
                yield piece[start:].removesuffix("\r")
            return
        yield piece[start:end].removesuffix("\r")
        start = end + 1
