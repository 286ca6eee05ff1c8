"""Group-chat memory (``memscribe flush``): read the group's files → flush stage → write them."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.errors import UserError
from memscribe.groups.flush import flush_group
from memscribe.groups.layout import GROUPS_DIR
from memscribe.groups.names import friendly_name, parse_group_key, resolve_group
from memscribe.groups.secret_names import secret_shaped
from memscribe.groups.store import apply_flush, read_group_files, read_names, read_state
from memscribe.model.base import StructuredModel
from memscribe.safety.write_guard import FIELD_MAX_CHARS, WriteGuard
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
        mapping = read_names(root)
        for raw in _raw_names(mapping, transcript.session_key, group):
            _check_name(raw, raw=True)
        name, room, entry = resolve_group(
            mapping, session_key=transcript.session_key, group=group, secret_shaped=_new_key_shaped(root)
        )
        _check_name(name)
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
    written = apply_flush(root, result, names_entry=_safe_entry(_hashed_label(entry), name)) if write else []
    return Flushed(group=name, result=result, written=written)


def _hashed_label(entry: dict[str, str] | None) -> dict[str, str] | None:
    """The mapping entry with its display name tested on its own: a group kept in its plain folder
    (made before its name was hashed) still has the name in its own case, the key's strongest
    sign, so a display name shaped like a key is written as its hash (``group-<8 hex>``),
    whatever the folder."""
    if entry is None:
        return None
    shown = entry.get("display_name", "")
    if shown and shown != entry.get("name") and secret_shaped(shown):
        return {**entry, "display_name": friendly_name(shown, hashed=True)}
    return entry


def _new_key_shaped(root: Path) -> Callable[[str], bool]:
    """:func:`secret_shaped`, for a group with no folder yet: a group whose plain slug already has
    a folder or an index file on disk (flushed before, by another version or under another rule)
    keeps it, so its memory is never split between two folders."""

    def shaped(group: str) -> bool:
        slug = friendly_name(group)
        groups = Path(root) / GROUPS_DIR
        if slug and ((groups / slug).is_dir() or (groups / f"{slug}.md").is_file()):
            return False
        return secret_shaped(group)

    return shaped


def _raw_names(mapping: dict[str, dict[str, str]], session_key: str | None, group: str | None) -> list[str]:
    """The names a group's file-safe name can be made from, as given: ``--group``, the session
    key's channel and the mapping's name for its room (before lower-casing hides a secret's shape)."""
    raw = [group] if group else []
    parsed = parse_group_key(session_key)
    if parsed is not None:
        raw.append(parsed[0])
        raw.append(mapping.get(parsed[1], {}).get("name", ""))
    return [name for name in raw if name]


def _check_name(name: str, *, raw: bool = False) -> None:
    """The group's file-safe name heads every group file and names its folder: it gets the write
    guard too (a name that addresses the agent or holds a secret is refused, not written). A
    ``raw`` name (as given, not yet slugged) is screened as it is and in its NFKC form (the form
    ``friendly_name`` lower-cases); a slug also as its joined words.

    Raises:
        ValueError: the guard refused the name or masked part of it.
    """
    if raw:  # friendly_name slugs the NFKC form: full-width or math letters turn ASCII there
        folded = unicodedata.normalize("NFKC", name)
        if folded != name:
            _check_name(folded, raw=True)
    guard = WriteGuard()
    spoken = name if raw else name.replace("-", " ").replace("_", " ")  # the words the slug joined
    limit = FIELD_MAX_CHARS if raw else NAME_MAX_CHARS  # a long name as given is cut by the slug
    admitted = guard.admit(spoken, name="group", limit=limit)
    masked = guard.text(name, name="group", limit=limit)
    if not admitted or guard.redactions or (not raw and masked != name):
        what = guard.refused[0].reason if guard.refused else "a secret"
        raise ValueError(f"the group name is refused by the write guard ({what}); pass another --group")


#: A display name in ``group_names.json`` is a label, not a paragraph.
NAME_MAX_CHARS = 200


def _safe_entry(entry: dict[str, str] | None, name: str) -> dict[str, str] | None:
    """The name-map entry through the write guard: a display name that is oversized or addresses
    an agent falls back to the file-safe name."""
    if entry is None:
        return None
    guard = WriteGuard()
    safe: dict[str, str] = {}
    for key, value in entry.items():
        if guard.admit(value, name=key, limit=NAME_MAX_CHARS):
            safe[key] = " ".join(guard.text(value, name=key, limit=NAME_MAX_CHARS).split()) or name
        else:
            safe[key] = name
    return safe
