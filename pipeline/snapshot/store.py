"""Snapshots on disk: read every daily file, append a block atomically under the root's lock.

The append is append-only and crash-safe: the new file (old bytes + the block) is written to a
temp file in ``memory/``, fsynced, checked to still start with the bytes read, then renamed over
the daily file. A reader sees the old file or the new one, never a half block; the old content
is a byte-exact prefix of the new — bytes that are not UTF-8 too (a stray byte an editor left):
they are kept as they are, the day's snapshots read with them shown as U+FFFD, and a warning
says so. The snapshot number is settled under the lock, so two processes saving on the same day
get ``-01`` and ``-02``.

A daily file an editor saved as UTF-16 or UTF-32 with its byte-order mark is read in that
encoding and its snapshot appended in it (:func:`_wide`). One so marked but not valid in it (a
line a shell added in UTF-8) is read in it all the same, its bad spots shown as U+FFFD and a
warning, and its snapshot appended in it after NUL bytes that fill its last code unit: its own
blocks and the new one stay readable together, and numbered so (a UTF-8 block after it would
hide its blocks from the next read, and their numbers from the next save). One so marked that
holds a UTF-8 snapshot (earlier releases appended them so) is read and appended to as a file
not UTF-8.
"""

from __future__ import annotations

import codecs
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from memscribe.errors import StoreError
from memscribe.schemas.snapshot import SnapshotBlock, StoredSnapshot
from memscribe.snapshot.render import DAILY_RE, appended, next_snapshot_id, parse_snapshots, with_snapshot_id
from memscribe.store.atomic import read_text_or_none as _read
from memscribe.store.atomic import replace_file
from memscribe.store.root import MemoryRoot

MEMORY_DIR = "memory"


def stored_snapshots(
    root: Path, *, day: str | None = None, unreadable: list[tuple[str, str]] | None = None
) -> list[StoredSnapshot]:
    """Snapshots in ``memory/YYYY-MM-DD.md`` files (only ``day``'s file when given).

    Reading every day, or when the caller passes ``unreadable``, a damaged file never ends
    recall: a file with bytes that are not UTF-8 (an editor's Latin-1 ``é``) is read with those
    bytes shown as U+FFFD, so its snapshots are still found; a file that cannot be read at all
    (permissions, a folder by that name) is skipped. Either way its path and what happened are
    added to ``unreadable``, for the caller to report (logged at debug level then; logged as a
    warning when no list is given). Reading one ``day`` (the file a snapshot is appended to)
    without ``unreadable``, a file that cannot be read at all raises (a snapshot could not be
    appended to it either); one that is not UTF-8 is read so, with a warning (its snapshot is
    appended after its bytes: :func:`append_snapshot_locked`). A UTF-16/UTF-32 file (its
    byte-order mark) is read in that encoding (:func:`_wide`), nothing to report; one not valid
    in it is read in it with its bad spots as U+FFFD, reported as one not UTF-8 is.

    Raises:
        StoreError: ``day``'s file exists but cannot be read at all, and no ``unreadable`` list
            was given.
    """
    directory = Path(root) / MEMORY_DIR
    if not directory.is_dir():
        return []
    names = [f"{day}.md"] if day else sorted(p.name for p in directory.iterdir() if DAILY_RE.match(p.name))
    found: list[StoredSnapshot] = []
    for name in names:
        rel = f"{MEMORY_DIR}/{name}"
        why: str | None = None
        try:
            text = _read(directory / name)
        except StoreError as exc:
            text, why = _damaged(directory / name, exc)
            if text is None and day is not None and unreadable is None:
                raise
        if why is not None:
            log = logging.getLogger("memscribe.snapshot")
            (log.debug if unreadable is not None else log.warning)("snapshot file %s: %s", rel, why)
            if unreadable is not None:
                unreadable.append((rel, why))
        if text is not None:
            found.extend(parse_snapshots(text, rel))
    return found


def _damaged(path: Path, exc: StoreError) -> tuple[str | None, str | None]:
    """A daily file :func:`_read` refused: its text with bytes that are not UTF-8 replaced (None
    when it cannot be read at all), and what happened, said for a person (None: nothing wrong,
    a UTF-16/UTF-32 file valid throughout: :func:`_wide`)."""
    cause = exc.__cause__
    if isinstance(cause, UnicodeDecodeError):
        try:
            data = path.read_bytes()
        except OSError as again:
            return None, f"skipped: cannot read it: {again.strerror or again}"
        wide = _wide(data)
        if wide is not None:
            return wide.text, wide.problem()
        text = data.decode("utf-8", errors="replace")
        places = text.count("\ufffd") - data.count("\ufffd".encode())
        return (
            text,
            f"not UTF-8 from byte {cause.start} ({places} place(s) shown as U+FFFD); its snapshots are read",
        )
    why = cause.strerror if isinstance(cause, OSError) and cause.strerror else cause or exc
    return None, f"skipped: cannot read it: {why}"


