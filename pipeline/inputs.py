"""Bounded reads of user-named inputs: regular files only, stdin with a size cap.

A FIFO, a character device (``/dev/zero``) or a huge file would otherwise hang a command or grow
its memory without bound. Every input a command reads (transcripts, plans, text to redact or
guard) goes through :func:`read_input_bytes`, which:

* opens the path without blocking (``O_NONBLOCK``: opening a FIFO with no writer cannot hang)
  and checks what it opened with ``fstat`` (no race between a check and the open);
* refuses anything but a regular file, and any file larger than the cap;
* reads stdin in chunks and stops one byte past the cap.

The cap is :data:`DEFAULT_MAX_INPUT_BYTES` unless ``MEMSCRIBE_MAX_INPUT_BYTES`` says otherwise.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from memscribe.errors import InputError, UserError

#: Largest input read, in bytes (256 MiB). A transcript of that size is already hours of work.
DEFAULT_MAX_INPUT_BYTES = 256 * 1024 * 1024
ENV_MAX_INPUT_BYTES = "MEMSCRIBE_MAX_INPUT_BYTES"
_CHUNK = 1 << 20


def max_input_bytes() -> int:
    """The configured cap (``MEMSCRIBE_MAX_INPUT_BYTES``), checked.

    Raises:
        UserError: the variable is set but is not a positive integer.
    """
    raw = os.environ.get(ENV_MAX_INPUT_BYTES, "").strip()
    if not raw:
        return DEFAULT_MAX_INPUT_BYTES
    try:
        value = int(raw)
    except ValueError:
        raise UserError(f"{ENV_MAX_INPUT_BYTES}={raw!r} is not a whole number of bytes") from None
    if value <= 0:
        raise UserError(f"{ENV_MAX_INPUT_BYTES} must be positive, got {value}")
    return value


def _too_large(source: str, cap: int) -> InputError:
    return InputError(
        f"input larger than the {cap:,}-byte limit (set {ENV_MAX_INPUT_BYTES} to raise it)", path=source
    )


def read_stream_bytes(stream: BinaryIO, *, source: str = "-", cap: int | None = None) -> bytes:
    """Read a stream (stdin) up to ``cap`` bytes.

    Raises:
        InputError: the stream holds more than ``cap`` bytes.
    """
    limit = max_input_bytes() if cap is None else cap
    parts: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
        if size > limit:
            raise _too_large(source, limit)
    return b"".join(parts)


def read_file_bytes(path: str | Path, *, cap: int | None = None) -> bytes:
    """Read a regular file whole, refusing FIFOs, devices, directories and files over ``cap``
    (:func:`iter_file_blocks`, joined).

    Raises:
        InputError: missing, unreadable, not a regular file, or too large.
    """
    return b"".join(iter_file_blocks(path, cap=cap))


def iter_file_blocks(path: str | Path, *, block: int = _CHUNK, cap: int | None = None) -> Iterator[bytes]:
    """A regular file a block at a time, refusing FIFOs, devices, directories and files over
    ``cap`` (the checks are made before the first block): a large file is never held whole.

    Raises:
        InputError: missing, unreadable, not a regular file, or too large.
    """
    source = str(path)
    limit = max_input_bytes() if cap is None else cap
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(source, flags)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=source) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise InputError(f"{kind} (only regular files, or - for stdin, are read)", path=source)
        if info.st_size > limit:
            raise _too_large(source, limit)
        size = 0
        with os.fdopen(fd, "rb", closefd=False) as handle:
            while True:
                chunk = handle.read(min(block, limit + 1 - size))
                if not chunk:
                    return
                size += len(chunk)
                if size > limit:
                    raise _too_large(source, limit)
                yield chunk
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=source) from None
    finally:
        os.close(fd)


def read_input_bytes(path: str | Path) -> bytes:
    """A file, or stdin when ``path`` is ``"-"``, bounded as described in the module docstring."""
    if str(path) == "-":
        return read_stream_bytes(sys.stdin.buffer, source="-")
    return read_file_bytes(path)
