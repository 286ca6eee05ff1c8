"""Snapshots on disk: read every daily file, append a block atomically under the root's lock.

The append is append-only and crash-safe: the new file (old bytes + the block) is written to a
temp file in ``memory/``, fsynced, checked to still start with the bytes read, then renamed over
the daily file. A reader sees the old file or the new one, never a half block; the old content
is a byte-exact prefix of the new — bytes that are not UTF-8 too (a stray byte an editor left):
they are kept as they are, the day's snapshots read with them shown as U+FFFD, and a warning
says so. The snapshot number is settled under the lock, so two processes saving on the same day
get ``-01`` and ``-02``.
"""

from __future__ import annotations

import logging
import re
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
    appended after its bytes: :func:`append_snapshot_locked`).

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
        try:
            text = _read(directory / name)
        except StoreError as exc:
            text, why = _damaged(directory / name, exc)
            if text is None and day is not None and unreadable is None:
                raise
            log = logging.getLogger("memscribe.snapshot")
            (log.debug if unreadable is not None else log.warning)("snapshot file %s: %s", rel, why)
            if unreadable is not None:
                unreadable.append((rel, why))
        if text is not None:
            found.extend(parse_snapshots(text, rel))
    return found


def _damaged(path: Path, exc: StoreError) -> tuple[str | None, str]:
    """A daily file :func:`_read` refused: its text with bytes that are not UTF-8 replaced (None
    when it cannot be read at all), and what happened, said for a person."""
    cause = exc.__cause__
    if isinstance(cause, UnicodeDecodeError):
        try:
            data = path.read_bytes()
        except OSError as again:
            return None, f"skipped: cannot read it: {again.strerror or again}"
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
    old = None if raw is None else raw.decode("utf-8", errors="replace")
    damaged = raw is not None and old is not None and old.count("\ufffd") != raw.count("\ufffd".encode())
    if damaged:
        logging.getLogger("memscribe.snapshot").warning(
            "snapshot file %s: not UTF-8 (bytes shown as U+FFFD); they are kept as they are, "
            "the snapshot is appended after them",
            block.path,
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
        sid = f"{day}-{max(int(sid.rsplit('-', 1)[1]), _highest_number(raw, day) + 1):02d}"
    if sid != block.snapshot_id:
        block = block.model_copy(update={"snapshot_id": sid, "text": with_snapshot_id(block.text, sid)})
    # Someone outside memscribe may write the daily file meanwhile: never lose their bytes. The
    # old bytes as they were (a byte not UTF-8 too), then what ``appended`` adds after its text
    # (which it keeps as a prefix).
    data = (raw or b"") + appended(old, block.text, day=day)[len(old or "") :].encode("utf-8")
    replace_file(target, data, unchanged=lambda: _read_bytes(target) == raw)
    return block


def _highest_number(raw: bytes, day: str) -> int:
    """The highest snapshot number a damaged daily file may hold, read from its id comment lines
    (``<!-- snapshot-id: day-NN -->``, one a line, as :func:`render_block` writes them), each
    read whatever damaged spots it has (:func:`_id_line`): its number where its digits are whole,
    else the count of such lines (numbers run from 01). A byte that is not UTF-8 inside a block's
    markers or its id comment hides the block from the parse, not from this: bytes that break
    its id line do not lose its number. A ``day-NN`` anywhere else (a heading, a note, a stored
    text, which can hold no comment marker) is no snapshot's number."""
    line_re, longest = _id_line(day)
    numbers: list[int] = []
    lines = 0
    for line in raw.splitlines():
        text = line.strip().decode("utf-8", errors="replace")
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