def append_snapshot(
    root: Path, block: SnapshotBlock, *, lock_timeout: float = 5.0, replay: bool = False
) -> SnapshotBlock:
    """Append ``block`` to its daily file; returns the block as written (renumbered if needed)."""
    memory_root = MemoryRoot(root)
    with memory_root.lock(timeout=lock_timeout):
        return append_snapshot_locked(memory_root, block, replay=replay)


def append_snapshot_locked(
    memory_root: MemoryRoot, block: SnapshotBlock, *, replay: bool = False
) -> SnapshotBlock:
    """:func:`append_snapshot` for a caller that already holds the root lock (the batch commit).

    With ``replay`` (a stored plan applied again: ``memscribe apply`` twice, a batch commit
    redone after a crash), a block already in the daily file — same timestamp, same text — is
    not appended a second time.
    """
    rel = Path(block.path)
    if rel.parent.as_posix() != MEMORY_DIR or not DAILY_RE.match(rel.name):
        raise StoreError(f"invalid snapshot path {block.path}", path=block.path)
    day = rel.stem
    target = memory_root.path / rel
    if target.is_symlink():
        raise StoreError(f"{block.path} is a symlink; refusing to write through it", path=block.path)
    raw = _read_bytes(target)
    wide = None if raw is None else _wide(raw)
    old = None if raw is None else wide.text if wide is not None else raw.decode("utf-8", errors="replace")
    if wide is not None:
        damaged = wide.bad_at is not None
    else:
        damaged = raw is not None and old is not None and old.count("\ufffd") != raw.count("\ufffd".encode())
    if damaged:
        logging.getLogger("memscribe.snapshot").warning(
            "snapshot file %s: not %s (bytes shown as U+FFFD); they are kept as they are, "
            "the snapshot is appended after them",
            block.path,
            "UTF-8" if wide is None else f"{wide.name} throughout",
        )
    stored = parse_snapshots(old or "", block.path)
    same = (
        None
        if not replay
        else next(
            (
                s
                for s in stored
                if s.timestamp == block.timestamp and s.text in with_snapshot_id(block.text, s.snapshot_id)
            ),
            None,
        )
    )
    if same is not None:
        return block.model_copy(update={"snapshot_id": same.snapshot_id})
    sid = next_snapshot_id(stored, day)
    if damaged and raw is not None:  # a block a bad byte hid from the parse keeps its number too
        lines = _lines(raw) if wide is None else [ln.strip(_BLANKS) for ln in _LINE_BREAK.split(wide.text)]
        sid = f"{day}-{max(int(sid.rsplit('-', 1)[1]), _highest_number(lines, day) + 1):02d}"
    if sid != block.snapshot_id:
        block = block.model_copy(update={"snapshot_id": sid, "text": with_snapshot_id(block.text, sid)})
    # Someone outside memscribe may write the daily file meanwhile: never lose their bytes. The
    # old bytes as they were (a byte not UTF-8 too), then what ``appended`` adds after its text
    # (which it keeps as a prefix), in the file's encoding (UTF-16/UTF-32 where its mark says so).
    # A file marked UTF-16/UTF-32 whose last code unit is cut short (an odd byte a shell added)
    # is filled with NUL bytes first: the snapshot's code units then start where a reader's do.
    added = appended(old, block.text, day=day)[len(old or "") :]
    if wide is None:
        data = (raw or b"") + added.encode("utf-8")
    else:
        fill = b"\x00" * (-len(raw or b"") % wide.unit)
        data = (raw or b"") + fill + added.encode(wide.encoding)
    replace_file(target, data, unchanged=lambda: _read_bytes(target) == raw)
    return block


def _lines(raw: bytes) -> list[str]:
    """A file not UTF-8, line by line, each stripped, bytes that are not UTF-8 as U+FFFD."""
    return [line.strip().decode("utf-8", errors="replace") for line in raw.splitlines()]


#: Where ``bytes.splitlines`` breaks a line, and what ``bytes.strip`` strips: a text read in
#: another encoding is split and stripped as :func:`_lines` splits and strips bytes.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BLANKS = " \t\n\r\x0b\x0c"


