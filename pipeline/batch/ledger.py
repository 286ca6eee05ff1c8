"""The batch ledger: per transcript, what has been processed (``.reflexio/.ledger/``).

One small JSON file per transcript (named by a hash of its absolute path) records the content
hash and size of the bytes processed and the last source line / entry id reached. A re-run
compares the file with its record:

* same hash → ``unchanged``: nothing is read further, no model call, no write;
* longer, and the recorded bytes are its prefix → ``appended``: only the turns after the
  recorded line are new (the unit gives the model some preceding turns as context);
* anything else → ``changed``: the whole transcript is processed again (dedup drops what is
  already stored).

Exactly-once with the journal: before a plan is applied the record gets a ``pending`` part
(the next record and the ids the plan writes); after the apply it is replaced by the next
record. :func:`resolve_pending` (run at start under the root lock, after open journals were
rolled forward) keeps the next record when the plan's ids are on disk and drops it otherwise.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memscribe.store.atomic import replace_file
from memscribe.store.files import REFLEXIO_DIR

LEDGER_DIR = f"{REFLEXIO_DIR}/.ledger"

Change = Literal["new", "unchanged", "appended", "changed"]


class LedgerRecord(BaseModel):
    """What has been processed of one transcript."""

    model_config = ConfigDict(extra="forbid")

    path: str = Field(description="Absolute path of the transcript.")
    sha256: str
    size: int
    last_line: int = Field(description="Source line of the last turn processed (0: none).")
    last_entry_id: str | None = None
    turns: int = 0
    format: str = ""
    namespace: str | None = None
    processed_at: str = ""
    written: list[str] = Field(default_factory=list, description="Ids written from it, all runs.")


class Pending(BaseModel):
    model_config = ConfigDict(extra="forbid")

    next: LedgerRecord
    write_ids: list[str]


class LedgerFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    record: LedgerRecord | None = None
    pending: Pending | None = None


@dataclass(frozen=True)
class Classified:
    change: Change
    sha256: str
    size: int
    since_line: int  # turns at or before this source line were processed already
    base: LedgerRecord | None


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def ledger_path(root: Path, transcript: Path) -> Path:
    key = hashlib.sha256(str(transcript).encode("utf-8")).hexdigest()[:32]
    return Path(root) / LEDGER_DIR / f"{key}.json"


def load(root: Path, transcript: Path) -> LedgerFile:
    """The ledger file of ``transcript`` (empty when missing or unreadable: it is then redone)."""
    path = ledger_path(root, transcript)
    try:
        return LedgerFile.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError):
        return LedgerFile()


def classify(data: bytes, record: LedgerRecord | None) -> Classified:
    digest = sha256_hex(data)
    if record is None:
        return Classified("new", digest, len(data), 0, None)
    if record.sha256 == digest:
        return Classified("unchanged", digest, len(data), record.last_line, record)
    if len(data) > record.size and sha256_hex(data[: record.size]) == record.sha256:
        return Classified("appended", digest, len(data), record.last_line, record)
    return Classified("changed", digest, len(data), 0, record)


def save(root: Path, transcript: Path, ledger: LedgerFile) -> None:
    # The ledger is state, rewritten by design (atomically).
    replace_file(
        ledger_path(root, transcript), ledger.model_dump_json(indent=2) + "\n", action="write ledger"
    )


def resolve_pending(root: Path, taken_ids: set[str]) -> list[str]:
    """Settle records whose commit a crash interrupted (caller holds the root lock).

    Returns the transcripts whose pending record was settled.
    """
    directory = Path(root) / LEDGER_DIR
    if not directory.is_dir():
        return []
    settled: list[str] = []
    for path in sorted(directory.glob("*.json")):
        if path.name.startswith("."):
            continue
        try:
            ledger = LedgerFile.model_validate_json(path.read_bytes())
        except (OSError, ValidationError, ValueError):
            continue
        if ledger.pending is None:
            continue
        applied = any(i in taken_ids for i in ledger.pending.write_ids)
        fixed = LedgerFile(record=ledger.pending.next if applied else ledger.record)
        replace_file(path, fixed.model_dump_json(indent=2) + "\n", action="write ledger")
        settled.append(ledger.pending.next.path)
    return settled
