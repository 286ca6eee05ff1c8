"""Group-chat memory (``memscribe flush``): read the group's files → flush stage → write them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.errors import UserError
from memscribe.groups.flush import flush_group
from memscribe.groups.names import resolve_group
from memscribe.groups.store import apply_flush, read_group_files, read_names, read_state
from memscribe.model.base import StructuredModel
from memscribe.schemas.groups import FlushResult
from memscribe.schemas.transcript import Transcript


@dataclass
class Flushed:
    group: str
    result: FlushResult
    written: list[str] = field(default_factory=list)


def flush_transcript(
    root: Path,
    load: Callable[[], Transcript],
    make_model: Callable[[], StructuredModel],
    *,
    group: str | None,
    now: dt.datetime,
    write: bool = True,
) -> Flushed:
    """Flush a group transcript into ``memory/groups/`` (the skip rule applies).

    Raises:
        UserError: no group name (none given, none in the session key), or a bad model name.
    """
    transcript = load()
    try:
        name, room, entry = resolve_group(read_names(root), session_key=transcript.session_key, group=group)
        model = make_model()
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    result = flush_group(
        transcript,
        group=name,
        room_id=room,
        model=model,
        files=read_group_files(root, name),
        state=read_state(root),
        now=now,
    )
    written = apply_flush(root, result, names_entry=entry) if write else []
    return Flushed(group=name, result=result, written=written)