def _highest_number(texts: list[str], day: str) -> int:
    """The highest snapshot number a damaged daily file may hold (``texts``: its lines, stripped,
    damaged spots as U+FFFD), read from its id comment lines
    (``<!-- snapshot-id: day-NN -->``, one a line, as :func:`render_block` writes them), each
    read whatever damaged spots it has (:func:`_id_line`): its number where its digits are whole,
    else the count of such lines (numbers run from 01). A byte that is not UTF-8 inside a block's
    markers or its id comment hides the block from the parse, not from this: bytes that break
    its id line do not lose its number. A ``day-NN`` anywhere else (a heading, a note, a stored
    text, which can hold no comment marker) is no snapshot's number."""
    line_re, longest = _id_line(day)
    numbers: list[int] = []
    lines = 0
    for text in texts:
        lost = text.count("\ufffd")
        if 4 * lost > longest or len(text) - lost > longest:
            continue  # a quarter of it damaged, or longer than any id line: no id line to tell
        found = line_re.fullmatch(text)
        if found is not None:
            lines += 1
            if re.fullmatch("[0-9]{2,}", found["n"]):  # a spot in or beside it: number not known
                numbers.append(int(found["n"]))
    return max([*numbers, lines])


def _id_line(day: str) -> tuple[re.Pattern[str], int]:
    """``day``'s id comment line as a damaged file may hold it: each character of the template
    as it is or replaced by a U+FFFD, U+FFFD runs (bytes that are not UTF-8) anywhere between,
    the number (group ``n``) digits and U+FFFD; and the length of a whole one with a 10-digit
    number (a longer line, damaged spots aside, is none)."""
    head, tail = f"<!-- snapshot-id: {day}-", " -->"

    def bent(literal: str) -> str:
        return "\ufffd*".join(f"(?:{re.escape(ch)}|\ufffd)" for ch in literal)

    pattern = "\ufffd*" + bent(head) + "(?P<n>[0-9\ufffd]+)" + bent(tail) + "\ufffd*"
    return re.compile(pattern), len(head) + 10 + len(tail)


_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: its mark starts the same
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

#: A snapshot's markers as a UTF-8 writer leaves them (:func:`render_block`): in a file marked
#: UTF-16/UTF-32 they are a block an earlier release appended in UTF-8.
_UTF8_MARKERS = (b"BIG-MEMORY-SNAPSHOT", b"snapshot-id:")


@dataclass(frozen=True)
class _Wide:
    """A daily file marked UTF-16/UTF-32 by its byte-order mark: its text in that encoding (the
    mark left out; bad spots as U+FFFD), the encoding, and the byte where it stops being valid
    in it (None: valid throughout)."""

    text: str
    encoding: str
    bad_at: int | None

    @property
    def name(self) -> str:
        """The encoding as a person writes it (``UTF-16``)."""
        return self.encoding[:6].upper()

    @property
    def unit(self) -> int:
        """Bytes per code unit."""
        return 4 if self.encoding.startswith("utf-32") else 2

    def problem(self) -> str | None:
        """What is wrong with the file, said for a person (None: nothing)."""
        if self.bad_at is None:
            return None
        places = self.text.count("\ufffd")
        return (
            f"marked {self.name} but not {self.name} from byte {self.bad_at} ({places} place(s) shown"
            " as U+FFFD); its snapshots are read"
        )


def _wide(raw: bytes) -> _Wide | None:
    """How a daily file marked UTF-16 or UTF-32 reads (:class:`_Wide`); None for any other (UTF-8,
    with its mark or not), and for one so marked holding a UTF-8 snapshot marker: earlier
    releases appended UTF-8 blocks to such files; read as a file not UTF-8, those blocks are
    found and numbered (read in the mark's encoding they would be garbled)."""
    for mark, encoding in _MARKS:
        if raw.startswith(mark):
            if any(marker in raw for marker in _UTF8_MARKERS):
                return None
            body = raw[len(mark) :]
            try:
                return _Wide(body.decode(encoding), encoding, None)
            except UnicodeDecodeError as exc:
                return _Wide(body.decode(encoding, errors="replace"), encoding, len(mark) + exc.start)
    return None


def _read_bytes(path: Path) -> bytes | None:
    """A daily file's bytes, or None if absent.

    Raises:
        StoreError: it exists but cannot be read.
    """
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}", path=str(path)) from exc
