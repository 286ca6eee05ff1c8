"""Transcript readers: every supported format in, one normalized :class:`Transcript` out.

Public API:

* :func:`read_transcript` — read a file (bytes checked: empty, binary, not UTF-8).
* :func:`parse_transcript` — parse text already in memory (stdin uses ``source="-"``).
* :func:`detect_format` — guess the format from the first records.

Every failure a user can cause is an :class:`~memscribe.errors.InputError` naming the
path (and the line, where there is one); nothing else escapes for bad input.

Real logs are messy: by default a malformed record of a transcript the reader recognises
(bad JSON, a wrong shape, a truncated last line, NULs, undecodable bytes, lone surrogates) is
skipped and counted in ``Transcript.bad_lines``; ``skip_bad_lines=False`` (the CLI's
``--strict``) fails on the first one. A file that is not a transcript at all still fails.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, get_args

from memscribe.errors import InputError
from memscribe.schemas.transcript import BadLine, Transcript, TranscriptFormat

from .common import ParseContext, Text
from .detect import detect_format as _detect
from .detect import detect_format_decoding as _detect_decoding
from .stream import read_chunks

__all__ = ["FORMATS", "detect_format", "parse_transcript", "read_transcript"]

#: Format names accepted by ``fmt`` (and the CLI's ``--format``).
FORMATS: tuple[str, ...] = get_args(TranscriptFormat)

Reader = Callable[[Text, ParseContext], Transcript]

#: Each format's reader: its module in this package and the function there.
_READER_NAMES: dict[str, tuple[str, str]] = {
    "openclaw": ("openclaw", "parse_openclaw"),
    "claude-code": ("claude_code", "parse_claude_code"),
    "codex": ("codex", "parse_codex"),
    "openai": ("openai_messages", "parse_openai"),
    "text": ("plain_text", "parse_text"),
}


class _Readers(dict[str, Reader]):
    """The readers by format, each module imported when its format is first read: a run reads
    one format, and the others' modules (their tables, ``html``, ``sqlite3``) are start-up time
    spent for nothing."""

    def __missing__(self, fmt: str) -> Reader:
        module, function = _READER_NAMES[fmt]  # KeyError for a format that has no reader
        reader: Reader = getattr(importlib.import_module(f"{__name__}.{module}"), function)
        self[fmt] = reader
        return reader


_READERS: dict[str, Reader] = _Readers()


def detect_format(text: Text, *, source: str = "<input>") -> TranscriptFormat:
    """Guess the format of ``text`` from its first records.

    Raises:
        InputError: empty input, or no record matches a known format.
    """
    return _detect(text, source=source)


def parse_transcript(
    text: str,
    *,
    source: str,
    fmt: str | None = None,
    skip_bad_lines: bool = True,
) -> Transcript:
    """Parse transcript text already in memory.

    Args:
        text: The whole transcript.
        source: Where it came from (a path, or ``"-"`` for stdin); used in errors and
            in each turn's source position.
        fmt: Force a format instead of detecting it.
        skip_bad_lines: Record malformed records as ``Transcript.bad_lines`` (the default)
            instead of failing on the first one.

    Raises:
        InputError: empty or binary input, unknown format, no readable record, or a bad
            record (strict mode).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    early: list[BadLine] = []
    if "\x00" in text or _has_surrogates(text):
        if not skip_bad_lines:
            raise InputError("binary input (NUL bytes), not a transcript", path=source)
        text, early = _blank_unreadable_lines(text, source)
    owned = [text]  # handed over (see _parse)
    del text
    return _parse(owned.pop(), source=source, fmt=fmt, skip_bad_lines=skip_bad_lines, early=early)


