"""Shared helpers for the group-memory tests: flush and apply, snapshot a root, compare goldens."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import Any

from memscribe.groups.flush import flush_group
from memscribe.groups.names import resolve_group
from memscribe.groups.secret_names import secret_shaped
from memscribe.groups.store import apply_flush, read_group_files, read_names, read_state
from memscribe.schemas.transcript import Transcript

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "groups"
NOW = dt.datetime(2026, 11, 30, 12, 0, 0, tzinfo=dt.UTC)
UPDATE = os.environ.get("MEMSCRIBE_UPDATE_GOLDEN") == "1"


def flush(
    transcript: Transcript, root: Path, model: Any, *, group: str | None = None, now: dt.datetime = NOW
) -> tuple[Any, list[str]]:
    """Resolve the group, flush the transcript against the root's files, apply the result."""
    name, room, entry = resolve_group(
        read_names(root), session_key=transcript.session_key, group=group, secret_shaped=secret_shaped
    )
    result = flush_group(
        transcript,
        group=name,
        room_id=room,
        model=model,
        files=read_group_files(root, name),
        state=read_state(root),
        now=now,
    )
    return result, apply_flush(root, result, names_entry=entry)


def tree(root: Path) -> dict[str, str]:
    """Every file under the root (the lock excepted), by relative path."""
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


def golden(name: str, actual: dict[str, str]) -> None:
    """Compare with fixtures/groups/expected/<name> (rewritten with MEMSCRIBE_UPDATE_GOLDEN=1)."""
    path = FIXTURES / "expected" / name
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(actual, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert actual == json.loads(path.read_text(encoding="utf-8"))