def _parse(
    text: Text, *, source: str, fmt: str | None, skip_bad_lines: bool, early: list[BadLine]
) -> Transcript:
    """Detect and read ``text`` (BOM dropped, unreadable lines already blanked into ``early``)."""
    if _blank(text):
        raise InputError("empty input", path=source)
    decoded: list[Any] = []  # a whole JSON document detection decoded, handed to the reader
    if fmt is None:
        fmt, decoded = _detect_decoding(text, source=source)
    reader = _READERS[fmt] if fmt in _READER_NAMES or fmt in _READERS else None
    if reader is None:
        raise InputError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})", path=source)
    ctx = ParseContext(source=source, skip_bad_lines=skip_bad_lines, bad_lines=list(early), decoded=decoded)
    del decoded
    # The text is handed over, no name kept here: CPython (3.11+) moves a Python function's
    # arguments into its frame, so the JSONL readers free the whole file's text once its records
    # are decoded, before the turns are built (the text, its drafts and the turns were the peak);
    # a file's :class:`Chunks` are let go piece by piece as the lines are read.
    owned = [text]
    del text
    with _no_cycle_collection():
        transcript = reader(owned.pop(), ctx)
    if transcript.bad_lines and not transcript.turns:
        first = transcript.bad_lines[0]
        raise InputError(
            f"no readable record ({len(transcript.bad_lines)} bad line(s); first, line {first.line}: "
            f"{first.error})",
            path=source,
        )
    if early:
        merged = sorted(transcript.bad_lines, key=lambda b: b.line)
        transcript = transcript.model_copy(update={"bad_lines": tuple(merged)})
    return transcript


def _blank(text: Text) -> bool:
    """``not text.strip()`` without a copy of the text."""
    if isinstance(text, str):
        return not text or text.isspace()
    return text.blank()


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cyclic garbage collector paused while a reader runs: it allocates a record's objects
    by the hundred thousand and keeps most (turns), so each full collection walks all of them
    again (about a quarter of a large file's parse time); the readers make no reference cycles
    that must go before they return, and collection resumes after (nested or threaded readers:
    the outermost restores it)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogates(text: str) -> bool:
    return not text.isascii() and _SURROGATE.search(text) is not None


def _blank_unreadable_lines(text: str, source: str) -> tuple[str, list[BadLine]]:
    """Lines with NULs or undecodable bytes blanked (line numbers kept) and recorded as bad.

    Raises:
        InputError: most lines are unreadable: a binary file, not a transcript.
    """
    lines = text.split("\n")
    bad: list[BadLine] = []
    for number, line in enumerate(lines, start=1):
        if "\x00" in line or _has_surrogates(line):
            what = "NUL bytes" if "\x00" in line else "bytes that are not UTF-8"
            bad.append(BadLine(file=source, line=number, error=f"unreadable record ({what})"))
            lines[number - 1] = ""
    filled = sum(1 for line in lines if line.strip())
    if filled == 0 or len(bad) > filled:
        raise InputError(
            f"binary file (NUL bytes or not UTF-8 from line {bad[0].line}), not a transcript", path=source
        )
    return "\n".join(lines), bad


def read_transcript(path: str | Path, *, fmt: str | None = None, skip_bad_lines: bool = True) -> Transcript:
    """Read and parse a transcript file (``"-"`` is the caller's business, not handled here).

    For OpenClaw sessions, the ``sessions.json`` index beside the file supplies the
    session key when it lists this file. ``<agent database>.sqlite#<session id>`` names one
    session of OpenClaw's SQLite store (:mod:`.openclaw_sqlite`).

    Raises:
        InputError: unreadable, not a regular file, over the size cap, empty, binary or non-UTF-8
            file, unknown format, bad record.
    """
    file = Path(path)
    source = str(path)
    if not file.exists():
        from .openclaw_sqlite import read_sqlite_session, split_session_ref

        sqlite_ref = split_session_ref(source)
        if sqlite_ref is not None:  # ``…/openclaw-agent.sqlite#<session id>``: OpenClaw's SQLite store
            return read_sqlite_session(*sqlite_ref, skip_bad_lines=skip_bad_lines)
    chunks, early = read_chunks(file, source, skip_bad_lines=skip_bad_lines)
    owned = [chunks]  # handed over: let go piece by piece by the reader (see _parse)
    del chunks
    transcript = _parse(owned.pop(), source=source, fmt=fmt, skip_bad_lines=skip_bad_lines, early=early)
    if transcript.format == "openclaw":
        from .openclaw import lookup_session_key

        key = lookup_session_key(file, transcript.session_id)
        if key is not None:
            transcript = transcript.model_copy(update={"session_key": key})
    return transcript
